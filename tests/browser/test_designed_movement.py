"""A movement designed to order on the director's pages, kept as the club's own, and played like any other.

At 1280 px: the director opens the designer from a session's movement page,
asks it for six pairs in five rounds of one deal and five seconds,
photographs the search under way and, once the page has looked again, the
movement found, keeps it under a name, goes back to the session, seats a
session of six pairs by it from the session's movement page ("The club's
own movements"), starts, enters every round's results on the
director's own page (the tables deal), closes, and opens the guide cards (page and PDF).
Screenshots: var/screenshots/designed-*.png, each checked by axe-core.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import support
from tests.browser.support import DB_LOCK, log_in
from tournaments.models import Club, ClubMovement, Session

pytestmark = pytest.mark.browser

DESK = {"width": 1280, "height": 800}


@pytest.fixture
def desk(browser: Any) -> Any:
    """The director's laptop: a page of 1280 x 800."""
    context = browser.new_context(viewport=DESK)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


def tricks(table: int, tray: int) -> int:
    return (3 * table + 5 * tray) % 7 + 4


def design_and_keep(desk: Any, base: str, club: Club, session: Session) -> ClubMovement:
    """The designer's page, opened from the session's movement page: six pairs, five rounds of a deal,
    five seconds; seen searching, then kept, and the way back to the session offered."""
    desk.goto(f"{base}/director/s/{session.pk}/setup/")
    desk.locator("#club-movements").get_by_role("link", name="Design a movement").click()
    desk.check("input[name=kind][value=pairs]")
    desk.fill("#design-pairs", "6")
    desk.fill("#design-rounds", "5")
    desk.fill("#design-deals_per_round", "1")
    desk.fill("#design-seconds", "5")
    desk.get_by_role("button", name="Search").click()
    desk.wait_for_selector("text=Qf so far")
    assert "6 pairs, 5 rounds of 1 deal: searching…" in desk.locator("#design h2").inner_text()
    support.shot(desk, "designed-01-searching")
    desk.wait_for_selector("text=the movement found")  # the page looks again once the seconds are up
    found = desk.locator("#design").inner_text()
    assert "How fair it is" in found and "Qf " in found and "the best found in the time given" in found
    assert desk.locator("#design table.matrix td").count() == 36
    support.shot(desk, "designed-02-found")
    desk.fill("#keep-name", "Six pairs, five rounds")
    desk.get_by_role("button", name="Keep as the club's movement").click()
    desk.wait_for_selector("text=Kept as the club's movement")
    assert "Six pairs, five rounds" in desk.locator("#kept").inner_text()
    back = desk.locator("#back-link a")
    assert back.inner_text() == f"Back to {session.title}'s movement" and back.is_visible()
    support.shot(desk, "designed-02b-kept-and-back")
    back.click()
    desk.wait_for_url(f"{base}/director/s/{session.pk}/setup/#movement")
    with DB_LOCK:
        return ClubMovement.objects.get(club=club)


def seat_by_it(desk: Any, base: str, session: Session, kept: ClubMovement) -> None:
    """The session's movement page offers the kept movement beside the book's; choosing it seats by it."""
    desk.goto(f"{base}/director/s/{session.pk}/setup/")
    offered = desk.locator("#club-movements")
    assert "Six pairs, five rounds" in offered.inner_text()
    desk.check(f"input[name=choice][value='club:{kept.pk}']")
    desk.select_option("#id_scoring_method", "matchpoints")
    offered.scroll_into_view_if_needed()
    support.shot(desk, "designed-03-movement-page")
    desk.get_by_role("button", name="Seat the session").click()
    desk.wait_for_selector("text=Seated by the club's movement “Six pairs, five rounds”")
    assert "Club movement “Six pairs, five rounds”" in desk.locator("#session-facts").inner_text()


def play_and_close(desk: Any, base: str, session: Session) -> None:
    """Start (the tables deal), enter every round on the director's page, close and score."""
    desk.goto(f"{base}/director/s/{session.pk}/run/")
    desk.get_by_role("button", name="Start the session").click()
    desk.wait_for_selector("text=link is live")
    with DB_LOCK:
        session.refresh_from_db()
        rounds = session.movement_json["rounds"]
    for rnd in rounds:
        desk.goto(f"{base}/director/s/{session.pk}/run/round/{rnd['round']}/")
        for t in rnd["tables"]:
            for tray in t["trays"]:
                desk.fill(f"#t{t['table']}-{tray}", str(tricks(t["table"], tray)))
        desk.get_by_role("button", name=f"Save round {rnd['round']}").click()
        desk.wait_for_selector("text=Saved")
    desk.goto(f"{base}/director/s/{session.pk}/run/close/")
    desk.get_by_role("button", name="Close and score").click()
    desk.wait_for_selector("text=The session is closed and scored")


def test_a_designed_movement_is_kept_seated_played_and_printed(
    live_server: Any, desk: Any, club: Club, draft_session: Session
) -> None:
    base = live_server.url
    log_in(desk, base)
    kept = design_and_keep(desk, base, club, draft_session)
    assert (kept.entrants, kept.rounds, kept.trays) == (6, 5, 5)
    seat_by_it(desk, base, draft_session, kept)
    play_and_close(desk, base, draft_session)
    with DB_LOCK:
        draft_session.refresh_from_db()
        assert draft_session.status == "closed" and draft_session.movement_family == "designed"

    pdf = desk.request.get(f"{base}/director/s/{draft_session.pk}/print/cards.pdf")
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf" and len(pdf.body()) > 1000
    desk.goto(f"{base}/director/s/{draft_session.pk}/print/cards/")
    cards = desk.locator("body").inner_text()
    assert "Club movement “Six pairs, five rounds”" in cards and "SCHEDULE." in cards
    support.shot(desk, "designed-04-guide-cards")
