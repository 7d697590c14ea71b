"""A club's list of published sessions reads one page of them, however many seasons the club has published;
and the database's question of which sessions the public may know of is the visibility rule's own."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoring.visibility import published, published_anything
from tournaments.models import Club, Player, Session
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def published_sessions(club: Club, players: list[Player], count: int) -> None:
    """``count`` sessions of three pairs, published with their standings."""
    for i in range(count):
        session = sessions.session_create(
            club=club, date=dt.date(2026, 1, 1) + dt.timedelta(days=i), title=f"S{i}"
        )
        for a, b in zip(players[0:6:2], players[1:6:2], strict=True):
            sessions.entrant_create(session=session, players=[a, b])
        Session.objects.filter(pk=session.pk).update(status=Session.Status.PUBLISHED, publish_standings=True)


def statements(url: str) -> tuple[int, dict]:
    """The queries one anonymous request makes, and its answer."""
    with CaptureQueriesContext(connection) as context:
        response = Client().get(url)
    assert response.status_code == 200, response.content[:300]
    return len(
        [q for q in context.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]
    ), response.json()


def test_the_list_reads_only_the_page_it_answers(club: Club, players: list[Player]) -> None:
    url = f"/api/v1/public/clubs/{club.slug}/sessions/?limit=3"
    published_sessions(club, players, 4)
    few, first = statements(url)
    published_sessions(club, players, 6)
    many, later = statements(url)
    assert (first["count"], later["count"]) == (4, 10) and len(later["results"]) == 3
    assert many == few, (few, many)
    assert [s["title"] for s in later["results"]] == ["S5", "S4", "S3"]


def test_the_databases_question_is_the_rules_own(club: Club) -> None:
    """Every combination of status, switches and release time: the query and ``published`` agree."""
    now = dt.datetime(2026, 12, 1, 20, tzinfo=dt.UTC)
    times = [None, now - dt.timedelta(hours=1), now + dt.timedelta(hours=1)]
    for status, s, t, h, release in itertools.product(
        [Session.Status.CLOSED, Session.Status.PUBLISHED], [False, True], [False, True], [False, True], times
    ):
        session = Session.objects.create(
            club=club,
            date=now.date(),
            title="x",
            status=status,
            publish_standings=s,
            publish_travellers=t,
            publish_hand_records=h,
            hands_release_at=release,
            sim_pack=None if release is None else {"ref": "x"},
        )
        asked = Session.objects.filter(pk=session.pk).filter(published_anything(now)).exists()
        ruled = (
            published(session).standings
            or published(session).travellers
            or (status == Session.Status.PUBLISHED and h and session.hands_released(now))
        )
        assert asked == ruled, (status, s, t, h, release)
