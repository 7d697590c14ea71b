"""Fixtures for the API tests: clients for each audience, and a second club to keep out.

``running_session`` (tests/conftest.py) is this club's three-table Mitchell;
``other`` is another club with its own director and its own running
session, whose director and tables must see nothing of ours.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.conftest import mitchell_three_tables
from tournaments.models import Club, Player, Session, Table
from tournaments.services import club as club_services
from tournaments.services import seating, sessions


def running_mitchell(club: Club, players: list[Player], title: str) -> Session:
    """A running three-table Mitchell of six pairs from these players (as the shared fixture builds it)."""
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 1), title=title)
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, movement=mitchell_three_tables())
    return sessions.session_start(session=session)


def token_client(user: Any) -> APIClient:
    """An API client sending the user's DRF token."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def table_client(table: Table) -> APIClient:
    """An API client sending a table's private token in the header."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {table.token}")
    return client


@dataclass
class OtherClub:
    """Another club: its director, its running session, its first table."""

    director: Any
    club: Club
    session: Session
    table: Table


@pytest.fixture(autouse=True)
def _fresh_throttles() -> Any:
    """Rate-limit counters live in the cache; every test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def director_api(director: Any) -> APIClient:
    """This club's director, by token."""
    return token_client(director)


@pytest.fixture
def table(running_session: Session) -> Table:
    """Table 1 of this club's running session."""
    return running_session.tables.get(number=1)


@pytest.fixture
def other(django_user_model: Any) -> OtherClub:
    """Another club with its own director and running session."""
    user = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    club = club_services.club_create(name="Other Whist Club", slug="other")
    club_services.director_add(club=club, user=user)
    players = [club_services.player_create(club=club, name=f"Other {i}") for i in range(1, 13)]
    session = running_mitchell(club, players, "Other pairs")
    return OtherClub(director=user, club=club, session=session, table=session.tables.get(number=1))
