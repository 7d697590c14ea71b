"""The set-up page's list of entrants through the API: ``/sessions/<pk>/entrants/names/``.

POST ``{"text": ...}`` enters a list, one entrant a line, as the page's list
to paste does (the same service: names matched to the roster, a name on no
roster entry added to it, all or nothing); a refusal is a 400 whose
``problems`` name each line at fault. GET gives last week's entrants as a
list to start from.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tournaments.models import Club, Player, Session
from tournaments.services import sessions, setup
from tournaments.services.entrant_names import MAX_LINES

pytestmark = pytest.mark.django_db


def names_url(session: Session) -> str:
    return f"/api/v1/sessions/{session.pk}/entrants/names/"


@pytest.fixture
def tonight(club: Club) -> Session:
    return sessions.session_create(club=club, date=dt.date(2026, 11, 9), title="Monday pairs")


def test_a_list_posted_enters_the_pairs_and_adds_the_new_names_to_the_roster(
    director_api: APIClient, tonight: Session, players: list[Player]
) -> None:
    text = "player 1 & PLAYER 2\nPlayer 3 and Jane Visitor\n"
    response = director_api.post(names_url(tonight), {"text": text}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert [(e["number"], [m["name"] for m in e["members"]]) for e in body["entrants"]] == [
        (1, ["Player 1", "Player 2"]),
        (2, ["Player 3", "Jane Visitor"]),
    ]
    visitor = Player.objects.get(name="Jane Visitor")
    assert body["new_players"] == [
        {"id": visitor.pk, "name": "Jane Visitor", "member_number": "", "visitor": True}
    ]
    assert body["active_again"] == []


def test_a_refused_list_is_a_400_naming_each_line_and_adds_nothing(
    director_api: APIClient, tonight: Session, players: list[Player]
) -> None:
    sessions.entrant_create(session=tonight, players=players[:2])
    text = "Player 1 & Player 3\nPlayer 4 & New One & Player 5\nPlayer 6 & Player 7"
    response = director_api.post(names_url(tonight), {"text": text}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "text": ["Lines 1 and 2 need a change: nothing was added."],
        "problems": [
            "Line 1: Player 1 is already entered (pair 1).",
            "Line 2: 3 names: a pair has two players, e.g. “Ann Lee & Bob Hart”.",
        ],
    }
    assert tonight.entrants.count() == 1 and not Player.objects.filter(name="New One").exists()


@pytest.mark.parametrize(
    ("body", "field", "said"),
    [
        ({"text": ""}, "text", "Write or paste the pairs, one a line."),
        ({}, "text", "This field is required."),
        (
            {"text": "A & B\n" * 10_000},
            "text",
            f"The list has 10,000 lines; paste at most {MAX_LINES} at once.",
        ),
        ({"text": "Player 1 & Pl\x00ayer 2"}, "text", "Null characters are not allowed."),
        ({"text": ["Player 1 & Player 2"]}, "text", "Not a valid string."),
    ],
    ids=["blank", "missing", "ten-thousand-lines", "nul", "a-list"],
)
def test_a_list_that_cannot_be_read_is_a_clear_400(
    director_api: APIClient, tonight: Session, players: list[Player], body: dict, field: str, said: str
) -> None:
    response = director_api.post(names_url(tonight), body, format="json")
    assert response.status_code == 400 and response.json()[field] == [said]
    assert not tonight.entrants.exists()


def test_a_list_for_a_running_session_is_a_400(director_api: APIClient, running_session: Session) -> None:
    response = director_api.post(names_url(running_session), {"text": "Player 1 & Player 2"}, format="json")
    assert response.status_code == 400
    assert response.json() == {"non_field_errors": ["Cannot add an entrant: the session is running."]}


def test_last_weeks_pairs_come_as_a_list_without_the_phantom(
    director_api: APIClient, club: Club, tonight: Session, players: list[Player]
) -> None:
    assert director_api.get(names_url(tonight)).json() == {"session": None, "text": "", "left_out": 0}
    before = sessions.session_create(club=club, date=dt.date(2026, 11, 2), title="Last Monday")
    for a, b in zip(players[0:6:2], players[1:6:2], strict=True):
        sessions.entrant_create(session=before, players=[a, b])
    setup.phantom_add(session=before)
    sessions.entrant_create(session=tonight, players=[players[0], players[7]])
    assert director_api.get(names_url(tonight)).json() == {
        "session": before.pk,
        "text": "Player 3 & Player 4\nPlayer 5 & Player 6",
        "left_out": 1,
    }


def test_the_page_and_the_api_enter_a_list_alike(
    director_client: Client, director_api: APIClient, club: Club, players: list[Player]
) -> None:
    a, b = (sessions.session_create(club=club, date=dt.date(2026, 11, 9), title=t) for t in ("A", "B"))
    director_client.post(
        reverse("director:setup_entrant_names", args=[a.pk]), {"text": "Player 1 & Player 2"}
    )
    director_api.post(names_url(b), {"text": "Player 1 & Player 2"}, format="json")
    assert [e.name for e in a.entrants.all()] == [e.name for e in b.entrants.all()] == ["Player 1 & Player 2"]


def test_the_schema_documents_the_list(director_api: APIClient) -> None:
    schema = director_api.get("/api/v1/schema/", {"format": "json"}).json()
    path = schema["paths"]["/api/v1/sessions/{id}/entrants/names/"]
    assert path["post"]["operationId"] == "entrants_names_add"
    assert "400" in path["post"]["responses"] and "problems" in path["post"]["description"]
    assert "text" in schema["components"]["schemas"]["EntrantNames"]["required"]
    assert path["get"]["operationId"] == "entrants_names_previous"
