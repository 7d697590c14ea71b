"""The Howell Pair System (pp. 38-41) and the editor's appendix A and B."""

from __future__ import annotations

import pytest
from pair_props import assert_sound, every_pair_plays_every_tray, meetings, sitouts, trays_of

from tournaments.movements import MovementUserError, generate
from tournaments.movements.analysis import analyse
from tournaments.movements.howell import deals_on_tables

#: Appendix B: the eight-pair schedule worked out from the original arrangement
#: (rounds down, tables 1-4 across; "N-S v E-W, deal in play").
APPENDIX_B = [
    ["8 v 1, 1", "6 v 3, 4", "7 v 2, 6", "4 v 5, 7"],
    ["8 v 2, 2", "7 v 4, 5", "1 v 3, 7", "5 v 6, 1"],
    ["8 v 3, 3", "1 v 5, 6", "2 v 4, 1", "6 v 7, 2"],
    ["8 v 4, 4", "2 v 6, 7", "3 v 5, 2", "7 v 1, 3"],
    ["8 v 5, 5", "3 v 7, 1", "4 v 6, 3", "1 v 2, 4"],
    ["8 v 6, 6", "4 v 1, 2", "5 v 7, 4", "2 v 3, 5"],
    ["8 v 7, 7", "5 v 2, 3", "6 v 1, 5", "3 v 4, 6"],
]

#: Appendix B's waiting deals at Tables 1 and 2 ("deal 1 (waiting: 2, 3)").
APPENDIX_B_TABLES_1_2 = [
    ((1, 2, 3), (4, 5)), ((2, 3, 4), (5, 6)), ((3, 4, 5), (6, 7)), ((4, 5, 6), (7, 1)),
    ((5, 6, 7), (1, 2)), ((6, 7, 1), (2, 3)), ((7, 1, 2), (3, 4)),
]  # fmt: skip

#: The book's original arrangements (pp. 39-40), round 1: (N-S, E-W, deal in play).
TEN_PAIRS = [(10, 1, 1), (5, 2, 3), (9, 8, 5), (7, 3, 6), (4, 6, 8)]
THIRTY_SIX_PAIRS = [
    (36, 1, 1), (31, 6, 2), (22, 15, 3), (23, 14, 5), (34, 3, 6), (25, 12, 11),
    (26, 11, 13), (32, 5, 17), (17, 20, 21), (28, 9, 22), (27, 10, 25), (29, 8, 26),
    (35, 2, 27), (4, 33, 28), (19, 18, 29), (16, 21, 30), (24, 13, 32), (30, 7, 35),
]  # fmt: skip
#: Six pairs, p. 41: first half and second half, round 1.
SIX_PAIRS_FIRST = [(6, 1, 1), (4, 5, 3), (2, 3, 4)]
SIX_PAIRS_SECOND = [(6, 1, 6), (3, 5, 7), (2, 4, 10)]


def rows(m, rnd):
    return [(t.ns, t.ew, t.trays[0]) for t in m.rounds[rnd - 1].tables]


def test_eight_pairs_give_appendix_b_exactly():
    m = generate("howell", pairs=8, deals=7)
    got = [[f"{t.ns} v {t.ew}, {t.trays[0]}" for t in r.tables] for r in m.rounds]
    assert got == APPENDIX_B


def test_waiting_deals_stay_at_their_table_and_move_up_as_in_appendix_b():
    got = [(deals_on_tables(8, r)[1], deals_on_tables(8, r)[2]) for r in range(1, 8)]
    assert got == APPENDIX_B_TABLES_1_2
    assert deals_on_tables(8, 1) == {1: (1, 2, 3), 2: (4, 5), 3: (6,), 4: (7,)}


def test_the_six_pair_second_half_circulates_deals_six_to_ten():
    assert deals_on_tables(6, 6) == {1: (6,), 2: (7, 8, 9), 3: (10,)}
    assert deals_on_tables(6, 7) == {1: (7,), 2: (8, 9, 10), 3: (6,)}


def test_the_default_is_one_deal_a_set_for_each_pair_but_one():
    m = generate("howell", pairs=8)
    assert (m.trays, len(m.rounds), m.tables) == (7, 7, 4)


@pytest.mark.parametrize(
    ("pairs", "first"), [(10, TEN_PAIRS), (36, THIRTY_SIX_PAIRS)], ids=["ten", "thirty-six"]
)
def test_round_one_is_the_books_original_arrangement(pairs, first):
    assert rows(generate("howell", pairs=pairs), 1) == first


def test_six_pairs_play_the_double_schedule_of_ten_deals():
    m = generate("howell", pairs=6)
    assert m.trays == 10 and len(m.rounds) == 10
    assert rows(m, 1) == SIX_PAIRS_FIRST
    assert rows(m, 6) == SIX_PAIRS_SECOND
    assert set(meetings(m).values()) == {2} and len(meetings(m)) == 15
    assert every_pair_plays_every_tray(m)


