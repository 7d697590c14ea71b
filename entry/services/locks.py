"""The session's lock: the one order every writer of its slips takes it in.

The session's row first, then a line's. A table's own send, the burst of a
club night, shares the session's row (``FOR KEY SHARE``) and locks its
table's row instead (``entry.send.sql.lock_table``), so that the tables'
sends go on side by side while anything of the director's, which locks the
session's row ``FOR UPDATE`` here, waits for them and they for it. The
standings' recompute holds the row ``FOR NO KEY UPDATE`` (``scoring.recompute``).
"""

from __future__ import annotations

from entry.send.sql import TableRow, lock_table
from tournaments.models import MOVEMENT_FIELDS, Session, Table


def lock_session(session_id: int) -> Session:
    """The session's row, locked until the transaction ends: taken before any check that decides a write.

    Every service that writes a line, or decides on one, takes this lock
    first and the line's lock after it, in that order, so two of them never
    wait on each other (PostgreSQL would abort one as a deadlock).
    """
    return Session.objects.select_for_update(of=("self",)).defer(*MOVEMENT_FIELDS).get(pk=session_id)


def lock_table_send(table_id: int) -> TableRow:
    """A table's own send's locks: the table's row locked and its session's shared until the transaction
    ends (``entry.send.sql.lock_table``)."""
    table = lock_table(table_id)
    if table is None:
        raise Table.DoesNotExist(f"No table {table_id}.")
    return table
