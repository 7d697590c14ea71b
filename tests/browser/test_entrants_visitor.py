"""Entering the pairs as a new club's director does: a visitor typed in a row, the rows named as the pairs
they become, then the rest pasted as a list.

Screenshots go to var/screenshots/entrants-*.png (each checked by axe-core).
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


@pytest.fixture
def evening(club: Club) -> Session:
    with DB_LOCK:
        for i, name in enumerate(NAMES[:6]):
            club_services.player_create(club=club, name=name, member_number=str(100 + i))
        return sessions.session_create(club=club, date=dt.date(2026, 11, 2), title="Monday pairs")


def labels(page: Any) -> list[str]:
    """The names of the entrants form's rows, as shown."""
    return [cell.strip() for cell in page.locator("#entrant-rows td.n").all_inner_texts()]


def test_a_visitor_is_added_from_the_row_and_the_rest_pasted_as_a_list(
    live_server: Any, laptop: Any, evening: Session
) -> None:
    base = live_server.url
    log_in(laptop, base)
    laptop.goto(f"{base}/director/s/{evening.pk}/setup/")
    laptop.wait_for_load_state("load")
    assert labels(laptop)[:2] == ["Pair 1", "Pair 2"]
    laptop.fill("#id_r2_1-search", "ada")
    laptop.get_by_role("option", name="Ada Byron (100)").click()
    assert labels(laptop)[:3] == ["—", "Pair 1", "Pair 2"], "an empty row above a filled one becomes no pair"
    laptop.fill("#id_r2_2-search", "Jane Visitor")
    laptop.get_by_role("button", name="Add “Jane Visitor” as a visitor").click()
    laptop.wait_for_selector("text=“Jane Visitor” is not on the roster: added as a visitor with this row.")
    support.shot(laptop, "entrants-visitor")
    laptop.get_by_role("button", name="Add these pairs").click()
    laptop.wait_for_selector("text=Added pair 1.")
    assert "New on the roster as visitors: Jane Visitor" in laptop.locator(".messages").inner_text()

    laptop.get_by_text("Add more pairs").click()
    assert labels(laptop)[0] == "Pair 2"
    laptop.get_by_text("Or paste a list of pairs").click()
    laptop.fill("#id_text", f"{NAMES[1].upper()} & {NAMES[2]}\n103 / New Friend\n")
    support.shot(laptop, "entrants-paste")
    laptop.get_by_role("button", name="Add the pairs listed").click()
    laptop.wait_for_selector("text=Added pairs 2, 3.")
    with DB_LOCK:
        assert Player.objects.filter(name__in=["Jane Visitor", "New Friend"]).count() == 2
        assert [e.name for e in evening.entrants.order_by("number")] == [
            "Ada Byron & Jane Visitor",
            f"{NAMES[1]} & {NAMES[2]}",
            f"{NAMES[3]} & New Friend",
        ]
