"""Why is my score this? Each method tells which scores it compared and how."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from pair_slips import SPECIMEN_LINES, deal, line, session, specimen_even, specimen_odd

from scoring.scorers import METHODS, explain, score
from scoring.scorers.types import DealSlip, SlipError, SlipResult, Slips

PAIR_METHODS = [m for m in ("trick", "howell", "exponent", "match", "matchpoints") if m in METHODS]


@pytest.mark.parametrize("method", PAIR_METHODS)
def test_the_explained_score_is_the_score_the_method_gave(method):
    scores = score(method, specimen_even()).deals[0].scores
    for pair, value in scores.items():
        assert explain(method, specimen_even(), pair, 2).score == value


def test_trick_names_the_scores_of_its_side_and_their_average():
    why = explain("trick", specimen_even(), 8, 2)
    assert why.compared_with == {1: 8, 3: 6, 4: 6, 8: 7}
    assert why.figures["average N-S"] == F(27, 4)
    assert "sat N-S at table 4 against 2" in why.text
    assert "7 less 6 3/4: +1/4" in why.text


def test_howell_gives_the_top_score_and_the_loss():
    why = explain("howell", specimen_even(), 6, 2)
    assert why.figures["top E-W"] == 7
    assert "7 - 5 = 2 (p. 42)" in why.text


def test_exponent_tells_how_the_lesser_column_was_equated():
    why = explain("exponent", specimen_even(), 3, 2)
    assert "lowest N-S score was 6" in why.text
    assert "add to 3 (N-S) and 5 (E-W)" in why.text
    assert "exponent 2" in why.text and "0² = 1/2" in why.text
    assert why.figures["tables"] == 4


def test_exponent_tells_an_odd_pair_of_rule_12():
    why = explain("exponent", specimen_odd(), 2, 2)
    assert why.score == F(4, 3)
    assert "sat out" in why.text and "rule 12" in why.text


def test_match_gives_the_rounded_average():
    why = explain("match", specimen_even(), 8, 2)
    assert "27 over 4 tables in play is 6 3/4, recorded as the average 7" in why.text
    assert "match score is 1" in why.text


def test_matchpoints_counts_beaten_and_tied():
    why = explain("matchpoints", specimen_even(), 3, 2)
    assert "You beat 0 and tied 1: 1 matchpoints." in why.text


def test_a_revoke_is_told_before_the_comparison():
    lines = [line(1, 1, 2, 11, ns_revokes=1), line(2, 3, 4, 6), line(3, 5, 6, 6)]
    why = explain("trick", session(range(1, 7), deal(1, lines)), 1, 1)
    assert "revokes moved 2 tricks to the adversaries" in why.text
    assert "held to it" in why.text
    other = explain("trick", session(range(1, 7), deal(1, lines)), 2, 1)
    assert "revokes moved 2 tricks to your side" in other.text


def test_a_void_deal_says_why_nobody_scores():
    why = explain("howell", session(range(1, 9), deal(2, SPECIMEN_LINES, void=True)), 1, 2)
    assert why.score is None and "declared the deal void" in why.text


def test_an_individual_player_is_told_the_aggregates_compared():
    seats = ({"N": 4, "E": 1, "S": 2, "W": 8}, {"N": 5, "E": 3, "S": 6, "W": 7})
    tricks = {1: (7, 5), 2: (6, 9)}
    slips = Slips(
        tuple(range(1, 9)),
        tuple(
            DealSlip(
                d,
                tuple(
                    SlipResult(t + 1, seats[t]["N"], seats[t]["E"], tricks[d][t], seats=seats[t])
                    for t in range(2)
                ),
            )
            for d in (1, 2)
        ),
    )
    why = explain("individual", slips, 4, 2)
    assert why.score == 3
    assert "Deals 1, 2 were played by the same partnerships" in why.text
    assert "against 1 & 8" in why.text


def test_an_unknown_deal_is_refused():
    with pytest.raises(SlipError, match="no slip for deal 9"):
        explain("trick", specimen_even(), 1, 9)


def test_an_entrant_with_no_score_is_told_so():
    why = explain("trick", session(range(1, 10), deal(2, SPECIMEN_LINES)), 9, 2)
    assert why.score is None and "neither played it" in why.text
