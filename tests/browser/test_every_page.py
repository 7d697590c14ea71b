"""Every page at 390 x 844 and 1280 x 800: axe-core finds nothing serious, figures never meet names.

A club evening is built through the services: a season of three published
sessions (an exponent Howell with an adjusted score, so that some gains
would nest a fraction in an exponent; a Mitchell scored by tricks; a short
Howell with a guest who comes once), a ladder with the club's attendance
rule, a session in play (a pair's phone with a line still waiting for E-W's
check, the page E-W's phone holds since it said at that table's code which
pair it is, a bare table link asking who has the phone), and a draft for the
set-up pages. Every public page, phone page, director page, the login page
and the API docs are opened at both widths; each is saved to
var/screenshots/page-<width>-<name>.png and checked with axe-core. At phone
width the standings, travellers, score cards and ladder are measured: no
figure's box meets a name's, and no figure breaks over two lines; each
notation of the book is set as ``scoring.display`` says.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest
from public.builders import play_session

from entry.services.corrections import result_award, result_correct
from entry.services.results import result_confirm
from scoring.models import SlipLine
from tests.browser import support
from tests.browser.a11y import figure_boxes, overlaps, problems, wrapped
from tests.browser.support import DB_LOCK, log_in
from tests.phones import seated_pass
from tests.sends import result_submit
from tournaments.models import Club, EntrantLink, Player, Series, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions
from tournaments.services.ladder import series_ladder_rule

pytestmark = pytest.mark.browser

WIDTHS = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
#: Long names, to make a phone's standings work for their room.
LONG = ["Wilhelmina Fotheringham-Smythe", "Bartholomew Ravenscroft-Lyle", "Theodora Montgomery-Vane"]


@dataclass
class Evening:
    """What the walk opens: the club, its sessions, and the tokens of the phones."""

    club: Club
    series: Series
    howell: Session
    mitchell: Session
    short: Session
    running: Session
    draft: Session
    regular: Player
    guest: Player
    pair_token: str = ""
    table_token: str = ""
    line_id: int = 0
    #: The pass of the phone that tapped E-W's pair at table 1's code (the line waits for its check).
    pass_token: str = ""
    extra: dict[str, str] = field(default_factory=dict)


def fractional_tray(session: Session) -> None:
    """Tray 1: two tables' counts 7 and 8, a third given the average: gains in fractions of a trick."""
    lines = list(SlipLine.objects.filter(session=session, tray__number=1).order_by("table__number"))
    result_correct(line=lines[0], reason="slip misread", ns_tricks=7, by="director")
    result_correct(line=lines[1], reason="slip misread", ns_tricks=8, by="director")
    result_award(
        session=session,
        table_number=lines[2].table.number,
        tray_number=1,
        ns_award="average-plus",
        ew_award="average-minus",
        reason="slow play",
        by="director",
    )


def publish(session: Session) -> Session:
    """Publish a closed session: standings and travellers."""
    session = sessions.session_publish_switches(
        session=session, standings=True, travellers=True, hand_records=False
    )
    return sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)


