"""The scorer's eye on the live board at 1280 px: a swapped line under "Needs you", swapped in one tap."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from entry.services.directing import round_enter, session_close
from scoring.models import SlipLine
from tests.browser import support
from tests.browser.support import DB_LOCK, log_in
from tournaments.models import Session

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 900}


def test_a_swapped_line_is_caught_on_the_board_and_swapped_in_one_tap(
    live_server: Any, new_page: Any, running_session: Session
) -> None:
    with DB_LOCK:
        counts = {(1, 1): "9", (2, 1): "10", (3, 1): "4"}
        for rnd in running_session.rounds.order_by("number"):
            entries = {
                (s.table.number, t.number): counts.get((s.table.number, t.number), "7")
                for s in rnd.seatings.select_related("table")
                for t in s.trays.all()
            }
            assert not round_enter(session=running_session, round_number=rnd.number, entries=entries).errors
    page = new_page(WIDE)
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("run:board", args=[running_session.pk]))
    check = page.locator("li.att-check")
    assert "Table 3, tray 1: N-S 4 where the other tables made 9 or 10" in check.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDE["width"]
    support.shot(page, "director-board-scorer-check-1280")
    check.get_by_role("button", name="Swap it").click()
    page.wait_for_load_state()
    assert "Swapped: the line now reads N-S 9" in page.content()
    assert page.locator("li.att-check").count() == 0
    with DB_LOCK:
        assert SlipLine.objects.get(session=running_session, table__number=3, tray__number=1).ns_tricks == 9
    support.shot(page, "director-board-scorer-check-swapped-1280")


def test_the_close_page_asks_about_a_swapped_line_before_publishing(
    live_server: Any, new_page: Any, running_session: Session
) -> None:
    with DB_LOCK:
        counts = {(1, 2): "3", (2, 2): "2", (3, 2): "11"}
        for rnd in running_session.rounds.order_by("number"):
            entries = {
                (s.table.number, t.number): counts.get((s.table.number, t.number), "7")
                for s in rnd.seatings.select_related("table")
                for t in s.trays.all()
            }
            assert not round_enter(session=running_session, round_number=rnd.number, entries=entries).errors
        session_close(session=running_session)
    page = new_page(WIDE)
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("run:close", args=[running_session.pk]))
    assert (
        page.locator("#checks-list li")
        .inner_text()
        .startswith("Table 3, tray 2: N-S 11 where the other tables made 2 or 3; did N-S enter E-W's count?")
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDE["width"]
    support.shot(page, "director-close-scorer-check-1280")
    page.locator("#checks-list").get_by_role("button", name="Mark it right").click()
    page.wait_for_load_state()
    assert "Marked right: N-S 11 stands." in page.content() and page.locator("#checks-list").count() == 0
