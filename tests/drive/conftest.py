"""Fixtures for the whist drive (p. 24): a roster of ladies and gentlemen, and drives set up from it."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.response import Response

from tests.api.helpers import token_client
from tournaments.models import Club, Drive, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions
from tournaments.services.drive import drive_setup


@pytest.fixture
def roster(club: Club) -> list[Player]:
    """Forty-eight players: the even ones ladies, the odd ones gentlemen (the Second Method needs both)."""
    people = []
    for i in range(1, 49):
        player = club_services.player_create(club=club, name=f"Drive player {i:02d}")
        player.sex = "lady" if i % 2 == 0 else "gentleman"
        player.save(update_fields=["sex"])
        people.append(player)
    return people


def make_drive(
    club: Club,
    roster: list[Player],
    *,
    tables: int,
    method: str = "first",
    changes: int = 8,
    scoring: str = "points",
    start: bool = True,
    **options: Any,
) -> Session:
    """A drive of this many tables from the roster, drawn with a fixed seed, started unless asked not."""
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 5), title=f"Drive of {tables}", entrant_kind="individuals"
    )
    for player in roster[: 4 * tables]:
        sessions.entrant_create(session=session, players=[player])
    drive_setup(
        session=session,
        method=method,
        changes=changes,
        scoring_method=scoring,
        rng=random.Random(1900 + tables),
        **options,
    )
    return sessions.session_start(session=session) if start else session


@pytest.fixture
def drive_of(club: Club, roster: list[Player]) -> Callable[..., Session]:
    """``drive_of(tables=6, method="second", ...)``: a drive set up and started."""

    def make(**kwargs: Any) -> Session:
        return make_drive(club, roster, **kwargs)

    return make


def the_drive(session: Session) -> Drive:
    return Drive.objects.get(session=session)


def send_first_change(session: Session) -> list[Response]:
    """The director sends the first change of a two-table drive through the API: table 1 to N-S, table 2
    to E-W, 2 points each; the answers."""
    api = token_client(session.club.directors.first())
    return [
        api.post(
            f"/api/v1/sessions/{session.pk}/drive/results/",
            {"table": table, "winner": winner, "points": 2},
            format="json",
        )
        for table, winner in ((1, "NS"), (2, "EW"))
    ]
