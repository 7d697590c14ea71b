"""A phone that sends a count the scorer's eye would flag asks its pair once first (``ask``, ``sure``).

The question names only the pair's own count ("N-S 4, so E-W 9: is that right?"), never what another
table made; a client that does not ask (the plain form, any older client) sends as before.
"""

from __future__ import annotations

import re

import pytest

from entry.services.directing import round_enter
from scoring.models import SlipLine
from tests.phones import Phone
from tournaments.models import Deal, Session

pytestmark = pytest.mark.django_db


def _others_on_tray_1(session: Session, counts: tuple[int, int]) -> None:
    """Tray 1's lines of rounds 2 and 3 (tables 2 and 3 play it there), entered by the director."""
    for rnd, count in zip((2, 3), counts, strict=True):
        seating = next(s for s in session.rounds.get(number=rnd).seatings.all() if s.trays.get().number == 1)
        entries = {(seating.table.number, 1): str(count)}
        assert not round_enter(session=session, round_number=rnd, entries=entries).errors


def test_a_count_that_looks_swapped_is_asked_about_once_then_sent(running_session: Session) -> None:
    _others_on_tray_1(running_session, (9, 10))
    phone = Phone.at(running_session.tables.get(number=1))
    asked = phone.send(1, 4, ask=True)
    assert asked.status_code == 400 and asked.json() == {"ask": ["N-S 4, so E-W 9: is that right?"]}
    assert not SlipLine.objects.filter(session=running_session, table__number=1).exists()
    sent = phone.send(1, 4, ask=True, sure=True)
    assert sent.status_code == 201 and sent.json()["line"]["ns_tricks"] == 4


def test_the_question_is_the_same_whatever_the_other_tables_made(running_session: Session) -> None:
    _others_on_tray_1(running_session, (12, 11))
    asked = Phone.at(running_session.tables.get(number=1)).send(1, 2, ask=True)
    assert asked.json() == {"ask": ["N-S 2, so E-W 11: is that right?"]}  # nothing of 12 or 11 at the others


def test_a_count_that_fits_is_sent_at_once(running_session: Session) -> None:
    _others_on_tray_1(running_session, (9, 10))
    assert Phone.at(running_session.tables.get(number=1)).send(1, 9, ask=True).status_code == 201


def test_the_first_table_to_play_a_tray_is_asked_only_from_the_double_dummy(running_session: Session) -> None:
    phone = Phone.at(running_session.tables.get(number=1))
    Deal.objects.filter(tray__session=running_session, tray__number=1).update(
        double_dummy={"ns": 10, "ew": 3}
    )
    assert phone.send(1, 3, ask=True).json() == {"ask": ["N-S 3, so E-W 10: is that right?"]}
    Deal.objects.filter(tray__session=running_session, tray__number=1).update(double_dummy=None)
    assert phone.send(1, 3, ask=True).status_code == 201


def test_a_client_that_does_not_ask_sends_as_before(running_session: Session) -> None:
    _others_on_tray_1(running_session, (9, 10))
    assert Phone.at(running_session.tables.get(number=1)).send(1, 4).status_code == 201


def test_a_count_out_of_range_is_refused_as_before_not_asked(running_session: Session) -> None:
    _others_on_tray_1(running_session, (9, 10))
    refused = Phone.at(running_session.tables.get(number=1)).send(1, 14, ask=True)
    assert refused.status_code == 400 and "ask" not in refused.json()


def test_a_tray_the_pair_has_not_played_is_never_asked_about(running_session: Session) -> None:
    """Table 1's pair plays tray 1 in round 1; asking of tray 2 (not yet played) tells nothing of it."""
    first = running_session.rounds.get(number=1).seatings.all()
    table_2 = next(s for s in first if s.trays.get().number == 2)
    assert not round_enter(
        session=running_session, round_number=1, entries={(table_2.table.number, 2): "10"}
    ).errors
    phone = Phone.at(running_session.tables.get(number=1))
    deal = Deal.objects.filter(tray__session=running_session, tray__number=2)
    deal.update(double_dummy={"ns": 10, "ew": 3})
    for count in (0, 3, 10, 13):
        answer = phone.send(2, count, ask=True)
        assert answer.status_code == 400 and "ask" not in answer.json()


