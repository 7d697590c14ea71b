"""The trick method: each score against the average of its own side (p. 32)."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import pairwise

from hypothesis import given, settings
from pair_slips import by_entrant, deal, session, sessions, specimen_even, specimen_odd

from scoring.scorers import score
from scoring.scorers.trick import book_average, book_rounded_results, side_results
from scoring.scorers.types import Slips

# p. 32: the five-table Mitchell, twenty deals; pair -> total tricks, as printed.
NS_TOTALS = {1: 147, 3: 145, 5: 140, 7: 151, 9: 141}
EW_TOTALS = {2: 117, 4: 112, 6: 119, 8: 112, 10: 116}
# p. 32: the results as printed, against the averages rounded to 145 and 115.
PRINTED_RESULTS = {1: 2, 2: 2, 3: 0, 4: -3, 5: -5, 6: 4, 7: 6, 8: -3, 9: -4, 10: 1}


def mitchell_p32() -> Slips:
    """Twenty deals of the p. 31 Mitchell whose pair totals are those of p. 32.

    Table t (1..5) holds N-S pair 2t-1; in round r it meets E-W pair
    2((t - r) mod 5 + 1) and plays deal group (t + r - 2) mod 5 (a..e), four
    deals a group. Each N-S pair's tricks against each E-W pair (four deals)
    are chosen to give the printed totals, then split over the four deals.
    """
    rows = [NS_TOTALS[2 * i + 1] - 145 for i in range(5)]
    cols = [(260 - EW_TOTALS[2 * j + 2]) - 145 for j in range(5)]
    cell = [[29] * 5 for _ in range(5)]
    for j in range(1, 5):
        cell[0][j] += cols[j]
    for i in range(1, 5):
        cell[i][0] += rows[i]
    cell[0][0] += rows[0] + cols[0] - sum(rows)  # the deviations from 145 add to -1
    lines: dict[int, list[tuple[int, int, int, int]]] = {d: [] for d in range(1, 21)}
    for i in range(5):
        t = i + 1
        for j in range(5):
            r = (t - j - 1) % 5 + 1
            group = (t + r - 2) % 5
            whole, extra = divmod(cell[i][j], 4)
            for k in range(4):
                lines[4 * group + k + 1].append((t, 2 * t - 1, 2 * j + 2, whole + (k < extra)))
    return session(range(1, 11), *(deal(d, lines[d]) for d in range(1, 21)))


def test_the_p32_example_has_the_printed_totals():
    scores = by_entrant(score("trick", mitchell_p32()).entrants)
    for pair, total in {**NS_TOTALS, **EW_TOTALS}.items():
        assert scores[pair].extra["tricks"] == total
    assert sum(NS_TOTALS.values()) + sum(EW_TOTALS.values()) == 1300  # "Total score, 1300."


def test_the_p32_example_comes_out_exactly_against_the_exact_averages():
    scores = by_entrant(score("trick", mitchell_p32()).entrants)
    # 724 / 5 = 144 4/5 and 576 / 5 = 115 1/5 (the editor's check, p. 32)
    for pair, total in NS_TOTALS.items():
        assert scores[pair].plus_minus == total - F(724, 5)
        assert scores[pair].total == scores[pair].plus_minus
    for pair, total in EW_TOTALS.items():
        assert scores[pair].plus_minus == total - F(576, 5)
    assert scores[1].plus_minus == F(11, 5)
    assert scores[7].rank == 1


def test_side_results_are_the_exact_figures_of_p32():
    assert side_results(NS_TOTALS) == {1: F(11, 5), 3: F(1, 5), 5: F(-24, 5), 7: F(31, 5), 9: F(-19, 5)}


def test_the_book_rounds_the_averages_to_145_and_115():
    assert book_average(NS_TOTALS) == 145
    assert book_average(EW_TOTALS) == 115


def test_book_rounded_results_are_the_printed_plus_and_minus():
    printed = {**book_rounded_results(NS_TOTALS), **book_rounded_results(EW_TOTALS)}
    assert printed == PRINTED_RESULTS
    assert sum(v for v in printed.values() if v > 0) == 15  # "+15 -15"
    assert sum(v for v in printed.values() if v < 0) == -15


def test_each_score_is_compared_with_the_average_of_its_own_side_only():
    deal_scores = score("trick", specimen_even()).deals[0].scores
    # N-S 8, 6, 6, 7 average 6 3/4; E-W 5, 7, 7, 6 average 6 1/4
    assert deal_scores == {
        1: F(5, 4),
        3: F(-3, 4),
        4: F(-3, 4),
        8: F(1, 4),
        6: F(-5, 4),
        5: F(3, 4),
        7: F(3, 4),
        2: F(-1, 4),
    }


def test_a_pair_sitting_out_is_given_the_average_which_is_nothing():
    scores = score("trick", specimen_odd())
    assert scores.deals[0].scores[2] == 0


@settings(max_examples=40, deadline=None)
@given(sessions())
def test_on_every_deal_each_side_s_trick_scores_add_to_nothing(slips):
    for ds, slip in zip(score("trick", slips).deals, slips.deals, strict=True):
        ns = [ds.scores[ln.ns] for ln in slip.results]
        ew = [ds.scores[ln.ew] for ln in slip.results]
        assert sum(ns) == 0 and sum(ew) == 0


@settings(max_examples=40, deadline=None)
@given(sessions(revokes=True, adjusted=True))
def test_the_total_is_the_plus_minus_and_ranks_follow_it(slips):
    rows = score("trick", slips).entrants
    for row in rows:
        assert row.total == row.plus_minus
    ordered = sorted(rows, key=lambda r: r.rank)
    assert all(a.plus_minus >= b.plus_minus for a, b in pairwise(ordered))
