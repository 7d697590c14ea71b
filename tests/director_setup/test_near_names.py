"""A name one or two letters from a member's is asked about ("did you mean"), never silently made a member.

The rule (``tournaments.services.near_names``) on cases; then the set-up page's pasted list and its rows,
and the API's list, through their doors: a near name is refused with the players it may mean, and the
director's choice (the player, a visitor, a new member) is taken; a name near nobody is a visitor.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.api.helpers import token_client
from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions
from tournaments.services.near_names import NEAR_MOST, NearIndex

pytestmark = pytest.mark.django_db

ROSTER = ("Margaret Quill", "Martin Quill", "Nathaniel Price", "Ann Lee", "Bob Hart", "Zoë Hart", "Guest 1")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Margret Quill", ["Margaret Quill"]),  # a letter left out
        ("Margaert Quill", ["Margaret Quill"]),  # two letters swapped
        ("Natheniel Pryce", ["Nathaniel Price"]),  # two letters changed
        ("Anne Lee", ["Ann Lee"]),  # a letter added
        ("Quill Margaret", ["Margaret Quill"]),  # first and last names swapped
        ("M. Quill", ["Margaret Quill", "Martin Quill"]),  # an initial: both are offered
        ("Quill, M.", ["Margaret Quill", "Martin Quill"]),
        ("Margaret Q", ["Margaret Quill"]),
        ("Zoe Hart", ["Zoë Hart"]),  # an accent left out
        ("Rob Hart", ["Bob Hart"]),  # one letter in a short name
        ("Ben Lee", []),  # two letters in a short name: another person
        ("Guest 2", []),  # told apart by a number
        ("Completely New", []),
        ("Ann", []),
    ],
)
def test_the_near_rule_on_cases(typed: str, meant: list[str]) -> None:
    index = NearIndex.of((name, name) for name in ROSTER)
    assert index.near(typed) == meant


def test_a_name_near_many_offers_the_nearest_few() -> None:
    index = NearIndex.of((f"Ann Lee{c}", f"Ann Lee{c}") for c in "abcdefghij")
    assert len(index.near("Ann Lee")) == NEAR_MOST


@pytest.fixture
def quills(club: Club) -> list[Player]:
    return [
        club_services.player_create(club=club, name="Margaret Quill", member_number="1900"),
        club_services.player_create(club=club, name="Nathaniel Price"),
        club_services.player_create(club=club, name="Ann Lee"),
        club_services.player_create(club=club, name="Bob Hart"),
    ]


@pytest.fixture
def director_api(director: Any) -> APIClient:
    return token_client(director)


@pytest.fixture
def tonight(club: Club) -> Session:
    return sessions.session_create(club=club, date=dt.date(2026, 11, 9), title="Monday pairs")


def paste(client: Client, session: Session, **data: str) -> str:
    """Post the list (and any answers); the page as shown after."""
    url = reverse("director:setup_entrant_names", args=[session.pk])
    return client.post(url, data, follow=True).content.decode()


def test_a_pasted_near_name_asks_did_you_mean_and_adds_nothing(
    director_client: Client, club: Club, tonight: Session, quills: list[Player]
) -> None:
    page = paste(director_client, tonight, text="Margret Quill & Nathaniel Price\nAnn Lee & Bob Hart")
    assert "Line 1: “Margret Quill” is not on the roster: did you mean Margaret Quill (1900)?" in page
    assert 'name="near_0_name" value="Margret Quill"' in page
    assert f'name="near_0" value="{quills[0].pk}"' in page
    assert 'value="visitor"> Add “Margret Quill” as a visitor' in page
    assert 'value="member"> Add “Margret Quill” as a new member' in page
    assert not tonight.entrants.exists() and not Player.objects.filter(name="Margret Quill").exists()


def test_the_director_chooses_the_member_meant_and_the_list_is_entered(
    director_client: Client, club: Club, tonight: Session, quills: list[Player]
) -> None:
    text = "Margret Quill & Nathaniel Price\nAnn Lee & Bob Hart"
    page = paste(director_client, tonight, text=text, near_0_name="Margret Quill", near_0=str(quills[0].pk))
    assert "Added pairs 1, 2." in page and "New on the roster" not in page
    first = tonight.entrants.get(number=1)
    assert [m.player for m in first.members.order_by("order")] == quills[:2]
    assert not Player.objects.filter(name="Margret Quill").exists()


@pytest.mark.parametrize(("choice", "visitor"), [("visitor", True), ("member", False)])
def test_the_director_adds_a_near_name_as_a_visitor_or_a_new_member_by_choice(
    director_client: Client, tonight: Session, quills: list[Player], choice: str, visitor: bool
) -> None:
    page = paste(
        director_client, tonight, text="Margret Quill & Bob Hart", near_0_name="Margret Quill", near_0=choice
    )
    added = Player.objects.get(name="Margret Quill")
    assert added.visitor is visitor and tonight.entrants.count() == 1
    said = (
        "New on the roster as visitors: Margret Quill"
        if visitor
        else "New members on the roster: Margret Quill."
    )
    assert said in page


def test_a_name_near_nobody_is_added_as_a_visitor_and_the_page_says_so(
    director_client: Client, tonight: Session, quills: list[Player]
) -> None:
    page = paste(director_client, tonight, text="Jane Visitor & Bob Hart")
    jane = Player.objects.get(name="Jane Visitor")
    assert jane.visitor and "New on the roster as visitors: Jane Visitor" in page
    hint = director_client.get(reverse("director:setup", args=[tonight.pk])).content.decode()
    assert "A name not on the roster is added to it as a visitor" in hint and "new player" not in hint


def test_the_rows_ask_did_you_mean_for_a_near_name_typed_and_take_the_choice(
    director_client: Client, tonight: Session, quills: list[Player]
) -> None:
    url = reverse("director:setup_entrants", args=[tonight.pk])
    data = {"r1_1_new": "M. Quill", "r1_2": str(quills[1].pk)}
    page = director_client.post(url, data).content.decode()
    assert "“M. Quill” is not on the roster: did you mean Margaret Quill (1900)?" in page
    assert 'id="near-rows"' in page and 'name="near_0_name" value="M. Quill"' in page
    assert not tonight.entrants.exists()
    answer = director_client.post(url, {**data, "near_0_name": "M. Quill", "near_0": str(quills[0].pk)})
    assert answer.status_code == 302
    assert [m.player for m in tonight.entrants.get(number=1).members.order_by("order")] == quills[:2]


def test_the_api_answers_did_you_mean_and_takes_choices(
    director_api: APIClient, tonight: Session, quills: list[Player]
) -> None:
    url = f"/api/v1/sessions/{tonight.pk}/entrants/names/"
    refused = director_api.post(url, {"text": "Quill Margaret & Nathaniel Price"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["did_you_mean"] == [
        {
            "name": "Quill Margaret",
            "lines": [1],
            "players": [{"id": quills[0].pk, "name": "Margaret Quill", "member_number": "1900"}],
        }
    ]
    wrong = director_api.post(
        url,
        {"text": "Quill Margaret & Nathaniel Price", "choices": {"Quill Margaret": "maybe"}},
        format="json",
    )
    assert wrong.status_code == 400 and "choices" in wrong.json()
    taken = director_api.post(
        url,
        {"text": "Quill Margaret & Nathaniel Price", "choices": {"quill margaret": "member"}},
        format="json",
    )
    assert taken.status_code == 201, taken.content
    assert taken.json()["new_players"][0] | {"id": 0} == {
        "id": 0,
        "name": "Quill Margaret",
        "member_number": "",
        "visitor": False,
    }
