"""Two sides to every line, whatever phone is used, through every door (the audit's first finding).

W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 42: N-S send their count, E-W check it. Whoever
sends, the other side checks: on its own phone when it holds one (a pass not ended), and the sender's
phone is then refused with a sentence; a side with no phone checks on the sender's phone handed across,
and the line says so. The doors: the phone page's plain forms, the phone API, a whist drive's player
phones, a mnemonic sitting's, and an individual movement's. The phones' and the director's words say
truly who checked (``table_parts.status_label``).
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from entry.services.decisions import dispute_settle
from entry.services.directing import round_enter
from scoring.models import SlipLine
from tests.phones import Phone, claimed
from tournaments.models import Club, EntrantLink, Session, Table
from tournaments.services import club as club_services
from tournaments.services import seating, sessions

pytestmark = pytest.mark.django_db

REFUSED = "E-W sent tray 1: N-S check it, or dispute it, on their own phone, not on E-W's."


def table_1(session: Session) -> Table:
    return session.tables.get(number=1)


def tray_card(html: str, tray: int) -> str:
    """The tray's card on the phone's page."""
    found = re.search(rf'<article class="tray[^"]*" id="tray-{tray}".*?</article>', html, re.S)
    assert found, f"tray {tray} is not on the page"
    return found.group(0)


def line_of(session: Session) -> SlipLine:
    return SlipLine.objects.get(session=session, tray__number=1, table__number=1)


def message(answer: Any) -> str:
    body = answer.json()
    return str(body["detail"]) if "detail" in body else str(next(iter(body.values()))[0])


def plain_send(phone: Phone, tray: int, ns_tricks: int) -> Any:
    """A tray sent from the phone page's plain form (no JavaScript), followed to the page."""
    body = {"tray": tray, "ns_tricks": ns_tricks, "round": 1, "key": f"plain-{tray}"}
    return phone.client.post(phone.base, body, follow=True)


def plain_confirm(phone: Phone, tray: int, version: int = 1) -> str:
    """The plain form's check, followed to the page: the page's text."""
    answer = phone.client.post(f"{phone.base}trays/{tray}/confirm/", {"version": version}, follow=True)
    return html.unescape(answer.content.decode())


# --- The phone page (plain forms) ----------------------------------------------------------------


def test_the_pages_plain_forms_refuse_the_senders_phone_while_the_other_side_has_its_own(
    running_session: Session,
) -> None:
    """The audit's case: pair 2, sitting E-W at table 1, sends "N-S 9"; pair 1 (N-S) holds a phone."""
    ew, ns = Phone.at(table_1(running_session), "EW"), Phone.at(table_1(running_session), "NS")
    assert b"Tray 1 sent: N-S 9, E-W 4." in plain_send(ew, 1, 9).content
    assert REFUSED in plain_confirm(ew, 1)
    assert line_of(running_session).status == "entered"
    line = line_of(running_session)
    assert (line.entered_side, line.entered_by) == ("EW", "pair 2 (E-W phone)")
    card = tray_card(ew.page().content.decode(), 1)
    assert "Agreed" not in card and "N-S check it on their own phone." in card
    assert "Waiting for N-S to check" in card
    card = tray_card(ns.page().content.decode(), 1)
    assert "N-S, please check.</b> E-W sent" in card and "Hand the phone" not in card
    assert "Tray 1 checked by n-s: N-S 9, E-W 4." in plain_confirm(ns, 1)
    line = line_of(running_session)
    assert (line.status, line.checked_side, line.checked_how) == ("confirmed", "NS", "own")
    assert line.confirmed_by == "pair 1 (N-S phone)"
    assert line.confirmed_device == ns.client.cookies["cw_device"].value
    for phone in (ew, ns):
        assert "Checked by N-S" in tray_card(phone.page().content.decode(), 1)


def test_the_pages_plain_forms_take_the_senders_phone_handed_across_when_the_other_side_has_none(
    running_session: Session,
) -> None:
    ew = Phone.at(table_1(running_session), "EW")
    plain_send(ew, 1, 9)
    card = tray_card(ew.page().content.decode(), 1)
    assert "Hand the phone to N-S</summary>" in card and "N-S, please check." in card
    assert "Tray 1 checked by n-s, on e-w's phone handed across" in plain_confirm(ew, 1)
    line = line_of(running_session)
    assert (line.status, line.checked_side, line.checked_how) == ("confirmed", "NS", "across")
    assert line.confirmed_by == "pair 1 (N-S, on pair 2's phone handed across)"
    card = tray_card(ew.page().content.decode(), 1)
    assert "Checked by N-S, on E-W&#x27;s phone handed across" in card


