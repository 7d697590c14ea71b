"""The phone page as an app that survives the room's Wi-Fi, at 390 x 844.

Chromium serves the live server at ``localhost``, a secure context, so the
service worker registers as it would over HTTPS. At a table of a Howell with
two trays a round, a phone opens the table's code, reads on the table's card
which pair sits N-S in round 1 and taps it ("Who has this phone?"): from
then on it holds that pair's page. The pair's page is opened once; the
connection drops; the page reloads from the phone with no connection, two
trays are sent and kept on the phone (named, and kept through a second
reload); the connection returns and both go, each named, and each is stored
once. The pair's page is installable: a manifest of its own and a service
worker that controls it, as Chromium's DevTools protocol reports. N-S
correct a mis-tap before E-W check, and a refused value is reported next to
its form.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from playwright.sync_api import expect

from scoring.models import SlipLine
from tests.browser import support
from tests.browser.support import DB_LOCK
from tournaments.models import Club, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions

pytestmark = pytest.mark.browser


@pytest.fixture
def two_a_round(club: Club) -> Session:
    """Eight pairs, a Howell of 14 trays: two trays a round at each of four tables."""
    with DB_LOCK:
        session = sessions.session_create(
            club=club, date=dt.date(2026, 12, 7), title="Monday pairs", scoring_method="exponent"
        )
        people = [club_services.player_create(club=club, name=n) for n in support.NAMES[:16]]
        for a, b in zip(people[0::2], people[1::2], strict=True):
            sessions.entrant_create(session=session, players=[a, b])
        seating.movement_fix(session=session, family="howell", deals=14)
        deals.trays_deal(session=session, rng=random.Random(14))
        return sessions.session_start(session=session)


def first_trays(session: Session, table: int) -> list[int]:
    """The trays a table plays in round 1."""
    with DB_LOCK:
        seat = session.rounds.get(number=1).seatings.get(table__number=table)
        return [t.number for t in seat.trays.order_by("seatingtray__order")]


def stored(session: Session, table: int) -> list[tuple[int, int]]:
    """(tray, N-S tricks) of the lines a table has stored."""
    with DB_LOCK:
        lines = SlipLine.objects.filter(session=session, table__number=table).order_by("tray__number")
        return [(x.tray.number, x.ns_tricks) for x in lines]


def claim_ns(page: Any, base: str, session: Session, table: int) -> str:
    """Open a table's code, read on its card which pair sits N-S in round 1, tap that pair under
    "Who has this phone?"; the address of the pair's page the phone now holds."""
    with DB_LOCK:
        token = session.tables.get(number=table).token
    page.goto(f"{base}/t/{token}/")
    expect(page.locator("#claim-h")).to_contain_text("Who has this phone?")
    pair = (page.locator(".place-card tbody tr:first-child td:nth-child(2)").text_content() or "").split()[-1]
    page.locator(f"button.claim-btn[value='{pair}']").click()
    expect(page.locator(".follows")).to_contain_text(f"Pair {pair}")
    assert "/p/" in page.url, page.url
    return page.url


def open_as_app(page: Any, url: str) -> None:
    """Open the phone's page and wait until its service worker controls it and keeps the page."""
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    page.wait_for_function(
        """async (address) => {
          const cache = await caches.open('clubwhist-pages');
          return !!(await cache.match(address));
        }""",
        arg=url,
    )


def send(page: Any, tray: int, tricks: int) -> None:
    """Tap the N-S tricks, then send."""
    page.locator(f"#tray-{tray} form[data-action=send] .trick .face").nth(tricks).click()
    page.locator(f"#tray-{tray} .send-btn").click()


