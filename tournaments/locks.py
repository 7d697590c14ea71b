"""Every lock on a session's rows, taken here, in the one order every writer takes them.

A writer that decides on rows it reads locks them first, until its transaction ends, and always in this
order, so that two writers never wait on each other (PostgreSQL would abort one as a deadlock):

1. the club's row (``Club``: a new session's number, the club's own settings);
2. the session's row (``lock_session``): anything of the director's, a phone's claim, the standings'
   recompute (``FOR NO KEY UPDATE``, ``scoring.recompute``), a sim's pack; a table's own send, the
   burst of a club night, only shares it (``FOR KEY SHARE``) and locks its table's row instead
   (``lock_table_send``; a phone's send shares it first, ``share_session``, to read its entrant's plays
   under it), so that the tables' sends go on side by side while anything that locks the
   session's row ``FOR UPDATE`` waits for them and they for it;
3. an entrant's link or a phone's pass (a claim, a vouch, a release), a director's call;
4. a table's row (its own send, above);
5. a slip line's row (a check, a dispute, a correction, a law), always after its session's.

Rows of a series or of a simultaneous event (a ladder, a sim's heat) are outside any one session: they
are locked before the session's row of any of its evenings. Each function returns what it locked, read
as its lock is granted; the SQL of the send's own lock is literal (a burst runs it on every send), the
rest is the ORM's ``select_for_update`` on the rows given (``locked``).
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

from django.db import connection
from django.db.models import Model, QuerySet

from infra.prepared import execute_prepared
from infra.statements import (
    HOLD_FOR_RECOMPUTE,
    SESSION_LOCKED,
    SESSION_LOCKS,
    SESSION_SHARED,
    SESSION_SHARES,
    TABLE_LOCKED,
    TABLE_LOCKS,
)

from .models import MOVEMENT_FIELDS, Session, Table
from .models.session import takes_results

Row = TypeVar("Row", bound=Model)


def locked(rows: QuerySet[Row], *, of: tuple[str, ...] = (), no_key: bool = False) -> QuerySet[Row]:
    """These rows, to be locked as they are read (``of``: only these of the rows joined; ``no_key``: a
    lock that lets rows pointing to them be written meanwhile). Take them in the module's order."""
    return rows.select_for_update(of=of, no_key=no_key)


def lock_session(session_id: int, *, defer: tuple[str, ...] = MOVEMENT_FIELDS, club: bool = False) -> Session:
    """The session's row, locked until the transaction ends: taken before any check that decides a write
    (step 2). ``defer``: the fields left unread (its movement and pack by default; none: ``()``);
    ``club``: the club's row read (and locked) with it, as the writers that log to the club's record do."""
    rows = Session.objects.all()
    if club:
        rows = rows.select_related("club")
    return locked(rows, of=() if club else ("self",)).defer(*defer).get(pk=session_id)


class SessionRow(NamedTuple):
    """What a send needs of its session's row, read as its lock is granted."""

    id: int
    club_id: int
    status: str
    tables_advance: bool
    current_round: int
    seating_version: int
    entrant_kind: str

    @property
    def pk(self) -> int:
        """The session's id, by the models' name for it."""
        return self.id

    @property
    def accepts_results(self) -> bool:
        """Tables may send results only while the session runs (``Session.accepts_results``)."""
        return takes_results(self.status)


class TableRow(NamedTuple):
    """A table's row as its send locked it: its ``results_version`` counts its sends committed before."""

    id: int
    number: int
    results_version: int
    session: SessionRow


def _locks(sql: str, locks: str) -> str:
    """The statement with its row locks, where the database takes them (SQLite has one writer anyway)."""
    return sql + locks if connection.vendor == "postgresql" else sql


def lock_table_send(table_id: int) -> TableRow:
    """A table's own send's locks (steps 2 and 4): the table's row locked and its session's shared until
    the transaction ends."""
    with connection.cursor() as cursor:
        execute_prepared(cursor, _locks(TABLE_LOCKED, TABLE_LOCKS), [table_id])
        row: Any = cursor.fetchone()
    if row is None:
        raise Table.DoesNotExist(f"No table {table_id}.")
    return TableRow(*row[:3], SessionRow(*row[3:]))


def share_session(session_id: int) -> None:
    """The session's row shared until the transaction ends (step 2): what a phone's send reads next (where
    its entrant plays, ``entry.selectors.rounds.plays_of``) stays as read, for anything of the director's
    that would change it (a seating, a tray voided, a line entered) locks the row ``FOR UPDATE`` and waits.
    SQLite, with its one writer, takes no row locks: nothing is run there."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        execute_prepared(cursor, SESSION_SHARED + SESSION_SHARES, [session_id])


def hold_for_recompute(session_id: int) -> None:
    """The session's row held (``FOR NO KEY UPDATE``) until the transaction ends: a recompute's turn
    (``scoring.recompute``). Two recomputes, or a recompute and anything of the director's, take turns;
    the tables' sends, which only share the row, go on. Taken again in the same transaction, it is
    already held. One literal statement (SQLite has one writer anyway: nothing to hold)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(HOLD_FOR_RECOMPUTE, [session_id])


def lock_session_row(session_id: int) -> SessionRow:
    """The session's row locked until the transaction ends (step 2), as a send reads it."""
    with connection.cursor() as cursor:
        cursor.execute(_locks(SESSION_LOCKED, SESSION_LOCKS), [session_id])
        row: Any = cursor.fetchone()
    if row is None:
        raise Session.DoesNotExist(f"No session {session_id}.")
    return SessionRow(*row)
