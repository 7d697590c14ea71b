"""The director's "Enter results": it opens at the room's round, saves and moves on, shows the sit-outs.

Issue ("What the slips say is what happened", 6): Enter results opened on round 1 while the room was in
round 4, had no "save and next round", and showed no sit-out.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import SlipLine
from tests.sends import result_submit
from tournaments.models import Club, Seating, Session
from tournaments.services import club as club_services
from tournaments.services import seating, sessions

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine_pairs(club: Club) -> Session:
    """Nine pairs in a Mitchell of five tables, two trays a round (a pair sits out every round)."""
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


def test_enter_results_opens_at_the_round_the_room_is_playing(
    director_client: Client, nine_pairs: Session
) -> None:
    for rnd in (1, 2, 3):
        _play(nine_pairs, rnd)
    board = director_client.get(reverse("run:board", args=[nine_pairs.pk])).content.decode()
    tab = re.search(r'<a href="([^"]+)"[^>]*>Enter results</a>', board.split('class="session-tabs"')[1])
    assert tab is not None
    page = director_client.get(tab.group(1), follow=True)
    assert "Enter round 4 for the tables" in page.content.decode()
    assert page.request["PATH_INFO"] == reverse("run:enter", args=[nine_pairs.pk, 4])


def test_save_and_enter_the_next_round(director_client: Client, nine_pairs: Session) -> None:
    seated = Seating.objects.select_related("table").get(
        round__session=nine_pairs, round__number=1, table__number=1
    )
    boxes = {f"t1-{tray.number}": "8" for tray in seated.trays.all()}
    page = director_client.get(reverse("run:enter", args=[nine_pairs.pk, 1])).content.decode()
    assert 'name="then" value="next"' in page and "Save and enter round 2" in page
    answer = director_client.post(reverse("run:enter", args=[nine_pairs.pk, 1]), {**boxes, "then": "next"})
    assert answer.status_code == 302 and answer["Location"] == reverse("run:enter", args=[nine_pairs.pk, 2])
    assert SlipLine.objects.filter(session=nine_pairs, table=seated.table, ns_tricks=8).count() == len(boxes)
    refused = director_client.post(
        reverse("run:enter", args=[nine_pairs.pk, 2]), {"t1-3": "14", "then": "next"}
    )
    assert refused.status_code == 400, "a box refused keeps the director on the round"
    last = director_client.get(reverse("run:enter", args=[nine_pairs.pk, 5])).content.decode()
    assert "Save and enter round" not in last, "nothing after the last round"


def test_the_entry_of_a_round_shows_who_sits_it_out(director_client: Client, nine_pairs: Session) -> None:
    page = director_client.get(reverse("run:enter", args=[nine_pairs.pk, 1])).content.decode()
    row = re.search(r'<tr class="sitout".*?</tr>', page, re.S)
    assert row is not None
    words = " ".join(re.sub(r"<[^>]+>", " ", row.group(0)).split())
    assert words.startswith("Sits out Pair 9 (Member 17 &amp; Member 18)") and "Takes the average" in words
