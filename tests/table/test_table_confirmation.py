"""Confirmation that cannot get lost: a line waits until E-W check it; N-S may correct it first."""

from __future__ import annotations

import re
from typing import Any

import pytest

from entry.selectors.board import unconfirmed_lines
from entry.services.decisions import Decision
from entry.services.directing import session_close, session_publish
from scoring.models import SlipLine, SlipLineVersion
from tournaments.models import Session
from tournaments.selectors import slips_version
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def line(session: Session, tray: int) -> SlipLine:
    """Table 1's line on a tray."""
    return SlipLine.objects.get(session=session, table__number=1, tray__number=tray)


def tray_card(html: str, tray: int) -> str:
    """The tray's card on the page."""
    found = re.search(rf'<article class="tray[^"]*" id="tray-{tray}".*?</article>', html, re.S)
    assert found, f"tray {tray} is not on the page"
    return found.group(0)


def test_n_s_correct_their_count_before_e_w_check_it(phone: Any, running_session: Session) -> None:
    assert phone.send(1, 8, key="k-1").status_code == 201
    before = slips_version(session_id=running_session.pk)
    response = phone.post("amend", tray=1, ns_tricks=9, version=1)
    assert response.status_code == 200 and response.json()["ns_tricks"] == 9
    stored = line(running_session, 1)
    assert (stored.ns_tricks, stored.version, stored.status) == (9, 2, "entered")
    kept = SlipLineVersion.objects.get(line=stored)
    assert (
        kept.change == "amended" and kept.data["ns_tricks"] == 8 and kept.changed_by == "pair 1 (N-S phone)"
    )
    assert slips_version(session_id=running_session.pk) > before


def test_a_correction_repeated_changes_nothing_more(phone: Any, running_session: Session) -> None:
    phone.send(1, 8, key="k-1")
    assert phone.post("amend", tray=1, ns_tricks=9).status_code == 200
    assert phone.post("amend", tray=1, ns_tricks=9).status_code == 200
    assert line(running_session, 1).version == 2


def test_once_e_w_have_checked_only_the_director_corrects(phone: Any, running_session: Session) -> None:
    phone.send(1, 8, key="k-1")
    phone.post("confirm", tray=1, version=1)
    response = phone.post("amend", tray=1, ns_tricks=9)
    assert response.status_code == 409 and "only the director" in response.json()["detail"]
    assert line(running_session, 1).ns_tricks == 8


def test_a_disputed_line_is_the_director_s(phone: Any, running_session: Session) -> None:
    phone.send(1, 8, key="k-1")
    phone.post("dispute", tray=1, claimed=7)
    assert phone.post("amend", tray=1, ns_tricks=9).status_code == 409
    assert line(running_session, 1).ns_tricks == 8


def test_a_correction_of_a_line_changed_since_seen_is_refused(phone: Any, running_session: Session) -> None:
    phone.send(1, 8, key="k-1")
    assert phone.post("amend", tray=1, ns_tricks=9, version=5).status_code == 409
    assert line(running_session, 1).ns_tricks == 8


@pytest.mark.parametrize("bad", [14, -1, "eight", None])
def test_a_correction_out_of_range_is_refused_by_the_field(
    phone: Any, running_session: Session, bad: Any
) -> None:
    phone.send(1, 8, key="k-1")
    response = phone.post("amend", tray=1, ns_tricks=bad)
    assert response.status_code == 400 and "ns_tricks" in response.json()
    assert line(running_session, 1).ns_tricks == 8


def test_e_w_s_own_phone_may_not_correct_n_s_s_count(
    make_phone: Any, phone: Any, running_session: Session
) -> None:
    phone.send(1, 8, key="k-1")
    ew = make_phone.following(running_session, line(running_session, 1).ew.number)
    response = ew.post("amend", tray=1, ns_tricks=9)
    assert response.status_code == 400 and "Only N-S" in response.json()["ns_tricks"][0]
    ns = make_phone.following(running_session, 1)
    assert ns.post("amend", tray=1, ns_tricks=9).status_code == 200


def test_the_page_offers_the_correction_to_n_s_only(
    make_phone: Any, phone: Any, running_session: Session
) -> None:
    phone.send(1, 8, key="k-1")
    assert 'data-action="amend"' in tray_card(phone.page().content.decode(), 1)
    ew = make_phone.following(running_session, line(running_session, 1).ew.number)
    assert 'data-action="amend"' not in tray_card(ew.page().content.decode(), 1)


def test_the_plain_form_corrects_and_a_refusal_shows_by_the_tray(
    phone: Any, running_session: Session
) -> None:
    phone.send(1, 8, key="k-1")
    ok = phone.client.post(phone.base + "trays/1/amend/", {"ns_tricks": "6", "version": "1"}, follow=True)
    assert "Tray 1 corrected: N-S 6, E-W 7." in ok.content.decode()
    refused = phone.client.post(
        phone.base + "trays/1/amend/", {"ns_tricks": "6", "version": "1"}, follow=True
    )
    card = tray_card(refused.content.decode(), 1)
    assert 'class="form-error" data-error role="alert">The result changed since you saw it' in card


