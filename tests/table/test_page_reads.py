"""What a phone's look at its table reads: a fixed few queries, however many trays the rounds hold.

Not a timing: the queries of one look are counted mid-evening in a Howell
of six pairs (three tables), with a round played and checked, the next
sent at some tables and checked at one: the page of a phone that follows a
pair (whole, and its main part as the page's script asks it), its API
state, and the table's own link (a place: its page and API). Every phone
in the hall asks these every few seconds, so their reads are the hall's
load; a look used to read a table's lines and its seats once per round
shown and each traveller once per tray.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.phones import Phone
from tournaments.models import Club, Seating, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions

pytestmark = pytest.mark.django_db


def statements(context: CaptureQueriesContext) -> list[str]:
    """The queries made, without the transaction's own statements and PostgreSQL's PREPAREs."""
    words = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "PREPARE ")
    return [q["sql"] for q in context.captured_queries if not q["sql"].startswith(words)]


def howell_of_six(club: Club) -> Session:
    """Six pairs by a Howell, dealt and started, the running score shown to the tables."""
    players = [club_services.player_create(club=club, name=f"Reader {i:02d}") for i in range(12)]
    when = dt.date(2026, 11, 30)
    session = sessions.session_create(club=club, date=when, title="Reads", entrant_kind="pairs")
    for i in range(6):
        sessions.entrant_create(session=session, players=players[2 * i : 2 * i + 2])
    seating.movement_fix(session=session, family="howell")
    deals.trays_deal(session=session)
    session = sessions.session_start(session=session)
    return sessions.session_publish_switches(session=session, running_score=True)


def play(session: Session, number: int, *, tables: int, checked: int) -> None:
    """At the first ``tables`` tables N-S send every tray of round ``number``; E-W check at the first
    ``checked``."""
    seatings = Seating.objects.filter(round__session=session, round__number=number).select_related("table")
    for n, row in enumerate(seatings.order_by("table__number")[:tables]):
        north_south, east_west = Phone.at(row.table, "NS"), Phone.at(row.table, "EW")
        for tray in row.trays.order_by("number"):
            answer = north_south.send(tray.number, 7, key=f"{row.pk}-{tray.number}")
            assert answer.status_code == 201, answer.json()
            if n < checked:
                assert east_west.post("confirm", tray=tray.number).status_code == 200


@pytest.fixture
def mid_evening(club: Club) -> Session:
    """Round 1 played and checked everywhere; round 2 sent at two tables and checked at one."""
    session = howell_of_six(club)
    play(session, 1, tables=3, checked=3)
    play(session, 2, tables=2, checked=1)
    return session


#: The most queries each look may make mid-evening, warm (the scores and running score of the slips' state
#: are kept in the cache, which the first look of the room fills): the link, the entrant's sent trays (the
#: visibility rule), the rounds, where the entrant plays and is seated, the trays shown, its evening's
#: lines, the shown trays' lines (its table's and their travellers'), the seats, the slips' state, the
#: lines still to check, who it follows and its phones; the whole page asks the call box too. The
#: table's link: the link (its session's movement says whether it is a drive: no read), the entrants on
#: its card (links, players, phones), its card (seatings and trays), the rounds' times (the one clock:
#: which round is due now), and whether this phone's pass is one left here by a pair not due at this
#: table (``entry.services.phones.pass_scanned``); the page its call box too.
MOST = {"phone page": 14, "phone part": 13, "phone state": 13, "place page": 8, "place state": 7}


def counted(phone: Phone, url: str, **headers: Any) -> int:
    """The queries of one GET."""
    with CaptureQueriesContext(connection) as context:
        answer = phone.client.get(url, headers=headers)
    assert answer.status_code == 200
    return len(statements(context))


def test_a_look_at_the_table_reads_a_fixed_few(mid_evening: Session) -> None:
    table = mid_evening.tables.get(number=2)
    phone, place = Phone.at(table, "EW"), Phone(table)
    counted(phone, phone.api)  # the room's first look fills the cache
    found = {
        "phone page": counted(phone, phone.base),
        "phone part": counted(phone, phone.base, **{"X-Table-Partial": "1"}),
        "phone state": counted(phone, phone.api),
        "place page": counted(place, place.base),
        "place state": counted(place, place.api),
    }
    assert {k: v for k, v in found.items() if v > MOST[k]} == {}, found
    answer = phone.state().json()
    assert answer["now"] is not None and answer["just_played"] is not None  # the look is of a full page
