"""Helpers for the set-up tests (plain functions, imported by the test modules)."""

from __future__ import annotations

from tournaments.models import Player, Session
from tournaments.services import sessions


def pair_up(session: Session, players: list[Player]) -> None:
    """Enter the players as pairs, two by two."""
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])


def rows_post(pairs: list[tuple[Player | None, Player | None]]) -> dict[str, str]:
    """The entrants form's POST data for these pairs."""
    data: dict[str, str] = {}
    for r, (a, b) in enumerate(pairs, start=1):
        data[f"r{r}_1"] = str(a.pk) if a else ""
        data[f"r{r}_2"] = str(b.pk) if b else ""
    return data
