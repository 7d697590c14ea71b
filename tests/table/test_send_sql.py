"""The send's literal SQL (``entry.send.sql``) against its ORM twins: each reads or writes the same.

A statement written out by hand is only as good as its agreement with the models it stands for; these
run on SQLite and on PostgreSQL (CI's step 2), where the line, its places and the bump are one statement.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from entry.api.slips import line_data
from entry.send.rows import LineRow, Ref
from entry.send.sql import insert_line, lines_found, record_trump
from entry.send.store import slip_places
from entry.services.lines import new_line as make_line
from infra import statements
from scoring.models import SlipLine, SlipSeat
from tests.sends import result_submit
from tournaments.locks import lock_session_row, lock_table_send
from tournaments.models import Deal, Seating, Session, Table
from tournaments.selectors import slips_version

pytestmark = pytest.mark.django_db


def stored(session: Session, *, key: str = "") -> SlipLine:
    """The director's line on tray 1 at table 1 (with a key, if given)."""
    table = session.tables.get(number=1)
    tray = table.seatings.order_by("round__number").first().trays.order_by("number").first()
    outcome = result_submit(
        table=table, tray_number=tray.number, ns_tricks=8, as_director=True, idempotency_key=key or None
    )
    return outcome.line


def test_a_line_found_is_the_orms_line(running_session: Session) -> None:
    line = stored(running_session, key="key-1")
    scope = line.idempotency_scope
    rows = lines_found(line.table_id, running_session.pk, line.tray.number, scope, "key-1")
    assert len(rows) == 1
    orm = SlipLine.objects.select_related("tray", "table", "round", "ns", "ew").get(pk=line.pk)
    assert line_data(rows[0]) == line_data(orm)
    assert (rows[0].idempotency_key, rows[0].idempotency_fingerprint) == (
        orm.idempotency_key,
        orm.idempotency_fingerprint,
    )
    assert rows[0].entered_at == orm.entered_at and rows[0].entered_at.tzinfo is not None


def test_a_line_row_holds_every_column_of_the_model_as_the_orm_reads_it(running_session: Session) -> None:
    """A send makes no model: its ``LineRow`` holds the line's columns by the model's names, and what the
    line points to (tray, table, round, entrants) as ``Ref``: the id and the number."""
    line = stored(running_session, key="key-3")
    (row,) = lines_found(line.table_id, running_session.pk, line.tray.number, "", "")
    orm = SlipLine.objects.select_related("tray", "table", "round", "ns", "ew").get(pk=line.pk)
    assert not isinstance(row, SlipLine) and isinstance(row, LineRow)
    for name in LineRow._fields:
        value, want = getattr(row, name), getattr(orm, name)
        if name in {"tray", "table", "round", "ns", "ew"}:
            want = None if want is None else Ref(want.pk, want.number)
        assert value == want, name
    assert (row.pk, row.tray_id, row.table_id, row.round_id) == (
        orm.pk,
        orm.tray_id,
        orm.table_id,
        orm.round_id,
    )
    assert (row.ns_id, row.ew_id, row.ew_tricks) == (orm.ns_id, orm.ew_id, orm.ew_tricks)


def test_a_line_is_found_by_either_half_and_nothing_else(running_session: Session) -> None:
    line = stored(running_session, key="key-2")
    tray, scope = line.tray.number, line.idempotency_scope
    assert [r.id for r in lines_found(line.table_id, running_session.pk, tray, "", "")] == [line.pk]
    assert [r.id for r in lines_found(0, running_session.pk, 0, scope, "key-2")] == [line.pk]
    assert lines_found(0, running_session.pk, tray, scope, "other") == []
    assert lines_found(line.table_id, running_session.pk, tray + 1, "", "") == []


def test_a_line_is_found_by_an_entrants_place_on_its_slip_as_the_orm_finds_it(
    running_session: Session,
) -> None:
    """The third part: the line on the tray of the entrant a phone follows, at whatever table."""
    line = stored(running_session)
    tray = line.tray.number
    for place in SlipSeat.objects.filter(line=line):
        who = (place.entrant_id, place.side)
        orm = SlipLine.objects.filter(
            session=running_session, tray__number=tray, seats__entrant_id=who[0], seats__side=who[1]
        )
        assert [r.id for r in lines_found(0, running_session.pk, tray, "", "", who)] == [line.pk]
        assert [r.pk for r in orm] == [line.pk]
        assert lines_found(0, running_session.pk, tray + 1, "", "", who) == []
    elsewhere = running_session.entrants.exclude(pk__in=[line.ns_id, line.ew_id]).first()
    assert lines_found(0, running_session.pk, tray, "", "", (elsewhere.pk, "")) == []
    assert lines_found(0, running_session.pk, tray, "", "", None) == []


def test_a_trump_card_is_recorded_once_as_the_orm_would_keep_it(running_session: Session) -> None:
    deal = Deal.objects.get(tray__session=running_session, tray__number=1)
    assert record_trump(deal.tray_id, "7H", 3) is True
    assert record_trump(deal.tray_id, "KS", 2) is False  # known now: never overwritten
    deal.refresh_from_db()
    assert (deal.trump, deal.trump_table) == ("7H", 3)


