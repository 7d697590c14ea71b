"""The Move box on a pair's phone: the round now and the next, sit-outs included, never stale.

Issue ("What the slips say is what happened", 4): after a sit-out, a pair's Move box still said "Sit out
the next round" under round 1.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.utils import timezone

from tests.phones import claimed
from tests.sends import result_submit
from tournaments.models import Club, EntrantLink, Round, Seating, Session
from tournaments.services import club as club_services
from tournaments.services import running, seating, sessions

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine_pairs(club: Club) -> Session:
    """Nine pairs in a Mitchell of five tables, two trays a round: pair 1 plays round 1 at table 1, sits out
    round 2 and comes back to table 1 for round 3."""
    players = [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 19)]
    session = sessions.session_create(club=club, date=dt.date(2026, 12, 1), title="Nine pairs")
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="mitchell", deals=10)
    return sessions.session_start(session=session)


def _pair_1_phone(session: Session) -> str:
    link = EntrantLink.objects.get(session=session, entrant__number=1, side="")
    return f"/p/{claimed(link, session.tables.get(number=1))}/"


def _send(session: Session, table: int, rnd: int) -> None:
    seated = Seating.objects.get(round__session=session, round__number=rnd, table__number=table)
    for tray in seated.trays.all():
        result_submit(table=seated.table, tray_number=tray.number, ns_tricks=7)


def _move_box(page: str) -> str:
    """The Move box's words, or "" when the page has none."""
    found = re.search(r'<section class="move".*?</section>', page, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(0)).split()) if found else ""


def test_after_its_round_a_pair_reads_its_sit_out_and_where_it_goes_then(nine_pairs: Session) -> None:
    phone = _pair_1_phone(nine_pairs)
    _send(nine_pairs, 1, 1)
    box = _move_box(Client().get(phone).content.decode())
    assert "Round 2: sit out. Next: round 3, Table 1, North-South." in box
    assert "the next round" not in box


def test_once_the_director_begins_the_next_round_the_sit_out_is_no_longer_shown(nine_pairs: Session) -> None:
    running.session_tables_advance(session=nine_pairs, on=False)
    phone = _pair_1_phone(nine_pairs)
    _send(nine_pairs, 1, 1)
    sessions.session_advance(session=nine_pairs)
    sessions.session_advance(session=nine_pairs)  # round 3: pair 1 is back at table 1
    box = _move_box(Client().get(phone).content.decode())
    assert box, "the round just played is still shown, E-W have not checked it"
    assert "sit out" not in box.lower(), box
    assert "Round 3: Table 1, North-South, trays 5-6. Next: round 4, stay at Table 1, North-South." in box


def test_once_the_clock_ends_the_sit_out_the_box_gives_the_round_after_it(nine_pairs: Session) -> None:
    running.session_timer_set(session=nine_pairs, minutes_per_tray=7, change_minutes=2)
    Round.objects.filter(session=nine_pairs, number=1).update(
        started_at=timezone.now() - dt.timedelta(minutes=2 * 16 + 1)  # rounds 1 and 2 are over
    )
    phone = _pair_1_phone(nine_pairs)
    _send(nine_pairs, 1, 1)
    box = _move_box(Client().get(phone).content.decode())
    assert "sit out" not in box.lower() and box.startswith("Move Round 3: Table 1, North-South"), box
