"""The scorer's eye on a session's trays (``scoring/scorers/line_checks.py``)."""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from scoring.scorers import field_checks
from scoring.scorers.line_checks import (
    RULES,
    Line,
    far_from_field,
    median,
    missing_check,
    swapped_by_hands,
    tray_checks,
)


def lines(*counts: int | None) -> list[Line]:
    """Lines at tables 1, 2, ... with these N-S counts."""
    return [Line(table, tricks) for table, tricks in enumerate(counts, start=1)]


def test_a_count_entered_the_other_way_is_flagged_with_the_directors_sentence():
    [check] = tray_checks(7, lines(9, 10, 9, 4, 10))
    assert (check.tray, check.table, check.kind) == (7, 4, "swapped")
    assert (
        check.sentence
        == "Table 4, tray 7: N-S 4 where the other tables made 9 or 10; did N-S enter E-W's count?"
    )


def test_a_tray_whose_lines_agree_is_not_flagged():
    assert tray_checks(3, lines(9, 10, 9, 8, 10, 9)) == []
    assert tray_checks(3, lines(9, 10, 9, 8, 10, 9), double_dummy=9) == []


def test_with_the_hands_known_a_two_line_tray_is_judged_on_the_double_dummy():
    # Mnemonic Duplicate: the original play (table 1) and the overplay (table 2) of one deal.
    assert tray_checks(2, [Line(1, 9), Line(2, 4)]) == []
    [check] = tray_checks(2, [Line(1, 9), Line(2, 4)], double_dummy=9)
    assert (check.table, check.kind) == (2, "swapped")
    assert check.sentence.startswith(
        "Table 2, tray 2: N-S 4 where the other table made 9 and the hands make 9 "
    )


@pytest.mark.parametrize(
    ("first", "overplay", "hands", "flagged"),
    [
        (4, 9, 9, {1}),  # 5 off the hands, 9 is on them
        (5, 6, 8, {1}),  # the overplay a trick from it does not hide it: the hands make 8
        (4, 4, 9, {1, 2}),  # both plays entered the other way: both flagged, the hands outvote them
        (6, 7, 9, {1}),  # 3 off the hands, and 7 is nearer them than 6
        (5, 7, 7, set()),  # 2 off the hands: a hard deal played a little off, not a swap
        (8, 7, 6, set()),
        (3, 6, 6, set()),  # 3 off, but 10 is further from the hands than 3
        (7, 7, 10, set()),  # 6 is further from 10 than 7
    ],
)
def test_a_mnemonic_tray_of_two_plays_is_judged_by_the_hands_alone(first, overplay, hands, flagged):
    # Mnemonic Duplicate (pp. 25-27): the original play (table 1) and the overplay (table 2) of one deal;
    # swapped when 3 tricks or more from the double dummy and 13 - N nearer it.
    checks = tray_checks(3, [Line(1, first), Line(2, overplay)], double_dummy=hands)
    assert {c.table for c in checks if c.kind == "swapped"} == flagged
    assert {c.table for c in checks} == flagged


def test_two_plays_both_the_other_way_are_each_told_what_the_other_made():
    checks = tray_checks(3, [Line(1, 4), Line(2, 4)], double_dummy=9)
    assert [c.sentence for c in checks] == [
        f"Table {t}, tray 3: N-S 4 where the other table made 4 and the hands make 9 double dummy; "
        "did N-S enter E-W's count?"
        for t in (1, 2)
    ]


def test_the_hands_judge_alone_under_three_other_lines_and_the_votes_from_three():
    assert [c.table for c in tray_checks(1, lines(5, 6, 6), double_dummy=8)] == [1]
    assert tray_checks(1, lines(5, 6, 6, 6), double_dummy=8) == []  # three lines a trick from it: the field
    assert [c.table for c in tray_checks(1, lines(5), double_dummy=8)] == [1]
    assert tray_checks(1, lines(5, 6), double_dummy=None) == []  # no hands, too few lines: not judged


def test_swapped_by_the_hands_is_three_tricks_off_and_nearer_the_other_way():
    assert swapped_by_hands(5, 8) and swapped_by_hands(8, 5) and swapped_by_hands(0, 13)
    assert not swapped_by_hands(6, 8)  # 2 off
    assert not swapped_by_hands(7, 10)  # 6 is 4 off
    assert not swapped_by_hands(9, 9)


