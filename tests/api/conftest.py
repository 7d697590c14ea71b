"""Fixtures for the API tests: clients for each audience, and a second club to keep out.

``running_session`` (tests/conftest.py) is this club's three-table Mitchell;
``other`` is another club with its own director and its own running
session, whose director and tables must see nothing of ours; ``world`` is
the state the role matrix and the schema check call every endpoint in.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from entry.services import directing
from scoring.models import Via
from tests.api.helpers import OtherClub, play_all, running_mitchell, token_client
from tests.api.matrix import World
from tests.sends import result_submit
from tournaments.models import Club, Player, Session, Table
from tournaments.services import club as club_services
from tournaments.services import deals, rotations


@pytest.fixture(autouse=True)
def _fresh_throttles() -> Any:
    """Rate-limit counters live in the cache; every test starts with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def director_api(director: Any) -> APIClient:
    """This club's director, by token."""
    return token_client(director)


@pytest.fixture
def table(running_session: Session) -> Table:
    """Table 1 of this club's running session."""
    return running_session.tables.get(number=1)


@pytest.fixture
def other(django_user_model: Any) -> OtherClub:
    """Another club with its own director and running session."""
    user = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    club = club_services.club_create(name="Other Whist Club", slug="other")
    club_services.director_add(club=club, user=user)
    players = [club_services.player_create(club=club, name=f"Other {i}") for i in range(1, 13)]
    session = running_mitchell(club, players, "Other pairs")
    return OtherClub(director=user, club=club, session=session, table=session.tables.get(number=1))


@pytest.fixture
def published_session(club: Club, players: list[Player]) -> Session:
    """This club's second session, of a series: dealt, played, closed and published with every switch on."""
    series = rotations.series_create(club=club, name="Winter series")
    rotations.series_players_set(series=series, method="club", players=players[:4])
    session = running_mitchell(club, players, "Test published", dealt=True, series=series)
    play_all(session)
    directing.session_close(session=session)
    return directing.session_publish(session=session, standings=True, travellers=True, hand_records=True)


@pytest.fixture
def world(
    running_session: Session,
    published_session: Session,
    table: Table,
    other: OtherClub,
    players: list[Player],
) -> World:
    """Our running session, its table 1 having sent tray 1; a spare player; a PBN board for tray 2."""
    outcome = result_submit(table=table, tray_number=1, ns_tricks=8, via=Via.TABLE, by="pair 1 (N-S phone)")
    spare = club_services.player_create(club=running_session.club, name="Spare Player")
    hands, trump = deals.deal_cards(dealer="E")
    pbn = f'[Board "2"]\n[Dealer "E"]\n[Deal "{deals.hands_to_pbn(hands)}"]\n'
    return World(
        session=running_session,
        published=published_session,
        series=published_session.series,
        table=table,
        other=other,
        line=outcome.line,
        spare=spare,
        player=players[0],
        pbn=pbn,
    )
