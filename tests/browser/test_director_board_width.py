"""The live board at a laptop's 1280 px, for the largest movement a club seats: 15 tables, 15 rounds.

The board once cut the room's round off at its right edge ("ROUN") and
scrolled sideways inside its table at 5 tables and 10 rounds. Now every
round's column fits: no sideways scroll, the current round's heading whole
in view, and no tray number, pair number or state word running out of its
cell onto a neighbour's or under a table's name.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from entry.services.decisions import dispute_settle
from entry.services.results import result_dispute
from scoring.models import SlipLine
from tests.browser import support
from tests.browser.support import DB_LOCK, log_in
from tests.public.builders import play_all
from tests.sends import result_submit
from tournaments.models import Club, Seating, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 900}
TABLES = 15
#: Each cell's parts that must stay inside it, and the table's name they must never meet.
CELLS = """() => {
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5
    && a.bottom <= b.bottom + 0.5;
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const out = [];
  for (const row of document.querySelectorAll('#board tbody tr')) {
    const name = row.querySelector('th').getBoundingClientRect();
    for (const td of row.querySelectorAll('td.cell')) {
      const box = td.getBoundingClientRect();
      for (const part of td.querySelectorAll('.pairs, .chip, .state')) {
        if (!part.textContent.trim()) continue;
        const at = part.getBoundingClientRect();
        if (!inside(at, box) || meet(at, name)) out.push(`${td.id} ${part.className} ${part.textContent}`);
      }
      const parts = [...td.querySelectorAll('.pairs, .chip, .state')].map(p => p.getBoundingClientRect());
      parts.forEach((a, i) => parts.slice(i + 1).forEach(b => {
        if (meet(a, b)) out.push(td.id + ' overlap');
      }));
    }
  }
  return out;
}"""


@pytest.fixture
def fifteen(club: Club) -> Session:
    """Thirty pairs at fifteen tables (the Mitchell, p. 31), fifteen rounds of two trays, in round 15."""
    session = sessions.session_create(club=club, date=dt.date(2026, 12, 4), title="The big night")
    names = [f"{name} {n // len(support.NAMES) + 1}" for n, name in enumerate(support.NAMES * 3)]
    people = [club_services.player_create(club=club, name=name) for name in names[: 4 * TABLES]]
    for a, b in zip(people[0::2], people[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="mitchell", deals=2 * TABLES)
    deals.trays_deal(session=session, rng=random.Random(4))
    session = sessions.session_start(session=session)
    play_all(session, random.Random(4), rounds=TABLES - 1)
    last = session.rounds.get(number=TABLES)
    for seat in last.seatings.select_related("table").order_by("table__number")[:3]:
        line = result_submit(table=seat.table, tray_number=seat.trays.first().number, ns_tricks=7).line
        if seat.table.number == 2:
            result_dispute(line=line, claimed=6, by="E-W")
    return session


def test_fifteen_rounds_fit_the_board_at_1280(live_server: Any, new_page: Any, fifteen: Session) -> None:
    page = new_page(WIDE)
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("run:board", args=[fifteen.pk]))
    assert page.locator("#board thead th.now").get_attribute("data-round") == str(TABLES)
    wrap = page.locator(".board-wrap").evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert wrap[0] <= wrap[1], f"the board scrolls sideways: {wrap}"
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDE["width"]
    now = page.locator("#board thead th.now").evaluate(
        """th => { const a = th.getBoundingClientRect();
                   const w = th.closest('.board-wrap').getBoundingClientRect();
                   return [a.left >= w.left, a.right <= w.right + 0.5, th.textContent.trim()]; }"""
    )
    assert now[:2] == [True, True], now
    assert page.evaluate(CELLS) == []
    support.shot(page, "director-board-15-rounds-1280")


def test_the_all_in_sentence_follows_the_list_as_it_empties(
    live_server: Any, new_page: Any, running_session: Session
) -> None:
    """Every tray in, one disputed: "once the list below is clear"; the dispute settled elsewhere, the
    board says by itself (board.js, no reload) that every line is in and checked."""
    with DB_LOCK:
        lines = []
        for seat in Seating.objects.filter(round__session=running_session).select_related("table", "round"):
            for tray in seat.trays.all():
                done = result_submit(
                    table=seat.table, tray_number=tray.number, ns_tricks=7, round_number=seat.round.number
                )
                lines.append(done.line)
        SlipLine.objects.filter(pk__in=[line.pk for line in lines[1:]]).update(status="confirmed")
        disputed = result_dispute(line=lines[0], claimed=6, by="E-W")
    page = new_page(WIDE)
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("run:board", args=[running_session.pk]))
    assert "once the list “Needs you” below is clear" in page.locator("#all-in").inner_text()
    assert page.locator("#attention").is_visible()
    page.evaluate("window.__notReloaded = true")
    with DB_LOCK:
        dispute_settle(line=disputed, accept="ns", by="director")
    said = "Every line is in and checked: close and publish"
    expect(page.locator("#all-in")).to_contain_text(said, timeout=12_000)
    assert page.evaluate("window.__notReloaded") is True and not page.locator("#attention").is_visible()
    assert page.locator("#all-in a").get_attribute("href") == reverse("run:close", args=[running_session.pk])
    support.shot(page, "director-board-all-in-checked")


#: Each entrant's number and names on the session's page: where the names start, and whether they meet.
ENTRANT_ROWS = """() => [...document.querySelectorAll('ol.entrants li')].map(li => {
  const num = li.querySelector('.num').getBoundingClientRect();
  const who = li.querySelector('.who').getBoundingClientRect();
  return [li.querySelector('.num').textContent.trim(), Math.round(who.left), num.right <= who.left + 0.5];
})"""


def test_pair_10_and_on_keep_the_names_in_one_column(
    live_server: Any, new_page: Any, fifteen: Session
) -> None:
    """The session's list of pairs at 1280 px: "Pair 10" to "Pair 30" no longer push their names right of
    "Pair 1"'s (each pair's names start where every other pair's do), and no number meets a name."""
    page = new_page(WIDE)
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("director:session", args=[fifteen.pk]))
    rows = page.evaluate(ENTRANT_ROWS)
    assert len(rows) == 2 * TABLES and rows[-1][0] == "Pair 30"
    assert {left for _, left, _ in rows} == {rows[0][1]}, rows
    assert all(clear for _, _, clear in rows), rows
    support.shot(page, "director-session-30-pairs-1280")