def running_evening(club: Club, people: list[Player]) -> tuple[Session, str, str, int]:
    """A Howell in play, two trays a round: round 1 done, table 1's first tray not yet checked by E-W."""
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 7), title="Monday pairs", scoring_method="exponent"
    )
    for a, b in zip(people[0::2], people[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="howell", deals=14)
    deals.trays_deal(session=session)
    session = sessions.session_start(session=session)
    session = sessions.session_publish_switches(session=session, running_score=True)
    first = session.rounds.get(number=1)
    unchecked = 0
    for seat in first.seatings.select_related("table", "ns", "ew"):
        for tray in seat.trays.all():
            out = result_submit(table=seat.table, tray_number=tray.number, ns_tricks=6 + tray.number % 4)
            if seat.table.number == 1 and not unchecked:
                unchecked = out.line.pk
                continue
            result_confirm(line=out.line, by="E-W")
    ns = first.seatings.get(table__number=1).ns
    pair = EntrantLink.objects.get(session=session, entrant=ns, side="").token
    return session, pair, session.tables.get(number=2).token, unchecked


@pytest.fixture
def evening(club: Club) -> Evening:
    """The whole club, built through the services."""
    with DB_LOCK:
        return build(club)


def build(club: Club) -> Evening:
    """A season of three published sessions, one in play and one in draft."""
    names = [*LONG, *support.NAMES[: 20 - len(LONG)]]
    people = [club_services.player_create(club=club, name=n) for n in names]
    guest = club_services.player_create(club=club, name="Guest Once")
    series = Series.objects.create(club=club, name="Winter season")
    series_ladder_rule(series=series, min_sessions=2, best_of=2)
    mitchell = play_session(
        club=club,
        players=people,
        title="Mitchell pairs",
        date=dt.date(2026, 11, 2),
        family="mitchell",
        deals_count=10,
        method="trick",
        series=series,
        seed=5,
        publish=(True, True, False),
    )
    short = play_session(
        club=club,
        players=[*people[:11], guest],
        title="Short Howell",
        date=dt.date(2026, 11, 9),
        deals_count=10,
        method="exponent",
        series=series,
        shift=2,
        seed=9,
        publish=(True, True, False),
    )
    howell = play_session(
        club=club,
        players=people[:16],
        title="Howell pairs",
        date=dt.date(2026, 11, 16),
        deals_count=14,
        method="exponent",
        series=series,
        shift=1,
        seed=21,
        publish=None,
    )
    fractional_tray(howell)
    howell = publish(howell)
    running, pair, table, line = running_evening(club, people[:16])
    ew_phone = seated_pass(running.tables.get(number=1), "EW", round_number=1)
    draft = sessions.session_create(club=club, date=dt.date(2026, 12, 14), title="Next Monday")
    for a, b in zip(people[0:8:2], people[1:8:2], strict=True):
        sessions.entrant_create(session=draft, players=[a, b])
    return Evening(
        club, series, howell, mitchell, short, running, draft, people[0], guest, pair, table, line, ew_phone
    )


def public_pages(c: Evening) -> list[tuple[str, str]]:
    """(name, path) of every public page."""
    slug = c.club.slug
    out = [("home", "/"), ("club", f"/c/{slug}/"), ("ladder", f"/c/{slug}/ladder/{c.series.pk}/")]
    out += [("player-many", f"/c/{slug}/p/{c.regular.pk}/"), ("player-one", f"/c/{slug}/p/{c.guest.pk}/")]
    for key, s in (("howell", c.howell), ("mitchell", c.mitchell)):
        base = f"/c/{slug}/s/{s.pk}/"
        out += [
            (f"{key}-results", base),
            (f"{key}-travellers", base + "travellers/"),
            (f"{key}-tray", base + "t/1/"),
            (f"{key}-card", base + "e/1/"),
        ]
    return out


def phone_pages(c: Evening) -> list[tuple[str, str]]:
    """(name, path) of the phones' pages."""
    return [
        ("phone-pair", f"/p/{c.pair_token}/"),
        ("phone-table-who", f"/t/{c.table_token}/"),
        ("phone-pass", f"/p/{c.pass_token}/"),
        ("phone-invalid", "/t/not-a-real-token/"),
    ]


def director_pages(c: Evening) -> list[tuple[str, str]]:
    """(name, path) of the director's pages."""
    slug, run, draft = c.club.slug, c.running.pk, c.draft.pk
    return [
        ("director-home", "/director/"),
        ("director-roster", f"/director/club/{slug}/roster/"),
        ("director-new", f"/director/club/{slug}/new/"),
        ("director-series", f"/director/club/{slug}/series/"),
        ("director-rotation", f"/director/series/{c.series.pk}/"),
        ("director-setup", f"/director/s/{draft}/setup/"),
        ("director-session", f"/director/s/{run}/"),
        ("director-trays", f"/director/s/{run}/trays/"),
        ("director-print", f"/director/s/{run}/print/"),
        ("director-board", f"/director/s/{run}/run/"),
        ("director-screen", f"/director/s/{run}/run/screen/"),
        ("director-tables", f"/director/s/{run}/run/tables/"),
        ("director-enter", f"/director/s/{run}/run/round/1/"),
        ("director-tray", f"/director/s/{run}/run/tray/1/"),
        ("director-line", f"/director/s/{run}/run/line/{c.line_id}/"),
        ("director-close", f"/director/s/{run}/run/close/"),
        ("director-published", f"/director/s/{c.howell.pk}/run/close/"),
    ]


#: The outermost elements that reach past the window's right edge.
WIDE = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1
    && e.parentElement.getBoundingClientRect().right <= window.innerWidth + 1)
  .slice(0, 5)
  .map(e => e.tagName.toLowerCase() + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))
  .join(', ')"""

#: At a laptop's width no table scrolls inside its frame: each one's id (or class) and how far it scrolls.
TABLES_SCROLLED = """() => [...document.querySelectorAll('.table-wrap')]
  .filter(w => w.scrollWidth > w.clientWidth + 1)
  .map(w => { const t = w.querySelector('table');
    return (t && (t.id || t.className)) + ' ' + w.scrollWidth + ' in ' + w.clientWidth; })
  .join(', ')"""


def visit(page: Any, base: str, name: str, path: str, width: str, status: int = 200) -> list[str]:
    """Open a page, check its status, save it; what axe-core finds serious on it."""
    response = page.goto(base + path)
    assert response is not None and response.status == status, (path, response and response.status)
    if name.startswith("api-docs"):  # drawn by its script from the schema it fetches after the load
        page.wait_for_load_state("networkidle")
    found = []
    if width == "phone":
        overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
        if overflow > 1:
            wide = page.evaluate(WIDE)
            found.append(f"{name} at {width} width: the page scrolls sideways by {overflow}px ({wide})")
    if width == "laptop":
        scrolled = page.evaluate(TABLES_SCROLLED)
        if scrolled:
            found.append(f"{name} at {width} width: a table scrolls sideways ({scrolled})")
    if name.startswith("api-docs"):  # the schema's reference is dozens of screens long: its first screen
        support.save_screenshot(page, f"page-{width}-{name}", full_page=False)
    else:
        support.shot(page, f"page-{width}-{name}", axe=False)  # axe-core below: every finding together
    return found + problems(page, f"{name} at {width} width")


def test_every_page_at_both_widths_passes_axe(live_server: Any, browser: Any, evening: Evening) -> None:
    found: list[str] = []
    for width, viewport in WIDTHS.items():
        context = browser.new_context(viewport=viewport, has_touch=width == "phone")
        page = context.new_page()
        page.set_default_timeout(20_000)
        try:
            for name, path in [*public_pages(evening), *phone_pages(evening)]:
                found += visit(
                    page, live_server.url, name, path, width, 404 if name == "phone-invalid" else 200
                )
            found += visit(page, live_server.url, "login", "/accounts/login/", width)
            log_in(page, live_server.url)
            for name, path in director_pages(evening):
                found += visit(page, live_server.url, name, path, width)
            found += visit(page, live_server.url, "api-docs", "/api/v1/docs/", width)
            found += visit(page, live_server.url, "api-docs-try", "/api/v1/docs/try/", width)
        finally:
            context.close()
    assert not found, f"{len(found)} serious or critical:\n" + "\n".join(found)


ROWS = {
    "standings": ("table.standings tr[data-entrant]", ".who-in .nl, .who-in .no", "td.fig"),
    "travellers": ("table.slip tr[data-ns]", "td.pair", "td.fig, td.tricks"),
    "card": ("li.card-row", ".where .place", ".score, .eq"),
    "ladder": ("table.ladder tr[data-player]", "td:nth-child(2) a", "td.fig"),
    "phone-slip": (".slip-table tbody tr", "td:nth-child(2)", "td.num"),
}


def measure(page: Any, kind: str, where: str) -> int:
    """No figure meets a name in its row, and none breaks over two lines; returns the figures measured."""
    rows, names, figures = ROWS[kind]
    found = figure_boxes(page, rows, names, figures)
    assert found, f"nothing measured on {where}"
    assert not overlaps(found), f"{where}: figures over names: {overlaps(found)}"
    assert not wrapped(found), f"{where}: figures broken over lines: {wrapped(found)}"
    return len(found)


def test_at_390_no_figure_meets_a_name_or_breaks(live_server: Any, phone: Any, evening: Evening) -> None:
    slug = evening.club.slug
    measured = 0
    for s in (evening.howell, evening.mitchell):
        base = f"{live_server.url}/c/{slug}/s/{s.pk}/"
        for kind, path in (
            ("standings", ""),
            ("travellers", "travellers/"),
            ("card", "e/1/"),
            ("card", "e/2/"),
        ):
            phone.goto(base + path)
            measured += measure(phone, kind, f"{s.title} {kind}")
    phone.goto(f"{live_server.url}/c/{slug}/ladder/{evening.series.pk}/")
    measured += measure(phone, "ladder", "ladder")
    phone.goto(f"{live_server.url}/p/{evening.pair_token}/")
    measured += measure(phone, "phone-slip", "the pair's phone")
    assert measured > 100


#: Each standings row's figures at a phone's width: their labels, tops and left edges.
FIGURE_ROWS = """() => [...document.querySelectorAll('table.standings tr[data-entrant]')].map(tr =>
  [...tr.querySelectorAll('td.fig')].map(td => {
    const r = td.getBoundingClientRect();
    return [td.dataset.label, Math.round(r.top), Math.round(r.left)];
  }))"""


def test_at_390_each_entrant_s_figures_sit_on_one_line_in_columns(
    live_server: Any, phone: Any, evening: Evening
) -> None:
    """The exponent's four figures (gains, in tricks, +/-, %) on one line under each pair's names, where
    "%" once wrapped under "gains"; and each figure in the same column in every row."""
    phone.goto(f"{live_server.url}/c/{evening.club.slug}/s/{evening.howell.pk}/")
    rows = phone.evaluate(FIGURE_ROWS)
    assert len(rows) > 4 and all(len(row) == 4 for row in rows), rows
    assert all(len({top for _, top, _ in row}) == 1 for row in rows), rows
    assert len({tuple(left for _, _, left in row) for row in rows}) == 1, rows
    spill = phone.locator("table.standings td.fig").evaluate_all(
        "cells => cells.filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.dataset.label)"
    )
    assert not spill, f"a figure's label runs into the next one: {spill}"


def test_at_390_the_ladder_shows_each_player_s_figures_without_scrolling(
    live_server: Any, phone: Any, evening: Evening
) -> None:
    """The season's ladder on a phone: a long name wraps rather than push "Played" and "Ladder" out of
    sight (the table scrolled sideways, and a player read no figure without scrolling)."""
    phone.goto(f"{live_server.url}/c/{evening.club.slug}/ladder/{evening.series.pk}/")
    wrap = phone.locator("#ladder").evaluate(
        "t => [t.closest('.table-wrap').scrollWidth, t.closest('.table-wrap').clientWidth]"
    )
    assert wrap[0] <= wrap[1], f"the ladder scrolls sideways: {wrap}"
    assert measure(phone, "ladder", "ladder") > 10
    support.shot(phone, "ladder-390")


#: Each figure on a player's chart that meets a date under the bars: the two texts.
CHART_CLASHES = """() => {
  const box = e => e.getBoundingClientRect();
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const labels = [...document.querySelectorAll('.chart text.lbl')];
  return [...document.querySelectorAll('.chart text.val')].flatMap(v =>
    labels.filter(l => meet(box(v), box(l))).map(l => v.textContent + ' on ' + l.textContent));
}"""


def test_a_player_s_chart_keeps_each_figure_off_the_dates(
    live_server: Any, phone: Any, evening: Evening
) -> None:
    """The lowest bar's figure stands above the dates, at 390 px and at 1280 ("37.50%" sat on "2 Nov")."""
    url = f"{live_server.url}/c/{evening.club.slug}/p/{evening.regular.pk}/"
    for width in (390, 1280):
        phone.set_viewport_size({"width": width, "height": 844})
        phone.goto(url)
        assert phone.locator(".chart text.val").count() >= 2
        assert phone.evaluate(CHART_CLASHES) == []
        support.shot(phone, f"player-chart-{width}")