def test_offline_mid_round_the_page_reloads_and_two_sends_go_once_each(
    live_server: Any, new_page: Any, two_a_round: Session
) -> None:
    a, b = first_trays(two_a_round, 1)
    page = new_page()
    url = claim_ns(page, live_server.url, two_a_round, 1)
    open_as_app(page, url)
    page.context.set_offline(True)
    page.reload()  # no connection: the page comes from the phone
    expect(page.locator("h1")).to_contain_text("Table 1")
    expect(page.locator(".round-pill")).to_contain_text("Round 1")
    expect(page.locator("#net")).to_have_class("net offline")
    support.shot(page, "app-01-reloaded-offline")
    send(page, a, 7)
    send(page, b, 9)
    outbox = page.locator("#outbox")
    expect(outbox).to_contain_text(f"tray {a} (sent by N-S: N-S 7, E-W 6)")
    expect(outbox).to_contain_text(f"tray {b} (sent by N-S: N-S 9, E-W 4)")
    expect(outbox).to_contain_text("waiting to be sent (2)")
    assert stored(two_a_round, 1) == []
    page.reload()  # still no connection: what is waiting survives the reload
    expect(outbox).to_contain_text(f"tray {a} (sent by N-S: N-S 7, E-W 6)")
    expect(page.locator(f"#tray-{b}")).to_contain_text("It will be sent when the connection returns")
    support.shot(page, "app-02-two-kept-offline")
    page.context.set_offline(False)
    flash = page.locator("#flash")
    expect(flash).to_contain_text(f"Tray {a} sent: N-S 7, E-W 6")
    expect(flash).to_contain_text(f"Tray {b} sent: N-S 9, E-W 4")
    expect(flash).to_contain_text("kept on this phone while the connection was down")
    expect(outbox).to_be_hidden()
    support.shot(page, "app-03-back-online-both-named")
    assert stored(two_a_round, 1) == sorted([(a, 7), (b, 9)])
    page.reload()
    page.wait_for_timeout(500)
    assert stored(two_a_round, 1) == sorted([(a, 7), (b, 9)]), "each stored once"


def test_the_page_is_installable_to_the_home_screen(
    live_server: Any, new_page: Any, two_a_round: Session
) -> None:
    page = new_page()
    url = claim_ns(page, live_server.url, two_a_round, 2)
    open_as_app(page, url)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == f"{url}manifest.webmanifest" and not manifest["errors"], manifest
    errors = {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
    # Headless Chromium counts every profile as incognito; nothing else may stand in the way.
    assert errors <= {"in-incognito"}, errors


def test_n_s_correct_a_mis_tap_and_a_refusal_is_told_by_the_form(
    live_server: Any, new_page: Any, two_a_round: Session
) -> None:
    a, _ = first_trays(two_a_round, 3)
    page = new_page()
    claim_ns(page, live_server.url, two_a_round, 3)
    send(page, a, 10)
    expect(page.locator("#flash")).to_contain_text(f"Tray {a} sent: N-S 10")
    card = page.locator(f"#tray-{a}")
    card.locator("details.amend > summary").click()
    card.locator("form[data-action=amend] .trick .face").nth(8).click()
    support.shot(page, "app-04-correcting-a-mis-tap")
    before = page.locator("#main-inner").get_attribute("data-stamp")
    card.locator("form[data-action=amend] button[type=submit]").click()
    expect(page.locator("#flash")).to_contain_text(f"Tray {a} corrected: N-S 8, E-W 5")
    assert (a, 8) in stored(two_a_round, 3)
    # The page refreshes after the correction: the version is changed behind it only once that page
    # is in (a refresh answered after the change would hold the new version, and nothing be refused).
    expect(page.locator("#main-inner")).not_to_have_attribute("data-stamp", before or "")
    with DB_LOCK:
        SlipLine.objects.filter(session=two_a_round, table__number=3, tray__number=a).update(version=9)
    card.locator("details.amend").evaluate("d => { d.open = true; }")  # still open if it stayed so
    card.locator("form[data-action=amend] .trick .face").nth(7).click()
    card.locator("form[data-action=amend] button[type=submit]").click()
    error = page.locator(f"#tray-{a} [data-error]")
    expect(error).to_contain_text("The result changed since you saw it")
    # The page refreshes after a refusal (the form now holds the stored version); the refusal stays.
    expect(card.locator("form[data-action=amend] input[name=version]")).to_have_value("9")
    expect(error).to_contain_text("The result changed since you saw it")
    expect(error).to_be_in_viewport()
    box, form = error.bounding_box(), card.bounding_box()
    assert box is not None and form is not None and form["y"] <= box["y"] <= form["y"] + form["height"]
    support.shot(page, "app-05-refused-by-the-form")
