"""Matchpoints (modern): 2 a pair beaten, 1 a tie, Neuberg for trays played fewer times."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from pair_slips import SPECIMEN_LINES, by_entrant, deal, line, session, sessions, specimen_even

from scoring.scorers import score
from scoring.scorers.matchpoints import matchpoint, neuberg


def test_each_pair_gets_two_for_each_of_its_side_beaten_and_one_for_each_tie():
    scores = score("matchpoints", specimen_even()).deals[0].scores
    # N-S 8, 6, 6, 7 (pairs 1, 3, 4, 8); E-W 5, 7, 7, 6 (pairs 6, 5, 7, 2)
    assert scores == {1: 6, 3: 1, 4: 1, 8: 4, 6: 0, 5: 5, 7: 5, 2: 2}


def test_matchpoint_counts_beaten_and_tied_leaving_oneself_out():
    assert matchpoint([F(8), F(6), F(6), F(7)]) == [6, 1, 1, 4]
    assert matchpoint([F(5)]) == [0]


def test_neubergs_formula_factors_a_tray_played_fewer_times():
    # ((MP + 1) x expected / actual) - 1
    assert neuberg(F(4), 4, 3) == F(17, 3)
    assert neuberg(F(0), 4, 3) == F(1, 3)
    assert neuberg(F(0), 4, 1) == 3  # a lone result is worth half the top


def test_a_tray_played_at_three_of_four_tables_is_factored_to_the_full_top():
    short = deal(3, [(1, 1, 6, 8), (2, 3, 5, 6), (3, 4, 7, 7)], sat_out=[8, 2])
    scores = score("matchpoints", session(range(1, 9), deal(2, SPECIMEN_LINES), short))
    deal3 = scores.deals[1].scores
    assert (deal3[1], deal3[3], deal3[4]) == (F(17, 3), F(1, 3), 3)
    assert deal3[8] == deal3[2] == 3  # the sit-outs get 50% of the top of 6
    assert scores.summary["top"] == 6


def test_adjusted_scores_are_60_50_and_40_percent_of_a_top():
    lines = [
        *(line(*x) for x in SPECIMEN_LINES[:3]),
        line(4, 8, 2, None, adjusted=("average-plus", "average-minus")),
    ]
    scores = score("matchpoints", session(range(1, 9), deal(2, lines))).deals[0].scores
    assert (scores[8], scores[2]) == (F(18, 5), F(12, 5))
    # the other three tables are matchpointed among themselves and factored
    assert scores[1] == neuberg(F(4), 4, 3)


def test_pairs_are_ranked_by_percentage():
    rows = by_entrant(score("matchpoints", specimen_even()).entrants)
    assert rows[1].extra["percent"] == 100 and rows[1].rank == 1
    assert rows[6].extra["percent"] == 0 and rows[6].rank == 8
    assert rows[1].plus_minus == 6 - 3


def test_a_pair_that_played_fewer_deals_is_not_behind_for_that():
    short = deal(3, [(1, 1, 6, 8), (2, 3, 5, 6), (3, 4, 7, 7)])  # 8 and 2 not scored on deal 3
    rows = by_entrant(score("matchpoints", session(range(1, 9), deal(2, SPECIMEN_LINES), short)).entrants)
    assert rows[8].extra["percent"] == F(400, 6)
    assert rows[8].rank < rows[3].rank


@settings(max_examples=40, deadline=None)
@given(sessions())
def test_the_matchpoints_of_each_side_of_a_deal_average_half_a_top(slips):
    scores = score("matchpoints", slips)
    top = scores.summary["top"]
    for ds, slip in zip(scores.deals, slips.deals, strict=True):
        for side in ("ns", "ew"):
            values = [ds.scores[getattr(ln, side)] for ln in slip.results]
            assert sum(values) == len(values) * top / 2


@settings(max_examples=40, deadline=None)
@given(sessions(revokes=True, adjusted=True))
def test_every_score_lies_between_nothing_and_a_top(slips):
    scores = score("matchpoints", slips)
    top = scores.summary["top"]
    for ds in scores.deals:
        assert all(0 <= v <= top for v in ds.scores.values())
