"""The roster pages: add, edit, merge, deactivate, import, search; refusals next to the field."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournaments.models import Club, Player
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def url(name: str, club: Club, *args: int) -> str:
    return reverse(f"director:{name}", args=[club.slug, *args])


def test_the_roster_needs_a_login(client: Client, club: Club) -> None:
    response = client.get(url("roster", club))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_another_clubs_director_gets_404(stranger_client: Client, club: Club, players: list[Player]) -> None:
    assert stranger_client.get(url("roster", club)).status_code == 404
    assert stranger_client.get(url("roster_search", club)).status_code == 404
    assert stranger_client.get(url("player_edit", club, players[0].pk)).status_code == 404
    assert stranger_client.post(url("player_active", club, players[0].pk)).status_code == 404


def test_a_player_of_another_club_is_404_even_on_our_roster_url(director_client: Client, club: Club) -> None:
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    stranger = Player.objects.create(club=other, name="Stranger")
    assert director_client.get(url("player_edit", club, stranger.pk)).status_code == 404


def test_the_director_adds_a_player(director_client: Client, club: Club) -> None:
    response = director_client.post(url("roster", club), {"name": "Ada Lovelace", "member_number": "101"})
    assert response.status_code == 302
    assert Player.objects.filter(club=club, name="Ada Lovelace", member_number="101").exists()


def test_a_player_without_a_name_is_refused_next_to_the_field(director_client: Client, club: Club) -> None:
    response = director_client.post(url("roster", club), {"name": "  ", "member_number": ""})
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == ["A player needs a name."]
    assert b'class="field has-error"' in response.content


def test_a_member_number_twice_is_refused_next_to_the_field(director_client: Client, club: Club) -> None:
    Player.objects.create(club=club, name="First", member_number="7")
    response = director_client.post(url("roster", club), {"name": "Second", "member_number": "7"})
    assert "member_number" in response.context["form"].errors


def test_the_director_edits_and_deactivates_a_player(
    director_client: Client, club: Club, players: list[Player]
) -> None:
    p = players[0]
    response = director_client.post(
        url("player_edit", club, p.pk), {"name": "Renamed", "member_number": "55"}
    )
    assert response.status_code == 302
    p.refresh_from_db()
    assert (p.name, p.member_number, p.active) == ("Renamed", "55", False)


def test_deactivate_in_one_click_and_back(director_client: Client, club: Club, players: list[Player]) -> None:
    p = players[1]
    director_client.post(url("player_active", club, p.pk), {"q": "Player"})
    p.refresh_from_db()
    assert not p.active
    director_client.post(url("player_active", club, p.pk))
    p.refresh_from_db()
    assert p.active


def test_merging_moves_the_history_and_retires_the_duplicate(
    director_client: Client, club: Club, players: list[Player]
) -> None:
    session = sessions.session_create(club=club, date=dt.date(2026, 1, 5), title="Old")
    duplicate = Player.objects.create(club=club, name="Player 1 (again)", member_number="9")
    sessions.entrant_create(session=session, players=[duplicate, players[1]])
    response = director_client.post(url("player_merge", club, duplicate.pk), {"keep": players[0].pk})
    assert response.status_code == 302
    duplicate.refresh_from_db()
    assert duplicate.merged_into == players[0] and not duplicate.active
    assert session.entrants.get().members.filter(player=players[0]).exists()


def test_a_merge_without_a_choice_is_refused_next_to_the_field(
    director_client: Client, club: Club, players: list[Player]
) -> None:
    response = director_client.post(url("player_merge", club, players[0].pk), {"keep": ""})
    assert response.context["merge_form"].errors["keep"] == ["Choose the player to keep."]


def test_a_merge_of_two_who_played_together_is_refused(
    director_client: Client, club: Club, players: list[Player]
) -> None:
    session = sessions.session_create(club=club, date=dt.date(2026, 1, 5), title="Old")
    sessions.entrant_create(session=session, players=[players[0], players[1]])
    response = director_client.post(url("player_merge", club, players[1].pk), {"keep": players[0].pk})
    assert "same session" in response.context["merge_form"].errors["keep"][0]


def test_a_roster_is_imported_from_csv(director_client: Client, club: Club) -> None:
    Player.objects.create(club=club, name="Already", member_number="2")
    text = "name,member_number\nAda Lovelace,1\nCharles Babbage,2\n,3\nMary Somerville,\n"
    upload = SimpleUploadedFile("roster.csv", text.encode(), content_type="text/csv")
    response = director_client.post(url("roster_import", club), {"file": upload}, follow=True)
    names = set(Player.objects.filter(club=club).values_list("name", flat=True))
    assert {"Ada Lovelace", "Mary Somerville"} <= names and "Charles Babbage" not in names
    shown = [str(m) for m in response.context["messages"]]
    assert "Imported 2 players." in shown and any("line 3" in m for m in shown)


def test_an_import_without_a_name_column_is_refused_next_to_the_field(
    director_client: Client, club: Club
) -> None:
    upload = SimpleUploadedFile("roster.csv", b"who,number\nAda,1\n", content_type="text/csv")
    response = director_client.post(url("roster_import", club), {"file": upload})
    assert "name" in response.context["form"].errors["file"][0]


def test_an_import_without_a_file_is_refused_next_to_the_field(director_client: Client, club: Club) -> None:
    response = director_client.post(url("roster_import", club), {})
    assert response.context["form"].errors["file"] == ["Choose a CSV file to import."]


def test_search_as_you_type_returns_json(director_client: Client, club: Club, players: list[Player]) -> None:
    Player.objects.create(club=club, name="Zelda Fitzgerald", member_number="42")
    data = director_client.get(url("roster_search", club), {"q": "zel"}).json()
    assert [p["name"] for p in data["players"]] == ["Zelda Fitzgerald"]
    assert (
        director_client.get(url("roster_search", club), {"q": "42"}).json()["players"][0]["member_number"]
        == "42"
    )


def test_search_works_without_javascript(director_client: Client, club: Club, players: list[Player]) -> None:
    response = director_client.get(url("roster", club), {"q": "Player 1"})
    names = [p.name for p in response.context["players"]]
    assert names == ["Player 1", "Player 10", "Player 11", "Player 12"]
