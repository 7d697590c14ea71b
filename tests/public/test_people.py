"""The season ladder (the book's club tournaments, p. 46) and a player's page."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest
from django.urls import reverse

from scoring.display import signed
from scoring.scorers import score
from scoring.selectors.people import series_ladder_public
from scoring.selectors.slips import session_slips
from tournaments.models import Player, Session

pytestmark = pytest.mark.django_db


def plus_minus_of(session: Session, player: Player) -> Fraction:
    """The engine's plus/minus of the player's pair in a session."""
    member = session.entrants.get(members__player=player)
    scores = score(session.scoring_method, session_slips(session=session))
    return next(t.plus_minus for t in scores.entrants if t.entrant == member.number)


def test_ladder_counts_each_players_best_sessions_only(
    published_mitchell: Session, published_howell: Session, members: list[Player]
) -> None:
    ladder = series_ladder_public(series=published_howell.series)
    assert [s.pk for s in ladder.sessions] == [published_mitchell.pk, published_howell.pk]
    rows = {r.player.pk: r for r in ladder.rows}
    for player in members:
        figures = [plus_minus_of(published_mitchell, player), plus_minus_of(published_howell, player)]
        row = rows[player.pk]
        assert row.played == 2
        assert row.score == max(figures), "best_of=1: only the better session counts"
        assert sum(1 for _, counted in row.cells if counted) == 1
    ranks = [r.rank for r in ladder.rows]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_ladder_page_shows_the_ladder_figures(
    client: Any, published_mitchell: Session, published_howell: Session
) -> None:
    series = published_howell.series
    text = client.get(reverse("public:ladder", args=[series.club.slug, series.pk])).content.decode()
    ladder = series_ladder_public(series=series)
    for row in ladder.rows:
        figure = re.escape(signed(row.score))
        assert re.search(rf'data-player="{row.player.pk}">.*?<b>{figure}</b>', text, re.S)
    assert text.count('class="num opt fig dropped"') == len(ladder.rows)


def test_a_session_whose_standings_are_withdrawn_leaves_the_ladder(
    published_mitchell: Session, published_howell: Session
) -> None:
    from tournaments.services import sessions

    sessions.session_publish_switches(session=published_howell, standings=False)
    ladder = series_ladder_public(series=published_howell.series)
    assert [s.pk for s in ladder.sessions] == [published_mitchell.pk]


def test_player_page_lists_sessions_with_a_chart(
    client: Any, published_mitchell: Session, published_howell: Session, members: list[Player]
) -> None:
    player = members[0]
    text = client.get(reverse("public:player", args=[player.club.slug, player.pk])).content.decode()
    assert text.count("<rect ") == 2 and "<svg" in text
    for session in (published_mitchell, published_howell):
        assert f'data-session="{session.pk}"' in text
        assert signed(plus_minus_of(session, player)) in text


def test_player_without_published_results_has_no_page(client: Any, club: Any) -> None:
    from tournaments.services import club as club_services

    player = club_services.player_create(club=club, name="Newcomer")
    assert client.get(reverse("public:player", args=[club.slug, player.pk])).status_code == 404
