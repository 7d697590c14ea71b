"""A phone's "My evening so far": the trays its pair (or player) has played and sent, and nothing else.

Each line: the tray, the adversaries, the tricks each way and the score on the tray, read through the
visibility rule (``scoring.visibility``): no tray the entrant has not played, no other table's line. The
card costs the page one query at most.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from entry.selectors import table as table_selectors
from tests.sends import result_submit
from tournaments.models import Club, Session
from tournaments.services import club as club_services
from tournaments.services import seating, sessions

pytestmark = pytest.mark.django_db
SHOWN = ("tray", "round", "table", "side", "against", "took", "gave", "status")


def card(phone: Any) -> list[dict[str, Any]]:
    """The card's lines as the phone's state gives them, without the score."""
    return [{k: line[k] for k in SHOWN} for line in phone.state().json()["evening"]]


def test_the_card_lists_the_pairs_own_trays_and_nothing_else(
    make_phone: Any, running_session: Session
) -> None:
    one, two = make_phone.following(running_session, 1), make_phone.following(running_session, 2)
    assert card(one) == [] and "My evening so far" not in one.page().content.decode()
    assert one.send(1, 8).status_code == 201  # pair 1 (N-S) against pair 2 at table 1, round 1
    assert make_phone(running_session.tables.get(number=2)).send(2, 6).status_code == 201  # not theirs
    mine = {"tray": 1, "round": 1, "table": 1, "status": "entered"}
    assert card(one) == [{**mine, "side": "N-S", "against": "Pair 2", "took": 8, "gave": 5}]
    assert card(two) == [{**mine, "side": "E-W", "against": "Pair 1", "took": 5, "gave": 8}]
    assert one.send(3, 6).status_code == 201  # round 2 at table 1, against pair 4
    assert [(line["tray"], line["against"]) for line in card(one)] == [(1, "Pair 2"), (3, "Pair 4")]
    html = one.page().content.decode()
    assert "My evening so far" in html and "Pair 4" in html
    assert 2 not in [line["tray"] for line in card(one)]


def test_the_score_on_a_tray_is_shown_once_scored(make_phone: Any, running_session: Session) -> None:
    one = make_phone.following(running_session, 1)
    one.send(1, 8)
    later = make_phone(running_session.tables.get(number=2))
    later.send(2, 6)
    later.send(1, 6)  # tray 1 at table 2 in round 2: now two tables have played it
    (line,) = one.state().json()["evening"]
    expected = table_selectors._score_trays(running_session, frozenset({1}))[1][1]
    assert line["score"] == expected and expected


def test_the_card_costs_the_page_one_query_at_most(
    make_phone: Any, running_session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    one = make_phone.following(running_session, 1)
    one.send(1, 8)
    one.send(3, 6)

    def queries() -> int:
        one.state()  # the cache warm, as a phone's poll finds it
        with CaptureQueriesContext(connection) as read:
            assert one.state().status_code == 200
        return len(read.captured_queries)

    with_card = queries()
    monkeypatch.setattr(table_selectors, "evening_rows", lambda **kw: [])
    assert with_card - queries() <= 1


def test_an_individuals_card_names_the_two_adversaries(club: Club, make_phone: Any) -> None:
    players = [club_services.player_create(club=club, name=f"Solo {i}") for i in range(1, 9)]
    session = sessions.session_create(
        club=club, date=dt.date(2026, 11, 3), title="Individual", entrant_kind="individuals"
    )
    for player in players:
        sessions.entrant_create(session=session, players=[player])
    seating.movement_fix(session=session, family="individual")
    session = sessions.session_start(session=session)
    phone = make_phone.following(session, 1)
    where = phone.state().json()["now"]
    seats = {s["direction"]: s for s in where["seats"]}
    mine = next(d for d, s in seats.items() if s["number"] == 1)
    tray = where["trays"][0]["number"]
    table = session.tables.get(number=where["table"])
    result_submit(table=table, tray_number=tray, ns_tricks=7)
    (line,) = phone.state().json()["evening"]
    theirs = [seats[d]["name"] for d in "NESW" if (d in "NS") != (mine in "NS")]
    assert line["against"] == " & ".join(theirs)
    assert line["side"] == ("N-S" if mine in "NS" else "E-W")
    assert line["took"] == (7 if mine in "NS" else 6)
