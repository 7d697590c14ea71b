"""The whist drive's services (p. 24): the first change by lot, each change from the results, the scores.

"Seat the players by lot and play one deal at each table. At table 1, the
winners retain their seats and the losers go down to the highest numbered
table. At all other tables the winners move up one table, the losers
remain, exchanging partners with the pair coming to the table" (First
Method). The Second Method moves "the winning lady up one table ... and
winning gentleman down one table"; scores are the points made, to the
winners, or counters, 25 each, the losers paying a counter a point.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from entry.send.rules import drive_tricks as tricks_of
from entry.services.drive import change_results, drive_advance, drive_enter
from scoring.models import SlipLine
from scoring.scorers import score
from scoring.selectors.prizes import prizes_seen
from scoring.selectors.slips import complete_trays, session_slips
from scoring.visibility import DIRECTOR, sight
from tests.director_run.conftest import fill_slips
from tests.drive.conftest import make_drive
from tournaments.models import Club, DriveChange, Player, Seat, Session
from tournaments.movements.drive import TableResult, next_change
from tournaments.services import seating, sessions
from tournaments.services.drive import drive_setup, stored_seating
from tournaments.services.errors import UserError
from tournaments.services.setup import entrants_add

pytestmark = pytest.mark.django_db


def play_change(session: Session, rng: random.Random) -> DriveChange | None:
    """Every table of the change in play sends a random result; returns the change it seated."""
    last = DriveChange.objects.filter(session=session).order_by("-number").first()
    assert last is not None
    seated = None
    for table in range(1, len(last.seating) + 1):
        sent = drive_enter(
            session=session, table_number=table, winner=rng.choice(["NS", "EW"]), points=rng.randint(1, 7)
        )
        seated = sent.seated
    return seated


def seats_of(change: DriveChange) -> dict[int, dict[str, int]]:
    """The change as the database seats it: table -> seat -> player number."""
    out: dict[int, dict[str, int]] = {}
    for seat in Seat.objects.filter(round=change.round).select_related("seating__table", "entrant"):
        out.setdefault(seat.seating.table.number, {})[seat.direction] = seat.entrant.number
    return out


def test_the_first_change_is_drawn_by_lot_four_players_to_a_table(drive_of: Callable[..., Session]) -> None:
    session = drive_of(tables=6)
    first = DriveChange.objects.get(session=session, number=1)
    seated = seats_of(first)
    assert sorted(seated) == list(range(1, 7))
    assert sorted(p for row in seated.values() for p in row.values()) == list(range(1, 25))
    assert seated == stored_seating(first)
    assert seated != {t: {"N": 4 * t - 3, "E": 4 * t - 2, "S": 4 * t - 1, "W": 4 * t} for t in range(1, 7)}
    assert sorted(session.trays.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]


def test_the_second_method_seats_ladies_north_and_east_gentlemen_south_and_west(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=5, method="second")
    for seat in Seat.objects.filter(round__session=session).select_related("player"):
        assert seat.player is not None
        assert seat.player.sex == ("lady" if seat.direction in "NE" else "gentleman")


def test_the_second_method_needs_as_many_ladies_as_gentlemen_marked_on_the_roster(
    club: Club, roster: list[Player]
) -> None:
    uneven = roster[:7] + roster[8:9]  # five gentlemen and three ladies
    with pytest.raises(UserError, match="a lady and a gentleman on every side"):
        make_drive(club, uneven, tables=2, method="second")


def test_it_refuses_players_who_do_not_fill_tables_of_four_and_fewer_than_two_tables(
    club: Club, roster: list[Player]
) -> None:
    session = make_drive(club, roster, tables=3, start=False)
    session.refresh_from_db()
    entrants_add(session=session, rows=[(1, [roster[40]])])
    session.refresh_from_db()
    assert not session.rounds.exists() and not session.movement_family  # 13 players: not drawn again
    with pytest.raises(UserError, match="leave 1 over"):
        drive_setup(session=session, method="first", changes=4)
    with pytest.raises(UserError, match="at least two tables"):
        make_drive(club, roster[20:24], tables=1)


def test_the_last_result_of_a_change_seats_the_next_by_the_first_method(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=6)
    first = DriveChange.objects.get(session=session, number=1)
    results = {t: TableResult(t, "NS" if t % 2 else "EW", t % 7 + 1) for t in range(1, 7)}
    for t, r in results.items():
        sent = drive_enter(session=session, table_number=t, winner=r.winner, points=r.points)
        assert (sent.seated is None) == (t < 6)
    second = DriveChange.objects.get(session=session, number=2)
    expected = next_change("first", stored_seating(first), results, number=2)
    assert seats_of(second) == {t: dict(row) for t, row in expected.seating.items()}
    winners_at_1 = (first.seating["1"]["N"], first.seating["1"]["S"])
    assert (second.seating["1"]["N"], second.seating["1"]["S"]) == winners_at_1  # they keep their seats
    losers_at_1 = {first.seating["1"]["E"], first.seating["1"]["W"]}
    assert losers_at_1 <= set(second.seating["6"].values())  # down to the highest table
    assert {m["player"] for m in second.moves} == set(range(1, 25))
    assert second.results["3"] == {"winner": "NS", "points": 4}


def test_each_change_plays_new_deals_numbered_on_through_the_session(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=4, changes=3)
    rng = random.Random(5)
    play_change(session, rng)
    play_change(session, rng)
    for change in DriveChange.objects.filter(session=session):
        deals = {
            s.table.number: s.seating_trays.get().tray.number
            for s in change.round.seatings.select_related("table")
        }
        assert deals == {t: (change.number - 1) * 4 + t for t in range(1, 5)}
    session.refresh_from_db()
    assert session.trays_count == 12 and len(session.movement_json["rounds"]) == 3


def test_nothing_is_seated_after_the_last_planned_change_and_nothing_twice(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=3, changes=2)
    rng = random.Random(7)
    assert play_change(session, rng) is not None
    assert drive_advance(session=session) is None  # change 2 has no result yet: nothing more
    assert play_change(session, rng) is None
    assert drive_advance(session=session) is None
    assert session.rounds.count() == 2


def test_the_second_method_keeps_a_lady_and_a_gentleman_on_every_side_change_after_change(
    drive_of: Callable[..., Session],
) -> None:
    for method in ("second", "second-alt"):
        session = drive_of(tables=5, method=method, changes=5)
        rng = random.Random(11)
        for _ in range(4):
            play_change(session, rng)
        for seat in Seat.objects.filter(round__session=session).select_related("player"):
            assert seat.player is not None and seat.player.sex == (
                "lady" if seat.direction in "NE" else "gentleman"
            )
        assert session.rounds.count() == 5


def test_a_result_is_given_as_the_winning_side_and_points_made_or_as_tricks() -> None:
    assert tricks_of(winner="NS", points=1) == 7 and tricks_of(winner="NS", points=7) == 13
    assert tricks_of(winner="EW", points=2) == 5 and tricks_of(winner="EW", points=7) == 0
    assert tricks_of(ns_tricks="9") == 9
    for bad, field in (({"winner": "X", "points": 2}, "winner"), ({"winner": "NS", "points": 8}, "points")):
        with pytest.raises(UserError) as caught:
            tricks_of(**bad)
        assert caught.value.field == field


def test_a_revoke_moves_tricks_before_the_winners_are_known(drive_of: Callable[..., Session]) -> None:
    session = drive_of(tables=2, changes=2)
    drive_enter(session=session, table_number=1, ns_tricks=7)
    SlipLine.objects.filter(session=session, table__number=1).update(ns_revokes=1)
    results = change_results(change=DriveChange.objects.get(session=session, number=1))
    assert results is None  # table 2 has not sent
    drive_enter(session=session, table_number=2, ns_tricks=8)
    moved = DriveChange.objects.get(session=session, number=2).results
    assert moved["1"] == {"winner": "EW", "points": 2}  # 7 tricks less two for the revoke: E-W 8


def test_counters_balance_to_twenty_five_each_and_points_go_to_the_winners(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=6, changes=4, scoring="counters")
    rng = random.Random(3)
    for _ in range(4):
        play_change(session, rng)
    slips = session_slips(session=session)
    counters = score("counters", slips)
    assert sum(t.total for t in counters.entrants) == 25 * 24
    points = score("points", slips)
    assert all(t.total >= 0 for t in points.entrants)
    won = Counter[int]()
    for line in SlipLine.objects.filter(session=session):
        tricks = line.ns_tricks or 0
        won[tricks >= 7] += 1
    assert sum(won.values()) == 24


def test_the_prize_list_puts_the_highest_first_ties_sharing_and_the_booby_last(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=3, changes=2, prizes=2, booby=True)
    for table, points in ((1, 3), (2, 3), (3, 1)):
        drive_enter(session=session, table_number=table, winner="NS", points=points)
    prizes = prizes_seen(session=session, sight=sight(viewer=DIRECTOR, session=session))
    assert prizes is not None
    assert prizes[0].place == 1 and len(prizes[0].entrants) == 4 and prizes[0].total == "3"
    assert "cut for the prize" in prizes[0].note
    assert prizes[-1].note.startswith("booby prize") and prizes[-1].total == "0"
    assert Fraction(prizes[0].exact) == 3


def test_a_drive_tray_counts_for_the_running_score_only_with_its_whole_change(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=3, changes=2)
    drive_enter(session=session, table_number=1, winner="NS", points=2)
    drive_enter(session=session, table_number=2, winner="EW", points=1)
    assert complete_trays(session=session) == frozenset()
    drive_enter(session=session, table_number=3, winner="EW", points=4)
    assert complete_trays(session=session) == frozenset({1, 2, 3})


def test_partners_kept_the_fourth_method_scores_by_points_with_a_prize_list(
    club: Club, players: list[Player]
) -> None:
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 6), title="Fourth Method", scoring_method="points"
    )
    for a, b in zip(players[0:8:2], players[1:8:2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="progressive", variant="fourth")
    session = sessions.session_start(session=session)
    fill_slips(session)
    points = score("points", session_slips(session=session))
    assert len(points.entrants) == 4 and {d.deal for d in points.deals} == set(range(1, 7))
    prizes = prizes_seen(session=session, sight=sight(viewer=DIRECTOR, session=session))
    assert prizes is not None and prizes[0].place == 1


def test_the_first_and_second_methods_are_not_a_movement_to_pick_but_a_drive_to_set_up(
    club: Club, roster: list[Player]
) -> None:
    session = make_drive(club, roster, tables=2, start=False)
    with pytest.raises(UserError, match="set the session up as a whist drive"):
        seating.movement_fix(session=session, family="progressive", variant="first")
