"""A player's page and a season's ladder cost the same however many sessions the club has published.

The queries of one request are counted (not timed): a player's page reads
one page of sessions, and a ladder reads each session's lines from the
cache kept by the session's version (``scoring.selectors.lines``), so two
more published sessions add no query. A change to a session (its results
corrected, its standings withdrawn) is a new version, never a stale answer.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from public.builders import play_session

from entry.services.corrections import result_correct
from scoring.display import signed
from scoring.models import SlipLine
from scoring.selectors.people import series_ladder_public
from scoring.views import public_people
from tournaments.models import Club, Player, Series, Session
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def statements(client: Client, url: str) -> int:
    """The queries one request makes (the transaction's own statements and PostgreSQL's PREPAREs aside)."""
    words = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "PREPARE ")
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    return len([q for q in context.captured_queries if not q["sql"].startswith(words)])


def two_more(club: Club, members: list[Player], season: Series) -> list[Session]:
    """Two more published sessions of the season, the same members with other partners."""
    return [
        play_session(
            club=club,
            players=members,
            title=f"Later {i}",
            date=dt.date(2026, 11, 16 + 7 * i),
            family="howell",
            deals_count=10,
            method="trick",
            series=season,
            shift=2 + i,
            seed=30 + i,
        )
        for i in range(2)
    ]


@pytest.fixture
def urls(published_mitchell: Session, published_howell: Session, members: list[Player]) -> dict[str, str]:
    """The ladder page and API, and the first member's page and API."""
    slug, series, player = published_mitchell.club.slug, published_mitchell.series, members[0]
    assert series is not None
    api = f"/api/v1/public/clubs/{slug}/"
    return {
        "ladder page": reverse("public:ladder", args=[slug, series.pk]),
        "ladder API": f"{api}series/{series.pk}/ladder/",
        "player page": reverse("public:player", args=[slug, player.pk]),
        "player API": f"{api}players/{player.pk}/results/?limit=2",
    }


def test_the_ladder_and_player_pages_read_no_more_for_more_published_sessions(
    client: Client,
    club: Club,
    members: list[Player],
    season: Series,
    urls: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(public_people, "PLAYER_PAGE_SIZE", 2)
    for url in urls.values():
        client.get(url)  # the sessions' lines into the cache
    before = {name: statements(client, url) for name, url in urls.items()}
    two_more(club, members, season)
    for url in urls.values():
        client.get(url)
    after = {name: statements(client, url) for name, url in urls.items()}
    assert after == before
    assert len(series_ladder_public(series=season).sessions) == 4


def test_a_page_of_a_players_sessions_reads_only_that_page_even_unkept(
    client: Client,
    club: Club,
    members: list[Player],
    season: Series,
    urls: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With nothing in the cache, a page of two sessions costs the same whether the player has two or four."""
    from django.core.cache import cache

    monkeypatch.setattr(public_people, "PLAYER_PAGE_SIZE", 2)
    pages = {name: url for name, url in urls.items() if name.startswith("player")}
    cache.clear()
    before = {name: statements(client, url) for name, url in pages.items()}
    two_more(club, members, season)
    cache.clear()
    assert {name: statements(client, url) for name, url in pages.items()} == before


def test_a_players_page_is_paged_newest_first_with_links(
    client: Client,
    club: Club,
    members: list[Player],
    season: Series,
    urls: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(public_people, "PLAYER_PAGE_SIZE", 2)
    later = two_more(club, members, season)
    first = client.get(urls["player page"]).content.decode()
    assert re.findall(r'data-session="(\d+)"', first) == [str(s.pk) for s in reversed(later)]
    assert "4 published sessions" in first and "Page 1 of 2" in first
    assert 'rel="next" href="?page=2"' in first and 'rel="prev"' not in first
    second = client.get(urls["player page"] + "?page=2").content.decode()
    assert len(re.findall(r'data-session="(\d+)"', second)) == 2 and 'rel="prev" href="?page=1"' in second
    for page in ("?page=99", "?page=x", "?page=-1", f"?page={10**30}"):
        assert client.get(urls["player page"] + page).status_code == 200


def test_the_player_results_api_is_paged_by_limit_and_offset(
    client: Client, club: Club, members: list[Player], season: Series, urls: dict[str, str]
) -> None:
    later = two_more(club, members, season)
    body = client.get(urls["player API"]).json()
    assert body["count"] == 4 and "offset=2" in body["next"] and body["previous"] is None
    assert [r["session"]["id"] for r in body["results"]] == [s.pk for s in reversed(later)]
    rest = client.get(urls["player API"] + "&offset=2").json()
    assert len(rest["results"]) == 2 and rest["next"] is None
    assert client.get(urls["player API"].replace("?limit=2", "")).json()["count"] == 4


def test_the_ladder_is_paged_by_players(
    client: Client, season: Series, urls: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(public_people, "LADDER_PAGE_SIZE", 5)
    ladder = series_ladder_public(series=season)
    first = client.get(urls["ladder page"]).content.decode()
    assert re.findall(r'data-player="(\d+)"', first) == [str(r.player.pk) for r in ladder.rows[:5]]
    second = client.get(urls["ladder page"] + "?page=2").content.decode()
    assert re.findall(r'data-player="(\d+)"', second) == [str(r.player.pk) for r in ladder.rows[5:10]]
    body = client.get(urls["ladder API"] + "?limit=5&offset=5").json()
    assert body["count"] == len(ladder.rows) and len(body["rows"]) == 5 and body["previous"]
    assert [r["player"]["id"] for r in body["rows"]] == [r.player.pk for r in ladder.rows[5:10]]


def test_a_result_corrected_after_publication_changes_the_kept_ladder(
    client: Client, published_howell: Session, urls: dict[str, str]
) -> None:
    before = series_ladder_public(series=published_howell.series)
    client.get(urls["ladder page"])
    session = sessions.session_set_status(session=published_howell, status=Session.Status.CLOSED)
    line = SlipLine.objects.filter(session=session).order_by("tray__number", "table__number").first()
    assert line is not None
    result_correct(line=line, reason="Miscounted", ns_tricks=13 - (line.ns_tricks or 0), by="director")
    sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)
    after = series_ladder_public(series=published_howell.series)
    assert [r.cells for r in after.rows] != [r.cells for r in before.rows]
    page = client.get(urls["ladder page"]).content.decode()
    for row in after.rows:
        figure = re.escape(signed(row.score))
        assert re.search(rf'data-player="{row.player.pk}">.*?<b>{figure}</b>', page, re.S)


def test_standings_withdrawn_leave_the_kept_pages_at_once(
    client: Client, published_howell: Session, members: list[Player], urls: dict[str, str]
) -> None:
    for url in urls.values():
        client.get(url)
    sessions.session_publish_switches(session=published_howell, standings=False)
    ladder = client.get(urls["ladder API"]).json()
    assert [s["title"] for s in ladder["sessions"]] == ["Published Mitchell"]
    page = client.get(urls["player page"]).content.decode()
    assert f'data-session="{published_howell.pk}"' not in page
    results: Any = client.get(urls["player API"]).json()["results"]
    assert published_howell.pk not in [r["session"]["id"] for r in results]
