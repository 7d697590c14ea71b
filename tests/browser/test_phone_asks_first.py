"""The phone asks its pair once before sending a count the scorer's eye would flag, at 390 x 844.

An evening with a swapped entry caught at the table: N-S tap 3 where the hands make 10 for N-S; the
phone asks "N-S 3, so E-W 10: is that right?" (naming nothing of another table). Told no, it sends
nothing and says so beside the tray; sent again and told yes, the count goes as the pair said.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import support
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


def test_a_count_that_looks_swapped_is_asked_about_once_at_the_table(
    live_server: Any, new_page: Any, howell: Session
) -> None:
    a, _ = first_trays(howell, 3)
    with DB_LOCK:
        Deal.objects.filter(tray__session=howell, tray__number=a).update(double_dummy={"ns": 10, "ew": 3})
        table = howell.tables.get(number=3)
        pair = seated_link(table, "NS", 1).entrant.number
    page = new_page()
    page.goto(f"{live_server.url}/t/{table.token}/")
    page.locator(f"button.claim-btn[value='{pair}']").click()
    expect(page.locator(".follows")).to_contain_text(f"Pair {pair}")
    questions: list[str] = []
    page.once("dialog", lambda d: (questions.append(d.message), d.dismiss()))
    send(page, a, 3)
    expect(page.locator(f"#tray-{a} [data-error]")).to_contain_text("Tap the right count, then send.")
    assert questions == ["N-S 3, so E-W 10: is that right?"] and stored(howell, 3) == []
    support.shot(page, "app-asks-first-told-no")
    page.once("dialog", lambda d: (questions.append(d.message), d.accept()))
    page.locator(f"#tray-{a} .send-btn").click()
    expect(page.locator("#flash")).to_contain_text(f"Tray {a} sent: N-S 3")
    assert len(questions) == 2 and stored(howell, 3) == [(a, 3)]
    support.shot(page, "app-asks-first-sent")
