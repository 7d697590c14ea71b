"""The entry bench's floor send answers as the bench counts it (bench/bare_urls.py).

The floor is the least a pass's send and its twin can do (the pass by its
token, its table in the round sent, one row a table and tray): the bench
prints the app's send against it. It serves only under the bench's settings
(``bench.bare_settings``), never in the app's own URLs.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.urls import Resolver404, resolve

from bench.bare_urls import FLOOR_TABLE_SQL
from tournaments.models import Seating, Session
from tournaments.services.phones import phone_claim

pytestmark = pytest.mark.django_db


@pytest.fixture
def floor_client(client: Client) -> Iterator[Client]:
    """A client of the bench's URLs, with the floor's table made as the bench's set-up makes it."""
    with connection.cursor() as cursor:
        cursor.execute(FLOOR_TABLE_SQL)
    with override_settings(ROOT_URLCONF="bench.bare_urls"):
        yield client


def send(client: Client, token: str, body: object, key: str) -> tuple[int, dict[str, object]]:
    """POST one floor send with its key; the status and the answer."""
    response = client.post(
        f"/bench/floor/{token}/", body, content_type="application/json", headers={"Idempotency-Key": key}
    )
    return response.status_code, response.json()


def pass_of_table_1(session: Session) -> str:
    """A phone's pass following table 1's N-S pair, claimed as the bench's set-up claims it."""
    seating = Seating.objects.select_related("table", "ns").get(
        round__session=session, round__number=1, table__number=1
    )
    return phone_claim(table=seating.table, number=seating.ns.number, device="a").token


def test_a_send_is_stored_once_its_replay_is_its_own_and_its_twin_is_told_both_values(
    floor_client: Client, running_session: Session
) -> None:
    """201, then 200 for the same key, then 409 with both values for another key (as ``judge`` counts)."""
    token = pass_of_table_1(running_session)
    assert send(floor_client, token, {"tray": 3, "ns_tricks": 8, "round": 1}, "a") == (
        201,
        {"line": {"tray": 3, "ns_tricks": 8, "ew_tricks": 5}, "replayed": False},
    )
    status, answer = send(floor_client, token, {"tray": 3, "ns_tricks": 8, "round": 1}, "a")
    assert (status, answer["replayed"]) == (200, True)
    assert send(floor_client, token, {"tray": 3, "ns_tricks": 6, "round": 1}, "b") == (
        409,
        {"stored": {"ns_tricks": 8, "ew_tricks": 5}, "attempted": {"ns_tricks": 6, "ew_tricks": 7}},
    )


def test_an_unknown_pass_or_round_is_404_and_a_bad_form_400(
    floor_client: Client, running_session: Session
) -> None:
    """Nothing is stored for any."""
    token = pass_of_table_1(running_session)
    assert send(floor_client, "nobody", {"tray": 3, "ns_tricks": 8, "round": 1}, "a")[0] == 404
    assert send(floor_client, token, {"tray": 3, "ns_tricks": 8, "round": 999}, "a")[0] == 404
    assert send(floor_client, token, {"tray": 3, "ns_tricks": 14}, "a")[0] == 400
    assert send(floor_client, token, {"tray": "x", "ns_tricks": 8}, "a")[0] == 400
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM bench_floor")
        assert cursor.fetchone() == (0,)


def test_the_app_serves_no_bench_view(client: Client) -> None:
    """The bench's views are in its own URLs only."""
    for path in ("/bench/bare/", "/bench/floor/abc/"):
        with pytest.raises(Resolver404):
            resolve(path)
