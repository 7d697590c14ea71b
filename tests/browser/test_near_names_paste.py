"""A list pasted with a name one letter from a member's: "did you mean" is offered, the director chooses
the member, and the pair is entered with that member (no new roster entry). At 1280 px.

Screenshot: var/screenshots/near-names-paste.png (checked by axe-core).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tests.browser import support
from tests.browser.support import DB_LOCK, NAMES, log_in
from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions

pytestmark = pytest.mark.browser


DESK = {"width": 1280, "height": 800}


@pytest.fixture
def desk(browser: Any) -> Any:
    """The director's desk: a page of 1280 x 800."""
    context = browser.new_context(viewport=DESK)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


@pytest.fixture
def evening(club: Club) -> Session:
    with DB_LOCK:
        for i, name in enumerate(NAMES[:6]):
            club_services.player_create(club=club, name=name, member_number=str(100 + i))
        return sessions.session_create(club=club, date=dt.date(2026, 11, 2), title="Monday pairs")


def test_a_near_name_pasted_is_asked_about_and_the_member_chosen(
    live_server: Any, desk: Any, evening: Session
) -> None:
    base = live_server.url
    log_in(desk, base)
    desk.goto(f"{base}/director/s/{evening.pk}/setup/")
    desk.wait_for_load_state("load")
    desk.get_by_text("Or paste a list of pairs").click()
    desk.fill("#id_text", f"Ada Byrn & {NAMES[1]}\n{NAMES[2]} & {NAMES[3]}\n")
    desk.get_by_role("button", name="Add the pairs listed").click()
    desk.wait_for_selector("#near-names")
    question = desk.locator("#near-names")
    assert "“Ada Byrn”" in question.inner_text() and "(line 1)" in question.inner_text()
    assert "did you mean Ada Byron (100)?" in desk.locator("#entrant-names").inner_text()
    with DB_LOCK:
        assert not evening.entrants.exists()
    desk.get_by_role("radio", name="Ada Byron (100)").check()
    question.scroll_into_view_if_needed()
    support.shot(desk, "near-names-paste")
    desk.get_by_role("button", name="Add the pairs listed").click()
    desk.wait_for_selector("text=Added pairs 1, 2.")
    with DB_LOCK:
        assert not Player.objects.filter(name="Ada Byrn").exists()
        assert [e.name for e in evening.entrants.order_by("number")] == [
            f"{NAMES[0]} & {NAMES[1]}",
            f"{NAMES[2]} & {NAMES[3]}",
        ]
