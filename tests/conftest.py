"""Shared fixtures: a club, its director, players, and a small running session.

The session is seated by a three-table Mitchell written out by hand (p. 31:
N-S stationary, E-W to the next higher table, trays to the next lower), so
these tests do not depend on the movement engine. ``served`` is make club's
own server, started for a module that talks to it (``infra/club_process.py``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.test.utils import override_settings

from infra.security import PublicRateThrottle
from tests.infra.club_process import Served, serve_club
from tournaments.models import Club, Player, Session
from tournaments.movements.types import Movement, Round, TableAssignment
from tournaments.services import club as club_services
from tournaments.services import seating, sessions


@pytest.fixture(autouse=True, scope="session")
def fast_password_hashing() -> Iterator[None]:
    """The tests' passwords hashed by a fast hasher, as Django's testing guide advises: PBKDF2's million
    rounds cost half a second a user made or logged in, and some 700 tests make a director and log in.
    No test reads how a password is stored; the served club (``served``) keeps the settings' own."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


#: Fixtures through which a test reaches the database.
DATABASE_FIXTURES = {"db", "transactional_db", "live_server", "django_db_reset_sequences"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that reaches the database ``database``: the rest (the engines, the layout of
    diagrams, the parsers) give the same answers on any database, and CI runs them once."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("django_db") or fixtures & DATABASE_FIXTURES:
            item.add_marker(pytest.mark.database)


#: The markers of the long tests, the longest kind first: each test process starts with its share of them.
HEAVY = ("privacy", "browser", "slow")


class HeavyFirst:
    """The long tests first, dealt in turn to the processes' first shares (``make test``: two, by work
    stealing), so that none of them starts near the end while the other process has run out of work.

    pytest-xdist's work stealing hands each process an equal, consecutive share of the collection, then
    moves the unstarted end of one share to a process that has run out: a three-minute test left near
    the end of a share keeps one core busy alone. Every other process starts with its browser tests,
    which wait on Chromium, while its neighbour runs the privacy suite on the processor. The tests that
    talk to ``served`` stay together, so that one process starts that server. This runs after the
    selection (``-m``, ``-k``), on the items that will run, alike in every process; it changes the
    order only, never what runs.
    """

    @staticmethod
    def heaviness(unit: list[pytest.Item]) -> int:
        """The index in ``HEAVY`` of the first long marker of the unit's tests; ``len(HEAVY)`` if none."""
        marked = [i for i, name in enumerate(HEAVY) for item in unit if item.get_closest_marker(name)]
        return min(marked, default=len(HEAVY))

    @staticmethod
    def units(items: list[pytest.Item]) -> list[list[pytest.Item]]:
        """The tests one by one, those that use ``served`` as one unit."""
        units: list[list[pytest.Item]] = []
        served: list[pytest.Item] = []
        for item in items:
            if "served" not in getattr(item, "fixturenames", ()):
                units.append([item])
                continue
            if not served:
                units.append(served)
            served.append(item)
        return units

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
        units = self.units(items)
        heavy = sorted((u for u in units if self.heaviness(u) < len(HEAVY)), key=self.heaviness)
        rest = [u for u in units if self.heaviness(u) == len(HEAVY)]
        ordered: list[pytest.Item] = []
        for worker in range(workers):
            share = (len(items) - len(ordered)) // (workers - worker)  # as xdist deals them
            mine = heavy[worker::workers]
            if worker % 2:  # the browser's tests first
                mine.sort(key=lambda unit: self.heaviness(unit) != HEAVY.index("browser"))
            first = [item for unit in mine for item in unit]
            while len(first) < share and rest:
                first.extend(rest.pop(0))
            ordered.extend(first)
        ordered.extend(item for unit in rest for item in unit)
        assert sorted(map(id, ordered)) == sorted(map(id, items)), "the order must keep every test once"
        items[:] = ordered


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(HeavyFirst(), "clubwhist-heavy-first")
    # The hand records' solve runs where the test can read its answer at once (scoring.tasks); the thread
    # a club's server solves on is tested by itself (tests/public/test_hand_records.py).
    settings.SOLVE_IN_BACKGROUND = False
    settings.CHECKS_SOLVE_DURING_PLAY = False  # the scorer's eye's tests turn it on


def mitchell_three_tables() -> Movement:
    """A Mitchell for three tables, one tray a table: 6 pairs, 3 rounds, 3 trays."""
    rounds = []
    for r in range(1, 4):
        tables = tuple(
            TableAssignment(table=t, ns=2 * t - 1, ew=2 * ((t + r - 2) % 3 + 1), trays=(((t - r) % 3) + 1,))
            for t in range(1, 4)
        )
        rounds.append(Round(number=r, tables=tables))
    return Movement(family="mitchell", entrants=6, tables=3, trays=3, rounds=tuple(rounds))


@pytest.fixture
def director(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user(username="dir", password="pw-for-tests-only")


@pytest.fixture
def club(director: Any) -> Club:
    club = club_services.club_create(name="Test Whist Club", slug="test")
    club_services.director_add(club=club, user=director)
    return club


@pytest.fixture
def director_client(client: Client, director: Any) -> Client:
    """The test client, logged in as the club's director."""
    client.force_login(director)
    return client


@pytest.fixture
def stranger_client(django_user_model: Any) -> Client:
    """A client logged in as the director of another club: it sees none of ours."""
    user = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    other = club_services.club_create(name="Other Club", slug="other")
    club_services.director_add(club=other, user=user)
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def players(club: Club) -> list[Player]:
    return [club_services.player_create(club=club, name=f"Player {i}") for i in range(1, 13)]


@pytest.fixture
def draft_session(club: Club, players: list[Player]) -> Session:
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 1), title="Test pairs")
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    return session


@pytest.fixture
def seated_session(draft_session: Session) -> Session:
    seating.movement_fix(session=draft_session, movement=mitchell_three_tables())
    return draft_session


@pytest.fixture
def running_session(seated_session: Session) -> Session:
    return sessions.session_start(session=seated_session)


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Each test starts with an empty cache (a new test database reuses the same ids)."""
    cache.clear()


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """make club's own server on 127.0.0.1 with its own var/ and database, at http://club-hall.test:PORT.

    Started once for every module that talks to it (half a minute a start: it migrates, collects the
    static files and builds the demo club, each a fresh Python): the tests that use it run in one process
    (``HeavyFirst``), and none of them counts on a database no other test has touched."""
    yield from serve_club(tmp_path_factory)


@pytest.fixture(autouse=True)
def _public_throttle_wide_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests ask the public pages far faster than a person; the throttle's own tests set their rates."""
    rates = {**PublicRateThrottle.THROTTLE_RATES, "public": "100000/min", "preview": "100000/min"}
    monkeypatch.setattr(PublicRateThrottle, "THROTTLE_RATES", rates)
