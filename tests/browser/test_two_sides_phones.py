"""Two sides to every line, on phones at 390 x 844 (Whist and Duplicate Whist, p. 42).

At table 1 of a Howell, E-W's phone says who it is and sends a tray. With N-S holding no phone, E-W's
phone names N-S as the side to tap, behind a deliberate *Hand the phone to N-S*; N-S agree on it, and
the line says it was checked by N-S on E-W's phone handed across. Then N-S say who they are on a phone
of their own: E-W's phone, still showing the hand-over on the next tray, is refused with a sentence
when it taps *Agreed*, and N-S check on their own phone.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from scoring.models import SlipLine
from tests.browser import support
from tests.browser.support import DB_LOCK
from tests.browser.test_phone_app import first_trays, send, two_a_round  # noqa: F401
from tournaments.models import Session

pytestmark = pytest.mark.browser


def claim(page: Any, base: str, session: Session, column: int) -> str:
    """Open table 1's code and tap the pair its card shows in round 1 in this column (2: N-S, 3: E-W)."""
    with DB_LOCK:
        token = session.tables.get(number=1).token
    page.goto(f"{base}/t/{token}/")
    cell = page.locator(f".place-card tbody tr:first-child td:nth-child({column})")
    pair = (cell.text_content() or "").split()[-1]  # the whole card is folded away: its text, not what shows
    page.locator(f"button.claim-btn[value='{pair}']").click()
    expect(page.locator(".follows")).to_contain_text(f"Pair {pair}")
    return page.url


def line(session: Session, tray: int) -> SlipLine:
    with DB_LOCK:
        return SlipLine.objects.get(session=session, table__number=1, tray__number=tray)


def test_a_phone_handed_across_and_a_senders_phone_refusing_to_check(
    live_server: Any,
    new_page: Any,
    two_a_round: Session,  # noqa: F811  (the Howell of test_phone_app)
) -> None:
    a, b = first_trays(two_a_round, 1)
    ew = new_page()
    claim(ew, live_server.url, two_a_round, 3)
    send(ew, a, 9)
    expect(ew.locator("#flash")).to_contain_text(f"Tray {a} sent: N-S 9, E-W 4. Now N-S check it.")
    card = ew.locator(f"#tray-{a}")
    expect(card.locator(".handover > summary")).to_have_text("Hand the phone to N-S")
    card.locator(".handover > summary").click()
    expect(card.locator(".check-q")).to_contain_text("N-S, please check. E-W sent: N-S took 9 tricks")
    support.shot(ew, "sides-01-hand-the-phone-to-n-s")
    card.locator("form[data-action=confirm] button").click()
    expect(ew.locator("#flash")).to_contain_text(f"Tray {a} checked by N-S.")
    expect(ew.locator(f"#tray-{a} .state")).to_contain_text("Checked by N-S, on E-W's phone handed across")
    support.shot(ew, "sides-02-checked-on-the-phone-handed-across")
    checked = line(two_a_round, a)
    assert (checked.checked_side, checked.checked_how) == ("NS", "across")

    send(ew, b, 6)
    expect(ew.locator(f"#tray-{b} .handover > summary")).to_have_text("Hand the phone to N-S")
    ns = new_page()
    claim(ns, live_server.url, two_a_round, 2)  # N-S now hold a phone of their own
    card = ew.locator(f"#tray-{b}")
    card.locator(".handover > summary").click()  # E-W's page has not refreshed yet
    card.locator("form[data-action=confirm] button").click()
    expect(card.locator("[data-error]")).to_contain_text(
        f"E-W sent tray {b}: N-S check it, or dispute it, on their own phone, not on E-W's."
    )
    # the sentence names its tray once ("E-W sent tray 9: ..."), not led by "Tray 9:" again
    expect(card.locator("[data-error]")).not_to_contain_text(f"Tray {b}: E-W sent")
    expect(ew.locator("#flash")).to_contain_text(f"E-W sent tray {b}: N-S check it")
    expect(ew.locator("#flash")).not_to_contain_text(f"Tray {b}: E-W sent")
    support.shot(ew, "sides-03-the-senders-phone-refused")
    assert line(two_a_round, b).status == "entered"
    ns.reload()
    expect(ns.locator(f"#tray-{b} .check-q")).to_contain_text("N-S, please check.")
    expect(ns.locator(f"#tray-{b} .handover")).to_have_count(0)
    ns.locator(f"#tray-{b} form[data-action=confirm] button").click()
    expect(ns.locator("#flash")).to_contain_text(f"Tray {b} checked by N-S.")
    ew.reload()
    expect(ew.locator(f"#tray-{b} .state")).to_contain_text("Checked by N-S")
    support.shot(ew, "sides-04-checked-by-n-s-on-their-own-phone")
    assert (line(two_a_round, b).checked_how, line(two_a_round, b).confirmed_by.endswith("(N-S phone)")) == (
        "own",
        True,
    )


