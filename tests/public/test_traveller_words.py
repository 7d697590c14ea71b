"""A traveling slip says truly why a pair takes the average on a tray it did not play.

The book gives the average to a pair on each tray it is not seated to play,
where some pair plays every tray (pp. 38, 42, 44, 46). In the club's own
movement for eleven pairs in ten rounds of two trays (the audit's), a pair
that sits out misses two trays, and these are not always trays in play
while it sat out: the movement simply never brings it to them. The slip
said "sat out" for both; it says "sat out" only where the tray was in play
in a round the pair sat out, and "not seated at this tray" otherwise.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import defaultdict
from typing import Any

import pytest
from django.urls import reverse

from scoring.selectors.slips import session_slips
from tests.public.builders import pair_up, play_all
from tournaments.models import Club, SeatedEntrant, SeatingTray, Session
from tournaments.movements.design import design_pairs
from tournaments.services import club as club_services
from tournaments.services import deals, designs, sessions

pytestmark = pytest.mark.django_db

SAT_OUT = "sat out"
NOT_SEATED = "not seated at this tray"


@pytest.fixture
def eleven_pairs(club: Club) -> Session:
    """Eleven pairs seated by the club's movement of ten rounds of two trays, played and published."""
    players = [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 23)]
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 29), title="Eleven pairs")
    for pair in pair_up(players):
        sessions.entrant_create(session=session, players=list(pair))
    found = design_pairs(11, 10, 2, seconds=30, steps=200)  # the search's steps fixed: the same movement
    kept = designs.club_movement_create(club=club, name="Eleven pairs, ten rounds", movement=found)
    designs.session_seat_by_club_movement(session=session, club_movement=kept, scoring_method="trick")
    deals.trays_deal(session=session, rng=random.Random(5))
    session = sessions.session_start(session=session)
    play_all(session, random.Random(5))
    session = sessions.session_set_status(session=session, status=Session.Status.CLOSED)
    session = sessions.session_publish_switches(session=session, standings=True, travellers=True)
    return sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)


def sat_out_rounds(session: Session) -> dict[int, set[int]]:
    """Entrant number -> the round numbers it is not seated in."""
    rounds = set(session.rounds.values_list("number", flat=True))
    seated: dict[int, set[int]] = defaultdict(set)
    for number, rnd in SeatedEntrant.objects.filter(round__session=session).values_list(
        "entrant__number", "round__number"
    ):
        seated[number].add(rnd)
    return {n: rounds - r for n, r in seated.items()}


def test_the_slip_says_sat_out_only_for_a_tray_in_play_while_the_pair_sat_out(
    client: Any, eleven_pairs: Session
) -> None:
    out = sat_out_rounds(eleven_pairs)
    in_play: dict[int, set[int]] = defaultdict(set)
    for tray, rnd in SeatingTray.objects.filter(round__session=eleven_pairs).values_list(
        "tray__number", "round__number"
    ):
        in_play[tray].add(rnd)
    reasons = defaultdict(int)
    for deal in session_slips(session=eleven_pairs).deals:
        for award in deal.averages:
            truly = SAT_OUT if in_play[deal.deal] & out[award.entrant] else NOT_SEATED
            assert award.reason == truly, (deal.deal, award)
            reasons[award.reason] += 1
    assert reasons[NOT_SEATED] > 0  # the case the slip got wrong
    args = [eleven_pairs.club.slug, eleven_pairs.pk]
    assert f"({NOT_SEATED}): average" in client.get(reverse("public:travellers", args=args)).content.decode()
    never = next(
        a.entrant
        for d in session_slips(session=eleven_pairs).deals
        for a in d.averages
        if a.reason == NOT_SEATED
    )
    card = client.get(reverse("public:card", args=[*args, never])).content.decode()
    assert NOT_SEATED in card  # the pair's score card says the same