def test_each_notation_is_set_as_the_book_writes_it(live_server: Any, phone: Any, evening: Evening) -> None:
    slug = evening.club.slug
    phone.goto(f"{live_server.url}/c/{slug}/s/{evening.howell.pk}/travellers/")
    cells = phone.locator("table.slip td.fig").evaluate_all(
        """els => els.map(e => {
          const sup = e.querySelector('sup');
          const text = e.firstChild && e.firstChild.nodeType === 3 ? e.firstChild : null;
          const r = document.createRange();
          if (text) r.selectNodeContents(text);
          const whole = text ? r.getBoundingClientRect() : null;
          return {exact: e.dataset.exact, text: e.textContent, html: e.innerHTML,
            sup: sup ? {top: sup.getBoundingClientRect().top, bottom: sup.getBoundingClientRect().bottom,
                        size: parseFloat(getComputedStyle(sup).fontSize)} : null,
            whole: whole ? {top: whole.top, bottom: whole.bottom} : null,
            size: parseFloat(getComputedStyle(e).fontSize)};
        })"""
    )
    raised = [c for c in cells if c["sup"]]
    decimals = [c for c in cells if re.fullmatch(r"−?\d+\.\d\d", c["text"])]
    assert raised and decimals, "an exponent and a plain decimal both appear on these travellers"
    for c in raised:
        assert c["sup"]["size"] < c["size"] and c["sup"]["bottom"] < c["whole"]["bottom"] - 2, c
    for c in decimals:
        assert Fraction(c["exact"]).denominator != 1 and "<sup>" not in c["html"] and "^" not in c["text"]
    assert not any("^(" in c["text"] or "/" in c["text"] for c in cells)
    phone.goto(f"{live_server.url}/c/{slug}/s/{evening.mitchell.pk}/")
    mixed = phone.locator('table.standings td.fig:not([data-label="%"])').evaluate_all(
        "els => els.map(e => [e.dataset.exact, e.textContent])"
    )
    fractions = [(exact, text) for exact, text in mixed if "/" in exact]
    assert fractions, "the trick scores include fractions of a trick"
    for _exact, text in fractions:
        assert re.fullmatch(r"[+−]?\d*[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|[+−]?\d*[⁰¹²³⁴⁵⁶⁷⁸⁹]+⁄[₀₁₂₃₄₅₆₇₈₉]+", text), text
        assert " " not in text and "/" not in text
