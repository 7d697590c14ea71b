"""The live board and the hall's screen show who sits out and where everyone goes next.

Issue ("What the slips say is what happened", 6): the live board and the hall's screen showed no sit-out
and no "who moves where next".
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.sends import result_submit
from tournaments.models import Club, Seating, Session
from tournaments.services import club as club_services
from tournaments.services import seating, sessions

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine_pairs(club: Club) -> Session:
    """Nine pairs in a Mitchell of five tables, two trays a round: pair 9 sits out round 1, pair 1 round 2
    (it plays round 1 at table 1, N-S, and comes back there for round 3)."""
    players = [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 19)]
    session = sessions.session_create(club=club, date=dt.date(2026, 12, 1), title="Nine pairs")
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="mitchell", deals=10)
    return sessions.session_start(session=session)


def _play(session: Session, rnd: int) -> None:
    for seated in Seating.objects.filter(round__session=session, round__number=rnd).select_related("table"):
        for tray in seated.trays.all():
            result_submit(table=seated.table, tray_number=tray.number, ns_tricks=7)


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_board_lists_who_sits_out_each_round_and_where_everyone_goes(
    director_client: Client, nine_pairs: Session
) -> None:
    _play(nine_pairs, 1)
    page = director_client.get(reverse("run:board", args=[nine_pairs.pk])).content.decode()
    row = re.search(r'<tr class="sitout-row">.*?</tr>', page, re.S)
    assert row is not None and _text(row.group(0)).startswith("Sits out 9 1 3 5 7")
    routes = _text(page.split('id="routes"', 1)[1].split("</details>", 1)[0])
    assert "1 Member 01 &amp; Member 02 Round 2: sit out. Next: round 3, Table 1, North-South." in routes
    data = director_client.get(reverse("run:board_json", args=[nine_pairs.pk])).json()
    assert data["sitouts"]["2"] == [1]


def test_the_hall_screen_shows_who_sits_out_and_where_each_pair_goes_next(
    director_client: Client, nine_pairs: Session
) -> None:
    _play(nine_pairs, 1)
    response = director_client.get(reverse("run:screen", args=[nine_pairs.pk]))
    screen = response.context["screen"]
    assert screen.room_round == 2 and screen.sitting_out == [1]
    words = {r.entrant: r.words for r in screen.routes}
    assert words[1] == "Round 2: sit out. Next: round 3, Table 1, North-South."
    assert words[9].startswith("Round 2: Table ") and "Next: round 3" in words[9], "pair 9 is back in"
    page = _text(response.content.decode())
    assert "Sits out round 2: 1" in page and "Where to go" in page
    assert "Round 2: sit out. Next: round 3, Table 1, North-South." in page
