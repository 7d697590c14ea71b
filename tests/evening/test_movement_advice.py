"""The set-up page's advice on a movement, as a new club's director reads it.

The order is the one a club would choose (whole rounds before a change after
every tray, one field before two, a better balance, fewer changes); the
balance is the quality factor Qf of ``movements.balance``, within each field
where N-S and E-W pairs are ranked apart; four players are offered the book's
mnemonic duplicate (pp. 25-27, 66); and "no system" is said only when true.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions, setup

pytestmark = pytest.mark.django_db


def players(club: Club, count: int) -> list[Player]:
    return [
        club_services.player_create(club=club, name=f"Advice player {i:02d}") for i in range(1, count + 1)
    ]


def session_of(club: Club, kind: str, entrants: int, size: int) -> Session:
    session = sessions.session_create(club=club, date=dt.date(2026, 12, 3), title="Advice", entrant_kind=kind)
    people = players(club, entrants * size)
    if kind == "individuals":
        for player in people:
            sessions.entrant_create(session=session, players=[player])
    else:
        setup.entrants_add(
            session=session, rows=[(i, people[size * i : size * i + size]) for i in range(entrants)]
        )
    return session


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def cards(page: str) -> list[str]:
    """The recommendation cards, in order, as text."""
    return [text(c) for c in re.findall(r'<label class="rec.*?</label>', page, flags=re.S)]


def test_fourteen_pairs_get_a_movement_of_whole_rounds_first_and_every_card_says_why(
    director_client: Client, club: Club
) -> None:
    session = session_of(club, "pairs", 14, 2)
    page = director_client.get(reverse("director:setup", args=[session.pk]), {"deals": 28}).content.decode()
    shown = cards(page)
    assert "Safford" not in shown[0] and ("Howell" in shown[0] or "Mitchell" in shown[0])
    assert "Why first: 26 deals in 13 rounds of 2 trays (12 changes); one field; no sit-out." in shown[0]
    assert all("Why here:" in c for c in shown[1:])
    mitchell = next(c for c in shown if c.startswith(" Mitchell System "))
    assert "Balance: Qf 100 of 100 within each field" in mitchell and "two fields, a winner each" in mitchell
    assert "After the movements with one field" in mitchell
    assert "balance 0%" not in page and "balance 0 %" not in text(page)


def test_four_players_are_recommended_the_books_mnemonic_duplicate(
    director_client: Client, club: Club
) -> None:
    session = session_of(club, "individuals", 4, 1)
    page = director_client.get(reverse("director:setup", args=[session.pk]), {"deals": 16}).content.decode()
    assert "No system of the book" not in page
    shown = cards(page)
    assert shown[0].startswith(" Single Table, or Mnemonic Duplicate recommended pp. 25-27, 66")
    assert "16 trays" in shown[0] and "replay every deal" in shown[0]


def test_no_system_is_said_only_when_true(director_client: Client, club: Club) -> None:
    few = session_of(club, "pairs", 8, 2)
    page = text(director_client.get(reverse("director:setup", args=[few.pk]), {"deals": 3}).content.decode())
    assert "No system of the book seats 8 pairs in 3 deals: try more deals." in page
    two = session_of(club, "pairs", 2, 2)
    page = text(director_client.get(reverse("director:setup", args=[two.pk]), {"deals": 16}).content.decode())
    assert "No system of the book seats 2 pairs, in any number of deals." in page
    assert "play mnemonic duplicate" in page and "set the session up for individual players" in page


def test_the_api_gives_each_recommendation_its_qf_in_words_and_why_it_stands_there() -> None:
    """The recommendations' API says what the cards say: Qf, its words, the changes, and why each is where."""
    answer = Client().get("/api/v1/movements/recommend/?session_kind=pairs&entrants=14&deals=28").json()
    first, *rest = answer
    assert first["family"] == "howell" and first["qf"] >= 91 and first["fields"] == 1
    assert first["balance_words"].startswith("Qf ") and first["ranked"].startswith("26 deals in 13 rounds")
    assert first["changes"] == first["rounds"] - 1 and all(r["ranked"] for r in rest)
    safford = next(r for r in answer if r["family"] == "safford")
    assert answer.index(safford) > 0 and "changes tables after every tray" in safford["ranked"]
