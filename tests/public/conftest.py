"""Fixtures of the public pages' tests: a club with played sessions, published or not."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from public.builders import play_session

from tournaments.models import Club, Player, Series, Session
from tournaments.services import club as club_services


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    """Pages cache figures against snapshot rows; ids repeat between tests, so start clean."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def members(club: Club) -> list[Player]:
    """Twelve members: six pairs, a three-table Mitchell or Howell."""
    return [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 13)]


@pytest.fixture
def season(club: Club) -> Series:
    return Series.objects.create(club=club, name="Winter ladder", best_of=1)


@pytest.fixture
def published_mitchell(club: Club, members: list[Player], season: Series) -> Session:
    """A three-table Mitchell (trick scoring), every switch on."""
    return play_session(
        club=club,
        players=members,
        title="Published Mitchell",
        date=dt.date(2026, 11, 2),
        family="mitchell",
        deals_count=6,
        method="trick",
        series=season,
        seed=11,
    )


@pytest.fixture
def published_howell(club: Club, members: list[Player], season: Series) -> Session:
    """A six-pair Howell-type session (exponent scoring) with changed partners, every switch on."""
    return play_session(
        club=club,
        players=members,
        title="Published Howell",
        date=dt.date(2026, 11, 9),
        family="howell",
        deals_count=10,
        method="exponent",
        series=season,
        shift=1,
        seed=12,
    )
