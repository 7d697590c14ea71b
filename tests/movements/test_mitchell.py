"""The John T. Mitchell System and its eight modifications (pp. 31-33)."""

from __future__ import annotations

import pytest
from pair_props import assert_sound, every_pair_plays_every_tray, meetings, sitouts, tables_per_tray

from tournaments.movements import MovementUserError, generate
from tournaments.movements.cards import original_trays

#: The diagram of p. 31, five tables: "N-S v E-W (set)", arrangements across.
DIAGRAM = {
    1: ["1 v 2 (a)", "1 v 10 (b)", "1 v 8 (c)", "1 v 6 (d)", "1 v 4 (e)"],
    2: ["3 v 4 (b)", "3 v 2 (c)", "3 v 10 (d)", "3 v 8 (e)", "3 v 6 (a)"],
    3: ["5 v 6 (c)", "5 v 4 (d)", "5 v 2 (e)", "5 v 10 (a)", "5 v 8 (b)"],
    4: ["7 v 8 (d)", "7 v 6 (e)", "7 v 4 (a)", "7 v 2 (b)", "7 v 10 (c)"],
    5: ["9 v 10 (e)", "9 v 8 (a)", "9 v 6 (b)", "9 v 4 (c)", "9 v 2 (d)"],
}
MODS = [f"mod{i}" for i in range(1, 9)]


def diagram_of(m):
    letter = "abcdefghijklmnopqrstuvwxyz"
    per_set = m.trays // m.tables
    return {
        t: [
            f"{a.ns} v {a.ew} ({letter[(a.trays[0] - 1) // per_set]})"
            for r in m.rounds
            for a in r.tables
            if a.table == t
        ]
        for t in range(1, m.tables + 1)
    }


def test_five_tables_reproduce_the_diagram_of_page_31():
    assert diagram_of(generate("mitchell", tables=5)) == DIAGRAM


def test_sets_of_four_deals_keep_the_diagram_and_play_twenty_deals():
    m = generate("mitchell", pairs=10, deals=20)
    assert diagram_of(m) == DIAGRAM
    assert m.rounds[0].tables[0].trays == (1, 2, 3, 4)
    assert every_pair_plays_every_tray(m)


def test_it_refuses_an_even_number_of_tables_without_a_modification():
    with pytest.raises(MovementUserError) as err:
        generate("mitchell", tables=6)
    assert "odd number of tables (p. 32)" in str(err.value)
    assert "mod1 ... mod8" in str(err.value)


def test_it_refuses_deals_that_are_not_a_multiple_of_the_tables():
    with pytest.raises(MovementUserError, match=r"multiple of the number of tables \(p\. 32\)"):
        generate("mitchell", tables=5, deals=12)


def test_it_refuses_a_modification_for_an_odd_number_of_tables():
    with pytest.raises(MovementUserError, match="even number of tables"):
        generate("mitchell", tables=5, variant="mod1")


@pytest.mark.parametrize("tables", range(3, 21, 2))
def test_with_odd_tables_each_ns_pair_meets_each_ew_pair_once(tables):
    m = generate("mitchell", tables=tables, deals=2 * tables)
    assert_sound(m)
    met = meetings(m)
    assert set(met.values()) == {1}
    assert set(met) == {
        frozenset((n, e)) for n in range(1, 2 * tables, 2) for e in range(2, 2 * tables + 1, 2)
    }
    assert every_pair_plays_every_tray(m)
    assert set(tables_per_tray(m).values()) == {tables}


@pytest.mark.parametrize("tables", range(3, 21, 2))
def test_an_odd_pair_sits_out_in_turn(tables):
    m = generate("mitchell", pairs=2 * tables - 1)
    assert_sound(m)
    assert set(sitouts(m).values()) == {1}
    assert sorted(sitouts(m)) == list(range(1, 2 * tables, 2))


@pytest.mark.parametrize("variant", MODS)
def test_every_modification_is_sound_and_plays_every_deal_once(variant):
    for tables in range(2, 21, 2):
        if variant == "mod7" and tables % 3 == 0:
            continue
        m = generate("mitchell", tables=tables, deals=2 * tables, variant=variant)
        assert_sound(m)
        assert every_pair_plays_every_tray(m), (variant, tables)
        assert set(tables_per_tray(m).values()) == {tables}


