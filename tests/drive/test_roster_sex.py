"""The roster says who is a lady and who a gentleman, where the drive's Second Method needs it (p. 24)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.api.helpers import token_client
from tournaments.models import Club, Player
from tournaments.services import club as club_services
from tournaments.services.errors import UserError

pytestmark = pytest.mark.django_db


def test_the_players_page_marks_a_lady_or_a_gentleman(director_client: Client, club: Club) -> None:
    player = club_services.player_create(club=club, name="Ada Byron")
    url = reverse("director:player_edit", args=[club.slug, player.pk])
    assert "Lady or gentleman" in director_client.get(url).content.decode()
    director_client.post(url, {"name": "Ada Byron", "member_number": "", "sex": "lady", "active": "on"})
    player.refresh_from_db()
    assert player.sex == "lady"


def test_a_roster_csv_may_carry_a_sex_column_and_a_bad_value_is_reported(club: Club) -> None:
    text = "name,sex\nBen Hale,G\nCora Lind,lady\nDan Voss,duke\n"
    added, problems = club_services.roster_import_csv(club=club, text=text)
    assert added == 2 and len(problems) == 1 and "Lady or gentleman" in problems[0]
    assert dict(Player.objects.filter(club=club).values_list("name", "sex")) == {
        "Ben Hale": "gentleman",
        "Cora Lind": "lady",
    }


def test_the_api_reads_and_writes_a_players_sex(director: object, club: Club) -> None:
    api = token_client(director)
    made = api.post(
        f"/api/v1/clubs/{club.slug}/players/", {"name": "Eve Marsh", "sex": "lady"}, format="json"
    )
    assert made.status_code == 201 and made.json()["sex"] == "lady"
    changed = api.patch(
        f"/api/v1/clubs/{club.slug}/players/{made.json()['id']}/", {"sex": "gentleman"}, format="json"
    )
    assert changed.json()["sex"] == "gentleman"
    assert (
        api.patch(
            f"/api/v1/clubs/{club.slug}/players/{made.json()['id']}/", {"sex": "duke"}, format="json"
        ).status_code
        == 400
    )


def test_the_service_refuses_anything_but_a_lady_a_gentleman_or_blank(club: Club) -> None:
    with pytest.raises(UserError, match="Lady or gentleman"):
        club_services.player_create(club=club, name="X", sex="knight")
