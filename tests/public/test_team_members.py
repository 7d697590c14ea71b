"""Individual scores within teams of four on the team's score card (p. 49)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse
from public.builders import play_session

from scoring.scorers import score
from scoring.selectors.members import pair_slips, team_members
from scoring.selectors.slips import session_slips
from tournaments.models import Club, Player
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def fours(club: Club) -> list[Player]:
    return [club_services.player_create(club=club, name=f"Four {i:02d}") for i in range(1, 17)]


def test_each_member_scores_his_pairs_trick_score_and_the_team_card_shows_them(
    client: Client, club: Club, fours: list[Player]
) -> None:
    session = play_session(
        club=club,
        players=fours,
        title="Fours",
        date=dt.date(2026, 11, 20),
        family="fours-howell",
        deals_count=5,
        method="team-match",
        entrant_kind="fours",
        size=4,
        seed=49,
    )
    slips = session_slips(session=session)
    pairs = {t.entrant: t.total for t in score("trick", pair_slips(slips)).entrants}
    members = team_members(session=session, slips=slips, team=2)
    assert [m.pair for m in members] == ["N-S", "N-S", "E-W", "E-W"]
    assert [Fraction(m.exact) for m in members] == [pairs[3], pairs[3], pairs[4], pairs[4]]
    assert sum(Fraction(m.exact) for m in members) == 2 * (
        pairs[3] + pairs[4]
    )  # twice the team's trick score
    page = client.get(reverse("public:card", args=[club.slug, session.pk, 2])).content.decode()
    assert "The members' individual scores" in page and "Four 05" in page


def test_a_pairs_score_card_has_no_members(client: Client, club: Club, fours: list[Player]) -> None:
    session = play_session(
        club=club,
        players=fours[:12],
        title="Pairs",
        date=dt.date(2026, 11, 21),
        family="mitchell",
        deals_count=6,
    )
    assert team_members(session=session, slips=session_slips(session=session), team=1) == []
    page = client.get(reverse("public:card", args=[club.slug, session.pk, 1])).content.decode()
    assert "individual scores" not in page
