"""The club's side of a simultaneous event: twelve members, a draft three-table Mitchell of six trays, and
the stand-in organiser on loopback allowed as a destination of the club's requests."""

from __future__ import annotations

from typing import Any

import pytest
from simclub_build import seated

from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services


@pytest.fixture(autouse=True)
def organiser_allowed(settings: Any) -> None:
    """The stand-in organiser (``http_stub``) serves on 127.0.0.1: allowed, as a hall allows its own LAN."""
    settings.OUTBOUND_ALLOWED_HOSTS = ["127.0.0.1"]


@pytest.fixture
def players(club: Club) -> list[Player]:
    """Twelve members: six pairs."""
    return [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 13)]


@pytest.fixture
def draft(club: Club, players: list[Player]) -> Session:
    """A draft three-table Mitchell of six trays, its movement fixed."""
    return seated(club, players)