def test_in_the_six_pair_first_half_pairs_one_apart_meet_twice_and_two_apart_never():
    first_half = generate("howell", pairs=6, deals=10).rounds[:5]
    met = {}
    for r in first_half:
        for t in r.tables:
            met[frozenset((t.ns, t.ew))] = met.get(frozenset((t.ns, t.ew)), 0) + 1
    for a in range(1, 6):
        assert met.get(frozenset((a, a % 5 + 1))) == 2
        assert frozenset((a, (a + 1) % 5 + 1)) not in met


@pytest.mark.parametrize("pairs", [6, *range(8, 37, 2)])
def test_every_pair_meets_every_other_once_and_plays_every_deal_once(pairs):
    m = generate("howell", pairs=pairs)
    assert_sound(m)
    times = 2 if pairs == 6 else 1
    assert len(meetings(m)) == pairs * (pairs - 1) // 2
    assert set(meetings(m).values()) == {times}
    assert every_pair_plays_every_tray(m)
    assert analyse(m).meetings.spread == 0


@pytest.mark.parametrize("pairs", range(5, 37, 2))
def test_an_odd_pair_uses_the_next_schedule_and_each_pair_sits_out_once(pairs):
    m = generate("howell", pairs=pairs)
    assert_sound(m)
    assert m.tables == (pairs + 1) // 2
    assert all(len(r.sitout) == 1 for r in m.rounds)
    times = 2 if pairs == 5 else 1
    assert set(sitouts(m).values()) == {times} and len(sitouts(m)) == pairs
    assert set(meetings(m).values()) == {times} and len(meetings(m)) == pairs * (pairs - 1) // 2
    # the missing pair is the highest: table 1, where it kept its seat, is never played
    assert all(t.table != 1 for r in m.rounds for t in r.tables)


def test_the_pair_due_to_meet_the_missing_highest_pair_sits_out():
    m = generate("howell", pairs=7)
    assert [r.sitout for r in m.rounds] == [(p,) for p in range(1, 8)]


def test_the_third_plan_lays_out_sets_like_1_8_15_22():
    m = generate("howell", pairs=8, deals=28)
    sets = sorted({t.trays for r in m.rounds for t in r.tables})
    assert sets == [(i, i + 7, i + 14, i + 21) for i in range(1, 8)]
    assert m.rounds[0].tables[0].trays == (1, 8, 15, 22)
    assert every_pair_plays_every_tray(m)


def test_the_second_plan_puts_consecutive_trays_in_place_of_each():
    m = generate("howell", pairs=8, deals=14, variant="plan2")
    assert m.rounds[0].tables[0].trays == (1, 2)
    assert m.rounds[0].tables[1].trays == (7, 8)
    assert len(m.rounds) == 7 and every_pair_plays_every_tray(m)


def test_the_first_plan_plays_the_schedule_through_again():
    m = generate("howell", pairs=8, deals=21, variant="plan1")
    assert len(m.rounds) == 21
    assert [(t.ns, t.ew) for t in m.rounds[7].tables] == [(t.ns, t.ew) for t in m.rounds[0].tables]
    assert m.rounds[7].tables[0].trays == (8,)
    assert set(meetings(m).values()) == {3}
    assert every_pair_plays_every_tray(m)


@pytest.mark.parametrize("plan", ["plan1", "plan2", "plan3"])
def test_every_plan_keeps_the_movement_sound(plan):
    for pairs in (7, 10, 13):
        m = generate("howell", pairs=pairs, deals=2 * (pairs + pairs % 2 - 1), variant=plan)
        assert_sound(m)
        assert analyse(m).sound


def test_it_refuses_a_deal_count_that_is_not_a_multiple_of_the_schedule():
    with pytest.raises(MovementUserError, match=r"multiple of 7 deals"):
        generate("howell", pairs=8, deals=20)
    with pytest.raises(MovementUserError, match=r"multiple of 10 deals.*p\. 41"):
        generate("howell", pairs=6, deals=15)


@pytest.mark.parametrize("pairs", [3, 4, 37, 38, 40])
def test_it_refuses_sizes_the_book_has_no_schedule_for(pairs):
    with pytest.raises(MovementUserError, match="5 to 36 pairs"):
        generate("howell", pairs=pairs)


def test_tables_alone_mean_two_pairs_a_table():
    assert generate("howell", tables=9).entrants == 18


def test_each_pair_plays_the_deals_in_numerical_order_round_the_cycle():
    m = generate("howell", pairs=8)
    # pair 8 keeps its seat and plays 1, 2, ..., 7 (appendix A)
    assert trays_of(m, 8) == list(range(1, 8))
    assert [t.trays[0] for r in m.rounds for t in r.tables if 8 in (t.ns, t.ew)] == list(range(1, 8))
