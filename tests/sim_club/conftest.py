"""The club's side of a simultaneous event: twelve members, and a draft three-table Mitchell of six trays."""

from __future__ import annotations

import pytest
from simclub_build import seated

from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services


@pytest.fixture
def players(club: Club) -> list[Player]:
    """Twelve members: six pairs."""
    return [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 13)]


@pytest.fixture
def draft(club: Club, players: list[Player]) -> Session:
    """A draft three-table Mitchell of six trays, its movement fixed."""
    return seated(club, players)
