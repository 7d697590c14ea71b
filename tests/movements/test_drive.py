"""The whist drive: progressive whist with partners changed, First and Second Methods (p. 24).

The book's rules, checked as properties over random results at 2 to 40 tables:
who moves where, partners changed as the book says, nobody lost or seated twice.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import MovementUserError, generate
from tournaments.movements.drive import (
    Change,
    TableResult,
    drive_sexes,
    first_change,
    next_change,
    side_of,
)
from tournaments.movements.types import Movement

SIDES = ("NS", "EW")


@st.composite
def drives(draw: st.DrawFn, method: str) -> tuple[Change, dict[int, TableResult]]:
    """A change some way into a drive, and random results for it."""
    tables = draw(st.integers(min_value=2, max_value=40))
    change = first_change(tables, method)
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        change = next_change(method, change.seating, draw(results(tables)), number=change.number + 1)
    return change, draw(results(tables))


def results(tables: int) -> st.SearchStrategy[dict[int, TableResult]]:
    """A random result at every table."""
    one = st.builds(TableResult, st.just(0), st.sampled_from(SIDES), st.integers(1, 7))
    return st.lists(one, min_size=tables, max_size=tables).map(
        lambda rs: {t: TableResult(t, r.winner, r.points) for t, r in enumerate(rs, start=1)}
    )


def other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def table_of(change: Change, player: int) -> int:
    return next(t for t, row in change.seating.items() if player in row.values())


def partners(change: Change, player: int) -> int:
    return change.moves[player].partner


def assert_everyone_once(before: Change, after: Change) -> None:
    old = sorted(p for row in before.seating.values() for p in row.values())
    new = sorted(p for row in after.seating.values() for p in row.values())
    assert old == new
    assert all(len(set(row.values())) == 4 for row in after.seating.values())
    assert sorted(after.seating) == sorted(before.seating)


@settings(max_examples=60, deadline=None)
@given(drives("first"))
def test_it_moves_the_first_method_winners_up_and_leaves_the_losers(drive):
    change, res = drive
    n = change.tables
    after = next_change("first", change.seating, res)
    assert_everyone_once(change, after)
    for t in range(1, n + 1):
        won = side_of(change.seating, t, res[t].winner)
        lost = side_of(change.seating, t, other(res[t].winner))
        if t == 1:
            for p in won:  # the winners at table 1 keep their seats
                assert after.moves[p].to_table == 1 and after.moves[p].to_seat == after.moves[p].from_seat
            assert all(table_of(after, p) == n for p in lost)  # losers go down to the highest
        else:
            assert all(table_of(after, p) == t - 1 for p in won)
            assert all(table_of(after, p) == t for p in lost)


@settings(max_examples=60, deadline=None)
@given(drives("first"))
def test_it_changes_partners_at_every_table_but_the_head_in_the_first_method(drive):
    change, res = drive
    after = next_change("first", change.seating, res)
    for t in range(1, change.tables + 1):
        won = side_of(change.seating, t, res[t].winner)
        lost = side_of(change.seating, t, other(res[t].winner))
        if t == 1:
            assert partners(after, won[0]) == won[1]  # the winners at table 1 stay together
        else:
            a, b = lost
            assert partners(after, a) != b and partners(after, b) != a
            assert {partners(after, a), partners(after, b)}.isdisjoint(lost)


@settings(max_examples=40, deadline=None)
@given(drives("first"))
def test_in_some_circles_the_head_table_winners_exchange_partners_too(drive):
    change, res = drive
    after = next_change("first", change.seating, res, exchange_at_head=True)
    assert_everyone_once(change, after)
    won = side_of(change.seating, 1, res[1].winner)
    assert partners(after, won[0]) != won[1]
    assert all(table_of(after, p) == 1 for p in won)


@pytest.mark.parametrize("method", ["second", "second-alt"])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_it_moves_the_winning_lady_up_and_a_gentleman_down_in_the_second_method(method, data):
    change, res = data.draw(drives(method))
    n = change.tables
    sex = drive_sexes(n)
    after = next_change(method, change.seating, res)
    assert_everyone_once(change, after)
    for t in range(1, n + 1):
        won = side_of(change.seating, t, res[t].winner)
        lost = side_of(change.seating, t, other(res[t].winner))
        (won_lady,) = [p for p in won if sex[p] == "lady"]
        (won_gent,) = [p for p in won if sex[p] == "gentleman"]
        (lost_lady,) = [p for p in lost if sex[p] == "lady"]
        (lost_gent,) = [p for p in lost if sex[p] == "gentleman"]
        assert table_of(after, won_lady) == (t - 1 if t > 1 else n)  # up; table 1 down to the lowest
        mover, stayer = (lost_gent, won_gent) if method == "second-alt" else (won_gent, lost_gent)
        assert table_of(after, mover) == (t + 1 if t < n else 1)  # down; the lowest up to table 1
        assert table_of(after, lost_lady) == t and table_of(after, stayer) == t
        if method == "second":
            assert partners(after, lost_lady) != lost_gent  # the losers play against each other
        else:
            assert partners(after, lost_lady) == won_gent  # and play as partners
    for row in after.seating.values():  # every side is still a lady and a gentleman
        assert {sex[row["N"]], sex[row["S"]]} == {"lady", "gentleman"}
        assert {sex[row["E"]], sex[row["W"]]} == {"lady", "gentleman"}


def test_the_first_change_is_movement_json_with_four_players_at_each_table():
    m = generate("progressive", players=40, variant="first")
    data = m.to_json()
    assert data["entrant_kind"] == "player" and data["tables"] == 10 and len(data["rounds"]) == 1
    assert data["rounds"][0]["tables"][2] == {
        "table": 3,
        "seats": {"N": 9, "E": 10, "S": 11, "W": 12},
        "trays": [3],
    }
    assert Movement.from_json(data).rounds == m.rounds


def test_the_second_method_seats_the_ladies_north_and_east():
    seats = generate("progressive", tables=10, variant="second").rounds[0].tables[0].seats
    assert seats == {"N": 1, "E": 2, "S": 21, "W": 22}


def test_each_change_plays_new_deals_numbered_on_through_the_session():
    change = first_change(3, "first")
    res = {t: TableResult(t, "NS", 1) for t in (1, 2, 3)}
    later = next_change("first", change.seating, res, number=4)
    assert [t.trays for t in later.round().tables] == [(10,), (11,), (12,)]


def test_each_player_is_told_where_to_go_and_why():
    change = first_change(3, "first")
    res = {1: TableResult(1, "EW", 2), 2: TableResult(2, "NS", 1), 3: TableResult(3, "EW", 3)}
    after = next_change("first", change.seating, res)
    assert after.moves[2].why == "Your side won at table 1: stay at table 1, East (first method, p. 24)."
    assert after.moves[1].why.startswith("Your side lost at table 1: go down to table 3")
    assert after.moves[5].why.startswith("Your side won at table 2: move up to table 1")
    moves = after.to_json()["moves"]
    assert moves[0] == {
        "player": 1,
        "from": {"table": 1, "seat": "N"},
        "to": {"table": 3, "seat": "S"},
        "partner": 9,
        "why": after.moves[1].why,
    }


def test_a_result_is_read_from_the_tricks_the_winners_scoring_their_tricks_over_six():
    assert TableResult.from_tricks(4, 9) == TableResult(4, "NS", 3)
    assert TableResult.from_tricks(4, 0) == TableResult(4, "EW", 7)
    with pytest.raises(MovementUserError):
        TableResult.from_tricks(4, 14)


def test_it_waits_for_every_table_and_refuses_mixed_sides_in_the_second_method():
    change = first_change(2, "second")
    with pytest.raises(MovementUserError, match="no result yet from table"):
        next_change("second", change.seating, {1: TableResult(1, "NS", 1)})
    first = first_change(2, "first")
    res = {1: TableResult(1, "NS", 1), 2: TableResult(2, "NS", 1)}
    with pytest.raises(MovementUserError, match="a lady and a gentleman"):
        next_change("second", first.seating, res)


def test_it_refuses_a_drive_that_does_not_fill_its_tables():
    with pytest.raises(MovementUserError, match="multiple of 4"):
        generate("progressive", players=38, variant="first")
    with pytest.raises(MovementUserError, match="seats players"):
        generate("progressive", pairs=20, variant="second")
