"""The exponent system: equated gains (pp. 43-45), and its tests 8-10."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from pair_slips import SPECIMEN_LINES, by_entrant, deal, line, session, sessions, specimen_even, specimen_odd

from scoring.scorers import render_sheet, score
from scoring.scorers.exponent import ExponentGain, equate, tabulate
from scoring.scorers.laws import apply_laws

# p. 45, EVEN NUMBER OF PAIRS: pair -> gain as printed, and the column totals.
PRINTED_EVEN = {1: "2²", 2: "1", 3: "0²", 4: "0²", 5: "2", 6: "0", 7: "2", 8: "1²"}
# p. 45, ODD NUMBER OF PAIRS (pair 2 sits out: 0 with exponent 4).
PRINTED_ODD = {1: "2²", 2: "0⁴", 3: "0²", 4: "0²", 5: "2", 6: "0", 7: "2"}


def test_the_even_specimen_slip_of_p45_comes_out_as_printed():
    slip = tabulate(specimen_even()).slips[0]
    assert {e: str(g) for e, g in slip.gains.items()} == PRINTED_EVEN
    assert (slip.lowest_ns, slip.lowest_ew) == (6, 5)
    assert (slip.ns_total, slip.ew_total) == (3, 5)
    assert slip.lesser == "N-S" and slip.exponent == 2 and slip.tables == 4


def test_the_odd_specimen_slip_of_p45_comes_out_as_printed():
    slip = tabulate(specimen_odd()).slips[0]
    assert {e: str(g) for e, g in slip.gains.items()} == PRINTED_ODD
    assert (slip.ns_total, slip.ew_total) == (2, 4)
    assert slip.tables == 3  # the bye is not a table in play
    assert slip.gains[2].value == F(4, 3)  # the average equated gain, rule 12


def test_an_exponent_is_worth_its_numerator_over_the_tables_in_play():
    gains = tabulate(specimen_even()).slips[0].gains
    assert gains[1] == ExponentGain(F(2), F(2), 4)
    assert gains[1].value == F(5, 2)
    assert gains[1].mixed() == "2 1/2"
    assert score("exponent", specimen_even()).deals[0].scores[8] == F(3, 2)


def test_the_specimens_pass_the_book_s_tests_8_and_9():
    for slips in (specimen_even(), specimen_odd()):
        slip = tabulate(slips).slips[0]
        assert slip.test8() and slip.test9()
    even = tabulate(specimen_even()).slips[0]
    assert even.ns_total + even.ew_total == 4 * 2  # test 8: 3 + 5 = 4 tables x highest gain 2
    assert even.numerator == 5  # test 9: 8 + 2 = 10 = 2 x 5


def test_rule_6_carries_whole_multiples_of_the_tables_into_the_whole_number():
    total = ExponentGain.carried(
        [ExponentGain(F(2), F(2), 4), ExponentGain(F(0), F(2), 4), ExponentGain(F(1), F(3), 4)]
    )
    assert (total.whole, total.exponent, total.tables) == (4, 3, 4)
    assert str(total) == "4³" and total.mixed() == "4 3/4"


def test_totals_of_deals_at_different_numbers_of_tables_are_carried_over_their_lcm():
    total = ExponentGain.carried([ExponentGain(F(1), F(2), 3), ExponentGain(F(0), F(3), 4)])
    assert total.value == 1 + F(2, 3) + F(3, 4)
    assert total.tables == 12


def test_the_tabulating_sheet_has_rule_10s_average_total_gain():
    second = deal(3, [(1, 1, 6, 5), (2, 3, 5, 9), (3, 4, 7, 7), (4, 8, 2, 9)])
    slips = session(range(1, 9), deal(2, SPECIMEN_LINES), second)
    sheet = tabulate(slips)
    # deal 3: N-S gains 0, 4, 2, 4 = 10; E-W gains 4, 0, 2, 0 = 6 -> numerator 10
    assert [s.numerator for s in sheet.slips] == [5, 10]
    assert sheet.average_total_gain == F(15, 4)
    assert sheet.test10()
    scores = score("exponent", slips)
    assert scores.summary["average_total_gain"] == F(15, 4)
    rows = by_entrant(scores.entrants)
    assert rows[1].total == F(5, 2) + 0 and rows[1].plus_minus == F(5, 2) - F(15, 4)


def test_averages_are_entered_before_equating_rule_11():
    # the fourth table's play was spoiled: it takes the average of each way
    lines = [*(line(*x) for x in SPECIMEN_LINES[:3]), line(4, 8, 2, None, adjusted=("average", "average"))]
    law = apply_laws(deal(2, lines))
    slip = equate(law)
    assert slip is not None
    assert law.lines[3].ns_score == F(20, 3)  # (8 + 6 + 6) / 3
    assert slip.gains[8].value == slip.average_gain == slip.gains[2].value


def test_the_odd_pair_is_left_out_of_equating_and_testing():
    with_bye = tabulate(specimen_odd()).slips[0]
    without = equate(apply_laws(deal(2, SPECIMEN_LINES[:3])))
    assert without is not None
    assert {e: g for e, g in with_bye.gains.items() if e != 2} == dict(without.gains)


def test_scores_report_the_book_s_tests():
    checks = score("exponent", specimen_odd()).checks
    assert checks == {
        "exponent test 8 on deal 2": True,
        "exponent test 9 on deal 2": True,
        "exponent test 10": True,
    }


def test_the_sheet_is_written_the_book_s_way():
    text = render_sheet(score("exponent", specimen_odd()), specimen_odd())
    assert "2²" in text and "0⁴" in text
    assert "average total gain: 1 1/3" in text


@settings(max_examples=60, deadline=None)
@given(sessions(adjusted=True, only_average_awards=True))
def test_tests_8_9_and_10_hold_on_every_deal_of_random_slips(slips):
    scores = score("exponent", slips)
    assert scores.checks and all(scores.checks.values())


@settings(max_examples=40, deadline=None)
@given(sessions(revokes=True, adjusted=True))
def test_tests_9_and_10_hold_even_when_the_laws_break_test_8(slips):
    checks = score("exponent", slips).checks
    assert all(ok for name, ok in checks.items() if "test 8" not in name)


@settings(max_examples=40, deadline=None)
@given(sessions())
def test_equated_gains_give_the_trick_method_s_plus_minus(slips):
    # p. 43: "the same result as if the average of each side was taken"
    exponent = {r.entrant: r.plus_minus for r in score("exponent", slips).entrants}
    trick = {r.entrant: r.plus_minus for r in score("trick", slips).entrants}
    assert exponent == trick


@pytest.mark.parametrize(
    ("whole", "exponent", "text"), [(2, 2, "2²"), (0, 4, "0⁴"), (3, 0, "3"), (1, 12, "1¹²")]
)
def test_an_exponent_gain_prints_like_the_book(whole, exponent, text):
    assert str(ExponentGain(F(whole), F(exponent), 4)) == text