def test_only_the_side_that_sent_corrects_its_count(running_session: Session) -> None:
    ew, ns = Phone.at(table_1(running_session), "EW"), Phone.at(table_1(running_session), "NS")
    assert ew.send(1, 9, key="k").status_code == 201
    refused = ns.post("amend", tray=1, ns_tricks=8, version=1)
    assert refused.status_code == 400
    assert (
        message(refused) == "Only E-W, who sent tray 1, may correct their count; N-S check it, or dispute it."
    )
    assert "may correct it until N-S check it" in tray_card(ew.page().content.decode(), 1)
    assert ew.post("amend", tray=1, ns_tricks=8, version=1).status_code == 200
    assert line_of(running_session).ns_tricks == 8


# --- The phone API ---------------------------------------------------------------------------------


def test_the_api_refuses_the_senders_phone_to_check_or_dispute_while_the_other_side_has_its_own(
    running_session: Session,
) -> None:
    ew, ns = Phone.at(table_1(running_session), "EW"), Phone.at(table_1(running_session), "NS")
    sent = ew.send(1, 9, key="k")
    for action, body in (("confirm", {"version": 1}), ("dispute", {"claimed": 7})):
        refused = ew.post(action, tray=1, **body)
        assert refused.status_code == 400 and message(refused).startswith(REFUSED), action
    assert line_of(running_session).status == "entered"
    assert sent.status_code == 201 and sent.json()["line"]["entered_side"] == "EW"
    answer = ns.post("confirm", tray=1, version=1)
    assert answer.status_code == 200
    assert (answer.json()["checked_side"], answer.json()["checked_how"]) == ("NS", "own")


def test_the_api_takes_the_senders_phone_handed_across_when_the_other_side_has_none(
    running_session: Session,
) -> None:
    ns = Phone.at(table_1(running_session), "NS")
    assert ns.send(1, 8, key="k").status_code == 201
    answer = ns.post("confirm", tray=1, version=1)
    assert answer.status_code == 200 and answer.json()["checked_how"] == "across"
    assert line_of(running_session).confirmed_by == "pair 2 (E-W, on pair 1's phone handed across)"


def test_a_phone_released_by_the_director_no_longer_holds_the_check(running_session: Session) -> None:
    from tournaments.services.phones import entrant_release_phones

    ns, ew = Phone.at(table_1(running_session), "NS"), Phone.at(table_1(running_session), "EW")
    assert ns.send(1, 8, key="k").status_code == 201
    assert ns.post("confirm", tray=1, version=1).status_code == 400
    assert ew.state().status_code == 200
    pair_2 = EntrantLink.objects.get(session=running_session, entrant__number=2)
    assert entrant_release_phones(link=pair_2) == 1
    answer = ns.post("confirm", tray=1, version=1)
    assert answer.status_code == 200, answer.content
    assert line_of(running_session).checked_how == "across"


# --- The director's words: who truly checked --------------------------------------------------------


def test_a_dispute_settled_for_e_ws_count_says_so_on_both_phones(running_session: Session) -> None:
    ns, ew = Phone.at(table_1(running_session), "NS"), Phone.at(table_1(running_session), "EW")
    assert ns.send(1, 8, key="k").status_code == 201
    assert ew.post("dispute", tray=1, claimed=6).status_code == 200
    dispute_settle(line=line_of(running_session), accept="ew", by="director")
    line = line_of(running_session)
    assert (line.ns_tricks, line.checked_side, line.checked_how) == (6, "EW", "settled")
    for phone in (ns, ew):
        card = tray_card(phone.page().content.decode(), 1)
        assert "Disputed; settled by the director for E-W&#x27;s count" in card
        assert "Checked by E-W" not in card


def test_a_line_the_director_entered_says_so_on_the_phones(running_session: Session) -> None:
    ns = Phone.at(table_1(running_session), "NS")
    entered = round_enter(session=running_session, round_number=1, entries={(1, 1): "7"})
    assert entered.saved == 1, entered.errors
    assert line_of(running_session).checked_how == "director"
    card = tray_card(ns.page().content.decode(), 1)
    assert "Entered by the director" in card and "Checked by E-W" not in card


# --- A whist drive's player phones -----------------------------------------------------------------


def drive_seats(session: Session, table: int) -> dict[str, EntrantLink]:
    """The players' own links at a drive table in the first change, by seat."""
    from tournaments.models import DriveChange

    seats = DriveChange.objects.get(session=session, number=1).seating[str(table)]
    return {seat: EntrantLink.objects.get(session=session, entrant__number=n) for seat, n in seats.items()}


