"""The Safford System, "Comparative Whist" (pp. 36-38)."""

from __future__ import annotations

import pytest
from pair_props import assert_sound, every_pair_plays_every_tray, meetings, sitouts

from tournaments.movements import MovementUserError, generate
from tournaments.movements.analysis import analyse
from tournaments.movements.safford import BOOK_DEALS, safford_card

#: The sample card of p. 37: PAIR No. 5, 8 Pairs, positions and deals.
PAIR_FIVE = [
    ("East D", (2, 9, 16, 23)),
    ("North D", (3, 10, 17, 24)),
    ("North B", (7, 14, 21, 28)),
    ("North C", (6, 13, 20, 27)),
    ("North A", (5, 12, 19, 26)),
    ("East C", (1, 8, 15, 22)),
    ("East B", (4, 11, 18, 25)),
]
#: The book's table of p. 38: pairs -> deals they may play.
PRINTED = {
    8: [7, 14, 21, 28], 10: [18, 36], 12: [11, 22], 14: [26], 16: [30], 18: [34],
    20: [19, 38], 24: [23], 32: [31],
}  # fmt: skip
EVEN_SIZES = sorted(PRINTED)


def test_the_sample_card_of_pair_five_comes_out_exactly():
    card = safford_card(generate("safford", pairs=8, deals=28), 5)
    assert [(row.position, row.deals) for row in card] == PAIR_FIVE


def test_each_row_of_the_card_has_three_pairs_in_comparison():
    # p. 37: the total goes into the squares of the pairs that play these deals the
    # same way of the table; with eight pairs three on each row (p. 38).
    card = safford_card(generate("safford", pairs=8, deals=28), 5)
    assert all(len(row.compared_with) == 3 and 5 not in row.compared_with for row in card)
    counted = [p for row in card for p in row.compared_with]
    assert sorted(set(counted)) == [1, 2, 3, 4, 6, 7, 8]
    assert all(counted.count(p) == 3 for p in set(counted))


def test_with_28_deals_each_pair_is_compared_with_each_other_on_twelve_deals():
    a = analyse(generate("safford", pairs=8, deals=28))
    assert (a.comparisons.least, a.comparisons.most) == (12, 12)


def test_the_module_holds_the_books_deal_counts():
    assert {n: list(v) for n, v in BOOK_DEALS.items()} == PRINTED


@pytest.mark.parametrize("pairs", EVEN_SIZES)
def test_every_listed_size_has_the_safford_property(pairs):
    for deals in PRINTED[pairs]:
        m = generate("safford", pairs=pairs, deals=deals)
        assert_sound(m)
        assert every_pair_plays_every_tray(m)
        a = analyse(m)
        # the same number of deals against every other pair ...
        against = {n for e in a.entrants.values() for n in e.opponents.values()}
        assert len(against) == 1
        assert len(meetings(m)) == pairs * (pairs - 1) // 2
        # ... and in comparison with every other pair on the same number of deals
        assert a.comparisons.spread == 0 and a.comparisons.least > 0


@pytest.mark.parametrize("pairs", [p - 1 for p in EVEN_SIZES])
def test_an_odd_number_of_pairs_uses_the_next_schedule_with_a_sit_out(pairs):
    m = generate("safford", pairs=pairs)
    assert_sound(m)
    assert m.tables == (pairs + 1) // 2
    assert len(sitouts(m)) == pairs and len(set(sitouts(m).values())) == 1


@pytest.mark.parametrize("pairs", [10, 14, 18])
def test_the_double_sizes_meet_every_pair_twice(pairs):
    m = generate("safford", pairs=pairs)
    assert set(meetings(m).values()) == {2}
    assert m.trays == 2 * (pairs - 1)


def test_all_pairs_but_one_change_position_every_deal():
    m = generate("safford", pairs=12)
    seat = {}
    for r in m.rounds:
        for t in r.tables:
            seat.setdefault(t.ns, []).append((t.table, "NS"))
            seat.setdefault(t.ew, []).append((t.table, "EW"))
    still = [p for p, s in seat.items() if len(set(s)) == 1]
    assert still == [12]
    assert all(len({d for _, d in s}) == 2 for p, s in seat.items() if p != 12)


@pytest.mark.parametrize("pairs", [4, 5, 6, 21, 22, 25, 26, 28, 30, 34])
def test_it_refuses_a_size_the_book_lists_no_schedule_for(pairs):
    with pytest.raises(MovementUserError, match=r"\(p\. 38\)"):
        generate("safford", pairs=pairs)


def test_it_refuses_a_deal_count_that_is_not_a_multiple_of_the_schedule():
    with pytest.raises(MovementUserError, match=r"multiple of 18 deals"):
        generate("safford", pairs=10, deals=27)


def test_the_default_deals_are_the_books_first_count():
    assert generate("safford", pairs=16).trays == 30
    assert generate("safford", pairs=10).trays == 18
