"""Builders and clients shared by the API tests (the fixtures are in conftest.py)."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from typing import Any

from rest_framework.test import APIClient

from entry.services.results import result_confirm
from scoring.models import Via
from tests.conftest import mitchell_three_tables
from tests.sends import result_submit
from tournaments.models import Club, Player, Seating, Series, Session, Table
from tournaments.services import deals, seating, sessions
from tournaments.services.tokens import token_create


def seated_mitchell(
    club: Club, players: list[Player], title: str, *, dealt: bool = False, series: Series | None = None
) -> Session:
    """A draft three-table Mitchell of six pairs from these players (as the shared fixture builds it)."""
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 1), title=title, series=series)
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, movement=mitchell_three_tables())
    if dealt:
        deals.trays_deal(session=session, rng=random.Random(1900))
    return session


def running_mitchell(
    club: Club, players: list[Player], title: str, *, dealt: bool = False, series: Series | None = None
) -> Session:
    """The same Mitchell, started."""
    return sessions.session_start(session=seated_mitchell(club, players, title, dealt=dealt, series=series))


def play_all(session: Session) -> None:
    """Enter and confirm every tray at every table, as the director's round sheet would."""
    seatings = Seating.objects.filter(round__session=session).select_related("round", "table")
    for place in seatings.order_by("round__number", "table__number"):
        for tray in place.trays.all():
            outcome = result_submit(
                table=place.table,
                tray_number=tray.number,
                ns_tricks=5 + (place.table.number + tray.number) % 5,
                via=Via.DIRECTOR,
                as_director=True,
                by="test",
                round_number=place.round.number,
            )
            result_confirm(line=outcome.line, via=Via.DIRECTOR, as_director=True, by="test")


def token_client(user: Any) -> APIClient:
    """An API client sending a new API token of the user's."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_create(user=user)}")
    return client


def table_client(table: Table) -> APIClient:
    """An API client sending a table's private token in the header."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {table.token}")
    return client


@dataclass
class OtherClub:
    """Another club: its director, its running session, its first table."""

    director: Any
    club: Club
    session: Session
    table: Table