def test_the_locks_read_what_the_orm_reads(running_session: Session) -> None:
    table = running_session.tables.get(number=2)
    with transaction.atomic():
        locked = lock_table_send(table.pk)
        session = lock_session_row(running_session.pk)
    assert locked is not None and session is not None and locked.session == session
    assert (locked.id, locked.number, locked.results_version) == (table.pk, 2, table.results_version)
    orm = Session.objects.get(pk=running_session.pk)
    fields = ("id", "club_id", "status", "tables_advance", "current_round", "seating_version", "entrant_kind")
    assert tuple(session) == tuple(getattr(orm, f) for f in fields)
    assert session.accepts_results == orm.accepts_results
    with pytest.raises(Table.DoesNotExist):
        lock_table_send(0)
    with pytest.raises(Session.DoesNotExist):
        lock_session_row(0)


def new_line(session: Session, table: Table, seating: Seating) -> SlipLine:
    """An unsaved line of the seating's first tray, as a send makes it."""
    now = timezone.now()
    tray = seating.trays.order_by("number").first()
    fields = {"ns_tricks": 6, "ns_revokes": 1, "device": "phone", "entered_at": now, "updated_at": now}
    return make_line(session, seating, table, tray, via="table", by="N-S", **fields)


@pytest.mark.parametrize("bump", ["table", "session"])
def test_an_inserted_line_its_places_and_bump_are_what_the_orm_saves(
    running_session: Session, bump: str
) -> None:
    table = running_session.tables.get(number=1)
    seating = table.seatings.order_by("round__number").first()
    ours = new_line(running_session, table, seating)
    version = slips_version(session_id=running_session.pk)
    with transaction.atomic():
        places = slip_places(ours, seating.pk, running_session.entrant_kind)
        ours.pk = insert_line(ours, places, bump, table.pk if bump == "table" else running_session.pk)
    assert slips_version(session_id=running_session.pk) == version + 1
    read = SlipLine.objects.select_related("tray", "table", "round", "ns", "ew").get(pk=ours.pk)
    assert line_data(read) == line_data(ours)
    assert read.entered_at == ours.entered_at and read.updated_at == ours.updated_at
    seats = SlipSeat.objects.filter(line=read).order_by("entrant__number")
    assert [(s.tray_id, s.entrant_id, s.side) for s in seats] == sorted(places, key=lambda p: p[1])
    assert {s.entrant_id for s in seats} == {seating.ns_id, seating.ew_id}


def test_a_refused_insert_leaves_no_places_and_no_bump(running_session: Session) -> None:
    table = running_session.tables.get(number=1)
    seating = table.seatings.order_by("round__number").first()
    first = new_line(running_session, table, seating)
    with transaction.atomic():
        first.pk = insert_line(first, slip_places(first, seating.pk, "pairs"), "table", table.pk)
    version, seats = slips_version(session_id=running_session.pk), SlipSeat.objects.count()
    again = new_line(running_session, table, seating)
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_line(again, slip_places(again, seating.pk, "pairs"), "table", table.pk)
    assert slips_version(session_id=running_session.pk) == version and SlipSeat.objects.count() == seats
    assert connection.vendor in ("sqlite", "postgresql")


def test_the_hot_sql_names_its_tables_one_way_each_a_models() -> None:
    """Every table a hand-written statement names is a model's own table, named as the database has it,
    in one way (never built from the models' options at run time)."""
    from django.apps import apps

    source = inspect.getsource(statements)
    steps = set(re.findall(r"\b(\w+) AS \(", source))  # a statement's own steps (WITH new_line AS ...)
    named = set(re.findall(r"\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z]\w*)", source)) - steps
    assert named
    assert named <= {model._meta.db_table for model in apps.get_models()}, named
    assert "db_table" not in source and "quote_name" not in source


#: A statement's opening words, as a string in the code begins it.
STATEMENT = re.compile(r"""[\"'](SELECT |INSERT INTO |UPDATE [a-z_]+ SET|DELETE FROM |WITH [a-z_]+ AS)""")


def test_every_statement_written_by_hand_is_in_one_module() -> None:
    """The app's hand-written SQL is all in ``infra.statements``: no other module of the app (its
    migrations aside) begins a statement in a string."""
    root = Path(__file__).resolve().parents[2]
    apps = ("clubwhist", "entry", "infra", "scoring", "sims", "tournaments", "whist")
    found = [
        f"{path.relative_to(root)}:{number}"
        for app in apps
        for path in sorted((root / app).rglob("*.py"))
        if "migrations" not in path.parts and path.name != "statements.py"
        for number, text in enumerate(path.read_text().splitlines(), 1)
        if STATEMENT.search(text)
    ]
    assert found == []
    assert STATEMENT.search('q = "SELECT 1"') and STATEMENT.search("q = f'UPDATE t SET a = 1'")


def test_a_new_lines_statements_are_written_for_every_number_of_places_a_slip_can_have() -> None:
    """A line has at most one place a seat (four: the seat's direction is once per table), so the
    statements of a new line are written out once for each number of places, with either bump."""
    from whist.cards import SEAT_TABLE

    assert statements.MOST_PLACES == len(SEAT_TABLE) == 4
    assert set(statements.SEATS_INSERT) == {1, 2, 3, 4}
    assert set(statements.LINE_WITH_SEATS_INSERT) == {(n, b) for n in range(5) for b in ("table", "session")}
    assert statements.SEATS_INSERT[2].count("(%s, %s, %s, %s)") == 2
