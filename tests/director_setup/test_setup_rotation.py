"""Partner rotations for a series: the book's arrangement (p. 46) and the Edgewood schedule (p. 47)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Club, Player, Series, Session
from tournaments.services import rotations

pytestmark = pytest.mark.django_db


@pytest.fixture
def series(club: Club) -> Series:
    return rotations.series_create(club=club, name="Winter tournament")


def pairs_of(session: Session) -> list[tuple[str, str]]:
    return [
        tuple(m.player.name for m in e.members.all())  # type: ignore[misc]
        for e in session.entrants.prefetch_related("members__player").order_by("number")
    ]


def test_a_series_is_created_from_the_club_page(director_client: Client, club: Club) -> None:
    response = director_client.post(reverse("director:series", args=[club.slug]), {"name": "Spring"})
    series = Series.objects.get(club=club, name="Spring")
    assert response["Location"] == reverse("director:rotation", args=[series.pk])


def test_a_series_without_a_name_is_refused_next_to_the_field(director_client: Client, club: Club) -> None:
    response = director_client.post(reverse("director:series", args=[club.slug]), {"name": ""})
    assert response.context["form"].errors["name"] == ["A series needs a name."]


def test_another_clubs_director_gets_404(stranger_client: Client, series: Series) -> None:
    assert stranger_client.get(reverse("director:rotation", args=[series.pk])).status_code == 404
    assert stranger_client.post(reverse("director:rotation_players", args=[series.pk])).status_code == 404


def test_the_club_arrangement_follows_the_book(
    director_client: Client, series: Series, players: list[Player]
) -> None:
    director_client.post(
        reverse("director:rotation_players", args=[series.pk]),
        {"method": "club", "players": [p.pk for p in players]},
    )
    page = director_client.get(reverse("director:rotation", args=[series.pk]), {"session_number": 2})
    proposal = page.context["proposal"]
    numbered = rotations.series_players(series=series)
    assert numbered is not None and len(numbered.players) == 12
    numbers = {p.pk: i for i, p in enumerate(numbered.players, start=1)}
    got = [(numbers[a.pk], numbers[b.pk]) for a, b in proposal.pairs]
    # p. 46, 2d arrangement of twelve players.
    assert got == [(12, 2), (1, 3), (11, 4), (10, 5), (9, 6), (8, 7)]


def test_an_odd_player_sits_bye(director_client: Client, series: Series, players: list[Player]) -> None:
    director_client.post(
        reverse("director:rotation_players", args=[series.pk]),
        {"method": "club", "players": [p.pk for p in players[:11]]},
    )
    proposal = rotations.rotation_propose(series=series, session_number=1)
    numbered = rotations.series_players(series=series)
    assert numbered is not None
    assert len(proposal.pairs) == 5 and proposal.bye == [numbered.players[0]]


def test_the_session_is_created_with_its_pairs_in_one_click(
    director_client: Client, series: Series, players: list[Player]
) -> None:
    director_client.post(
        reverse("director:rotation_players", args=[series.pk]),
        {"method": "club", "players": [p.pk for p in players]},
    )
    response = director_client.post(
        reverse("director:rotation", args=[series.pk]),
        {"session_number": 1, "date": "2026-12-01", "title": ""},
    )
    session = Session.objects.get(series=series)
    assert response["Location"] == reverse("director:setup", args=[session.pk])
    assert session.title == "Winter tournament, session 1"
    numbered = rotations.series_players(series=series)
    assert numbered is not None
    assert pairs_of(session)[0] == (numbered.players[11].name, numbered.players[0].name)
    assert len(pairs_of(session)) == 6


def test_the_next_session_number_is_proposed(
    director_client: Client, series: Series, players: list[Player]
) -> None:
    rotations.series_players_set(series=series, method="club", players=players)
    rotations.rotation_session_create(series=series, session_number=1, date=dt.date(2026, 1, 1))
    page = director_client.get(reverse("director:rotation", args=[series.pk]))
    assert page.context["number"] == 2


def test_the_edgewood_schedule_exchanges_partners(
    director_client: Client, series: Series, players: list[Player]
) -> None:
    ladies, gents = players[:5], players[5:10]
    data = {"method": "edgewood"}
    for i, (lady, gent) in enumerate(zip(ladies, gents, strict=True), start=1):
        data[f"r{i}_1"], data[f"r{i}_2"] = str(lady.pk), str(gent.pk)
    director_client.post(reverse("director:rotation_players", args=[series.pk]), data)
    proposal = rotations.rotation_propose(series=series, session_number=3)
    partner = {lady.pk: gent for lady, gent in proposal.pairs}
    for i, lady in enumerate(ladies):
        j = gents.index(partner[lady.pk])
        assert partner[ladies[j].pk] == gents[i], "Mrs. A with Mr. B when Mrs. B with Mr. A"


def test_a_couple_of_one_is_refused_next_to_its_row(
    director_client: Client, series: Series, players: list[Player]
) -> None:
    data = {"method": "edgewood", "r1_1": players[0].pk, "r1_2": players[1].pk, "r2_1": players[2].pk}
    response = director_client.post(reverse("director:rotation_players", args=[series.pk]), data)
    assert response.context["couples_form"].errors["r2_1"] == ["A couple is a lady and a gentleman."]


def test_too_few_players_are_refused(director_client: Client, series: Series, players: list[Player]) -> None:
    response = director_client.post(
        reverse("director:rotation_players", args=[series.pk]), {"method": "club", "players": [players[0].pk]}
    )
    assert response.context["club_form"].errors["players"] == ["Choose at least two players."]


def test_a_session_number_below_one_is_refused_next_to_the_field(
    director_client: Client, series: Series, players: list[Player]
) -> None:
    rotations.series_players_set(series=series, method="club", players=players)
    response = director_client.post(
        reverse("director:rotation", args=[series.pk]), {"session_number": 0, "date": "2026-12-01"}
    )
    assert response.context["propose_form"].errors["session_number"]
    assert not Session.objects.filter(series=series).exists()


def test_a_session_number_of_thousands_of_digits_is_read_as_none_given(
    director_client: Client, series: Series
) -> None:
    """Python reads no number of over 4,300 digits: the page proposes the next session, never a 500."""
    page = director_client.get(reverse("director:rotation", args=[series.pk]), {"session_number": "9" * 5000})
    assert page.status_code == 200
