"""Fixtures for mnemonic duplicate (pp. 25-27, 66): four players at one table, every deal played twice."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from typing import Any

import pytest

from tournaments.models import Club, Player, Session
from tournaments.services import deals, seating, sessions


def make_mnemonic(
    club: Club, players: list[Player], *, deals_count: int = 4, variant: str | None = None, suit: str = "S"
) -> Session:
    """Four players, the mnemonic movement, dealt with a suit declared (p. 26), started."""
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 8), title="Mnemonic evening", entrant_kind="individuals"
    )
    for player in players[:4]:
        sessions.entrant_create(session=session, players=[player])
    seating.movement_fix(session=session, family="mnemonic", variant=variant, deals=deals_count)
    if suit:
        deals.session_declare_trump(session=session, suit=suit)
    deals.trays_deal(session=session, rng=random.Random(26))
    return sessions.session_start(session=session)


@pytest.fixture
def mnemonic_of(club: Club, players: list[Player]) -> Callable[..., Session]:
    """``mnemonic_of(deals_count=4, variant=None, suit="S")``: a mnemonic session, started."""

    def make(**kwargs: Any) -> Session:
        return make_mnemonic(club, players, **kwargs)

    return make
