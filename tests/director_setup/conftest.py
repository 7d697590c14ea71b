"""Fixtures for the director's set-up pages: a logged-in director, another club's director."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client

from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions


@pytest.fixture
def director_client(client: Client, director: Any) -> Client:
    client.force_login(director)
    return client


@pytest.fixture
def stranger_client(django_user_model: Any) -> Client:
    """A director of another club: sees none of ours."""
    user = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    other = club_services.club_create(name="Other Club", slug="other")
    club_services.director_add(club=other, user=user)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def roster16(club: Club) -> list[Player]:
    return [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 17)]


@pytest.fixture
def empty_session(club: Club) -> Session:
    return sessions.session_create(club=club, date=dt.date(2026, 11, 2), title="Monday pairs")
