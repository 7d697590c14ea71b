"""Fixtures for the director's evening: a logged-in director, a rival club's director, a roster."""

from __future__ import annotations

import pytest

from tournaments.models import Club, Player
from tournaments.services import club as club_services


@pytest.fixture
def roster(club: Club) -> list[Player]:
    """Twenty-four players with member numbers."""
    return [
        club_services.player_create(club=club, name=f"Member {i:02d}", member_number=str(200 + i))
        for i in range(1, 25)
    ]
