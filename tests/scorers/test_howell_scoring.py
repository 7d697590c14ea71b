"""The original Howell system: losses from the top score of one's side (p. 42)."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given, settings
from pair_slips import SPECIMEN_LINES, by_entrant, deal, session, sessions, specimen_even

from scoring.scorers import score
from scoring.scorers.howell import gains_plus_minus

# p. 42, FORM OF SCORE SLIP: pair -> loss, as printed (top scores 8 N-S, 7 E-W).
PRINTED_LOSSES = {1: 0, 2: 1, 3: 2, 4: 2, 5: 0, 6: 2, 7: 0, 8: 1}


def test_the_specimen_slip_of_p42_gives_the_printed_losses():
    assert score("howell", specimen_even()).deals[0].scores == PRINTED_LOSSES


def test_an_odd_pair_is_recorded_the_average_loss_of_1_on_the_specimen():
    # p. 42: "they should be recorded as '1' ... since this is the average loss on the deal"
    slips = session(range(1, 10), deal(2, SPECIMEN_LINES, sat_out=[9]))
    deal_scores = score("howell", slips).deals[0].scores
    assert deal_scores[9] == 1
    assert {p: deal_scores[p] for p in PRINTED_LOSSES} == PRINTED_LOSSES


def test_the_smallest_total_of_losses_wins_and_ties_share_the_higher_place():
    rows = by_entrant(score("howell", specimen_even()).entrants)
    assert {p: rows[p].rank for p in rows} == {1: 1, 5: 1, 7: 1, 2: 4, 8: 4, 3: 6, 4: 6, 6: 6}


def test_plus_minus_is_the_average_loss_less_one_s_own():
    rows = by_entrant(score("howell", specimen_even()).entrants)
    assert {p: rows[p].plus_minus for p in rows} == {p: 1 - loss for p, loss in PRINTED_LOSSES.items()}


def test_losses_over_several_deals_add_up_on_the_tabulating_sheet():
    second = deal(3, [(1, 1, 6, 5), (2, 3, 5, 9), (3, 4, 7, 7), (4, 8, 2, 9)])
    rows = by_entrant(score("howell", session(range(1, 9), deal(2, SPECIMEN_LINES), second)).entrants)
    # deal 3: N-S 5, 9, 7, 9 (top 9); E-W 8, 4, 6, 4 (top 8)
    assert rows[1].total == 0 + 4
    assert rows[6].total == 2 + 0
    assert rows[2].total == 1 + 4


@settings(max_examples=40, deadline=None)
@given(sessions(adjusted=True, only_average_awards=True))
def test_gains_above_the_lowest_give_the_same_plus_minus(slips):
    # p. 42: "identical if a plus and minus score is worked out"
    rows = score("howell", slips).entrants
    assert {r.entrant: r.plus_minus for r in rows} == gains_plus_minus(slips)


@settings(max_examples=40, deadline=None)
@given(sessions(revokes=True, adjusted=True))
def test_losses_are_never_negative_and_the_average_is_given_to_sit_outs(slips):
    scores = score("howell", slips)
    for ds, slip in zip(scores.deals, slips.deals, strict=True):
        played = [v for e, v in ds.scores.items() if e not in {a.entrant for a in slip.averages}]
        assert all(v >= 0 for v in played)
        for award in slip.averages:
            if played:
                assert ds.scores[award.entrant] == F(sum(played), len(played))