def test_a_refused_send_is_reported_next_to_its_form(phone: Any) -> None:
    response = phone.client.post(phone.base, {"tray": "1", "ns_tricks": "14"}, follow=True)
    card = tray_card(response.content.decode(), 1)
    assert "Tricks must be from 0 to 13, not 14." in card and 'data-action="send"' in card


def test_an_unchecked_line_stays_on_the_page_wherever_the_table_is(
    phone: Any, running_session: Session
) -> None:
    for tray in (1, 3, 2):  # rounds 1, 2 and 3 of table 1
        assert phone.send(tray, 7, key=f"k-{tray}").status_code == 201
    html = phone.page().content.decode()
    assert "Waiting for the other side&#x27;s check" in html or "Waiting for the other side's check" in html
    for tray in (1, 3):
        assert "E-W, please check." in tray_card(html, tray)
    state = phone.state().json()
    assert [c["number"] for c in state["unchecked"]] == [1, 2]
    assert phone.post("confirm", tray=1).status_code == 200
    assert [c["number"] for c in phone.state().json()["unchecked"]] == [2]


def test_the_pair_that_must_check_finds_the_line_at_its_next_tables(
    make_phone: Any, phone: Any, running_session: Session
) -> None:
    phone.send(1, 7, key="k-1")
    ew_pair = line(running_session, 1).ew.number
    ew = make_phone.following(running_session, ew_pair)
    for rnd in (1, 2):  # the room plays on: E-W are at another table in round 3
        for seat in running_session.rounds.get(number=rnd).seatings.select_related("table"):
            tray = seat.trays.first().number
            if (seat.table.number, tray) != (1, 1):
                assert make_phone(seat.table).send(tray, 6, key=f"{rnd}-{tray}").status_code == 201
    assert ew.state().json()["round"] == 3 and ew.state().json()["now"]["table"] != 1
    html = ew.page().content.decode()
    assert "E-W, please check." in tray_card(html, 1)
    assert ew.post("confirm", tray=1).status_code == 200
    assert line(running_session, 1).status == "confirmed"


def test_the_move_comes_before_the_travellers(make_phone: Any, running_session: Session) -> None:
    ns = make_phone.following(running_session, 1)
    assert ns.send(1, 8, key="k-1").status_code == 201
    html = ns.page().content.decode()
    assert html.index('id="move-h"') < html.index("The traveling slip, unfolded")


def test_a_tray_s_score_reads_as_that_tray_s_alone(make_phone: Any, running_session: Session) -> None:
    ns = make_phone.following(running_session, 1)
    ns.send(1, 8, key="k-1")
    html = ns.page().content.decode()
    assert "on tray 1 alone" in html and "It is not a total." in html and ", so far<" not in html


def test_once_published_the_page_links_to_the_results(
    make_phone: Any, phone: Any, running_session: Session
) -> None:
    for table in running_session.tables.all():
        for seat in table.seatings.all():
            for tray in seat.trays.all():
                make_phone(table).send(tray.number, 7, key=f"{table.number}-{tray.number}")
    unchecked = unconfirmed_lines(session=running_session)
    session_close(
        session=running_session, decisions=[Decision(line=ln.pk, action="confirm") for ln in unchecked]
    )
    closed = phone.page().content.decode()
    assert "links to the results once they are published" in closed and "see the results</a>" not in closed
    session_publish(session=running_session, standings=True, travellers=False, hand_records=False)
    html = phone.page().content.decode()
    assert f'href="/c/{running_session.club.slug}/s/{running_session.pk}/"' in html
    assert phone.state().json()["results_url"] == f"/c/{running_session.club.slug}/s/{running_session.pk}/"


def test_a_table_moves_on_only_when_its_trays_are_sent(phone: Any, running_session: Session) -> None:
    assert phone.state().json()["round"] == 1
    assert phone.post("confirm", tray=1).status_code == 404  # nothing sent: nothing to check, still round 1
    phone.send(1, 8, key="k-1")
    assert phone.state().json()["round"] == 2
    Session.objects.filter(pk=running_session.pk).update(tables_advance=False)
    assert phone.state().json()["round"] == 1, "the director's setting: the room moves on the director's call"
    sessions.session_advance(session=running_session)
    assert phone.state().json()["round"] == 2


def test_a_dispute_claiming_n_s_own_count_is_refused_and_the_line_stays_to_check(
    phone: Any, running_session: Session
) -> None:
    """E-W claiming the very count N-S sent agree with it: the board must not offer "Accept N-S's 8 /
    Accept E-W's 8"."""
    phone.send(1, 8, key="k-1")
    response = phone.post("dispute", tray=1, claimed=8)
    assert response.status_code == 400 and "no dispute" in response.content.decode()
    assert line(running_session, 1).status != "disputed" and line(running_session, 1).claimed is None