def test_what_a_phone_keeps_offline_names_the_side_that_acts(
    live_server: Any,
    new_page: Any,
    two_a_round: Session,  # noqa: F811  (the Howell of test_phone_app)
) -> None:
    """E-W's phone sends both trays with no connection, then corrects one; N-S's phone, with no
    connection, checks one and disputes the other: each kept item names the side that acts."""
    a, b = first_trays(two_a_round, 1)
    ew, ns = new_page(), new_page()
    claim(ew, live_server.url, two_a_round, 3)
    claim(ns, live_server.url, two_a_round, 2)
    ew.context.set_offline(True)
    send(ew, a, 9)
    send(ew, b, 6)
    outbox = ew.locator("#outbox")
    expect(outbox).to_contain_text(f"tray {a} (sent by E-W: N-S 9, E-W 4)")
    expect(outbox).to_contain_text(f"tray {b} (sent by E-W: N-S 6, E-W 7)")
    support.shot(ew, "sides-05-e-w-sends-kept-offline")
    ew.context.set_offline(False)
    expect(ew.locator("#flash")).to_contain_text(f"Tray {b} sent: N-S 6, E-W 7. Now N-S check it.")
    expect(outbox).to_be_hidden()

    ew.context.set_offline(True)
    card = ew.locator(f"#tray-{b}")
    card.locator("details.amend > summary").click()
    card.locator("form[data-action=amend] .trick .face").nth(5).click()
    card.locator("form[data-action=amend] button[type=submit]").click()
    expect(outbox).to_contain_text(f"tray {b} (E-W's correction: N-S 5, E-W 8)")
    expect(outbox).not_to_contain_text("N-S's correction")
    ew.context.set_offline(False)
    expect(ew.locator("#flash")).to_contain_text(f"Tray {b} corrected: N-S 5, E-W 8. Now N-S check it.")
    assert (line(two_a_round, b).ns_tricks, line(two_a_round, b).entered_side) == (5, "EW")

    ns.reload()
    ns.context.set_offline(True)
    ns.locator(f"#tray-{a} form[data-action=confirm] button").click()
    card = ns.locator(f"#tray-{b}")
    card.locator("details.disagree > summary").click()
    card.locator("form[data-action=dispute] .trick .face").nth(4).click()
    card.locator("form[data-action=dispute] button[type=submit]").click()
    outbox = ns.locator("#outbox")
    expect(outbox).to_contain_text(f"tray {a} (checked by N-S)")
    expect(outbox).to_contain_text(f"tray {b} (N-S's count: N-S 4, E-W 9)")
    expect(outbox).not_to_contain_text("E-W's")
    support.shot(ns, "sides-06-n-s-check-and-dispute-kept-offline")
    ns.context.set_offline(False)
    expect(ns.locator("#flash")).to_contain_text(f"Tray {a} checked by N-S.")
    expect(outbox).to_be_hidden()
    assert (line(two_a_round, a).status, line(two_a_round, b).status) == ("confirmed", "disputed")
    assert (line(two_a_round, b).claimed, line(two_a_round, b).ns_tricks) == (4, 5)
