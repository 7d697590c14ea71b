"""The Howell-Snow System, the Seventh Method (pp. 47-48)."""

from __future__ import annotations

import pytest
from pair_props import assert_sound, every_pair_plays_every_tray, meetings, sitouts

from tournaments.movements import MovementUserError, generate
from tournaments.movements.howell_snow import BOOK_DEALS, howell_snow_allows

#: The book's table of p. 47: pairs -> deals ("&c." dropped).
PRINTED = {
    5: [10, 15, 20, 25], 6: [15, 20, 25], 7: [21, 28, 35], 8: [28, 35], 9: [36, 45, 54], 10: [45, 54],
}  # fmt: skip
#: The five- and six-pair schedule of p. 48, first change: table -> (N-S, E-W); "X" missing.
FIVE_PAIRS = {1: ("X", 1), 2: (5, 2), 3: (4, 3)}
SIX_PAIRS = {1: (6, 1), 2: (5, 2), 3: (4, 3)}


def test_the_module_holds_the_books_table():
    assert {n: list(v) for n, v in BOOK_DEALS.items()} == PRINTED


@pytest.mark.parametrize("pairs", sorted(PRINTED))
def test_the_books_table_is_the_stated_rule(pairs):
    printed = PRINTED[pairs]
    assert all(howell_snow_allows(pairs, d) for d in printed)
    by_rule = [d for d in range(1, printed[-1] + 1) if howell_snow_allows(pairs, d)]
    assert by_rule == printed


def test_six_pairs_start_as_printed_on_page_48():
    m = generate("howell-snow", pairs=6)
    assert {t.table: (t.ns, t.ew) for t in m.rounds[0].tables} == SIX_PAIRS


def test_five_pairs_start_as_printed_with_pair_one_sitting_out():
    m = generate("howell-snow", pairs=5)
    first = {t.table: (t.ns, t.ew) for t in m.rounds[0].tables}
    assert first == {t: v for t, v in FIVE_PAIRS.items() if "X" not in v}
    assert m.rounds[0].sitout == (1,)
    assert set(sitouts(m).values()) == {1} and len(sitouts(m)) == 5


def test_the_later_changes_follow_the_howell_rule():
    m = generate("howell-snow", pairs=6)
    assert {t.table: (t.ns, t.ew) for t in m.rounds[1].tables} == {1: (6, 2), 2: (1, 3), 3: (5, 4)}


@pytest.mark.parametrize("pairs", range(4, 41))
def test_every_pair_meets_every_other_once(pairs):
    m = generate("howell-snow", pairs=pairs)
    assert_sound(m)
    assert len(meetings(m)) == pairs * (pairs - 1) // 2
    assert set(meetings(m).values()) == {1}
    if pairs % 2 == 0:
        assert every_pair_plays_every_tray(m)


@pytest.mark.parametrize("pairs", range(4, 41))
def test_each_change_plays_a_whole_set_at_every_table(pairs):
    m = generate("howell-snow", pairs=pairs)
    assert len(m.rounds) == (pairs if pairs % 2 else pairs - 1)
    for r in m.rounds:
        sets = {frozenset(t.trays) for t in r.tables}
        assert len(sets) == 1


def test_eight_pairs_use_the_howell_original_arrangement():
    m = generate("howell-snow", pairs=8)
    assert [(t.ns, t.ew) for t in m.rounds[0].tables] == [(8, 1), (6, 3), (7, 2), (4, 5)]
    assert m.trays == 28


def test_it_refuses_fewer_deals_than_changes_times_tables():
    with pytest.raises(MovementUserError, match=r"at least 28 \(p\. 47\)"):
        generate("howell-snow", pairs=8, deals=21)
