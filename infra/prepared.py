"""Queries that PostgreSQL parses and plans once per connection (``PREPARE``), then only runs (``EXECUTE``).

A phone's send runs a handful of fixed queries (its table by token, its
table's plays, the line already sent...). Planned anew each time, their
planning cost PostgreSQL more than running them: the table's plays, a join
of six tables, 0.6 ms to plan against 0.4 ms to run (pg_stat_statements,
bench/bench_table_entry.py's session). Prepared, a query is planned once,
by a generic plan kept on its connection, which it runs from its first run
(``plan_cache_mode`` in the settings): left to itself, PostgreSQL plans a
prepared query anew for its first five runs on each connection, and a
burst on new connections (CONN_MAX_AGE lets them go after a minute) spent
a third of the database's CPU planning (perf, the entry bench's send).

Every other database, and ``DB_PREPARE=0`` (for a pooler that hands one
client's statements to another connection, such as PgBouncer's transaction
mode), runs the SQL as it is. A new connection starts with nothing
prepared: the names prepared are kept here, in a map of the project's own
keyed weakly by the driver's connection object (nothing is set on Django's
objects), so a connection closed takes its names with it.
"""

from __future__ import annotations

import hashlib
import re
import threading
import weakref
from collections.abc import Sequence
from functools import cache
from typing import Any

from django.conf import settings

#: The statements prepared on each driver connection (a connection is one thread's at a time; the map's
#: own changes are guarded by its lock).
_PREPARED: weakref.WeakKeyDictionary[Any, set[str]] = weakref.WeakKeyDictionary()
_PREPARED_LOCK = threading.Lock()

#: ``%s`` placeholders (not ``%%``), numbered ``$1``, ``$2``... for ``PREPARE``.
_PLACEHOLDER = re.compile(r"%%|%s")


def numbered(sql: str) -> tuple[str, int]:
    """The SQL with its ``%s`` as ``$1``, ``$2``... (and ``%%`` as ``%``), and how many there are."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() == "%%":
            return "%"
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(number, sql), count


@cache
def _statement(sql: str) -> tuple[str, str, str]:
    """The SQL's statement name (from its digest), its ``PREPARE`` and its ``EXECUTE`` (with ``%s``)."""
    name = "clubwhist_" + hashlib.sha256(sql.encode()).hexdigest()[:20]
    statement, count = numbered(sql)
    arguments = f"({', '.join(['%s'] * count)})" if count else ""
    return name, f"PREPARE {name} AS {statement}", f"EXECUTE {name}{arguments}"


def execute_prepared(cursor: Any, sql: str, params: Sequence[Any]) -> None:
    """``cursor.execute(sql, params)``, prepared on the cursor's connection first if it is PostgreSQL's."""
    connection = cursor.db
    if connection.vendor != "postgresql" or not settings.DB_PREPARE:
        cursor.execute(sql, params)
        return
    name, prepare, execute = _statement(sql)
    kept = _PREPARED.get(connection.connection)
    if kept is None:  # a new connection: nothing prepared on it yet
        with _PREPARED_LOCK:
            kept = _PREPARED.setdefault(connection.connection, set())
    if name not in kept:
        cursor.execute(prepare)  # kept by the connection even if this transaction rolls back
        kept.add(name)
    cursor.execute(execute, params)
