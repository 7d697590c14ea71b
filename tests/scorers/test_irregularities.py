"""The laws the director applies at a table (pp. 61-62, 66) and what each does to the score.

Law IV, Secs. 8-10 (the wrong trump), Law V (irregular hands, cards left in the
tray on the overplay) and Law III, Sec. 2 (d) (cards left in the tray on the
original play): each is a slip line marked with the law's code.
"""

from __future__ import annotations

import pytest
from pair_slips import SPECIMEN_LINES, deal, line, session

from scoring.scorers import METHODS, explain, score, slips_from_json, slips_to_json
from scoring.scorers.irregularities import IRREGULARITIES
from scoring.scorers.laws import void_reason
from scoring.scorers.types import DealSlip, SlipError, Slips

PAIR_METHODS = [m for m in ("trick", "howell", "exponent", "match", "matchpoints") if m in METHODS]


def marked(code: str, tables: int = 4, tricks: int | None = None) -> Slips:
    """The specimen slip (p. 42) with the law applied at its last table."""
    lines = [line(*x) for x in SPECIMEN_LINES[: tables - 1]]
    t, ns, ew, _ = SPECIMEN_LINES[tables - 1]
    pairs = sorted({p for x in SPECIMEN_LINES[:tables] for p in x[1:3]})
    return session(pairs, deal(2, [*lines, line(t, ns, ew, tricks, law=code)]))


def averaged(tables: int = 4) -> Slips:
    """The same slip with the director's plain award of the average to that table."""
    lines = [line(*x) for x in SPECIMEN_LINES[: tables - 1]]
    t, ns, ew, _ = SPECIMEN_LINES[tables - 1]
    pairs = sorted({p for x in SPECIMEN_LINES[:tables] for p in x[1:3]})
    return session(pairs, deal(2, [*lines, line(t, ns, ew, None, adjusted=("average", "average"))]))


@pytest.mark.parametrize("method", PAIR_METHODS)
@pytest.mark.parametrize("code", ["IV.9", "IV.10", "V.1", "V.2"])
def test_it_gives_the_table_the_average_score_for_the_deal(method, code):
    assert score(method, marked(code)).deals == score(method, averaged()).deals


@pytest.mark.parametrize("method", PAIR_METHODS)
@pytest.mark.parametrize("code", ["IV.9", "IV.10", "V.1"])
def test_it_calls_a_new_deal_when_fewer_than_three_tables_are_in_play(method, code):
    slips = marked(code, tables=2)
    assert "new deal" in (void_reason(slips.deals[0]) or "")
    assert score(method, slips).deals[0].scores == {}


@pytest.mark.parametrize("method", PAIR_METHODS)
def test_cards_left_in_the_tray_on_the_overplay_take_the_average_even_at_two_tables(method):
    slips = marked("V.2", tables=2)
    assert void_reason(slips.deals[0]) is None
    assert set(score(method, slips).deals[0].scores) == {1, 3, 5, 6}


@pytest.mark.parametrize("code", ["III.2d", "IV.10-next"])
def test_it_calls_a_new_deal_whatever_the_number_of_tables(code):
    slips = marked(code, tricks=7)
    reason = void_reason(slips.deals[0]) or ""
    assert IRREGULARITIES[code].law in reason and "new deal" in reason
    assert score("trick", slips).deals[0].scores == {}


def test_a_wrong_trump_corrected_before_play_leaves_the_score_standing():
    slips = marked("IV.8", tricks=7)
    plain = session(range(1, 9), deal(2, SPECIMEN_LINES))
    assert score("exponent", slips).deals == score("exponent", plain).deals
    assert "Law IV, Sec. 8" in explain("trick", slips, 8, 2).text


def test_at_a_single_table_an_irregularity_in_the_hands_is_always_a_new_deal():
    one = Slips((1, 2), (DealSlip(1, (line(1, 1, 2, None, law="V.1"),)),))
    assert void_reason(one.deals[0]) is not None
    two = Slips((1, 2), (DealSlip(1, (line(1, 1, 2, None, law="V.2"),)),))
    assert "no table played" in (void_reason(two.deals[0]) or "")


def test_the_explanation_names_the_law_applied():
    why = explain("trick", marked("V.1"), 8, 2)
    assert "Law V, Sec. 1 (irregular hands on the overplay)" in why.text
    assert why.score == 0


def test_the_law_and_a_declared_trump_travel_in_the_slips_json():
    data = slips_to_json(marked("IV.9"))
    assert data["deals"][0]["results"][3]["law"] == "IV.9"
    assert slips_from_json(data) == marked("IV.9")
    data["declared_trump"] = "S"
    data["deals"][0]["trump"] = "S"
    assert slips_from_json(data).declared_trump == "S"


def test_it_refuses_an_unknown_law_and_a_card_turned_when_a_suit_is_declared():
    data = slips_to_json(marked("IV.9"))
    data["deals"][0]["results"][3]["law"] = "XII.1"
    with pytest.raises(SlipError, match="unknown law 'XII.1'"):
        slips_from_json(data)
    data = slips_to_json(marked("IV.9"))
    data["declared_trump"] = "H"
    with pytest.raises(SlipError, match="no trump card is turned"):
        slips_from_json(data)  # the specimen's deal turned the king of clubs
    data["declared_trump"] = "X"
    with pytest.raises(SlipError, match="not a suit"):
        slips_from_json(data)
