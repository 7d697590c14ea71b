"""The laws applied before scoring: revokes (Law X Sec. 4), averages and void deals (Laws IV-V)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pair_slips import SPECIMEN_LINES, deal, line, session, sessions

from scoring.scorers import METHODS, score
from scoring.scorers.laws import apply_laws, revoke_penalty, transfer_revoke_tricks, void_reason
from scoring.scorers.types import AverageAward, DealSlip, Slips

PAIR_METHODS = [m for m in ("trick", "howell", "exponent", "match", "matchpoints") if m in METHODS]


@pytest.mark.parametrize(("revokes", "tricks"), [(0, 0), (1, 2), (2, 3), (3, 4)])
def test_the_first_revoke_costs_two_tricks_and_each_further_one_more(revokes, tricks):
    assert revoke_penalty(revokes) == tricks


def test_the_penalty_is_limited_to_the_tricks_the_offenders_won():
    assert transfer_revoke_tricks(1, 2, 0) == (0, 1, 0)
    assert transfer_revoke_tricks(12, 0, 3) == (13, 0, 1)  # no pair scores more than 13


def test_both_sides_may_revoke_on_one_deal():
    assert transfer_revoke_tricks(7, 1, 2) == (8, 2, 3)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 13), st.integers(0, 4), st.integers(0, 4))
def test_after_the_transfer_each_side_holds_between_0_and_13(tricks, ns_revokes, ew_revokes):
    ns, from_ns, from_ew = transfer_revoke_tricks(tricks, ns_revokes, ew_revokes)
    assert 0 <= ns <= 13
    assert from_ns <= tricks and from_ew <= 13 - tricks


def revoke_deal() -> Slips:
    """N-S at table 1 revoke once but still make 9 of 11; the others make 6 and 6."""
    lines = [line(1, 1, 2, 11, ns_revokes=1), line(2, 3, 4, 6), line(3, 5, 6, 6)]
    return session(range(1, 7), deal(1, lines))


def test_a_revoking_side_scores_no_more_than_the_average_of_its_way():
    law = apply_laws(revoke_deal().deals[0])
    # after the transfer N-S made 9, 6, 6: average 7; the offenders are held to it
    assert law.average_ns == 7
    assert law.lines[0].ns_score == 7 and law.lines[0].ns_capped
    assert law.lines[0].ew_score == 4  # the adversaries keep the two tricks
    scores = score("trick", revoke_deal()).deals[0].scores
    assert scores[1] == 0 and scores[2] == -2


def test_a_revoking_side_below_the_average_keeps_its_score():
    lines = [line(1, 1, 2, 5, ns_revokes=1), line(2, 3, 4, 6), line(3, 5, 6, 8)]
    law = apply_laws(deal(1, lines))
    assert law.lines[0].ns_score == 3 and not law.lines[0].ns_capped


def test_a_revoke_cap_is_reported_as_breaking_exponent_test_8():
    checks = score("exponent", revoke_deal()).checks
    assert checks["exponent test 8 on deal 1"] is False
    assert checks["exponent test 9 on deal 1"] and checks["exponent test 10"]


@settings(max_examples=40, deadline=None)
@given(sessions(revokes=True))
def test_no_revoking_side_scores_above_the_trick_average(slips):
    scores = score("trick", slips)
    for ds, slip in zip(scores.deals, slips.deals, strict=True):
        for ln in slip.results:
            if ln.ns_revokes:
                assert ds.scores[ln.ns] <= 0
            if ln.ew_revokes:
                assert ds.scores[ln.ew] <= 0


def spoiled(tables: int) -> DealSlip:
    """A deal whose last table took the average (Law IV, Sec. 9)."""
    lines = [line(*x) for x in SPECIMEN_LINES[: tables - 1]]
    last = SPECIMEN_LINES[3]
    return deal(2, [*lines, line(last[0], last[1], last[2], None, adjusted=("average", "average"))])


@pytest.mark.parametrize("method", PAIR_METHODS)
def test_with_fewer_than_three_tables_a_deal_needing_an_average_is_void(method):
    assert void_reason(spoiled(2)) is not None
    ds = score(method, Slips((1, 3, 5, 6, 8, 2), (spoiled(2),))).deals[0]
    assert ds.scores == {}


def test_with_three_tables_or_more_the_spoiled_table_takes_the_average():
    assert void_reason(spoiled(3)) is None
    ds = score("trick", Slips((1, 3, 4, 5, 6, 7, 8, 2), (spoiled(3),))).deals[0]
    assert ds.scores[8] == ds.scores[2] == 0


@pytest.mark.parametrize("method", PAIR_METHODS)
def test_a_deal_the_director_declares_void_scores_nobody(method):
    slips = session(range(1, 9), deal(2, SPECIMEN_LINES, void=True))
    assert score(method, slips).deals[0].scores == {}


def adjusted_slips(ns_award: str, ew_award: str) -> Slips:
    lines = [*(line(*x) for x in SPECIMEN_LINES[:3]), line(4, 8, 2, None, adjusted=(ns_award, ew_award))]
    return session(range(1, 9), deal(2, lines))


@pytest.mark.parametrize(
    ("method", "plus", "average", "minus"),
    [
        ("trick", F(1), F(0), F(-1)),
        ("match", F(2), F(1), F(0)),
        ("matchpoints", F(18, 5), F(3), F(12, 5)),
    ],
)
def test_what_average_plus_average_and_average_minus_are_worth(method, plus, average, minus):
    for award, worth in (("average-plus", plus), ("average", average), ("average-minus", minus)):
        assert score(method, adjusted_slips(award, award)).deals[0].scores[8] == worth


def test_adjusted_scores_are_entered_as_the_average_of_the_played_tables_plus_or_minus_a_trick():
    law = apply_laws(adjusted_slips("average-plus", "average-minus").deals[0])
    # N-S 8, 6, 6 average 6 2/3; E-W 5, 7, 7 average 6 1/3
    assert (law.lines[3].ns_score, law.lines[3].ew_score) == (F(23, 3), F(16, 3))
    howell = score("howell", adjusted_slips("average-plus", "average-minus")).deals[0].scores
    assert howell[8] == 8 - F(23, 3) and howell[2] == 7 - F(16, 3)


@pytest.mark.parametrize("method", PAIR_METHODS)
def test_a_sit_out_given_average_plus_scores_better_than_one_given_the_average(method):
    base = deal(2, SPECIMEN_LINES)
    awards = (AverageAward(9), AverageAward(10, award="average-plus"))
    slips = Slips(tuple(range(1, 11)), (DealSlip(2, base.results, awards),))
    scores = score(method, slips).deals[0].scores
    better = scores[10] > scores[9] if METHODS[method].higher_is_better else scores[10] < scores[9]
    assert better
