"""The Clay System and its four modifications (pp. 33-34)."""

from __future__ import annotations

from collections import Counter
from math import gcd

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pair_props import assert_sound, every_pair_plays_every_tray, meetings, tables_per_tray, trays_of

from tournaments.movements import MovementUserError, generate
from tournaments.movements.clay import (
    BOOK_DEALS_FOURTEEN_OR_MORE,
    BOOK_DEALS_PER_TABLE,
    BOOK_EXTRA_DEALS,
    clay_applicable,
    clay_deals_per_table,
)

#: The book's table of p. 34, as printed: "At n tables: deals at each table".
PRINTED = {
    2: [2, 4, 6, 8, 10, 12, 14, 16, 18],
    3: [2, 3, 5, 6, 8, 9, 11, 12],
    4: [2, 4, 6, 8],
    5: [2, 3, 4, 5, 7],
    6: [2, 6],
    7: [2, 3, 4, 5],
    8: [2, 4],
    9: [2, 3],
    10: [2],
    11: [2, 3],
    12: [2],
    13: [2, 3],
}
#: "With n tables either table may have ..." (p. 34).
PRINTED_EXTRA = {3: [2, 5, 8], 4: [2, 6, 10], 5: [2, 7, 12], 6: [2, 8, 14], 7: [2, 9, 16],
                 8: [2, 10, 18], 9: [2, 11], 10: [2, 12], 11: [2, 13], 12: [2, 14]}  # fmt: skip


def test_the_module_holds_the_books_tables():
    assert {t: list(v) for t, v in BOOK_DEALS_PER_TABLE.items()} == PRINTED
    assert list(BOOK_DEALS_FOURTEEN_OR_MORE) == [2]
    assert {t: list(v) for t, v in BOOK_EXTRA_DEALS.items()} == PRINTED_EXTRA


@pytest.mark.parametrize("tables", range(2, 20))
def test_the_books_table_is_the_common_divisor_rule_up_to_39_deals(tables):
    printed = PRINTED.get(tables, [2])
    assert list(clay_deals_per_table(tables, 39)) == printed


@pytest.mark.parametrize("tables", range(2, 41))
def test_the_books_list_of_deals_at_a_table_agrees_with_the_rule(tables):
    # p. 34: "Two deals ... any number of tables; three, any odd number; four, any
    # number not divisible by three; five, odd; six, not divisible by five; seven,
    # not divisible by two or three; eight, not divisible by seven."
    book = {
        2: True,
        3: tables % 2 == 1,
        4: tables % 3 != 0,
        5: tables % 2 == 1,
        6: tables % 5 != 0,
        7: tables % 2 != 0 and tables % 3 != 0,
        8: tables % 7 != 0,
    }
    assert {m: clay_applicable(tables, m) for m in book} == book


def test_the_fourth_modification_table_is_two_plus_a_multiple_of_the_tables():
    for tables, counts in PRINTED_EXTRA.items():
        assert counts == [2 + j * tables for j in range(len(counts))]
        for extra in counts[1:]:
            m = generate("clay", tables=tables, deals=2 * tables + extra - 2, variant="mod4")
            assert every_pair_plays_every_tray(m)


def test_ns_pairs_play_the_deals_in_regular_order_and_ew_in_reverse():
    m = generate("clay", tables=3)
    order = {p: [t.trays[0] for r in m.rounds for t in r.tables if p in (t.ns, t.ew)] for p in (1, 2)}
    assert order[1] == [1, 2, 3, 4, 5, 6]
    assert order[2] == [1, 6, 5, 4, 3, 2]


def test_ew_pairs_carry_the_deal_just_played_to_the_next_table():
    m = generate("clay", tables=4)
    for r1, r2 in zip(m.rounds, m.rounds[1:], strict=False):
        for t in r1.tables:
            carried = t.trays[0]
            there = next(x for x in r2.tables if x.ew == t.ew)
            assert there.table == (t.table - 2) % 4 + 1
            # the carried deal waits there while the deal already on the table is played
            assert carried not in there.trays


