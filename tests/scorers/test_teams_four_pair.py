"""Four-pair matches (pp. 27-28): matches won, then tricks gained."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from teams_slips import FOUR_PAIR_CHANGES, by_entrant, deal_scores, line, seated, slips

from scoring.scorers.teams_four_pair import score_four_pair
from scoring.scorers.types import SlipError


def four_pair_slips(tricks):
    """The 24 deals of the Table of Changes (p. 28); N-S tricks per (deal, table), else 7."""
    deals = {}
    for first, one, two in FOUR_PAIR_CHANGES:
        for deal in range(first, first + 4):
            deals[deal] = [
                seated(table, n, e, s, w, tricks.get((deal, table), 7))
                for table, (n, s, e, w) in ((1, one), (2, two))
            ]
    return slips(range(1, 9), deals)


def test_four_pair_scores_a_match_won_and_the_tricks_in_excess():
    """p. 28: deal 1, pair 1 (players 1-2) makes 9 N-S at table 1, pair 2 (3-4) 6 at table 2."""
    scores = score_four_pair(four_pair_slips({(1, 1): 9, (1, 2): 6}))
    assert deal_scores(scores, 1) == {1: 3, 2: -3, 3: -3, 4: 3}
    pairs = by_entrant(scores)
    # pair 1 wins deals 1-8 N-S by 3, ties deals 9-16 and 17-24
    assert pairs[1].total == pairs[1].extra["matches_won"] == 2
    assert pairs[1].extra["tricks"] == 3
    # pair 3 (players 5-6) loses deals 1-8 E-W by 3
    assert (pairs[3].total, pairs[3].extra["tricks"]) == (1, 0)
    assert scores.summary["matches"] == 6


def test_four_pair_double_score_and_tie_break_by_tricks():
    """pp. 27-28: pair 4 wins two, pairs 1 and 2 tie on 1 1/2 and 1 wins on tricks."""
    tricks = {
        (1, 1): 9,
        (1, 2): 6,  # deals 1-8: pair 1 beats pair 2 by 3 N-S; pair 4 beats 3 E-W
        (17, 1): 8,
        (17, 2): 6,  # deals 17-24: pair 2 beats 3 by 2 N-S; pair 4 beats 1 E-W
    }
    scores = score_four_pair(four_pair_slips(tricks))
    pairs = by_entrant(scores)
    assert {p: pairs[p].total for p in pairs} == {
        1: Fraction(3, 2),
        2: Fraction(3, 2),
        3: Fraction(1, 2),
        4: Fraction(5, 2),
    }
    assert {p: pairs[p].extra["tricks"] for p in pairs} == {1: 3, 2: 2, 3: 0, 4: 5}
    assert {p: pairs[p].extra["net_tricks"] for p in pairs} == {1: 1, 2: -1, 3: -5, 4: 5}
    assert {p: pairs[p].rank for p in pairs} == {4: 1, 1: 2, 2: 3, 3: 4}
    assert pairs[1].plus_minus is None


def test_four_pair_tie_scores_half_a_match_each():
    scores = score_four_pair(four_pair_slips({}))
    assert [e.total for e in scores.entrants] == [Fraction(3, 2)] * 4
    assert [e.rank for e in scores.entrants] == [1] * 4
    assert scores.summary["matches"] == 6


def test_four_pair_reads_pairs_numbers_when_the_lines_name_pairs():
    s = slips(
        [1, 2, 3, 4],
        {1: [line(1, 1, 3, 8), line(2, 2, 4, 7)], 2: [line(1, 2, 3, 5), line(2, 1, 4, 5)]},
    )
    pairs = by_entrant(score_four_pair(s))
    assert (pairs[1].total, pairs[2].total) == (1, 0)
    assert (pairs[3].total, pairs[4].total) == (0, 1)


def test_four_pair_rejects_a_deal_at_three_tables():
    s = slips(
        range(1, 13),
        {1: [seated(1, 1, 5, 2, 6, 7), seated(2, 3, 7, 4, 8, 7), seated(3, 9, 11, 10, 12, 7)]},
    )
    with pytest.raises(SlipError, match="two tables"):
        score_four_pair(s)


def test_four_pair_rejects_partners_from_different_pairs():
    s = slips(range(1, 9), {1: [seated(1, 1, 5, 3, 6, 7), seated(2, 2, 7, 4, 8, 7)]})
    with pytest.raises(SlipError, match="partners"):
        score_four_pair(s)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=48, max_size=48))
def test_four_pair_match_scores_sum_to_the_number_of_matches(values):
    tricks = {(d, t): values[(d - 1) * 2 + t - 1] for d in range(1, 25) for t in (1, 2)}
    scores = score_four_pair(four_pair_slips(tricks))
    assert scores.summary["matches"] == 6
    assert sum(e.total for e in scores.entrants) == 6
    assert sum(e.extra["net_tricks"] for e in scores.entrants) == 0
    for a in scores.entrants:
        better = [b for b in scores.entrants if (b.total, b.extra["tricks"]) > (a.total, a.extra["tricks"])]
        assert a.rank == len(better) + 1
