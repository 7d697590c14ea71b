"""Fixtures of the hostile-input tests: a club whose names and titles are an attacker's."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from public.builders import play_session

from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    """Pages and throttles keep counts in the cache; ids repeat between tests, so start clean."""
    cache.clear()
    yield
    cache.clear()


def published(club: Club, names: list[str], title: str) -> Session:
    """A six-pair Mitchell played, closed and published with every switch on."""
    players = [club_services.player_create(club=club, name=n) for n in names]
    return play_session(
        club=club,
        players=players,
        title=title,
        date=dt.date(2026, 11, 2),
        family="mitchell",
        deals_count=6,
        method="trick",
        seed=3,
    )


@pytest.fixture
def members(club: Club) -> list[Player]:
    """Twelve plain members: six pairs."""
    return [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 13)]
