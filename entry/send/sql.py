"""The few statements a phone's send runs, as literal SQL returning plain named tuples.

A club night's burst runs these on every send, and the ORM's compiling of
them cost several times the queries (bench/profile_entry.py). Each is written
out once, in ``infra.statements`` with every statement written by hand; each
has an ORM twin in ``tests/table/test_send_sql.py`` that must read or write
the same.
Nothing here makes a model: a line found is a ``LineRow`` (``rows``), and an
answer shows it as it is.

The send's locks are ``tournaments.locks``' (the one order every writer takes them in).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from django.db import connection

from entry.send.rows import LineRow, Ref
from infra.prepared import execute_prepared
from infra.sql import aware
from infra.statements import (
    BUMP,
    LINE_INSERT,
    LINE_WITH_SEATS_INSERT,
    LINES_FOUND,
    SEATS_INSERT,
    TRAVELLER,
    TRUMP_RECORD,
)
from scoring.models import SlipLine


def lines_found(
    table_id: int | None,
    session_id: int,
    tray: int,
    scope: str,
    key: str,
    entrant: tuple[int, str] | None = None,
) -> list[LineRow]:
    """The table's line on tray ``tray`` (a number; ``table_id`` None: none), the line of ``key`` in
    ``scope``, and the line on the tray of ``entrant`` (id, side: the one a phone follows) wherever it
    was sent (any may lack)."""
    who, side = entrant if entrant is not None else (None, "")
    with connection.cursor() as cursor:
        execute_prepared(
            cursor, LINES_FOUND, [table_id, session_id, tray, scope, key, who, side, session_id, tray]
        )
        rows = cursor.fetchall()
    return [_line(row) for row in rows]


def _line(row: Sequence[Any]) -> LineRow:
    """A row of ``LINES_FOUND`` as a ``LineRow``: its tray, table, round and entrants as ``Ref``, its
    times aware."""
    pk, session_id, tray_id, tray, table_id, table, round_id, rnd, ns_id, ns, ew_id, ew, *rest = row
    line = LineRow(
        pk,
        session_id,
        Ref(tray_id, tray),
        Ref(table_id, table),
        Ref(round_id, rnd),
        None if ns_id is None else Ref(ns_id, ns),
        None if ew_id is None else Ref(ew_id, ew),
        *rest,
    )
    return line._replace(
        entered_at=aware(line.entered_at),
        confirmed_at=aware(line.confirmed_at),
        updated_at=aware(line.updated_at),
    )


def line_values(line: SlipLine | LineRow) -> list[Any]:
    """A new line's values for ``LINE_COLUMNS`` (its timestamps adapted as the database keeps them)."""
    at = connection.ops.adapt_datetimefield_value
    return [
        line.session_id,
        line.tray_id,
        line.round_id,
        line.table_id,
        line.ns_id,
        line.ew_id,
        line.ns_tricks,
        line.ns_revokes,
        line.ew_revokes,
        line.ns_award,
        line.ew_award,
        line.law,
        line.status,
        line.claimed,
        line.version,
        line.entered_via,
        line.entered_by,
        line.entered_user_id,
        line.device,
        at(line.entered_at),
        line.confirmed_by,
        at(line.confirmed_at),
        line.entered_side,
        line.checked_side,
        line.checked_how,
        line.confirmed_device,
        line.idempotency_key,
        line.idempotency_scope,
        line.idempotency_fingerprint,
        at(line.updated_at),
    ]


def insert_line(
    line: SlipLine | LineRow, seats: Sequence[tuple[int, int, str]], bump: str, bumped: int
) -> int:
    """Insert a new line, its places on the slip (``tray_id, entrant_id, side`` each) and bump the results
    version of ``bump`` (``"table"`` or ``"session"``) row ``bumped``; the new line's id."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            params = [*line_values(line), *(v for seat in seats for v in seat), bumped]
            execute_prepared(cursor, LINE_WITH_SEATS_INSERT[len(seats), bump], params)
            return int(cursor.fetchone()[0])
        cursor.execute(LINE_INSERT, line_values(line))
        pk = int(cursor.fetchone()[0])
        if seats:
            cursor.execute(SEATS_INSERT[len(seats)], [v for seat in seats for v in (pk, *seat)])
        cursor.execute(BUMP[bump], [bumped])
        return pk


def bump(kind: str, pk: int) -> None:
    """Count a change in the results version of a table (its own send) or of a session."""
    with connection.cursor() as cursor:
        execute_prepared(cursor, BUMP[kind], [pk])


def record_trump(tray_id: int, card: str, table: int) -> bool:
    """Record the card turned at table ``table`` on a tray whose trump is not known yet; whether it was."""
    with connection.cursor() as cursor:
        execute_prepared(cursor, TRUMP_RECORD, [card, table, tray_id])
        return bool(cursor.rowcount)


class TravellerRow(NamedTuple):
    """One table's line on a tray's traveller, as a send's answer shows it."""

    table: int
    ns: int | None
    ew: int | None
    ns_tricks: int | None
    ns_award: str
    ew_award: str
    status: str
    law: str | None


def traveller_seen(tray_id: int, entrant: tuple[int, str]) -> list[TravellerRow] | None:
    """The tray's traveller, or None while the entrant (id, side) has no line on it (folded for it)."""
    with connection.cursor() as cursor:
        execute_prepared(cursor, TRAVELLER, [*entrant, tray_id])
        rows = cursor.fetchall()
    if not any(row[-1] for row in rows):
        return None
    return [TravellerRow(*row[:-1]) for row in rows]