@pytest.mark.parametrize("tables", range(2, 21))
def test_two_deals_a_table_serve_any_number_of_tables(tables):
    m = generate("clay", tables=tables)
    assert_sound(m)
    assert m.trays == 2 * tables and every_pair_plays_every_tray(m)
    assert set(tables_per_tray(m).values()) == {tables}
    assert set(meetings(m).values()) == {2}


def variants_for(tables):
    for per_table in range(3, 40 // tables + 1):
        deals = per_table * tables
        if per_table % 2 == 0:
            yield "mod1", deals
        else:
            yield "mod2", deals
        if clay_applicable(tables, per_table):
            yield "mod3", deals
        yield "mod4", deals


@pytest.mark.parametrize("tables", range(2, 21))
def test_every_modification_is_sound_and_plays_every_deal_once(tables):
    for variant, deals in variants_for(tables):
        m = generate("clay", tables=tables, deals=deals, variant=variant)
        assert_sound(m)
        assert every_pair_plays_every_tray(m), (tables, variant, deals)
        assert set(tables_per_tray(m).values()) == {tables}


@pytest.mark.parametrize("tables", [3, 5, 7, 9])
def test_the_second_modification_is_equal_as_to_adversaries_with_odd_tables(tables):
    m = generate("clay", tables=tables, deals=3 * tables, variant="mod2")
    against = Counter()
    for r in m.rounds:
        for t in r.tables:
            against[frozenset((t.ns, t.ew))] += len(t.trays)
    assert set(against.values()) == {3}


@pytest.mark.parametrize("tables", [2, 4, 6])
def test_the_second_modification_is_unequal_as_to_adversaries_with_even_tables(tables):
    m = generate("clay", tables=tables, deals=3 * tables, variant="mod2")
    against = Counter()
    for r in m.rounds:
        for t in r.tables:
            against[frozenset((t.ns, t.ew))] += len(t.trays)
    assert len(set(against.values())) > 1
    assert any("unequal" in n for n in m.notes)


def test_the_first_modification_plays_half_the_deals_then_moves():
    m = generate("clay", tables=3, deals=12, variant="mod1")
    assert m.rounds[0].tables[0].trays == (1, 2)
    assert m.rounds[1].tables[0].trays == (3, 4)
    assert len(m.rounds) == 6


def test_the_third_modification_goes_round_as_many_times_as_deals_at_a_table():
    m = generate("clay", tables=5, deals=20, variant="mod3")
    assert len(m.rounds) == 20
    assert set(meetings(m).values()) == {4}
    assert trays_of(m, 1) == list(range(1, 21))


def test_it_refuses_the_third_modification_against_the_common_divisor_rule():
    with pytest.raises(MovementUserError, match=r"no common divisor but one \(p\. 34\)"):
        generate("clay", tables=6, deals=24, variant="mod3")


def test_it_refuses_more_than_two_deals_a_table_without_a_modification():
    with pytest.raises(MovementUserError, match=r"two deals on each table \(p\. 33\).*mod1"):
        generate("clay", tables=4, deals=12)


def test_it_refuses_the_wrong_parity_for_the_first_two_modifications():
    with pytest.raises(MovementUserError, match="even number"):
        generate("clay", tables=4, deals=12, variant="mod1")
    with pytest.raises(MovementUserError, match="odd number"):
        generate("clay", tables=4, deals=16, variant="mod2")


@settings(deadline=None)
@given(tables=st.integers(2, 30), per_table=st.integers(2, 12))
def test_the_rule_decides_whether_the_third_modification_serves(tables, per_table):
    ok = gcd(tables, per_table - 1) == 1
    try:
        m = generate("clay", tables=tables, deals=tables * per_table, variant="mod3")
    except MovementUserError:
        assert not ok
    else:
        assert ok and every_pair_plays_every_tray(m)


@pytest.mark.parametrize("pairs", range(3, 40, 2))
def test_an_odd_pair_sits_out_once_in_each_circuit(pairs):
    m = generate("clay", pairs=pairs)
    assert_sound(m)
    out = Counter(p for r in m.rounds for p in r.sitout)
    assert sorted(out) == list(range(1, pairs + 1, 2)) and set(out.values()) == {2}
