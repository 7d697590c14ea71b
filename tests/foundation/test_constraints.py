"""What must never happen is refused by the database itself, not only by forms."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from scoring.models import SlipLine, SlipSeat, Via
from tournaments.models import Entrant, EntrantMember, SeatedEntrant, Seating, SeatingTray, Session

pytestmark = pytest.mark.django_db


def _line(session: Session, *, table: int = 1, tray: int = 1, tricks: int = 7, **extra: object) -> SlipLine:
    seating = Seating.objects.get(round__session=session, table__number=table, trays__number=tray)
    return SlipLine.objects.create(
        session=session,
        tray=session.trays.get(number=tray),
        round=seating.round,
        table=seating.table,
        ns=extra.pop("ns", seating.ns),
        ew=extra.pop("ew", seating.ew),
        ns_tricks=tricks,
        entered_via=Via.CLI,
        **extra,
    )


def test_the_database_refuses_fourteen_tricks(running_session: Session) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        _line(running_session, tricks=14)


def test_the_database_refuses_negative_tricks(running_session: Session) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        _line(running_session, tricks=-1)


def test_the_database_refuses_a_second_line_for_the_same_tray_and_table(running_session: Session) -> None:
    _line(running_session, tricks=7)
    with pytest.raises(IntegrityError), transaction.atomic():
        _line(running_session, tricks=8)


def test_the_database_refuses_a_line_with_ns_and_ew_the_same_pair(running_session: Session) -> None:
    seating = Seating.objects.get(round__session=running_session, table__number=1, round__number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        _line(running_session, ns=seating.ns, ew=seating.ns)


def test_the_database_refuses_an_entrant_twice_on_one_slip(running_session: Session) -> None:
    line = _line(running_session)
    SlipSeat.objects.create(line=line, tray=line.tray, entrant=line.ns)
    with pytest.raises(IntegrityError), transaction.atomic():
        SlipSeat.objects.create(line=line, tray=line.tray, entrant=line.ns)


def test_the_database_refuses_a_pair_seated_twice_in_one_round(running_session: Session) -> None:
    first = Seating.objects.get(round__session=running_session, round__number=1, table__number=1)
    second = Seating.objects.get(round__session=running_session, round__number=1, table__number=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatedEntrant.objects.create(round=first.round, seating=second, entrant=first.ns)


def test_the_database_refuses_the_same_ns_pair_at_two_tables_in_a_round(running_session: Session) -> None:
    first = Seating.objects.get(round__session=running_session, round__number=1, table__number=1)
    second = Seating.objects.get(round__session=running_session, round__number=1, table__number=2)
    second.ns = first.ns
    with pytest.raises(IntegrityError), transaction.atomic():
        second.save()


def test_the_database_refuses_a_tray_at_two_tables_at_once(running_session: Session) -> None:
    first = Seating.objects.get(round__session=running_session, round__number=1, table__number=1)
    second = Seating.objects.get(round__session=running_session, round__number=1, table__number=2)
    tray = first.trays.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatingTray.objects.create(seating=second, round=second.round, tray=tray, order=1)


def test_the_database_refuses_a_player_in_two_entrants_of_a_session(running_session: Session) -> None:
    member = EntrantMember.objects.filter(session=running_session).first()
    assert member is not None
    other = Entrant.objects.filter(session=running_session).exclude(pk=member.entrant_id).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        EntrantMember.objects.create(session=running_session, entrant=other, player=member.player, order=9)


def test_the_database_refuses_a_line_with_neither_tricks_nor_awards(running_session: Session) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        _line(running_session, tricks=None)  # type: ignore[arg-type]
