"""A mnemonic duplicate sitting at one table (pp. 25-27, 66), played from the four players' phones.

The director seats four players by the book's single-table system and
declares spades trumps for the sitting (no card turned, p. 26; Law IV, Sec.
11); the app deals. One phone at the table (North's) sends the original
play of every deal; on the overplay the players move one seat to the left
and West's phone sends each deal in the engine's other order. The
comparison of every deal shows on every phone. Screenshots:
var/screenshots/mnemonic-*.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from scoring.scorers import score
from scoring.selectors.slips import session_slips
from tests.browser import support
from tests.browser.conftest import PHONE
from tests.browser.support import DB_LOCK, log_in
from tournaments.models import Club, EntrantLink, Session
from tournaments.services import club as club_services
from tournaments.services import sessions

pytestmark = pytest.mark.browser

DEALS = 6
DIRECTOR_VIEW = {"width": 1280, "height": 900}


def shot(page: Any, name: str) -> None:
    support.shot(page, f"mnemonic-{name}")


def expect_text(locator: Any, text: str) -> None:
    from playwright.sync_api import expect

    expect(locator).to_contain_text(text, timeout=20_000)


@pytest.fixture
def four(club: Club) -> Session:
    """Four players entered as individuals, in draft."""
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 15), title="Tuesday mnemonic", entrant_kind="individuals"
    )
    for name in support.NAMES[:4]:
        sessions.entrant_create(session=session, players=[club_services.player_create(club=club, name=name)])
    return session


def test_a_mnemonic_sitting_at_one_table_from_the_players_phones(
    live_server: Any, new_page: Any, four: Session
) -> None:
    base = live_server.url
    director = new_page(DIRECTOR_VIEW)
    log_in(director, base)
    director.goto(f"{base}/director/s/{four.pk}/setup/")
    director.locator("details.other summary").first.click()
    director.select_option("#id_family", "mnemonic|")
    director.fill("#id_deals", str(DEALS))
    director.click("#movement-form button[type=submit]")
    expect_text(director.locator(".msg"), "Single Table, or Mnemonic Duplicate")
    director.goto(f"{base}/director/s/{four.pk}/trays/")
    director.select_option("#suit", "S")
    director.click("#trump-form button")
    expect_text(director.locator(".msg"), "Spades are declared trumps")
    director.click("text=Deal all")
    expect_text(director.locator(".msg"), "no card is turned")
    shot(director, "01-trays-spades-declared")
    director.goto(f"{base}/director/s/{four.pk}/run/")
    director.click("#start")

    with DB_LOCK:
        tokens = {link.entrant.number: link.token for link in EntrantLink.objects.filter(session=four)}
    phones = {n: new_page(PHONE) for n in tokens}
    for number, phone in phones.items():
        phone.goto(f"{base}/m/{tokens[number]}/")
    north, west = phones[1], phones[4]
    expect_text(north.locator("h1"), "Original play")
    expect_text(north.locator("#declared"), "Spades, declared trumps for the sitting")
    shot(north, "02-phone-original-play")

    for tray in range(1, DEALS + 1):
        north.locator(f"#tray-{tray} .trick .face").nth(8).click()
        north.click(f"#send-{tray}")
        expect_text(north.locator(".msg"), f"Tray {tray} sent")

    west.reload()
    expect_text(west.locator("h1"), "Overplay")
    expect_text(west.locator("#overplay-note"), "holds the hand an adversary held")
    shot(west, "03-phone-overplay-in-another-order")
    order = [int(x.get_attribute("id").split("-")[1]) for x in west.locator(".tray").all()]
    assert order == [4, 1, 5, 2, 6, 3]
    for tray in order:
        west.locator(f"#tray-{tray} .trick .face").nth(7).click()
        west.click(f"#send-{tray}")
        expect_text(west.locator(".msg"), f"Tray {tray} sent")

    north.reload()
    expect_text(north.locator("#finished"), "Every deal is played twice")
    expect_text(north.locator("#comparison"), "The deals compared")
    shot(north, "04-phone-deals-compared")
    with DB_LOCK:
        totals = {
            t.entrant: t.total
            for t in score("mnemonic", session_slips(session=Session.objects.get(pk=four.pk))).entrants
        }
    # N-S made 8 tricks on every deal first; their adversaries made 7 with the same cards.
    assert totals == {1: 6, 3: 6, 2: -6, 4: -6}
    director.goto(f"{base}/director/s/{four.pk}/run/close/")
    shot(director, "05-director-standings")
