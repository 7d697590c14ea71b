"""The phone asks its pair once before sending a count the scorer's eye would flag, at 390 x 844.

An evening with a swapped entry caught at the table: N-S tap 3 where the hands make 10 for N-S; the
phone asks "N-S 3, so E-W 10: is that right?" in the tray's card, where the send button was (naming
nothing of another table). Told no, it sends nothing and the count can be changed; sent again and told
yes, the count goes as the pair said. Without JavaScript the plain form asks on a page of its own.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import support
from tests.browser.conftest import PHONE
from tests.browser.support import DB_LOCK
from tests.browser.test_phone_app import first_trays, send, stored
from tests.phones import seated_link
from tournaments.models import Club, Deal, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions

pytestmark = pytest.mark.browser


@pytest.fixture
def howell(club: Club) -> Session:
    """Eight pairs, a Howell of 14 trays: two trays a round at each of four tables."""
    with DB_LOCK:
        session = sessions.session_create(club=club, date=dt.date(2026, 12, 7), title="Monday pairs")
        people = [club_services.player_create(club=club, name=n) for n in support.NAMES[:16]]
        for a, b in zip(people[0::2], people[1::2], strict=True):
            sessions.entrant_create(session=session, players=[a, b])
        seating.movement_fix(session=session, family="howell", deals=14)
        deals.trays_deal(session=session, rng=random.Random(14))
        return sessions.session_start(session=session)


def claimed_at_table_3(live_server: Any, new_page: Any, howell: Session) -> tuple[Any, int, int]:
    """A phone at table 3 that said it is the N-S pair there in round 1, that round's first tray (whose
    hands make 10 tricks for N-S double dummy) and the pair's number."""
    a, _ = first_trays(howell, 3)
    with DB_LOCK:
        Deal.objects.filter(tray__session=howell, tray__number=a).update(double_dummy={"ns": 10, "ew": 3})
        table = howell.tables.get(number=3)
        pair = seated_link(table, "NS", 1).entrant.number
    page = new_page()
    page.goto(f"{live_server.url}/t/{table.token}/")
    page.locator(f"button.claim-btn[value='{pair}']").click()
    return page, a, pair


def test_a_count_that_looks_swapped_is_asked_about_once_at_the_table(
    live_server: Any, new_page: Any, howell: Session
) -> None:
    page, a, pair = claimed_at_table_3(live_server, new_page, howell)
    expect(page.locator(".follows")).to_contain_text(f"Pair {pair}")
    send(page, a, 3)
    ask = page.locator(f"#tray-{a} .ask-first")
    expect(ask.locator(".ask-q")).to_have_text("N-S 3, so E-W 10: is that right?")
    expect(ask.locator(".ask-yes")).to_have_text("Yes, send N-S 3")
    expect(page.locator(f"#tray-{a} .send-btn")).to_be_hidden()
    assert stored(howell, 3) == []
    support.shot(page, "app-asks-first")
    ask.locator(".ask-no").click()  # told no: nothing sent, the count to change
    expect(ask).to_have_count(0)
    expect(page.locator(f"#tray-{a} .send-btn")).to_be_visible()
    assert stored(howell, 3) == []
    send(page, a, 3)  # sent again: asked again, once
    expect(ask.locator(".ask-q")).to_have_text("N-S 3, so E-W 10: is that right?")
    ask.locator(".ask-yes").click()
    expect(page.locator("#flash")).to_contain_text(f"Tray {a} sent: N-S 3")
    assert stored(howell, 3) == [(a, 3)]
    support.shot(page, "app-asks-first-sent")


def test_changing_the_count_takes_the_question_away_and_a_fitting_count_goes_at_once(
    live_server: Any, new_page: Any, howell: Session
) -> None:
    page, a, _ = claimed_at_table_3(live_server, new_page, howell)
    send(page, a, 3)
    expect(page.locator(f"#tray-{a} .ask-first")).to_be_visible()
    page.locator(f"#tray-{a} form[data-action=send] .trick .face").nth(10).click()
    expect(page.locator(f"#tray-{a} .ask-first")).to_have_count(0)
    page.locator(f"#tray-{a} .send-btn").click()
    expect(page.locator("#flash")).to_contain_text(f"Tray {a} sent: N-S 10")
    assert stored(howell, 3) == [(a, 10)]


def test_a_correction_that_looks_swapped_is_asked_about_in_the_card_and_made_when_told_yes(
    live_server: Any, new_page: Any, howell: Session
) -> None:
    """N-S sent 10, then open "Wrong count?" and tap 3: the correction is asked about where its button
    was ("Yes, correct to N-S 3"), and made when told yes."""
    page, a, _ = claimed_at_table_3(live_server, new_page, howell)
    send(page, a, 10)
    expect(page.locator("#flash")).to_contain_text(f"Tray {a} sent: N-S 10")
    card = page.locator(f"#tray-{a}")
    card.locator("details.amend summary").click()
    amend = card.locator("form[data-action=amend]")
    amend.locator(".trick .face").nth(3).click()
    amend.locator("button[type=submit]").click()
    ask = card.locator(".ask-first")
    expect(ask.locator(".ask-q")).to_have_text("N-S 3, so E-W 10: is that right?")
    expect(ask.locator(".ask-yes")).to_have_text("Yes, correct to N-S 3")
    expect(amend.locator("button[type=submit]")).to_be_hidden()
    assert stored(howell, 3) == [(a, 10)]
    support.shot(page, "app-asks-first-correction")
    ask.locator(".ask-yes").click()
    expect(page.locator("#flash")).to_contain_text(f"Tray {a} corrected: N-S 3")
    assert stored(howell, 3) == [(a, 3)]


def test_without_javascript_the_question_is_a_page_of_its_own(
    live_server: Any, browser: Any, howell: Session
) -> None:
    a, _ = first_trays(howell, 3)
    with DB_LOCK:
        Deal.objects.filter(tray__session=howell, tray__number=a).update(double_dummy={"ns": 10, "ew": 3})
        table = howell.tables.get(number=3)
        pair = seated_link(table, "NS", 1).entrant.number
    context = browser.new_context(viewport=PHONE, has_touch=True, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{table.token}/")
        page.locator(f"button.claim-btn[value='{pair}']").click()
        send(page, a, 3)
        expect(page.locator(".ask-q")).to_have_text("N-S 3, so E-W 10: is that right?")
        support.shot(page, "app-asks-first-plain", scripts_off=True)
        page.locator(".ask-yes").click()
        expect(page.locator(f"#tray-{a}")).to_contain_text("Sent")
        assert stored(howell, 3) == [(a, 3)]
    finally:
        context.close()
