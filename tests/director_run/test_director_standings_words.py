"""The director's standings on the close page, in figures nobody misreads.

The exponent system's equated gains carry the numerator of a fraction over the
tables in play, raised "like an 'exponent'" with the denominator "not written"
(rules 4 and 6, pp. 43-44): on the director's page the denominator is written
in, so that "88⁴" cannot be read as a power. The modern matchpoint percentage
beside a method of the book is named and said to be for comparison only.
"""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.public.builders import play_session
from tournaments.models import Club, Session
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db

SUP, SUB = "⁰¹²³⁴⁵⁶⁷⁸⁹", "₀₁₂₃₄₅₆₇₈₉"


def closed(club: Club, family: str, method: str, deals: int, players: int = 16) -> Session:
    people = [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, players + 1)]
    return play_session(
        club=club,
        players=people,
        title="Standings",
        date=dt.date(2026, 12, 1),
        family=family,
        deals_count=deals,
        method=method,
        publish=None,
    )


def standings(client: Client, session: Session) -> str:
    page = client.get(reverse("run:close", args=[session.pk])).content.decode()
    return page[page.index('id="director-standings"') :]


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_equated_gains_are_written_over_the_tables_never_as_a_power(
    director_client: Client, club: Club
) -> None:
    block = standings(director_client, closed(club, "howell", "exponent", 14))
    gains = re.findall(r'data-label="Gains">([^<]*)</td>', block)
    assert gains and "<sup>" not in block
    over = [g for g in gains if re.fullmatch(rf"\d+ [{SUP}]+⁄₄", g)]  # four tables in play
    assert over, gains
    assert all(re.fullmatch(rf"\d+( [{SUP}]+⁄₄)?", g) for g in gains), gains
    assert "In tricks" not in block  # the same figure once is enough
    assert "of a trick, 4 being the tables in play" in text(block) and "it is not a power" in text(block)


def test_the_modern_percentage_is_named_and_said_to_be_for_comparison(
    director_client: Client, club: Club
) -> None:
    block = standings(director_client, closed(club, "mitchell", "trick", 6, players=12))
    assert '<th class="num">%</th>' not in block and '<th class="num">Matchpoint %</th>' in block
    assert 'data-label="Matchpoint %"' in block
    assert (
        "Matchpoint %: the modern matchpoint percentage of the same results, for comparison only; "
        "the places are by the book's method: Trick score" in text(block)
    )
