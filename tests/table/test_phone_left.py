"""A phone shows results to its pair, not to whoever holds it (the audit's fifth finding).

A phone left at a table is picked up by the next pair to sit there. Its pass goes in doubt when the
phone opens the code of a table where its pair is not due, or asks anything after ``PASS_PAUSE``; in
doubt it shows no traveller, no line, no score and not the pair's code, and acts on nothing, until the
pair confirms it holds the phone by its code or its own printed link; a tap on the pair's name does not.
*Not us?* leads back to the table's page.
"""

from __future__ import annotations

import datetime as dt
import html
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from tests.phones import Phone
from tournaments.models import EntrantLink, PhonePass, Session, Table
from tournaments.services.phones import PASS_PAUSE

pytestmark = pytest.mark.django_db


def table(session: Session, number: int) -> Table:
    return session.tables.get(number=number)


def round_one_trays(session: Session) -> list[int]:
    seating = table(session, 1).seatings.get(round__number=1)
    return [st.tray.number for st in seating.seating_trays.select_related("tray").order_by("order")]


@pytest.fixture
def left(running_session: Session) -> Phone:
    """Table 1 has played round 1 (sent and checked): pair 2, its E-W pair, moves on and leaves its
    phone on the table; the phone is the next pair's to pick up."""
    ns, ew = Phone.at(table(running_session, 1), "NS"), Phone.at(table(running_session, 1), "EW")
    for tray in round_one_trays(running_session):
        assert ns.send(tray, 7, key=f"k{tray}").status_code == 201
        assert ew.post("confirm", tray=tray).status_code == 200
    assert ew.state().json()["round"] == 2
    return ew


def the_pass(phone: Phone) -> PhonePass:
    return PhonePass.objects.get(token=phone.token)


def shows_nothing(phone: Phone, session: Session) -> None:
    """The phone shows whom it followed and nothing of its results; it acts on nothing."""
    page = html.unescape(phone.page(**{"X-Table-Partial": "1"}).content.decode())
    assert "Is this pair 2's phone?" in page and 'id="vouch-btn"' in page
    assert "traveller" not in page and "join-code" not in page and "Tray 1" not in page
    state = phone.state().json()
    assert state["in_doubt"] and state["now"] is None and state["evening"] == []
    assert state["follows"]["code"] == ""
    assert phone.client.get(f"{phone.api}trays/1/traveller/").status_code == 404
    refused = phone.post("confirm", tray=1)
    assert refused.status_code == 400 and "must first show it is still pair 2's" in refused.content.decode()


def test_a_phone_that_opens_a_table_where_its_pair_is_not_due_shows_nothing(
    left: Phone, running_session: Session
) -> None:
    assert (
        left.client.get(f"{left.api}trays/1/traveller/").status_code == 200
    )  # its pair's, while it holds it
    assert left.client.get(f"/t/{table(running_session, 1).token}/").status_code == 200
    doubted = the_pass(left)
    assert doubted.in_doubt and doubted.doubted_table == table(running_session, 1)
    shows_nothing(left, running_session)


def test_a_phone_opening_its_own_pairs_table_stays_its_pairs(left: Phone, running_session: Session) -> None:
    now = left.state().json()["now"]["table"]
    assert left.client.get(f"/t/{table(running_session, now).token}/").status_code == 200
    assert not the_pass(left).in_doubt
    assert left.client.get(f"{left.api}trays/1/traveller/").status_code == 200


def test_a_tap_on_the_pairs_name_confirms_nothing_its_code_does(
    left: Phone, running_session: Session
) -> None:
    here = table(running_session, 1)
    left.client.get(f"/t/{here.token}/")
    left.client.post(f"/t/{here.token}/claim", {"entrant": "2"})  # the same phone taps pair 2 again
    assert the_pass(left).in_doubt
    wrong = left.client.post(f"{left.base}vouch", {"code": "000000"}, follow=True)
    assert "That is not pair 2&#x27;s code" in wrong.content.decode()
    assert the_pass(left).in_doubt
    link = EntrantLink.objects.get(session=running_session, entrant__number=2)
    assert link.join_failures == 1
    right = left.client.post(f"{left.base}vouch", {"code": link.join_code}, follow=True)
    assert b"This phone follows you again." in right.content
    assert not the_pass(left).in_doubt
    link.refresh_from_db()
    assert link.join_failures == 0  # and a new code: it served once
    assert left.client.get(f"{left.api}trays/1/traveller/").status_code == 200


