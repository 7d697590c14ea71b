"""A query waits a bounded time for a lock and runs a bounded time (PostgreSQL), and a busy database is a 503.

Every connection to PostgreSQL starts with ``lock_timeout``
(``DB_LOCK_TIMEOUT_MS``, 5 s) and ``statement_timeout``
(``DB_STATEMENT_TIMEOUT_MS``, 30 s): a director's action behind a lock
another connection holds no longer waits for as long as it is held. What
PostgreSQL gives up on is answered 503 "the database is busy", with
``Retry-After`` (``infra.bounds``), never a 500, and the transaction is
rolled back: nothing of it is stored. The tests that hold a lock run on
PostgreSQL only (CI's second step): SQLite keeps its own 20-second wait.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import OperationalError, connection, transaction
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from infra.bounds import database_busy
from scoring.models import SlipLine
from tournaments.models import ActionLog, Session

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL's timeouts: this runs on PostgreSQL (.ci/run)"
)
#: The test's own lock wait: short, so that the test is quick; the setting's is 5 s.
WAIT = "300ms"
ENTRIES = [{"table": 1, "tray": 1, "ns_tricks": 7}, {"table": 2, "tray": 2, "ns_tricks": 6}]


@pytest.fixture
def held(running_session: Session) -> Iterator[Session]:
    """The session's row locked FOR UPDATE by another connection (a long action of another request)."""
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                Session.objects.select_for_update().get(pk=running_session.pk)
                locked.set()
                release.wait(30)
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    assert locked.wait(10), "the other connection did not take the lock"
    with connection.cursor() as cursor:
        cursor.execute(f"SET lock_timeout = '{WAIT}'")
    try:
        yield running_session
    finally:
        release.set()
        holder.join(10)
        connection.close()  # the next test's connection starts with the settings' own wait


@on_postgresql
@pytest.mark.django_db
def test_every_connection_starts_with_the_lock_and_statement_timeouts() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SHOW lock_timeout")
        (lock,) = cursor.fetchone()
        cursor.execute("SHOW statement_timeout")
        (statement,) = cursor.fetchone()
    assert (lock, statement) == ("5s", "30s")


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_directors_api_action_behind_a_held_lock_is_a_503_and_stores_nothing(
    director: Any, held: Session
) -> None:
    api = APIClient()
    api.force_authenticate(director)
    logged = ActionLog.objects.count()
    started = time.monotonic()
    response = api.post(f"/api/v1/sessions/{held.pk}/rounds/1/results/", {"entries": ENTRIES}, format="json")
    assert response.status_code == 503 and time.monotonic() - started < 5
    assert "database is busy" in response.json()["detail"] and response["Retry-After"] == "5"
    assert not SlipLine.objects.filter(session=held).exists() and ActionLog.objects.count() == logged


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_directors_page_behind_a_held_lock_is_a_503_page(director: Any, held: Session) -> None:
    page = Client()
    page.force_login(director)
    response = page.post(reverse("run:enter", args=[held.pk, 1]), {"t1-1": "7", "t2-2": "6"})
    assert response.status_code == 503 and b"database is busy" in response.content
    assert not SlipLine.objects.filter(session=held).exists()


@on_postgresql
@pytest.mark.django_db
def test_a_statement_past_its_timeout_is_the_database_busy() -> None:
    with pytest.raises(OperationalError) as cancelled, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL statement_timeout = '50ms'")
        cursor.execute("SELECT pg_sleep(2)")
    assert database_busy(cancelled.value)


def test_sqlites_lock_wait_run_out_is_the_database_busy_and_other_errors_are_not() -> None:
    locked = OperationalError("database is locked")
    locked.__cause__ = sqlite3.OperationalError("database is locked")
    assert database_busy(locked)
    assert not database_busy(OperationalError("no such table: tournaments_session"))
    assert not database_busy(ValueError("database is locked"))
