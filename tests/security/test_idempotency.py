"""Idempotency keys: a table's (or entrant's, or director's) own, bound to what they asked; 422 otherwise."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scoring.models import SlipLine
from tournaments.models import EntrantLink, Session, Table
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def send(url: str, key: Any, **body: Any) -> Any:
    """POST a result to a phone's API with an Idempotency-Key header."""
    return Client().post(
        url, data=json.dumps(body), content_type="application/json", headers={"Idempotency-Key": str(key)}
    )


def table_url(session: Session, number: int) -> str:
    """The results endpoint of a table's link."""
    return f"/api/v1/tables/{session.tables.get(number=number).token}/results/"


def entrant_url(session: Session, number: int) -> str:
    """The results endpoint of an entrant's own link."""
    link = EntrantLink.objects.get(session=session, entrant__number=number, side="")
    return f"/api/v1/entrant-links/{link.token}/results/"


def lines(session: Session) -> list[tuple[int, int, int | None]]:
    """Every slip line as (tray, table, N-S tricks)."""
    rows = SlipLine.objects.filter(session=session).values_list("tray__number", "table__number", "ns_tricks")
    return sorted(rows)


def test_the_same_key_with_the_same_request_is_a_replay(running_session: Session) -> None:
    url = table_url(running_session, 1)
    first, again = send(url, "k1", tray=1, ns_tricks=8), send(url, "k1", tray=1, ns_tricks=8)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["replayed"] is True and again.json()["line"]["id"] == first.json()["line"]["id"]
    assert lines(running_session) == [(1, 1, 8)]


@pytest.mark.parametrize(
    "changed",
    [{"tray": 2, "ns_tricks": 8}, {"tray": 1, "ns_tricks": 9}, {"tray": 1, "ns_tricks": 8, "ns_revokes": 1}],
)
def test_the_same_key_asking_something_else_is_a_422_never_a_replay(
    running_session: Session, changed: dict[str, Any]
) -> None:
    url = table_url(running_session, 1)
    assert send(url, "k1", tray=1, ns_tricks=8).status_code == 201
    response = send(url, "k1", **changed)
    assert response.status_code == 422
    assert "replayed" not in response.json() and "idempotency_key" in response.json()
    assert lines(running_session) == [(1, 1, 8)]


def test_a_table_learns_nothing_of_another_tables_key(running_session: Session) -> None:
    assert send(table_url(running_session, 1), "shared", tray=1, ns_tricks=8).status_code == 201
    other = send(table_url(running_session, 2), "shared", tray=2, ns_tricks=6)
    assert other.status_code == 201 and other.json()["replayed"] is False
    assert "another table" not in other.content.decode()
    assert lines(running_session) == [(1, 1, 8), (2, 2, 6)]


def test_an_entrant_that_moved_on_gets_its_stored_line_for_its_key(running_session: Session) -> None:
    url = entrant_url(running_session, 1)
    assert send(url, "pair-1", tray=1, ns_tricks=8, round=1).status_code == 201
    sessions.session_advance(session=running_session)
    again = send(url, "pair-1", tray=1, ns_tricks=8, round=1)
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert send(url, "pair-1", tray=1, ns_tricks=7, round=1).status_code == 422
    assert lines(running_session) == [(1, 1, 8)]


def test_an_entrants_keys_are_not_its_tables(running_session: Session) -> None:
    assert send(table_url(running_session, 1), "same", tray=1, ns_tricks=8).status_code == 201
    response = send(entrant_url(running_session, 1), "same", tray=1, ns_tricks=8, round=1)
    assert response.status_code == 409  # not a replay of the table's send: the tray was sent already
    assert lines(running_session) == [(1, 1, 8)]


def test_the_directors_key_asking_for_another_table_is_a_422(running_session: Session, director: Any) -> None:
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/sessions/{running_session.pk}/slips/"
    first = api.post(url, {"table": 1, "tray": 1, "ns_tricks": 8}, format="json", HTTP_IDEMPOTENCY_KEY="d1")
    again = api.post(url, {"table": 1, "tray": 1, "ns_tricks": 8}, format="json", HTTP_IDEMPOTENCY_KEY="d1")
    other = api.post(url, {"table": 2, "tray": 2, "ns_tricks": 8}, format="json", HTTP_IDEMPOTENCY_KEY="d1")
    assert (first.status_code, again.status_code, other.status_code) == (201, 200, 422)
    assert send(table_url(running_session, 2), "d1", tray=2, ns_tricks=6).status_code == 201
    assert lines(running_session) == [(1, 1, 8), (2, 2, 6)]


def test_the_plain_form_reusing_a_key_for_another_tray_stores_nothing(running_session: Session) -> None:
    table: Table = running_session.tables.get(number=1)
    phone = Client()
    phone.post(f"/t/{table.token}/", {"tray": 1, "ns_tricks": 8, "key": "form-key"})
    response = phone.post(f"/t/{table.token}/", {"tray": 2, "ns_tricks": 5, "key": "form-key"}, follow=True)
    assert "already used for a different result" in response.content.decode()
    assert lines(running_session) == [(1, 1, 8)]


def test_the_database_keeps_a_key_once_per_scope(running_session: Session) -> None:
    url = table_url(running_session, 1)
    send(url, "once", tray=1, ns_tricks=8)
    line = SlipLine.objects.get(session=running_session)
    assert (line.idempotency_scope, line.idempotency_key) == (f"table:{line.table_id}", "once")
    assert len(line.idempotency_fingerprint) == 64
