"""A visitor is a visitor: on the roster, and in the club's rule for the season's ladder (members only).

A visitor plays and their partner's result counts for the partner, but the visitor is neither ranked nor
listed on the ladder, and their sessions count towards no attendance; made a member (the roster's page or
the API), they are on the ladder with every session they played. Through the real doors: the public
ladder page and the API, the roster's page and the API, with Django's test client.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from public.builders import play_session

from scoring.selectors.people import series_ladder_public
from tests.api.helpers import token_client
from tournaments.models import Club, Player, Series
from tournaments.services import club as club_services
from tournaments.services.ladder import series_ladder_rule

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(club: Club, members: list[Player]) -> tuple[Series, Player]:
    """Two published Howells of a series: eleven members and a visitor play both."""
    series = Series.objects.create(club=club, name="Spring ladder")
    visitor = club_services.player_create(club=club, name="Vera Visiting", visitor=True)
    everyone = [*members[:11], visitor]
    for i in range(2):
        play_session(
            club=club,
            players=everyone,
            title=f"Session {i + 1}",
            date=dt.date(2026, 3, 2 + 7 * i),
            deals_count=10,
            series=series,
            shift=i,
            seed=80 + i,
        )
    return series, visitor


def ladder_page(client: Client, series: Series) -> str:
    return client.get(reverse("public:ladder", args=[series.club.slug, series.pk])).content.decode()


def ladder_api(client: Client, series: Series) -> list[str]:
    url = f"/api/v1/public/clubs/{series.club.slug}/series/{series.pk}/ladder/"
    return [row["player"]["name"] for row in client.get(url).json()["rows"]]


def test_the_ladder_ranks_members_only_and_says_so(client: Client, season: tuple[Series, Player]) -> None:
    series, visitor = season
    series_ladder_rule(series=series, min_sessions=2, best_of=None)
    series.refresh_from_db()
    ladder = series_ladder_public(series=series)
    assert len(ladder.rows) == 11 and all(r.ranked for r in ladder.rows)
    assert visitor.pk not in {r.player.pk for r in ladder.rows}
    page = ladder_page(client, series)
    assert "Vera Visiting" not in page and "Members only: a visitor is not on the ladder." in page
    assert "Vera Visiting" not in ladder_api(client, series)


def test_a_visitor_made_a_member_by_the_roster_page_is_on_the_ladder_with_every_session(
    client: Client, director_client: Client, season: tuple[Series, Player]
) -> None:
    series, visitor = season
    page = director_client.get(reverse("director:player_edit", args=[series.club.slug, visitor.pk])).content
    assert b'id="visitor-badge"' in page and b"Make Vera Visiting a member" in page
    url = reverse("director:player_member", args=[series.club.slug, visitor.pk])
    said = director_client.post(url, follow=True).content.decode()
    assert "Vera Visiting is a member of the club." in said
    visitor.refresh_from_db()
    assert not visitor.visitor
    row = next(r for r in series_ladder_public(series=series).rows if r.player.pk == visitor.pk)
    assert row.played == 2 and row.ranked
    assert "Vera Visiting" in ladder_page(client, series)


def test_a_visitor_is_made_a_member_through_the_api_once(
    client: Client, director: object, season: tuple[Series, Player]
) -> None:
    series, visitor = season
    api = token_client(director)
    url = f"/api/v1/clubs/{series.club.slug}/players/{visitor.pk}/"
    assert api.get(url).json()["visitor"] is True
    answer = api.post(url + "member/")
    assert answer.status_code == 200 and answer.json()["visitor"] is False
    again = api.post(url + "member/")
    assert again.status_code == 400 and "a member already" in str(again.json())
    assert "Vera Visiting" in ladder_api(client, series)


def test_the_roster_marks_visitors(director_client: Client, club: Club) -> None:
    club_services.player_create(club=club, name="Vera Visiting", visitor=True)
    club_services.player_create(club=club, name="Mary Member")
    page = director_client.get(reverse("director:roster", args=[club.slug])).content.decode()
    row = page[page.index("Vera Visiting") :]
    assert '<span class="badge">visitor</span>' in row[: row.index("</tr>")]
    other = page[page.index("Mary Member") :]
    assert "visitor" not in other[: other.index("</tr>")]
    found = director_client.get(reverse("director:roster_search", args=[club.slug]), {"q": "Vera"}).json()
    assert found["players"][0]["visitor"] is True
