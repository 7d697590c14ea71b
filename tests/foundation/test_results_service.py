"""Submitting, replaying, racing, confirming and correcting slip lines through the service."""

from __future__ import annotations

import pytest

from entry.services.results import result_confirm, result_correct, table_round
from scoring.models import SlipLine, SlipLineVersion, Via
from tests.sends import result_submit
from tournaments.models import Session, Table
from tournaments.services import sessions
from tournaments.services.errors import Conflict, UserError

pytestmark = pytest.mark.django_db


def _table(session: Session, number: int) -> Table:
    return session.tables.get(number=number)


def _tray_at(session: Session, table: int, rnd: int) -> int:
    return session.rounds.get(number=rnd).seatings.get(table__number=table).trays.get().number


def test_a_table_sends_a_result_and_it_is_stored_once(running_session: Session) -> None:
    table = _table(running_session, 1)
    tray = _tray_at(running_session, 1, 1)
    outcome = result_submit(table=table, tray_number=tray, ns_tricks=8, idempotency_key="k1")
    assert outcome.created and outcome.line.ns_tricks == 8 and outcome.line.ew_tricks == 5
    assert SlipLine.objects.count() == 1


def test_a_replayed_request_stores_one_line(running_session: Session) -> None:
    table = _table(running_session, 1)
    tray = _tray_at(running_session, 1, 1)
    first = result_submit(table=table, tray_number=tray, ns_tricks=8, idempotency_key="same-key")
    again = result_submit(table=table, tray_number=tray, ns_tricks=8, idempotency_key="same-key")
    assert again.replayed and again.line.pk == first.line.pk
    assert SlipLine.objects.count() == 1


def test_a_second_phone_at_the_table_is_told_the_stored_value(running_session: Session) -> None:
    table = _table(running_session, 1)
    tray = _tray_at(running_session, 1, 1)
    result_submit(table=table, tray_number=tray, ns_tricks=8, idempotency_key="phone-a")
    with pytest.raises(Conflict) as err:
        result_submit(table=table, tray_number=tray, ns_tricks=9, idempotency_key="phone-b")
    assert err.value.stored.ns_tricks == 8 and err.value.attempted == 9
    assert "8" in err.value.message and "9" in err.value.message
    assert SlipLine.objects.get().ns_tricks == 8


@pytest.mark.parametrize("bad", [14, -1, "seven", "", None, 7.5])
def test_tricks_outside_0_to_13_are_refused_and_nothing_is_stored(
    running_session: Session, bad: object
) -> None:
    table = _table(running_session, 1)
    with pytest.raises(UserError) as err:
        result_submit(table=table, tray_number=_tray_at(running_session, 1, 1), ns_tricks=bad)
    assert err.value.field == "ns_tricks"
    assert not SlipLine.objects.exists()


def test_a_tray_not_at_this_table_is_refused(running_session: Session) -> None:
    table = _table(running_session, 1)
    other = _tray_at(running_session, 2, 1)
    with pytest.raises(UserError) as err:
        result_submit(table=table, tray_number=other, ns_tricks=7)
    assert "not at table 1" in err.value.message
    assert not SlipLine.objects.exists()


def test_a_tray_of_a_later_round_is_refused_from_the_table(running_session: Session) -> None:
    table = _table(running_session, 1)
    later = _tray_at(running_session, 1, 2)
    with pytest.raises(UserError):
        result_submit(table=table, tray_number=later, ns_tricks=7)


def test_a_table_moves_on_to_its_next_round_when_its_trays_are_in(running_session: Session) -> None:
    table = _table(running_session, 1)
    assert table_round(table=table) == 1
    result_submit(table=table, tray_number=_tray_at(running_session, 1, 1), ns_tricks=7)
    assert table_round(table=table) == 2


def test_a_closed_session_takes_no_results(running_session: Session) -> None:
    sessions.session_set_status(session=running_session, status=Session.Status.CLOSED)
    with pytest.raises(UserError) as err:
        result_submit(
            table=_table(running_session, 1), tray_number=_tray_at(running_session, 1, 1), ns_tricks=7
        )
    assert "closed" in err.value.message


def test_a_draft_session_takes_no_results(seated_session: Session) -> None:
    with pytest.raises(UserError):
        result_submit(table=_table(seated_session, 1), tray_number=1, ns_tricks=7)


def test_the_opponents_confirm_a_result(running_session: Session) -> None:
    line = result_submit(
        table=_table(running_session, 1), tray_number=_tray_at(running_session, 1, 1), ns_tricks=6
    ).line
    confirmed = result_confirm(line=line, by="E-W")
    assert confirmed.status == SlipLine.Status.CONFIRMED


def test_a_correction_keeps_the_earlier_version_and_needs_a_reason(running_session: Session) -> None:
    line = result_submit(
        table=_table(running_session, 1), tray_number=_tray_at(running_session, 1, 1), ns_tricks=6
    ).line
    with pytest.raises(UserError) as err:
        result_correct(line=line, reason="  ", ns_tricks=7)
    assert err.value.field == "reason"
    corrected = result_correct(line=line, reason="N-S miscounted", ns_tricks=7, by="director")
    assert corrected.ns_tricks == 7 and corrected.version == 2
    old = SlipLineVersion.objects.get(line=line)
    assert old.data["ns_tricks"] == 6 and old.reason == "N-S miscounted" and old.version == 1


def test_a_published_session_refuses_a_correction_until_reopened(running_session: Session) -> None:
    line = result_submit(
        table=_table(running_session, 1), tray_number=_tray_at(running_session, 1, 1), ns_tricks=6
    ).line
    sessions.session_set_status(session=running_session, status=Session.Status.CLOSED)
    sessions.session_set_status(session=running_session, status=Session.Status.PUBLISHED)
    with pytest.raises(UserError) as err:
        result_correct(line=line, reason="late claim", ns_tricks=7)
    assert "reopen" in err.value.message
    sessions.session_set_status(session=running_session, status=Session.Status.CLOSED)
    assert result_correct(line=line, reason="late claim", ns_tricks=7).ns_tricks == 7


def test_the_director_may_enter_a_tray_of_any_round(running_session: Session) -> None:
    later = _tray_at(running_session, 1, 3)
    outcome = result_submit(
        table=_table(running_session, 1), tray_number=later, ns_tricks=5, via=Via.DIRECTOR, as_director=True
    )
    assert outcome.line.round.number == 3


def test_an_award_refuses_revokes_and_clears_those_on_the_line(running_session: Session) -> None:
    line = result_submit(
        table=_table(running_session, 1),
        tray_number=_tray_at(running_session, 1, 1),
        ns_tricks=6,
        ns_revokes=1,
    ).line
    with pytest.raises(UserError) as err:
        result_correct(line=line, reason="fouled", ns_award="average", ew_award="average", ns_revokes=1)
    assert err.value.field == "ns_revokes"
    awarded = result_correct(line=line, reason="fouled", ns_award="average", ew_award="average")
    assert (awarded.ns_revokes, awarded.ew_revokes, awarded.ns_tricks) == (0, 0, None)


def test_a_correction_refuses_more_than_three_revokes(running_session: Session) -> None:
    line = result_submit(
        table=_table(running_session, 1), tray_number=_tray_at(running_session, 1, 1), ns_tricks=6
    ).line
    with pytest.raises(UserError) as err:
        result_correct(line=line, reason="claim", ns_tricks=6, ew_revokes=4)
    assert err.value.field == "ew_revokes"
