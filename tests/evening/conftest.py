"""Fixtures for the director's evening: a logged-in director, a rival club's director, a roster."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tournaments.models import Club, Player
from tournaments.services import club as club_services


@pytest.fixture
def dclient(client: Client, director: Any) -> Client:
    """The test client, logged in as the club's director."""
    client.force_login(director)
    return client


@pytest.fixture
def rival(django_user_model: Any) -> Client:
    """A client logged in as the director of another club."""
    user = django_user_model.objects.create_user(username="rival", password="pw-for-tests-only")
    other = club_services.club_create(name="Other Club", slug="other")
    club_services.director_add(club=other, user=user)
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def roster(club: Club) -> list[Player]:
    """Twenty-four players with member numbers."""
    return [
        club_services.player_create(club=club, name=f"Member {i:02d}", member_number=str(200 + i))
        for i in range(1, 25)
    ]
