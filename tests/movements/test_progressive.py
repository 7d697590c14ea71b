"""Progressive whist with partners retained: the Third and Fourth Methods (pp. 24-25)."""

from __future__ import annotations

import pytest
from pair_props import assert_sound, meetings, sitouts, tables_per_tray

from tournaments.movements import MovementUserError, generate

#: SCHEDULE FOR FOUR TABLES - SEVEN OR EIGHT PAIRS (p. 25): tables down, changes
#: across (original positions, then the first to the sixth change). The sixth
#: change's N-S column (8, 7, 1, 2) is the editor's, supplied from the movement.
FOUR_TABLES = {
    1: ["8 v 7", "8 v 1", "8 v 2", "8 v 3", "8 v 4", "8 v 5", "8 v 6"],
    2: ["1 v 6", "2 v 7", "3 v 1", "4 v 2", "5 v 3", "6 v 4", "7 v 5"],
    3: ["2 v 5", "3 v 6", "4 v 7", "5 v 1", "6 v 2", "7 v 3", "1 v 4"],
    4: ["3 v 4", "4 v 5", "5 v 6", "6 v 7", "7 v 1", "1 v 2", "2 v 3"],
}


def schedule(m):
    return {
        t: [f"{a.ns} v {a.ew}" for r in m.rounds for a in r.tables if a.table == t]
        for t in range(1, m.tables + 1)
    }


def test_the_four_table_schedule_comes_out_exactly_as_printed():
    m = generate("progressive", pairs=8)
    assert m.variant == "fourth"
    assert schedule(m) == FOUR_TABLES


def test_with_seven_pairs_each_pair_sits_out_on_reaching_table_one():
    m = generate("progressive", pairs=7)
    for r in m.rounds:
        (out,) = r.sitout
        assert FOUR_TABLES[1][r.number - 1] == f"8 v {out}"
    assert all(t.table != 1 for r in m.rounds for t in r.tables)


@pytest.mark.parametrize("tables", range(2, 21))
def test_in_the_fourth_method_every_pair_meets_every_other_once(tables):
    m = generate("progressive", tables=tables)
    assert_sound(m)
    pairs = 2 * tables
    assert len(meetings(m)) == pairs * (pairs - 1) // 2
    assert set(meetings(m).values()) == {1}


@pytest.mark.parametrize("tables", range(2, 21))
def test_in_the_fourth_method_the_pivot_keeps_its_seat(tables):
    m = generate("progressive", tables=tables)
    assert all(r.tables[0].ns == 2 * tables for r in m.rounds)


def test_in_the_fourth_method_ew_pairs_at_the_lowest_table_take_the_ns_seats():
    m = generate("progressive", pairs=8)
    for r1, r2 in zip(m.rounds, m.rounds[1:], strict=False):
        assert r2.tables[3].ns == r1.tables[3].ew


@pytest.mark.parametrize("tables", range(2, 21))
def test_in_the_third_method_ew_pairs_move_up_and_meet_every_ns_pair(tables):
    m = generate("progressive", tables=tables, variant="third")
    assert_sound(m)
    assert len(m.rounds) == tables
    for r1, r2 in zip(m.rounds, m.rounds[1:], strict=False):
        for t in r1.tables:
            there = next(x for x in r2.tables if x.ew == t.ew)
            assert there.table == (t.table - 2) % tables + 1
    assert set(meetings(m).values()) == {1} and len(meetings(m)) == tables * tables


def test_progressive_whist_is_not_duplicate_every_deal_is_played_once():
    m = generate("progressive", pairs=9)
    assert set(tables_per_tray(m).values()) == {1}
    assert sum(len(r.tables) for r in m.rounds) == m.trays
    assert set(sitouts(m).values()) == {1}


def test_it_refuses_deals_that_do_not_fill_the_tables():
    with pytest.raises(MovementUserError, match=r"multiple of 4"):
        generate("progressive", pairs=8, deals=30)


@pytest.mark.parametrize("pairs", range(3, 40, 2))
@pytest.mark.parametrize("method", ["third", "fourth"])
def test_an_odd_pair_is_served_by_either_method(pairs, method):
    m = generate("progressive", pairs=pairs, variant=method)
    assert_sound(m)
    assert all(len(r.sitout) == 1 for r in m.rounds)
    if method == "fourth":
        assert set(sitouts(m).values()) == {1} and len(sitouts(m)) == pairs
        assert set(meetings(m).values()) == {1} and len(meetings(m)) == pairs * (pairs - 1) // 2
