"""A session takes at most the entrants the app's movements seat: sixty tables of four players.

``SESSION_MAX_PLAYERS`` (four times ``SEAT_MAX_TABLES``) is 120 pairs, 60
teams of four, 240 individuals. The last place is taken and the next is
refused with its sentence through every door that adds one: the API, the
entrants page, the pasted names, a phantom pair. The real bound is tried
once (120 pairs, seated at sixty tables); the doors are tried with the
bound made small.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from tests.api.helpers import token_client
from tournaments.models import Club, Player, Session
from tournaments.movements.limits import SEAT_MAX_TABLES
from tournaments.services import club as club_services
from tournaments.services import seating, sessions, setup
from tournaments.services.errors import UserError

pytestmark = pytest.mark.django_db


def people(club: Club, count: int, start: int = 0) -> list[Player]:
    return [
        club_services.player_create(club=club, name=f"Player {i:03d}") for i in range(start, start + count)
    ]


def session_of(club: Club, kind: str = "pairs") -> Session:
    return sessions.session_create(club=club, date=dt.date(2026, 11, 2), title="Full hall", entrant_kind=kind)


def sentence(most: int, noun: str, players: int = 8, tables: int = SEAT_MAX_TABLES) -> str:
    return f"A session takes at most {most} {noun}: the app seats up to {tables} tables ({players} players)."


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound made eight players (two tables' worth)."""
    monkeypatch.setattr(sessions, "SESSION_MAX_PLAYERS", 8)


@pytest.mark.slow
def test_a_session_takes_120_pairs_seated_at_sixty_tables_and_refuses_the_121st(
    club: Club, director: object
) -> None:
    session = session_of(club)
    everyone = people(club, 242)
    for a, b in zip(everyone[0:240:2], everyone[1:240:2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    refused = token_client(director).post(
        f"/api/v1/sessions/{session.pk}/entrants/",
        {"players": [everyone[240].pk, everyone[241].pk]},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json() == {"players": [sentence(120, "pairs", 240)]}
    seating.movement_fix(session=session, family="mitchell", variant="mod1")
    assert session.tables.count() == SEAT_MAX_TABLES
    assert session.entrants.count() == 120


@pytest.mark.parametrize(
    ("kind", "size", "most", "noun"),
    [("pairs", 2, 4, "pairs"), ("fours", 4, 2, "teams"), ("individuals", 1, 8, "individual entries")],
)
def test_the_api_takes_the_last_place_and_refuses_the_next(
    club: Club, director: object, small: None, kind: str, size: int, most: int, noun: str
) -> None:
    session, api = session_of(club, kind), token_client(director)
    everyone = people(club, size * (most + 1))
    url = f"/api/v1/sessions/{session.pk}/entrants/"
    groups = [everyone[i : i + size] for i in range(0, len(everyone), size)]
    for group in groups[:most]:
        assert api.post(url, {"players": [p.pk for p in group]}, format="json").status_code == 201
    refused = api.post(url, {"players": [p.pk for p in groups[most]]}, format="json")
    assert refused.status_code == 400 and refused.json() == {"players": [sentence(most, noun)]}
    assert session.entrants.count() == most


def test_a_phantom_pair_takes_no_place_beyond_the_last(club: Club, director: object, small: None) -> None:
    session, api = session_of(club), token_client(director)
    everyone = people(club, 6)
    for a, b in zip(everyone[0::2], everyone[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    assert api.post(f"/api/v1/sessions/{session.pk}/entrants/phantom/").status_code == 201  # the fourth
    refused = api.post(f"/api/v1/sessions/{session.pk}/entrants/phantom/")
    assert refused.status_code == 400 and refused.json() == {"phantom": [sentence(4, "pairs")]}
    with pytest.raises(UserError, match="at most 4 pairs"):
        setup.phantom_add(session=session)


def test_the_entrants_page_and_the_pasted_names_refuse_the_fifth_pair_and_add_nothing(
    director_client: Client, club: Club, small: None
) -> None:
    session = session_of(club)
    everyone = people(club, 10)
    rows = {f"r{n}_{i}": str(everyone[2 * (n - 1) + i - 1].pk) for n in range(1, 6) for i in (1, 2)}
    page = director_client.post(reverse("director:setup_entrants", args=[session.pk]), rows, follow=True)
    assert sentence(4, "pairs") in page.content.decode()
    assert session.entrants.count() == 0, "all or none"
    names = "\n".join(f"{everyone[2 * n].name} & {everyone[2 * n + 1].name}" for n in range(4))
    api = token_client(club.directors.get())
    url = f"/api/v1/sessions/{session.pk}/entrants/names/"
    assert api.post(url, {"text": names}, format="json").status_code == 201
    more = f"{everyone[8].name} & {everyone[9].name}"
    refused = api.post(url, {"text": more}, format="json")
    assert refused.status_code == 400 and sentence(4, "pairs") in str(refused.json())
    assert session.entrants.count() == 4