def test_its_own_printed_link_opened_on_the_phone_confirms_it(left: Phone, running_session: Session) -> None:
    left.client.get(f"/t/{table(running_session, 1).token}/")
    link = EntrantLink.objects.get(session=running_session, entrant__number=2)
    answer = left.client.get(f"/p/{link.token}/")
    assert b"This phone follows you again" in answer.content
    assert not the_pass(left).in_doubt


def test_a_printed_link_opened_on_a_phone_not_in_doubt_says_nothing_of_it(
    left: Phone, running_session: Session
) -> None:
    """Only a phone whose pass was in doubt is told it follows its entrant again: not one that never
    left, nor a phone that never had a pass."""
    link = EntrantLink.objects.get(session=running_session, entrant__number=2)
    assert not the_pass(left).in_doubt
    assert b"follows you again" not in left.client.get(f"/p/{link.token}/").content
    assert b"follows you again" not in Client().get(f"/p/{link.token}/").content


@pytest.mark.parametrize(
    ("minutes", "doubted"), [(PASS_PAUSE.seconds // 60 - 1, False), (PASS_PAUSE.seconds // 60 + 1, True)]
)
def test_a_phone_back_after_a_pause_shows_nothing(
    left: Phone, running_session: Session, minutes: int, doubted: bool
) -> None:
    PhonePass.objects.filter(token=left.token).update(seen_at=timezone.now() - dt.timedelta(minutes=minutes))
    answer = left.state()
    assert answer.json()["in_doubt"] is doubted
    assert the_pass(left).in_doubt is doubted
    if doubted:
        assert the_pass(left).doubted_why == "back after a pause"
        shows_nothing(left, running_session)


def test_a_request_keeps_its_pass_seen(left: Phone) -> None:
    two_minutes = timezone.now() - dt.timedelta(minutes=2)
    PhonePass.objects.filter(token=left.token).update(seen_at=two_minutes)
    left.state()
    assert the_pass(left).seen_at > two_minutes + dt.timedelta(minutes=1)


def test_not_us_leads_back_to_the_tables_page(left: Phone, running_session: Session) -> None:
    here = table(running_session, 1)
    left.client.get(f"/t/{here.token}/")
    answer = left.client.post(f"{left.base}leave").content.decode()
    assert f'href="/t/{here.token}/"' in answer and "Back to table 1" in answer
    assert the_pass(left).ended_why == "not us"


def test_not_us_after_a_pause_leads_to_the_table_its_pair_last_played_at(
    left: Phone, running_session: Session
) -> None:
    PhonePass.objects.filter(token=left.token).update(seen_at=timezone.now() - PASS_PAUSE * 2)
    answer: Any = left.client.post(f"{left.base}leave")
    assert f'href="/t/{table(running_session, 1).token}/"' in answer.content.decode()


def test_a_phone_opening_the_table_its_pair_comes_to_next_round_is_in_doubt(
    left: Phone, running_session: Session
) -> None:
    """A table the pair comes to later is no proof the phone is still the pair's: a phone left where its
    pair comes back later (a Howell brings pairs back) is picked up there by the pairs between, who have
    not played its trays yet."""
    pair = the_pass(left).link.entrant
    now = left.state().json()["now"]["table"]
    later = [
        s.table.number
        for s in table(running_session, now).session.rounds.get(number=3).seatings.select_related("table")
        if pair.pk in (s.ns_id, s.ew_id)
    ]
    assert later and later[0] != now, "the pair moves to another table in round 3"
    assert left.client.get(f"/t/{table(running_session, later[0]).token}/").status_code == 200
    assert the_pass(left).in_doubt
    shows_nothing(left, running_session)
