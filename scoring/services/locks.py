"""The session's lock: the one order every writer of its slips (and every recompute) takes it in.

The session's row first, then a line's. A table's own send, the burst of a
club night, shares the session's row (``FOR KEY SHARE``) and locks its
table's row instead, so that the tables' sends go on side by side while
anything of the director's, which locks the session's row ``FOR UPDATE``,
waits for them and they for it.

Apart from ``lines.py`` so that the standings' recompute, which the tasks
import, can take it too without importing the tasks back.
"""

from __future__ import annotations

from infra.joined import JoinedRead, Step
from tournaments.models import MOVEMENT_FIELDS, Session, Table

#: The session's row, locked: read on every send, as SQL written once (``infra.joined``: the
#: ORM's compiling cost more than the query).
SESSION_LOCKED = JoinedRead([Step(Session, skip=MOVEMENT_FIELDS)], "id", lock="UPDATE")
#: The session's row held against other recomputes and the director, not against the sends.
SESSION_HELD = JoinedRead([Step(Session, skip=MOVEMENT_FIELDS)], "id", lock="NO KEY UPDATE")


#: A table's row locked and its session's shared, in one statement: a table's own send. The sends of
#: other tables go on beside it; anything of the director's (``FOR UPDATE`` of the session) waits.
#: PostgreSQL takes the rows' locks in the order of the clauses: the session's first, as everywhere.
TABLE_SEND_LOCKED = JoinedRead(
    [Step(Table), Step(Session, "session", skip=MOVEMENT_FIELDS)],
    "id",
    lock="KEY SHARE OF j1 FOR NO KEY UPDATE OF j0",
)


def lock_table_send(table_id: int) -> Table:
    """The table as locked, with its session: the table's row locked and the session's shared until
    the transaction ends, what a table's own send takes instead of ``lock_session``. Read as the locks
    were granted, so its ``results_version`` counts every send of the table committed before."""
    table: Table | None = TABLE_SEND_LOCKED.first(table_id)
    if table is None:
        raise Table.DoesNotExist(f"No table {table_id}.")
    return table


def lock_session_for_snapshot(session_id: int) -> None:
    """The session's row, held (``FOR NO KEY UPDATE``) while a recompute stores its snapshot: two
    recomputes, or a recompute and anything of the director's, take turns; the tables' sends, which
    only share the row, go on (a send made meanwhile leaves the snapshot stale, as its version says)."""
    SESSION_HELD.first(session_id)


def lock_session(session_id: int) -> Session:
    """The session's row, locked until the transaction ends: taken before any check that decides a write.

    Every service that writes a line, or decides on one, takes this lock
    first and the line's lock after it, in that order, so two of them never
    wait on each other (PostgreSQL would abort one as a deadlock).
    """
    session: Session | None = SESSION_LOCKED.first(session_id)
    if session is None:
        raise Session.DoesNotExist(f"No session {session_id}.")
    return session
