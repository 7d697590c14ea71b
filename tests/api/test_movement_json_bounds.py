"""A director's own movement JSON: each list is bounded, and a list one past its bound is refused unread.

The bounds are the app's sizes (``tournaments.movements.limits``): at most
``MAX_PLAYERS`` rounds, ``MAX_TABLES`` tables in a round, ``MAX_DEALS``
trays at a table in a round, ``MAX_PLAYERS`` sitting out, four seats. A
list at its bound is read; one past is a 400 naming the bound before any of
its items is validated (DRF's own list fields read every item first).
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tournaments.api import movements as movements_api
from tournaments.models import Session
from tournaments.movements.limits import MAX_DEALS, MAX_PLAYERS, MAX_TABLES

pytestmark = pytest.mark.django_db


def table(number: int, ns: int | None, ew: int | None, trays: list[int]) -> dict[str, Any]:
    return {"table": number, "ns": ns, "ew": ew, "trays": trays}


def one_round(
    tables: list[dict[str, Any]], sitout: list[int] | None = None, number: int = 1
) -> dict[str, Any]:
    return {"round": number, "tables": tables, "sitout": sitout or []}


def movement(rounds: list[dict[str, Any]], *, tables: int, trays: int, entrants: int = 6) -> dict[str, Any]:
    return {"family": "custom", "entrants": entrants, "tables": tables, "trays": trays, "rounds": rounds}


def at_limit(which: str) -> dict[str, Any]:
    """A movement of the six pairs of ``draft_session`` with one list at its bound."""
    if which == "rounds":  # pairs 1 and 2 play a tray a round, round after round
        rounds = [one_round([table(1, 1, 2, [1 + r % MAX_DEALS])], number=1 + r) for r in range(MAX_PLAYERS)]
        return movement(rounds, tables=1, trays=MAX_DEALS)
    if which == "tables":  # three tables seated, the others of the hall empty
        seated = [table(t, 2 * t - 1, 2 * t, [t]) for t in (1, 2, 3)]
        empty = [table(t, None, None, []) for t in range(4, MAX_TABLES + 1)]
        return movement([one_round(seated + empty)], tables=MAX_TABLES, trays=3)
    if which == "trays":
        return movement(
            [one_round([table(1, 1, 2, list(range(1, MAX_DEALS + 1)))])], tables=1, trays=MAX_DEALS
        )
    if which == "sitout":
        return movement([one_round([table(1, 1, 2, [1])], sitout=[3, 4, 5, 6] * 20)], tables=1, trays=1)
    raise AssertionError(which)


def one_past(which: str, item: Any) -> dict[str, Any]:
    """The same movement with its list one item longer, every item ``item``."""
    body = at_limit(which)
    if which == "rounds":
        body["rounds"] = [item] * (MAX_PLAYERS + 1)
    elif which == "tables":
        body["rounds"][0]["tables"] = [item] * (MAX_TABLES + 1)
    elif which == "trays":
        body["rounds"][0]["tables"][0]["trays"] = [item] * (MAX_DEALS + 1)
    else:
        body["rounds"][0]["sitout"] = [item] * (MAX_PLAYERS + 1)
    return body


MESSAGES = {
    "rounds": f"At most {MAX_PLAYERS} rounds",
    "tables": f"At most {MAX_TABLES} tables in a round",
    "trays": f"At most {MAX_DEALS} trays at a table in a round",
    "sitout": f"At most {MAX_PLAYERS} entrants sitting out",
}


def post(client: APIClient, session: Session, body: dict[str, Any]) -> Any:
    return client.post(f"/api/v1/sessions/{session.pk}/movement/", {"movement": body}, format="json")


@pytest.mark.parametrize("which", sorted(MESSAGES))
def test_a_list_at_its_bound_is_read(director_api: APIClient, draft_session: Session, which: str) -> None:
    response = post(director_api, draft_session, at_limit(which))
    assert MESSAGES[which] not in str(response.json())
    assert response.status_code == 200, response.json()


@pytest.mark.parametrize("which", sorted(MESSAGES))
def test_a_list_one_past_its_bound_is_refused_before_its_items_are_read(
    director_api: APIClient,
    draft_session: Session,
    which: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read: list[Any] = []
    for serializer in (movements_api.RoundJSONSerializer, movements_api.TableJSONSerializer):
        real = serializer.to_internal_value
        monkeypatch.setattr(serializer, "to_internal_value", lambda s, d, _r=real: read.append(d) or _r(s, d))
    item: Any = "not an item"  # every item is wrong: a read would say so
    response = post(director_api, draft_session, one_past(which, item))
    assert response.status_code == 400
    assert MESSAGES[which] in str(response.json()) and "not an item" not in str(response.json())
    assert "valid" not in str(response.json())
    assert len(read) <= (1 if which == "tables" else 2), "only the items around the long list are read"
    assert draft_session.tables.count() == 0


def test_a_table_of_five_seats_is_refused_unread(director_api: APIClient, draft_session: Session) -> None:
    body = at_limit("trays")
    body["rounds"][0]["tables"][0] = {"table": 1, "trays": [1], "seats": dict.fromkeys("NESWX", "x")}
    response = post(director_api, draft_session, body)
    assert response.status_code == 400 and "A table has four seats: N, E, S and W." in str(response.json())
    assert "valid integer" not in str(response.json())
    body["rounds"][0]["tables"][0]["seats"] = {"N": 1, "E": 3, "S": 2, "W": 4}
    assert "four seats" not in str(post(director_api, draft_session, body).json())


@pytest.mark.parametrize(
    ("size", "most"), [("entrants", MAX_PLAYERS), ("tables", MAX_TABLES), ("trays", MAX_DEALS)]
)
def test_a_size_at_its_bound_passes_and_one_past_is_refused(
    director_api: APIClient, draft_session: Session, size: str, most: int
) -> None:
    message = f"At most {most} {size}: the app seats up to {MAX_TABLES} tables."
    body = at_limit("trays")
    body[size] = most
    assert message not in str(post(director_api, draft_session, body).json())
    body[size] = most + 1
    response = post(director_api, draft_session, body)
    assert response.status_code == 400 and response.json() == {"movement": {size: [message]}}
