"""The phones' fixed queries prepared once per PostgreSQL connection (``infra.prepared``).

A prepared query answers what the plain query answers; it is prepared once
on a connection, again on a new one, and is kept when a transaction rolls
back, and runs its generic plan from its first run. On SQLite, and with
``DB_PREPARE`` off, the SQL runs as it is.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection, transaction

from infra.prepared import execute_prepared, numbered
from tournaments.models import Session

pytestmark = pytest.mark.django_db

SQL = "SELECT id, title FROM tournaments_session WHERE id = %s AND title LIKE '%%'"


def sql_of(test: str) -> str:
    """The query with the test's name in it: a statement no other test prepared on this connection."""
    return f"{SQL} /* {test} */"


on_postgres = pytest.mark.skipif(connection.vendor != "postgresql", reason="PREPARE is PostgreSQL's")


def test_placeholders_are_numbered_and_percent_signs_kept() -> None:
    assert numbered("a = %s AND b LIKE 'x%%' AND c = %s") == ("a = $1 AND b LIKE 'x%' AND c = $2", 2)
    assert numbered("SELECT 1") == ("SELECT 1", 0)


def run(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        execute_prepared(cursor, sql, params)
        return cursor.fetchall()


def plain(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def prepared_here() -> set[str]:
    """The statements prepared on this connection."""
    if connection.vendor != "postgresql":
        return set()
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM pg_prepared_statements WHERE name LIKE 'clubwhist_%%'")
        return {name for (name,) in cursor.fetchall()}


def test_a_prepared_query_answers_as_the_plain_one(running_session: Session) -> None:
    for _ in range(7):  # past the runs PostgreSQL plans one by one, onto its generic plan
        assert run(SQL, [running_session.pk]) == plain(SQL, [running_session.pk])
    assert run(SQL, [-1]) == []


@on_postgres
def test_a_query_is_prepared_once_a_connection(running_session: Session) -> None:
    sql = sql_of("once")
    before = prepared_here()
    run(sql, [running_session.pk])
    made = prepared_here() - before
    assert len(made) == 1
    assert run(sql, [running_session.pk]) == plain(sql, [running_session.pk])  # a second PREPARE would fail
    assert prepared_here() - before == made


@on_postgres
@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_transaction_keeps_the_statement_and_a_new_connection_prepares_again(
    running_session: Session,
) -> None:
    sql = sql_of("rolled back")
    before = prepared_here()
    with pytest.raises(RuntimeError), transaction.atomic():
        run(sql, [running_session.pk])
        raise RuntimeError
    assert len(prepared_here() - before) == 1
    assert run(sql, [running_session.pk]) == plain(sql, [running_session.pk])
    connection.close()
    assert prepared_here() == set()
    assert run(sql, [running_session.pk]) == plain(sql, [running_session.pk])
    assert len(prepared_here()) == 1


def test_without_prepare_the_sql_runs_as_it_is(running_session: Session, settings: Any) -> None:
    settings.DB_PREPARE = False
    sql = sql_of("off")
    before = prepared_here()
    assert run(sql, [running_session.pk]) == plain(sql, [running_session.pk])
    assert prepared_here() == before


@on_postgres
def test_a_prepared_query_runs_its_generic_plan_from_its_first_run(running_session: Session) -> None:
    """No query planned anew on each of a new connection's first runs: a burst on fresh connections
    pays for no planning (``plan_cache_mode`` in the settings)."""
    sql = sql_of("generic")
    before = prepared_here()
    for _ in range(3):
        run(sql, [running_session.pk])
    (name,) = prepared_here() - before
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = %s", [name]
        )
        assert cursor.fetchone() == (3, 0)
