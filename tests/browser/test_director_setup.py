"""The director sets up an evening at laptop width: roster, eight pairs, the recommended Howell, deals, print.

Screenshots of each page go to var/screenshots/setup-*.png.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tests.browser import support
from tests.browser.support import DB_LOCK, log_in
from tournaments.models import Club, Deal, Session
from tournaments.services import club as club_services
from tournaments.services import rotations, seating, sessions

pytestmark = pytest.mark.browser

NAMES = support.NAMES[:18]


def shot(page: Any, name: str) -> None:
    """A full-page screenshot, var/screenshots/setup-NAME.png."""
    support.shot(page, f"setup-{name}")


@pytest.fixture
def roster(club: Club) -> list[Any]:
    with DB_LOCK:
        return [
            club_services.player_create(club=club, name=n, member_number=str(100 + i))
            for i, n in enumerate(NAMES)
        ]


def test_a_director_sets_up_eight_pairs_by_the_recommended_howell(
    live_server: Any, laptop: Any, club: Club, roster: list[Any]
) -> None:
    base = live_server.url
    log_in(laptop, base)
    laptop.get_by_role("link", name="Roster").click()
    laptop.wait_for_url("**/roster/**")
    laptop.wait_for_load_state("load")  # roster.js listens for typing only once loaded
    laptop.fill("#q", "ro")  # search as you type: Ada Byron, Jack Rowe, Liam Roy, Rosa Bell
    laptop.wait_for_function("document.querySelectorAll('#roster tbody tr').length === 4")
    assert "Liam Roy" in laptop.locator("#roster tbody").inner_text()
    shot(laptop, "roster-search")
    laptop.fill("#q", "")
    laptop.wait_for_function(f"document.querySelectorAll('#roster tbody tr').length === {len(NAMES)}")
    shot(laptop, "roster")

    laptop.get_by_role("link", name="New session").click()
    laptop.fill("#id_title", "Tuesday pairs")
    shot(laptop, "new")
    laptop.get_by_role("button", name="Create and choose the entrants").click()
    shot(laptop, "entrants")
    for row in range(1, 9):
        for place in (1, 2):
            laptop.select_option(
                f"#id_r{row}_{place}",
                label=f"{NAMES[2 * (row - 1) + place - 1]} ({100 + 2 * (row - 1) + place - 1})",
            )
    laptop.get_by_role("button", name="Add these pairs").click()
    laptop.wait_for_selector("text=Added pairs 1, 2, 3, 4, 5, 6, 7, 8.")
    shot(laptop, "recommendations")

    best = laptop.locator(".rec.best")
    assert "Howell Pair System" in best.inner_text() and best.locator("input").is_checked()
    laptop.get_by_role("button", name="Seat the session").click()
    laptop.wait_for_selector("text=Seated by the Howell Pair System: 4 tables, 7 rounds, 21 trays.")
    shot(laptop, "seated")

    laptop.get_by_role("link", name="Next: trays and deals").click()
    laptop.get_by_role("button", name="Deal all 21 trays").click()
    laptop.wait_for_selector("text=Dealt 21 trays.")
    shot(laptop, "trays")
    with DB_LOCK:
        session = Session.objects.get(title="Tuesday pairs")
        assert Deal.objects.filter(tray__session=session).exclude(trump="").count() == 21

    laptop.get_by_role("link", name="Next: print cards and slips").click()
    shot(laptop, "print")
    pdf = laptop.evaluate(
        """url => fetch(url).then(async r => [r.status, r.headers.get("content-type"),
            new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5))])""",
        f"{base}/director/s/{session.pk}/print/cards.pdf",
    )
    assert pdf == [200, "application/pdf", "%PDF-"]
    laptop.locator(".print-list .card", has_text="Guide cards").get_by_role("link", name="Web page").click()
    card = laptop.locator("#table-2")
    assert "EIGHT PAIRS. TABLE 2." in card.inner_text()
    assert "NORTH — Go next to Table 4, East." in card.inner_text()
    shot(laptop, "cards")
    for doc in ("slips", "sheet", "qr"):
        laptop.goto(f"{base}/director/s/{session.pk}/print/{doc}/")
        shot(laptop, doc)
    laptop.wait_for_load_state("networkidle")


def test_the_other_setup_pages_at_laptop_width(
    live_server: Any, laptop: Any, club: Club, roster: list[Any]
) -> None:
    """Screenshots of the player, import, series and rotation pages, with a refusal shown."""
    base = live_server.url
    log_in(laptop, base)
    laptop.goto(f"{base}/director/club/{club.slug}/roster/p/{roster[0].pk}/")
    laptop.fill("#id_name", "")
    laptop.get_by_role("button", name="Save").click()
    assert laptop.locator(".field-error").first.inner_text() == "A player needs a name."
    shot(laptop, "player")
    laptop.goto(f"{base}/director/club/{club.slug}/roster/import/")
    shot(laptop, "import")
    with DB_LOCK:
        session = sessions.session_create(club=club, date=dt.date(2026, 11, 4), title="Wednesday pairs")
        for a, b in zip(roster[0:16:2], roster[1:16:2], strict=True):
            sessions.entrant_create(session=session, players=[a, b])
    laptop.goto(f"{base}/director/s/{session.pk}/setup/")
    laptop.locator("summary", has_text="Another movement").click()
    laptop.select_option("#id_family", label="Mitchell System, as the book first gives it")
    laptop.get_by_role("button", name="Seat the session").click()
    error = laptop.locator("#movement-form .field-error").first
    assert "odd number of tables" in error.inner_text()
    error.scroll_into_view_if_needed()
    shot(laptop, "movement-refused")
    laptop.goto(f"{base}/director/club/{club.slug}/series/")
    laptop.fill("#id_name", "Winter tournament")
    laptop.get_by_role("button", name="Create the series").click()
    for name in NAMES[:12]:
        laptop.get_by_label(f"{name} (", exact=False).check()
    laptop.get_by_role("button", name="Number these players").click()
    laptop.wait_for_selector("#proposal")
    shot(laptop, "rotation")
    laptop.get_by_role("button", name="Create session 1 with these pairs").click()
    laptop.wait_for_selector("text=with 6 pairs")
    with DB_LOCK:
        series = club.series.get()
        assert rotations.series_players(series=series) is not None
        assert series.sessions.get().entrants.count() == 6
    laptop.wait_for_load_state("networkidle")


def test_a_director_reads_how_fair_a_mitchell_is_and_switches_it_to_one_field(
    live_server: Any, laptop: Any, club: Club
) -> None:
    with DB_LOCK:
        players = [
            club_services.player_create(club=club, name=f"{n} {i}") for i, n in enumerate(NAMES + NAMES[:2])
        ]
        session = sessions.session_create(club=club, date=dt.date(2026, 12, 1), title="Fair Mitchell")
        for a, b in zip(players[0::2], players[1::2], strict=True):
            sessions.entrant_create(session=session, players=[a, b])
        seating.movement_fix(session=session, family="mitchell")
    log_in(laptop, live_server.url)
    laptop.goto(f"{live_server.url}/director/s/{session.pk}/setup/")
    fair = laptop.locator("#fairness")
    assert "Qf 46.00" in fair.inner_text() and "from 0 to 5" in fair.inner_text()
    fair.locator("summary").click()
    assert laptop.locator("table.matrix tbody tr").count() == 10
    shot(laptop, "fairness")
    laptop.get_by_role("button", name="Switch round 1").click()
    laptop.wait_for_selector("text=Arrow switch in round 1: N-S play E-W.")
    assert "Arrow-switched in round 1" in laptop.locator("#fairness").inner_text()
    shot(laptop, "fairness-switched")
