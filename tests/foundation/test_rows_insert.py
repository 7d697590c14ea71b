"""New lines and their places inserted by SQL written once (``infra.insert``) are what ``save`` writes.

Every column but the keys and the times equals the ORM's own insert of the
same line; the times are set on the instance as ``auto_now`` sets them; keys
come back in the order of the rows; a refused insert is the database's
``IntegrityError``; no rows, no query. A send's line, places and bump
(``line_insert``) are one statement on PostgreSQL and write the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from infra.insert import RowsInsert
from scoring.models import SlipLine, SlipSeat
from scoring.services.lines import line_insert, new_line, slip_seats
from tournaments.models import Seating, Session
from tournaments.selectors import slips_version

pytestmark = pytest.mark.django_db

LINES, SEATS = RowsInsert(SlipLine), RowsInsert(SlipSeat)
TIMES = ("id", "entered_at", "updated_at")


def a_line(session: Session, number: int = 0) -> tuple[SlipLine, Seating]:
    """An unsaved line for the first seating's first tray (or its ``number``-th seating)."""
    seating = (
        Seating.objects.select_related("round", "ns", "ew", "table")
        .filter(round__session=session)
        .order_by("round__number", "table__number")[number]
    )
    tray = seating.seating_trays.order_by("order").first().tray
    line = new_line(session, seating, seating.table, tray, via="table", by="N-S", device="phone", ns_tricks=8)
    return line, seating


def columns(line: SlipLine) -> dict[str, Any]:
    return {k: v for k, v in SlipLine.objects.filter(pk=line.pk).values().get().items() if k not in TIMES}


def places(line: SlipLine) -> list[tuple[Any, ...]]:
    return list(
        SlipSeat.objects.filter(line=line).order_by("entrant_id").values_list("tray_id", "entrant_id", "side")
    )


def test_an_inserted_line_and_its_places_are_what_the_orm_saves(running_session: Session) -> None:
    ours, seating = a_line(running_session)
    LINES.insert([ours])
    SEATS.insert(slip_seats(ours, seating))
    assert ours.pk is not None and not ours._state.adding
    assert ours.entered_at is not None and ours.updated_at is not None
    got = (columns(ours), places(ours))
    SlipLine.objects.filter(pk=ours.pk).delete()
    theirs, seating = a_line(running_session)
    theirs.save()
    SlipSeat.objects.bulk_create(slip_seats(theirs, seating))
    assert got == (columns(theirs), places(theirs))
    assert len(places(theirs)) == 2


def test_keys_come_back_in_the_order_of_the_rows(running_session: Session) -> None:
    lines = [a_line(running_session, n)[0] for n in range(3)]
    LINES.insert(lines)
    assert [line.pk for line in lines] == sorted(line.pk for line in lines)
    for line in lines:
        assert SlipLine.objects.get(pk=line.pk).table_id == line.table_id


def test_a_refused_insert_is_the_databases_integrity_error(running_session: Session) -> None:
    first, _ = a_line(running_session)
    LINES.insert([first])
    again, _ = a_line(running_session)
    with pytest.raises(IntegrityError), transaction.atomic():
        LINES.insert([again])  # once per tray and table
    assert SlipLine.objects.count() == 1


def test_no_rows_no_query(running_session: Session) -> None:
    with CaptureQueriesContext(connection) as ran:
        LINES.insert([])
    assert ran.captured_queries == []


def version(session: Session) -> int:
    return slips_version(session_id=session.pk)


@pytest.mark.parametrize("number", [0, 1])
def test_a_sends_line_places_and_bump_write_what_the_orm_saves(running_session: Session, number: int) -> None:
    before = version(running_session)
    ours, seating = a_line(running_session, number)
    seats = slip_seats(ours, seating)
    with CaptureQueriesContext(connection) as ran:
        bumped = line_insert(ours, seats)
    made = [q["sql"] for q in ran.captured_queries if not q["sql"].startswith("PREPARE ")]
    assert (bumped, len(made)) == ((True, 1) if connection.vendor == "postgresql" else (False, 2))
    assert version(running_session) == before + bumped
    assert ours.pk is not None and all(s.pk is not None and s.line_id == ours.pk for s in seats)
    stored = SlipSeat.objects.filter(line=ours).values_list("pk", flat=True)
    assert sorted(s.pk for s in seats) == sorted(stored)
    got = (columns(ours), places(ours))
    SlipLine.objects.filter(pk=ours.pk).delete()
    theirs, seating = a_line(running_session, number)
    theirs.save()
    SlipSeat.objects.bulk_create(slip_seats(theirs, seating))
    assert got == (columns(theirs), places(theirs)) and len(places(theirs)) == 2


def test_a_sends_refused_line_leaves_no_places_and_no_bump(running_session: Session) -> None:
    first, seating = a_line(running_session)
    line_insert(first, slip_seats(first, seating))
    before, count = version(running_session), SlipSeat.objects.count()
    again, seating = a_line(running_session)
    with pytest.raises(IntegrityError), transaction.atomic():
        line_insert(again, slip_seats(again, seating))
    after = version(running_session), SlipSeat.objects.count(), SlipLine.objects.count()
    assert after == (before, count, 1)
