"""A substitute in a movement of players takes the book's number of the player it plays for.

In a pairs movement the pair keeps its number whoever sits in it; in a
movement of players (an individual, p. 53) the seats are the numbers, so
the substitute's tricks count for the player it replaced
(``Seat.plays_for``). The whist drive's case: ``tests/drive/test_drive_substitute.py``.
"""

from __future__ import annotations

import datetime as dt
import random

import pytest

from scoring.scorers import score
from scoring.selectors.slips import session_slips
from tests.public.builders import play_all
from tournaments.models import Club, Player, Seat, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions
from tournaments.services.errors import UserError
from tournaments.services.running import seat_substitute

pytestmark = pytest.mark.django_db


def _individual(club: Club, players: list[Player]) -> Session:
    """An individual movement of eight players (p. 53), seated, dealt and started."""
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 5), title="Individual", entrant_kind="individuals"
    )
    for player in players:
        sessions.entrant_create(session=session, players=[player])
    seating.movement_fix(session=session, family="individual")
    deals.trays_deal(session=session, rng=random.Random(1900))
    return sessions.session_start(session=session)


def test_an_individuals_substitute_scores_for_the_player_it_replaced(club: Club) -> None:
    players = [club_services.player_create(club=club, name=f"Player {i}") for i in range(1, 10)]
    session = _individual(club, players[:8])
    seat_substitute(session=session, player_out=players[2], player_in=players[8], from_round=2)
    play_all(session, random.Random(7))
    slips = session_slips(session=session)
    seated = {n for deal in slips.deals for line in deal.results for n in (line.seats or {}).values()}
    assert seated == set(range(1, 9)), "every seat has a number: the substitute holds player 3's"
    scores = score("individual", slips)
    assert sorted(t.entrant for t in scores.entrants) == list(range(1, 9))
    deals_of = {n: sum(1 for d in scores.deals if n in d.scores) for n in (1, 3)}
    assert deals_of[3] == deals_of[1] > 0, "player 3's number is scored all evening"


def test_the_player_coming_back_plays_for_themself_again(club: Club) -> None:
    players = [club_services.player_create(club=club, name=f"Player {i}") for i in range(1, 11)]
    session = _individual(club, players[:8])
    seat_substitute(session=session, player_out=players[2], player_in=players[8], from_round=1)
    seat_substitute(session=session, player_out=players[8], player_in=players[9], from_round=2)
    later = Seat.objects.filter(round__session=session, round__number__gte=2, player=players[9])
    assert later.exists() and all(s.plays_for_id == players[2].pk for s in later), "still player 3's seat"
    seat_substitute(session=session, player_out=players[9], player_in=players[2], from_round=3)
    back = Seat.objects.filter(round__session=session, round__number__gte=3, player=players[2])
    assert back.exists() and all(s.plays_for_id is None for s in back)


def test_merging_roster_entries_that_sat_in_one_round_is_refused_and_a_substitute_merges_home(
    club: Club,
) -> None:
    players = [club_services.player_create(club=club, name=f"Player {i}") for i in range(1, 10)]
    session = _individual(club, players[:8])
    seat_substitute(session=session, player_out=players[2], player_in=players[8], from_round=2)
    with pytest.raises(UserError, match="same session"):
        club_services.player_merge(keep=players[0], merge=players[8])  # both sat in round 2
    club_services.player_merge(keep=players[2], merge=players[8])  # one person, entered twice
    seats = Seat.objects.filter(round__session=session, player=players[2])
    assert seats.count() == session.rounds.count() and all(s.plays_for_id is None for s in seats)
