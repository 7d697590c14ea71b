"""Team and individual results: match and trick scores for teams, players ranked alone."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.urls import reverse
from public.builders import play_session

from scoring.display import number as mixed
from scoring.display import signed
from scoring.scorers import score
from scoring.selectors.slips import session_slips
from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<tr[^>]*data-entrant="(\d+)"[^>]*>(.*?)</tr>', re.S)
CELL = re.compile(r'<td class="num fig[^"]*" data-exact="([^"]*)"[^>]*>([^<]*)</td>')


@pytest.fixture
def sixteen(club: Club) -> list[Player]:
    return [club_services.player_create(club=club, name=f"Player {i:02d}") for i in range(1, 17)]


def cells(client: Any, session: Session) -> dict[int, list[tuple[str, str]]]:
    body = client.get(reverse("public:session", args=[session.club.slug, session.pk])).content.decode()
    return {int(e): CELL.findall(row) for e, row in ROW.findall(body)}


def test_teams_of_four_show_match_score_and_trick_score(
    client: Any, club: Club, sixteen: list[Player]
) -> None:
    session = play_session(
        club=club,
        players=sixteen,
        title="Teams",
        date=dt.date(2026, 11, 2),
        family="fours-howell",
        deals_count=None,
        method="team-match",
        entrant_kind="fours",
        size=4,
    )
    expected = score("team-match", session_slips(session=session))
    shown = cells(client, session)
    for t in expected.entrants:
        assert shown[t.entrant] == [
            (str(t.total), mixed(t.total)),
            (str(t.extra["tricks"]), signed(t.extra["tricks"])),
        ]
    card = client.get(reverse("public:card", args=[club.slug, session.pk, expected.entrants[0].entrant]))
    assert card.status_code == 200 and "Match score" in card.content.decode()


def test_individuals_are_ranked_as_players(client: Any, club: Club, sixteen: list[Player]) -> None:
    session = play_session(
        club=club,
        players=sixteen[:8],
        title="Individual",
        date=dt.date(2026, 11, 2),
        family="individual",
        deals_count=None,
        method="individual",
        entrant_kind="individuals",
        size=1,
    )
    expected = score("individual", session_slips(session=session))
    shown = cells(client, session)
    assert len(shown) == 8
    for t in expected.entrants:
        assert shown[t.entrant][0] == (str(t.total), mixed(t.total))
        assert shown[t.entrant][1] == (str(t.plus_minus), signed(t.plus_minus))
    text = client.get(reverse("public:card", args=[club.slug, session.pk, 1])).content.decode()
    assert " with Player " in text, "an individual's card names the partner of each tray"