@pytest.mark.parametrize("variant", ["mod1", "mod2"])
def test_the_first_two_modifications_miss_one_opponent_and_meet_another_twice(variant):
    for tables in range(4, 21, 2):
        m = generate("mitchell", tables=tables, variant=variant)
        for ew in range(2, 2 * tables + 1, 2):
            counts = sorted(n for pair, n in meetings(m).items() if ew in pair)
            assert counts == [1] * (tables - 2) + [2], (variant, tables, ew)


def test_in_the_first_modification_ew_pairs_finish_where_they_began():
    m = generate("mitchell", tables=6, variant="mod1")
    first = {t.ew: t.table for t in m.rounds[0].tables}
    last = {t.ew: t.table for t in m.rounds[-1].tables}
    assert first == last


def test_in_the_second_modification_ew_pairs_stay_once_half_way():
    m = generate("mitchell", tables=6, variant="mod2")
    third = {t.ew: t.table for t in m.rounds[2].tables}
    fourth = {t.ew: t.table for t in m.rounds[3].tables}
    assert third == fourth
    assert m.rounds[2].tables[0].trays != m.rounds[3].tables[0].trays


@pytest.mark.parametrize("variant", ["mod3", "mod4", "mod5", "mod6", "mod7", "mod8"])
def test_the_two_pass_modifications_meet_every_opponent_twice(variant):
    for tables in range(2, 21, 2):
        if variant == "mod7" and tables % 3 == 0:
            continue
        m = generate("mitchell", tables=tables, variant=variant)
        assert m.trays == 2 * tables
        assert set(meetings(m).values()) == {2}
        assert len(meetings(m)) == tables * tables


@pytest.mark.parametrize("variant", ["mod3", "mod4", "mod5", "mod6", "mod7"])
def test_it_refuses_fewer_deals_than_twice_the_tables_for_the_later_modifications(variant):
    with pytest.raises(MovementUserError, match="twice as many deals as tables"):
        generate("mitchell", tables=8, deals=8, variant=variant)


@pytest.mark.parametrize("tables", [6, 12, 18])
def test_the_seventh_modification_refuses_tables_divisible_by_three(tables):
    with pytest.raises(MovementUserError, match=r"divisible by three \(p\. 33\)"):
        generate("mitchell", tables=tables, variant="mod7")


def test_the_seventh_modification_moves_deals_after_both_trays():
    m = generate("mitchell", tables=4, variant="mod7")
    assert [t.trays for t in m.rounds[0].tables] == [(1,), (3,), (5,), (7,)]
    assert [t.trays for t in m.rounds[1].tables] == [(2,), (4,), (6,), (8,)]
    assert [t.trays for t in m.rounds[2].tables] == [(3,), (5,), (7,), (1,)]
    assert [t.ew for t in m.rounds[1].tables] == [8, 2, 4, 6]


def original_deals(m):
    return {t: original_trays(m, t) for t in range(1, m.tables + 1)}


def test_the_eighth_modification_places_the_trays_as_the_eight_table_example():
    m = generate("mitchell", tables=8, deals=16, variant="mod8")
    assert original_deals(m) == {
        1: [1],
        2: [2],
        3: [3],
        4: [4, 5],
        5: [6],
        6: [7],
        7: [8],
        8: list(range(9, 17)),
    }


def test_the_eighth_modification_puts_deals_9_to_24_on_table_8_for_three_sets():
    m = generate("mitchell", tables=8, deals=24, variant="mod8")
    assert original_deals(m)[8] == list(range(9, 25))
    assert len(m.rounds) == 24 and every_pair_plays_every_tray(m)
    assert set(meetings(m).values()) == {3}


def test_the_eighth_modification_never_plays_a_new_deal_before_those_waiting():
    m = generate("mitchell", tables=8, deals=16, variant="mod8")
    table8 = [t.trays[0] for r in m.rounds for t in r.tables if t.table == 8]
    assert table8[:8] == list(range(9, 17))


def test_the_eighth_modification_refuses_a_single_set():
    with pytest.raises(MovementUserError, match="at least twice as many deals as tables"):
        generate("mitchell", tables=8, deals=8, variant="mod8")


def test_even_modifications_serve_an_odd_pair():
    m = generate("mitchell", pairs=11, variant="mod3")
    assert_sound(m)
    assert m.tables == 6 and set(sitouts(m).values()) == {2}
