"""Fixtures for the director's set-up pages (the directors are in ``tests/conftest.py``)."""

from __future__ import annotations

import datetime as dt

import pytest

from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions


@pytest.fixture
def roster16(club: Club) -> list[Player]:
    return [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 17)]


@pytest.fixture
def empty_session(club: Club) -> Session:
    return sessions.session_create(club=club, date=dt.date(2026, 11, 2), title="Monday pairs")