def test_the_plain_form_asks_on_a_page_of_its_own_and_sends_when_told_yes(running_session: Session) -> None:
    """Without JavaScript: the send form carries ``ask``; the answer is a 400 page with the question, a
    "Yes, send" form carrying the same count and ``sure``, and "No, change it" back to the tray."""
    _others_on_tray_1(running_session, (9, 10))
    phone = Phone.at(running_session.tables.get(number=1))
    assert 'name="ask" value="true"' in phone.page().content.decode()
    form = {"tray": 1, "round": 1, "key": "k" * 20, "ns_tricks": 4, "ask": "true"}
    asked = phone.client.post(phone.base, form)
    page = asked.content.decode()
    assert asked.status_code == 400 and "N-S 4, so E-W 9: is that right?" in page
    assert "Yes, send N-S 4" in page and "No, change it" in page and f'href="{phone.base}#tray-1"' in page
    assert (
        'name="sure" value="true"' in page
        and 'name="ask"' not in page
        and asked["Cache-Control"] == "no-store"
    )
    assert not SlipLine.objects.filter(session=running_session, table__number=1).exists()
    carried = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page))
    carried.pop("csrfmiddlewaretoken")
    assert carried == {"tray": "1", "round": "1", "key": "k" * 20, "ns_tricks": "4", "sure": "true"}
    sent = phone.client.post(phone.base, carried)
    assert sent.status_code == 302
    line = SlipLine.objects.get(session=running_session, table__number=1)
    assert line.ns_tricks == 4 and line.tray.number == 1


def test_the_plain_form_sends_a_count_that_fits_at_once(running_session: Session) -> None:
    _others_on_tray_1(running_session, (9, 10))
    phone = Phone.at(running_session.tables.get(number=1))
    sent = phone.client.post(phone.base, {"tray": 1, "round": 1, "ns_tricks": 10, "ask": "true"})
    assert (
        sent.status_code == 302 and SlipLine.objects.filter(session=running_session, table__number=1).exists()
    )


def test_a_correction_to_a_count_that_looks_swapped_is_asked_about_once_then_made(
    running_session: Session,
) -> None:
    """N-S correct their count before E-W check it: the corrected count is judged as a send's is, among
    the other tables' lines (their own line, the one corrected, left out), and asked about once."""
    _others_on_tray_1(running_session, (9, 10))
    phone = Phone.at(running_session.tables.get(number=1))
    assert phone.send(1, 9, ask=True).status_code == 201
    asked = phone.post("amend", tray=1, ns_tricks=4, version=1, ask=True)
    assert asked.status_code == 400 and asked.json() == {"ask": ["N-S 4, so E-W 9: is that right?"]}
    assert SlipLine.objects.get(session=running_session, table__number=1).ns_tricks == 9
    assert phone.post("amend", tray=1, ns_tricks=10, version=1, ask=True).status_code == 200
    made = phone.post("amend", tray=1, ns_tricks=4, version=2, ask=True, sure=True)
    assert made.status_code == 200
    assert SlipLine.objects.get(session=running_session, table__number=1).ns_tricks == 4


def test_the_plain_correction_form_asks_on_a_page_of_its_own(running_session: Session) -> None:
    _others_on_tray_1(running_session, (9, 10))
    phone = Phone.at(running_session.tables.get(number=1))
    assert phone.send(1, 9).status_code == 201
    amend = f"{phone.base}trays/1/amend/"
    assert f'action="{amend}"' in phone.page().content.decode()
    asked = phone.client.post(amend, {"tray": 1, "version": 1, "ns_tricks": 4, "ask": "true"})
    page = asked.content.decode()
    assert asked.status_code == 400 and "N-S 4, so E-W 9: is that right?" in page
    assert (
        f'action="{amend}"' in page
        and "Yes, correct to N-S 4" in page
        and f'href="{phone.base}#tray-1"' in page
    )
    carried = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page))
    carried.pop("csrfmiddlewaretoken")
    assert carried == {"tray": "1", "version": "1", "ns_tricks": "4", "sure": "true"}
    assert SlipLine.objects.get(session=running_session, table__number=1).ns_tricks == 9
    assert phone.client.post(amend, carried).status_code == 302
    assert SlipLine.objects.get(session=running_session, table__number=1).ns_tricks == 4