def drive_post(client: Client, token: str, route: str, body: dict[str, Any]) -> Any:
    url = f"/api/v1/entrant-links/{token}/drive/{route}"
    return client.post(url, json.dumps(body), content_type="application/json")


@pytest.mark.parametrize("east_has_a_phone", [True, False])
def test_a_drive_result_is_checked_by_the_other_side(
    drive_of: Callable[..., Session], east_has_a_phone: bool
) -> None:
    session = drive_of(tables=2)
    seats, north = drive_seats(session, 1), Client()
    north_pass = claimed(seats["N"], table_1(session), device="north-phone")
    north.cookies["cw_device"] = "north-phone"
    if east_has_a_phone:
        claimed(seats["E"], table_1(session))
    assert drive_post(north, north_pass, "result/", {"winner": "NS", "points": 2}).status_code == 201
    answer = drive_post(north, north_pass, "check/", {"version": 1})
    if east_has_a_phone:
        assert answer.status_code == 400 and message(answer).startswith("N-S sent tray")
        assert line_of(session).status == "entered" and line_of(session).entered_side == "NS"
        page = north.get(f"/d/{north_pass}/").content.decode()
        assert "check-btn" not in page and "Hand this phone" not in page
    else:
        assert answer.status_code == 200
        line = line_of(session)
        assert (line.status, line.checked_side, line.checked_how) == ("confirmed", "EW", "across")
        assert line.confirmed_device == "north-phone"


def test_a_drive_pages_plain_form_refuses_the_senders_check(drive_of: Callable[..., Session]) -> None:
    session = drive_of(tables=2)
    seats, north = drive_seats(session, 1), Client()
    north_pass = claimed(seats["N"], table_1(session))
    claimed(seats["W"], table_1(session))
    assert drive_post(north, north_pass, "result/", {"winner": "EW", "points": 1}).status_code == 201
    page = north.post(f"/d/{north_pass}/check", {"version": 1}, follow=True).content.decode()
    assert "N-S sent tray" in page and "on their own phone" in page
    assert line_of(session).status == "entered"


# --- A mnemonic sitting, and an individual movement ---------------------------------------------------


def seat_links(session: Session, table: Table, round_number: int = 1) -> dict[str, EntrantLink]:
    """The players' own links at a table in a round, by seat (an individual movement seats players)."""
    found = table.seatings.get(round__number=round_number).seats.select_related("entrant")
    return {s.direction: EntrantLink.objects.get(entrant=s.entrant, side="") for s in found}


def individual_session(club: Club) -> Session:
    players = [club_services.player_create(club=club, name=f"Individual {i}") for i in range(8)]
    session = sessions.session_create(
        club=club, date=dt.date(2026, 11, 9), title="Individuals", entrant_kind="individuals"
    )
    for player in players:
        sessions.entrant_create(session=session, players=[player])
    seating.movement_fix(session=session, family="individual")
    return sessions.session_start(session=session)


@pytest.mark.parametrize("kind", ["mnemonic", "individual"])
@pytest.mark.parametrize("others_have_a_phone", [True, False])
def test_a_players_line_is_checked_by_the_other_side(
    kind: str, others_have_a_phone: bool, club: Club, mnemonic_of: Callable[..., Session]
) -> None:
    session = mnemonic_of(deals_count=4) if kind == "mnemonic" else individual_session(club)
    table = table_1(session)
    links = seat_links(session, table)
    north = Phone(link=links["N"])
    north._follow(claimed(links["N"], table, device=north.client.cookies["cw_device"].value))
    if others_have_a_phone:
        claimed(links["W"], table)
    tray = table.seatings.get(round__number=1).seating_trays.order_by("order").first().tray.number
    assert north.send(tray, 7, key="n").status_code == 201
    answer = north.post("confirm", tray=tray, version=1)
    line = SlipLine.objects.get(session=session, tray__number=tray, table=table)
    assert line.entered_by.endswith("(N-S phone)")
    if others_have_a_phone:
        assert answer.status_code == 400 and "E-W check it, or dispute it, on their own phone" in message(
            answer
        )
        line.refresh_from_db()
        assert line.status == "entered" and line.entered_side == "NS"
        west = Phone(link=links["W"])
        assert west.post("confirm", tray=tray, version=1).status_code == 200
        line.refresh_from_db()
        assert (line.checked_side, line.checked_how) == ("EW", "own")
    else:
        assert answer.status_code == 200
        line.refresh_from_db()
        assert (line.checked_side, line.checked_how) == ("EW", "across")
        assert line.confirmed_by.startswith("(E-W, on player ")
