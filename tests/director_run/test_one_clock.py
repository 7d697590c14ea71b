"""One clock: the live board, the hall's screen and the phones read one deadline for each round.

Issue ("What the slips say is what happened", 4): when 4 of 5 tables had finished round 3, the board and
the hall's screen said "Round 4, 13:34 left" and flagged table 5 "late" while table 5's phone said
"12:13 left in round 3". A table is late only once the deadline of the round it is playing has passed.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.phones import follower_api
from tests.sends import result_submit
from tournaments.models import Club, Round, Seating, Session
from tournaments.services import club as club_services
from tournaments.services import running, seating, sessions

pytestmark = pytest.mark.django_db

#: The timer: 7 minutes a tray, two trays a round, 2 minutes for the change (16 minutes a round).
PER_TRAY, CHANGE, ROUND = 7, 2, 16


@pytest.fixture
def five_tables(club: Club) -> Session:
    """Ten pairs, a Mitchell of five tables (p. 31), two trays a round, started with the timer on."""
    players = [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 21)]
    session = sessions.session_create(club=club, date=dt.date(2026, 12, 1), title="Five tables")
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="mitchell", deals=10)
    session = sessions.session_start(session=session)
    return running.session_timer_set(session=session, minutes_per_tray=PER_TRAY, change_minutes=CHANGE)


def _send(session: Session, table: int, rnd: int) -> None:
    seated = Seating.objects.get(round__session=session, round__number=rnd, table__number=table)
    for tray in seated.trays.all():
        result_submit(table=seated.table, tray_number=tray.number, ns_tricks=7)


def _began(session: Session, minutes_ago: int) -> None:
    """Round 1 began this many minutes ago."""
    Round.objects.filter(session=session, number=1).update(
        started_at=timezone.now() - dt.timedelta(minutes=minutes_ago)
    )


def _four_of_five_finished_round_3(session: Session) -> None:
    for rnd in (1, 2):
        for table in range(1, 6):
            _send(session, table, rnd)
    for table in range(1, 5):
        _send(session, table, 3)


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_every_place_agrees_on_a_table_still_in_its_round_and_its_time_left(
    director_client: Client, five_tables: Session
) -> None:
    """Round 3 began 3 minutes ago by the clock (two rounds of 16 minutes, then 3): 11 minutes of play
    are left. Four tables have finished it; table 5 plays it still and is not late anywhere."""
    _began(five_tables, 2 * ROUND + 3)
    _four_of_five_finished_round_3(five_tables)
    pk = five_tables.pk
    board = director_client.get(reverse("run:board_json", args=[pk])).json()
    assert board["room_round"] == 4
    row = next(t for t in board["tables"] if t["table"] == 5)
    assert (row["round"], row["late"], board["needs"]["late"]) == (3, "", []), "table 5 is not late"
    assert row["time"] == "11 min left in round 3"
    assert board["clock"]["round"] == 4 and board["clock"]["seconds_left"] > 26 * 60, "round 4's own deadline"
    page = _text(director_client.get(reverse("run:board", args=[pk])).content.decode())
    assert "11 min left in round 3" in page
    screen = director_client.get(reverse("run:screen", args=[pk]))
    table5 = next(t for t in screen.context["screen"].tables if t.table == 5)
    assert (table5.round, table5.state, table5.time) == (3, "playing", "11 min left in round 3")
    assert "Table 5 Round 3 11 min left in round 3" in _text(screen.content.decode())
    phone = Client().get(follower_api(five_tables.tables.get(number=5)) + "clock/").json()["clock"]
    assert phone["round"] == 3 and phone["ends_at"] == _ends_of_round_3(director_client, pk)
    assert 10 * 60 < phone["seconds_left"] <= 11 * 60


def _ends_of_round_3(client: Client, pk: int) -> str:
    """When round 3's play ends, as the director's clock API gives the room's round 3."""
    Session.objects.filter(pk=pk).update(tables_advance=False, current_round=3)
    body = client.get(f"/api/v1/sessions/{pk}/timer/").json()
    Session.objects.filter(pk=pk).update(tables_advance=True)
    assert body["clock"]["round"] == 3
    return str(body["clock"]["ends_at"])


def test_a_table_is_late_everywhere_once_its_rounds_deadline_has_passed(
    director_client: Client, five_tables: Session
) -> None:
    _began(five_tables, 2 * ROUND + 3 + 12)  # round 3's play ended a minute ago
    _four_of_five_finished_round_3(five_tables)
    pk = five_tables.pk
    board = director_client.get(reverse("run:board_json", args=[pk])).json()
    row = next(t for t in board["tables"] if t["table"] == 5)
    assert row["late"].endswith("(round 3)") and row["time"] == "Round 3 is 1 min over time"
    assert [late["table"] for late in board["needs"]["late"]] == [5]
    screen = director_client.get(reverse("run:screen", args=[pk])).context["screen"]
    assert [t.table for t in screen.tables if t.state == "late"] == [5]


def test_without_a_timer_a_table_is_late_only_once_the_director_began_a_later_round(
    director_client: Client, five_tables: Session
) -> None:
    running.session_timer_set(session=five_tables, minutes_per_tray=0, change_minutes=0)
    _four_of_five_finished_round_3(five_tables)
    board = director_client.get(reverse("run:board_json", args=[five_tables.pk])).json()
    assert board["room_round"] == 4 and all(not t["late"] for t in board["tables"])
    running.session_tables_advance(session=five_tables, on=False, room_round=3)
    Round.objects.filter(session=five_tables, number__lte=3).update(
        started_at=timezone.now() - dt.timedelta(minutes=5)
    )
    sessions.session_advance(session=five_tables)
    board = director_client.get(reverse("run:board_json", args=[five_tables.pk])).json()
    assert [t["table"] for t in board["tables"] if t["late"]] == [5]
