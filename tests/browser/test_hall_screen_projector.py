"""The hall's screen on a 1920 x 1080 projector, and a pair's phone at 390 px after a sit-out.

Issues ("What the slips say is what happened", 4 and 6): the hall's screen filled a third of a 1080-line
projector and showed no sit-out and no "who moves where next"; after a sit-out a pair's Move box still
said "Sit out the next round".
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.browser import support
from tests.browser.support import DB_LOCK, log_in
from tests.phones import claimed
from tests.public.builders import play_all
from tournaments.models import Club, EntrantLink, Round, Session
from tournaments.services import club as club_services
from tournaments.services import deals, running, seating, sessions

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}

#: Where the screen's parts stand: the page's scroll size, the columns' boxes, the type's sizes.
GEOMETRY = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const size = sel => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize);
  return {
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    cols: [...document.querySelectorAll('.screen-col')].map(box),
    clock: size('#room-clock'), table: size('.screen-tables li'), route: size('.screen-routes li'),
  };
}"""


@pytest.fixture
def eleven_pairs(club: Club) -> Session:
    """Eleven pairs by the Howell System (p. 34: the twelve-pair schedule, a pair sitting out each
    round), two trays a round, the timer on and the running score shown; rounds 1 and 2 played."""
    session = sessions.session_create(club=club, date=dt.date(2026, 12, 4), title="Thursday pairs")
    people = [club_services.player_create(club=club, name=name) for name in support.NAMES[:20]]
    people += [club_services.player_create(club=club, name=name) for name in ("Vera Gale", "Will Moss")]
    for a, b in zip(people[0::2], people[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="howell", deals=22)
    deals.trays_deal(session=session, rng=random.Random(7))
    session = sessions.session_start(session=session)
    session = sessions.session_publish_switches(session=session, running_score=True)
    running.session_timer_set(session=session, minutes_per_tray=7, change_minutes=2)
    Round.objects.filter(session=session, number=1).update(
        started_at=timezone.now() - dt.timedelta(minutes=36)
    )
    play_all(session, random.Random(7), rounds=2)
    return session


def test_the_hall_screen_fills_a_1920_by_1080_projector(
    live_server: Any, new_page: Any, eleven_pairs: Session
) -> None:
    page = new_page(PROJECTOR)
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("run:screen", args=[eleven_pairs.pk]))
    support.save_screenshot(page, "hall-screen-1920x1080", full_page=True)
    found = page.evaluate(GEOMETRY)
    assert found["scroll"][0] <= PROJECTOR["width"] and found["scroll"][1] <= PROJECTOR["height"], found
    cols = found["cols"]
    assert len(cols) == 3, "tables, where to go, the running score"
    assert cols[0][0] < 0.03 * PROJECTOR["width"] and cols[-1][2] > 0.97 * PROJECTOR["width"], cols
    assert min(c[3] for c in cols) > 0.95 * PROJECTOR["height"], "the columns reach the foot of the screen"
    assert found["clock"] >= 44 and found["table"] >= 24 and found["route"] >= 20, found
    assert page.locator("#screen-sitout").inner_text().startswith("Sits out round 3:")
    assert page.locator(".screen-routes li").count() == 11


def test_a_pairs_phone_after_a_sit_out_reads_where_it_goes_at_390(
    live_server: Any, new_page: Any, eleven_pairs: Session
) -> None:
    """Round 2's sit-out is over by the clock: the pair that sat it out reads round 3's table."""
    with DB_LOCK:
        sat_out = _sat_out(eleven_pairs, 2)
        link = EntrantLink.objects.get(session=eleven_pairs, entrant__number=sat_out, side="")
        token = claimed(link, eleven_pairs.tables.get(number=_table_in(eleven_pairs, sat_out, 1)))
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/p/{token}/")
    box = page.locator("section.move")
    words = box.inner_text()
    first = words.split("\n", 1)[1].strip()
    assert "sit out" not in words.lower() and first.startswith("Round 3: Table "), words
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    support.save_screenshot(page, "phone-390-after-a-sit-out")


def _sat_out(session: Session, rnd: int) -> int:
    """The pair sitting out round ``rnd`` (the Howell's odd pair, p. 38)."""
    seated = {
        n
        for s in session.rounds.get(number=rnd).seatings.select_related("ns", "ew")
        for n in (s.ns.number, s.ew.number)
    }
    (out,) = set(range(1, 12)) - seated
    return out


def _table_in(session: Session, pair: int, rnd: int) -> int:
    seat = session.rounds.get(number=rnd).seatings.select_related("ns", "ew", "table")
    return next(s.table.number for s in seat if pair in (s.ns.number, s.ew.number))
