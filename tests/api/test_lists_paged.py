"""The director's lists that grow with use are paged, and a page's size is bounded.

A club's series and a slip line's history answer by ``limit`` and
``offset`` (``count``, ``next``, ``previous``, ``results``), as the
project's other lists. ``Pagination.max_limit`` (1000) is tried at the
limit and one past: a larger limit is cut to 1000, the schema says so, and
``next`` leads on to the rest.
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from entry.services.corrections import result_correct
from scoring.models import SlipLine
from tournaments.api import Pagination
from tournaments.models import Club, Player, Series, Session

pytestmark = pytest.mark.django_db


def test_a_clubs_series_are_paged_newest_first(director_api: APIClient, club: Club) -> None:
    made = [Series.objects.create(club=club, name=f"Season {i}") for i in range(3)]
    url = f"/api/v1/clubs/{club.slug}/series/"
    first = director_api.get(url + "?limit=2").json()
    assert first["count"] == 3 and "offset=2" in first["next"] and first["previous"] is None
    assert [s["name"] for s in first["results"]] == ["Season 2", "Season 1"]
    rest = director_api.get(url + "?limit=2&offset=2").json()
    assert [s["id"] for s in rest["results"]] == [made[0].pk] and rest["next"] is None
    assert director_api.post(url, {"name": "Spring"}, format="json").status_code == 201


def test_a_clubs_series_are_not_anothers(director_api: APIClient, club: Club) -> None:
    stranger = Club.objects.create(name="Elsewhere", slug="elsewhere")
    Series.objects.create(club=stranger, name="Theirs")
    assert director_api.get("/api/v1/clubs/elsewhere/series/").status_code == 404
    assert director_api.get(f"/api/v1/clubs/{club.slug}/series/").json()["count"] == 0


def test_a_lines_history_is_paged_newest_first(director_api: APIClient, running_session: Session) -> None:
    table = running_session.tables.get(number=1)
    from scoring.models import Via
    from tests.sends import result_submit

    line = result_submit(table=table, tray_number=1, ns_tricks=7, via=Via.TABLE, by="N-S").line
    for tricks in (8, 9, 10):
        line = result_correct(
            line=SlipLine.objects.get(pk=line.pk), reason=f"to {tricks}", ns_tricks=tricks, by="director"
        )
    url = f"/api/v1/sessions/{running_session.pk}/slips/{line.pk}/history/"
    first = director_api.get(url + "?limit=2").json()
    assert first["count"] == 3 and first["next"] and first["previous"] is None
    assert [v["reason"] for v in first["results"]] == ["to 10", "to 9"]
    rest = director_api.get(url + "?limit=2&offset=2").json()
    assert [v["data"]["ns_tricks"] for v in rest["results"]] == [7] and rest["next"] is None
    assert director_api.get(f"/api/v1/sessions/{running_session.pk}/slips/999999/history/").status_code == 404


@pytest.fixture
def roster_1001(club: Club) -> list[Player]:
    """One player more than a page may hold."""
    return Player.objects.bulk_create(Player(club=club, name=f"Member {i:04d}") for i in range(1001))


@pytest.mark.parametrize(("limit", "answered"), [(1000, 1000), (1001, 1000), (999, 999)])
def test_a_page_holds_at_most_max_limit_and_next_leads_on(
    director_api: APIClient, club: Club, roster_1001: list[Player], limit: int, answered: int
) -> None:
    assert Pagination.max_limit == 1000
    body = director_api.get(f"/api/v1/clubs/{club.slug}/players/?limit={limit}").json()
    assert body["count"] == 1001 and len(body["results"]) == answered
    assert f"offset={answered}" in body["next"] and f"limit={answered}" in body["next"]
    rest = director_api.get(body["next"]).json()
    assert len(rest["results"]) == 1001 - answered


def test_the_schema_says_a_larger_limit_is_cut(director_api: APIClient) -> None:
    schema: Any = director_api.get("/api/v1/schema/?format=json").json()
    for path in ("/api/v1/clubs/{slug}/players/", "/api/v1/clubs/{slug}/series/"):
        limit = next(p for p in schema["paths"][path]["get"]["parameters"] if p["name"] == "limit")
        assert "at most 1000 (a larger limit is cut to 1000" in limit["description"]
