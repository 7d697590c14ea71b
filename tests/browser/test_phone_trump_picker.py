"""The trump card of a tray dealt at the table, picked on a phone held in one hand (390 x 844).

Nobody dealt the trays before play: the phone's send asks for the card turned (Law III, Sec. 1), a suit
and a rank, each one tap of a thumb's width, with no sideways scrolling; the card sent is shown on the
tray where "Trump as turned ?" was, and the pair's "My evening so far" lists the tray.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import support
from tests.browser.support import DB_LOCK
from tournaments.models import Deal, Session

pytestmark = pytest.mark.browser


def test_the_card_is_picked_one_handed_and_shown_on_the_tray(
    live_server: Any, running_session: Session, phone: Any
) -> None:
    with DB_LOCK:
        token = running_session.tables.get(number=1).token
    phone.goto(f"{live_server.url}/t/{token}/")
    phone.locator("button.claim-btn[value='1']").click()
    expect(phone.locator(".follows")).to_contain_text("Pair 1")
    tray = phone.locator("#tray-1")
    expect(tray).to_contain_text("Trump as turned")
    picks = tray.locator(".trump-pick .pick span")
    assert picks.count() == 4 + 13
    for box in (picks.nth(n).bounding_box() for n in range(picks.count())):
        assert box is not None and box["height"] >= 40 and box["width"] >= 38, box
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    support.shot(phone, "table-trump-picker")
    tray.locator(".pick.suit-H span").click()
    tray.locator(".pick-ranks .pick span", has_text="10").click()
    tray.locator("form[data-action=send] .trick .face").nth(8).click()
    tray.locator(".send-btn").click()
    expect(phone.locator("#tray-1 .trump-card")).to_contain_text("10♥")
    expect(phone.locator(".evening")).to_contain_text("Pair 2")
    with DB_LOCK:
        assert Deal.objects.values_list("trump", "trump_table").get(
            tray__session=running_session, tray__number=1
        ) == ("TH", 1)
    support.shot(phone, "table-trump-recorded")