def test_a_count_far_from_the_field_that_is_no_swap_is_far_from_field():
    [check] = tray_checks(5, lines(6, 7, 6, 6, 1, 7))
    assert (check.table, check.kind) == (5, "far_from_field")
    assert "N-S 1 where the other tables made 6 or 7" in check.sentence


def test_a_wild_tray_allows_more_spread():
    assert not far_from_field(9, [2, 4, 7, 10, 4, 8])
    assert far_from_field(10, [6, 6, 7, 6, 7, 6])


def test_a_count_far_from_what_the_hands_make_is_flagged_when_no_other_line_is_near():
    [check] = tray_checks(1, [Line(1, 1)], double_dummy=6)
    assert check.kind == "far_from_double_dummy"
    assert check.sentence == (
        "Table 1, tray 1: N-S 1 where the hands make 6 double dummy; "
        "is it this tray's count, and the right one?"
    )
    assert tray_checks(1, [Line(1, 1), Line(2, 2)], double_dummy=6) == []


def test_artificial_scores_are_neither_judged_nor_used():
    assert tray_checks(4, lines(9, None, 9, 9, 9)) == []
    [check] = tray_checks(4, lines(9, None, 9, 9, 4))
    assert check.table == 5


def test_one_line_gets_one_flag():
    checks = tray_checks(7, lines(9, 10, 9, 4, 10), double_dummy=9)
    assert [(c.table, c.kind) for c in checks] == [(4, "swapped")]


def test_a_missing_line_is_worded_for_the_director():
    check = missing_check(7, 4, 3)
    assert (check.tray, check.table, check.kind) == (7, 4, "missing")
    assert check.sentence == "Table 4, tray 7: no line yet, and round 3's time is up; was it played?"


def test_the_median_is_exact():
    assert median([1, 2]) == Fraction(3, 2)
    assert median([5, 1, 9]) == 5


def test_the_field_checks_rule_is_unchanged_without_a_margin():
    table = [0] * 14
    table[9], table[10], table[4] = 5, 4, 1
    assert 4 in field_checks.suspect_results(table)
    assert 4 in field_checks.suspect_results(table, RULES.swap)
    near = [0] * 14
    near[7], near[8], near[5] = 5, 4, 1
    assert field_checks.nearer_other_way(near, 5) == 1  # 5 is 2 from the rest's median 7; 8 is 1
    strict = field_checks.Rules(min_results=3, margin=Fraction(2))
    assert 5 in field_checks.suspect_results(near, RULES.swap)
    assert 5 not in field_checks.suspect_results(near, strict)


@pytest.mark.parametrize("seed", range(20))
def test_random_clean_trays_of_every_size_are_rarely_flagged_and_swaps_often(seed):
    rng = random.Random(seed)
    flagged = caught = swaps = 0
    for _ in range(50):
        dd = rng.randint(2, 11)
        size = rng.choice([2, 4, 5, 7, 13])
        counts = [min(13, max(0, dd + rng.choice([-1, 0, 0, 0, 1]))) for _ in range(size)]
        flagged += len(tray_checks(1, lines(*counts), dd))
        if abs(13 - 2 * counts[0]) >= 5:
            swaps += 1
            caught += any(c.table == 1 for c in tray_checks(1, lines(13 - counts[0], *counts[1:]), dd))
    assert flagged == 0
    assert caught == swaps


def test_the_benchs_evenings_make_their_errors_at_known_places():
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench.checks_evenings import evening, movement_of, plays

    movement = movement_of("mitchell", {"tables": 5, "deals": 15})
    night = evening(movement, [2, 6, 7, 11], "tight", random.Random(3))
    assert {key for group in plays(movement) for key in group} == set(night.true)
    assert all(
        abs(night.true[(tray, t)] - dd) <= 2 for (tray, t) in night.true for dd in [night.double_dummy[tray]]
    )
    assert all(night.entered[key] == 13 - night.true[key] for key in night.swapped)
    assert not night.skipped & set(night.entered)
    assert night.swapped and night.skipped
