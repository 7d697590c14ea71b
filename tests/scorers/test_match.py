"""The match system: 2, 1, 0 against the rounded average of one's side (pp. 45-46)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pair_slips import SPECIMEN_LINES, deal, line, session, sessions, specimen_even, specimen_odd

from scoring.scorers import score
from scoring.scorers.laws import apply_laws
from scoring.scorers.match import book_round, match_average

# p. 46, SPECIMEN OF SCORE SLIP: pair -> match score, as printed.
PRINTED_MATCH = {1: 2, 2: 1, 3: 0, 4: 0, 5: 2, 6: 0, 7: 2, 8: 1}


def test_the_specimen_slip_of_p46_gives_the_printed_match_scores():
    scores = score("match", specimen_even())
    assert scores.deals[0].scores == PRINTED_MATCH
    assert sum(scores.deals[0].scores.values()) == 8  # the printed total


def test_the_specimen_averages_are_7_and_6():
    law = apply_laws(specimen_even().deals[0], match_average)
    # 27 / 4 = 6 3/4 is within one-third of 7; 25 / 4 = 6 1/4 within one-third of 6
    assert (law.average_ns, law.average_ew) == (7, 6)


@pytest.mark.parametrize(
    ("quotient", "average"),
    [
        (F(27, 4), 7),
        (F(25, 4), 6),
        (F(19, 3), 6),
        (F(20, 3), 7),
        (F(13, 2), F(13, 2)),
        (F(32, 5), F(13, 2)),
        (F(33, 5), F(13, 2)),
        (F(7), 7),
        (F(0), 0),
        (F(1, 3), 0),
    ],
)
def test_a_quotient_within_one_third_of_a_whole_number_is_that_number_else_the_half(quotient, average):
    assert book_round(quotient) == average


def test_an_odd_pair_is_recorded_one():
    scores = score("match", specimen_odd())
    assert scores.deals[0].scores[2] == 1


def test_the_specimen_passes_both_tests_of_p46():
    checks = score("match", specimen_even()).checks
    assert checks == {"match test 1 on deal 2": True, "match test 2 on deal 2": True}


def test_a_half_average_sends_every_pair_to_two_or_nothing():
    # N-S 8, 6, 7 -> 7 exactly; make it 8, 6, 6, 6, 7 at five tables: 33/5 = 6 3/5 -> 6 1/2
    lines = [(1, 1, 2, 8), (2, 3, 4, 6), (3, 5, 6, 6), (4, 7, 8, 6), (5, 9, 10, 7)]
    scores = score("match", session(range(1, 11), deal(1, lines))).deals[0].scores
    assert set(scores.values()) == {0, 2}


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 20).flatmap(lambda t: st.tuples(st.just(t), st.integers(0, 13 * t))))
def test_the_two_rounded_averages_always_add_to_13(tables_and_total):
    # the editor's note to p. 46
    tables, total = tables_and_total
    assert book_round(F(total, tables)) + book_round(F(13 * tables - total, tables)) == 13


@settings(max_examples=60, deadline=None)
@given(sessions(adjusted=True, only_average_awards=True))
def test_both_tests_hold_with_sit_outs_and_averages(slips):
    # test 2 holds "under the rounding rule", a sit-out recorded as one
    checks = score("match", slips).checks
    assert all(checks.values())


def test_with_a_sit_out_test_2_counts_the_sit_out_s_one_among_the_pairs():
    scores = score("match", specimen_odd())
    total = sum(scores.deals[0].scores.values())
    assert total == 7  # the seven pairs of the slip, pair 2's one included
    assert total == 2 * 3 + 1  # one over the pairs in play at three tables
    assert scores.checks["match test 2 on deal 2"]


def test_test_2_does_not_hold_when_a_revoking_side_is_held_to_the_average():
    # N-S at table 1 revoked but still made 9 after giving up two tricks: held to the average (1)
    lines = [line(1, 1, 2, 11, ns_revokes=1), line(2, 3, 4, 6), line(3, 5, 6, 6)]
    scores = score("match", session(range(1, 7), deal(1, lines)))
    assert scores.deals[0].scores[1] == 1 and scores.deals[0].scores[2] == 0
    assert scores.checks["match test 2 on deal 1"] is False
    assert scores.checks["match test 1 on deal 1"] is False


def test_test_2_does_not_hold_with_average_plus_for_both_sides():
    lines = [
        line(1, 1, 6, None, adjusted=("average-plus", "average-plus")),
        *(line(*x) for x in SPECIMEN_LINES[1:]),
    ]
    scores = score("match", session(range(1, 9), deal(2, lines)))
    assert scores.deals[0].scores[1] == scores.deals[0].scores[6] == 2
    assert scores.checks["match test 2 on deal 2"] is False


@settings(max_examples=40, deadline=None)
@given(sessions(revokes=True))
def test_test_1_holds_whenever_no_revoking_side_was_held_to_the_average(slips):
    checks = score("match", slips).checks
    for slip in slips.deals:
        law = apply_laws(slip, match_average)
        if not any(ln.ns_capped or ln.ew_capped for ln in law.lines):
            assert checks[f"match test 1 on deal {slip.deal}"]
            assert checks[f"match test 2 on deal {slip.deal}"]
