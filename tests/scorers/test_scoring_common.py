"""The package's front door: the register of methods, ranking, the sheet."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from pair_slips import SPECIMEN_LINES, by_entrant, deal, session, specimen_even, specimen_odd

from scoring.scorers import METHODS, Method, register, render_sheet, score
from scoring.scorers.common import rank
from scoring.scorers.fmt import mixed, signed

BOOK_METHODS = {
    "trick": ("pp. 31-32", True),
    "howell": ("p. 42", False),
    "exponent": ("pp. 43-45", True),
    "match": ("pp. 45-46", True),
    "matchpoints": (None, True),
    "individual": ("pp. 27, 30-31", False),
}


@pytest.mark.parametrize("name", sorted(BOOK_METHODS))
def test_each_pair_method_is_registered_with_its_pages_and_direction(name):
    method = METHODS[name]
    pages, higher = BOOK_METHODS[name]
    assert method.name == name and method.title
    assert pages is None or method.pages == pages
    assert method.higher_is_better is higher and method.has_plus_minus
    assert method.kind == ("individuals" if name == "individual" else "pairs")


def test_a_method_may_be_registered_once():
    with pytest.raises(RuntimeError, match="registered twice"):
        register(METHODS["trick"])


def test_a_new_method_joins_the_register():
    method = Method("test-null", "Null", "-", "pairs", True, False, lambda slips: score("trick", slips))
    register(method)
    try:
        assert score("test-null", specimen_even()) == score("trick", specimen_even())
    finally:
        del METHODS["test-null"]


@pytest.mark.parametrize(
    ("keys", "higher", "ranks"),
    [
        ({1: F(5), 2: F(3), 3: F(3), 4: F(1)}, True, {1: 1, 2: 2, 3: 2, 4: 4}),
        ({1: F(0), 2: F(2), 3: F(0), 4: F(1)}, False, {1: 1, 3: 1, 4: 3, 2: 4}),
        ({1: F(1, 3), 2: F(1, 3)}, True, {1: 1, 2: 1}),
    ],
)
def test_tied_entrants_share_the_higher_place(keys, higher, ranks):
    assert rank(keys, higher_is_better=higher) == ranks


def test_entrants_scored_on_different_deals_are_ranked_by_plus_minus():
    # pair 8 missed deal 3 (no average): its total of losses is no fair measure
    second = deal(3, [(1, 1, 6, 5), (2, 3, 5, 9), (3, 4, 7, 7)])
    slips = session(range(1, 9), deal(2, SPECIMEN_LINES), second)
    rows = by_entrant(score("howell", slips).entrants)
    assert rows[8].total == 1 and rows[1].total == 4
    assert rows[8].plus_minus == 0 and rows[1].plus_minus == (1 - 0) + (2 - 4)
    assert rows[8].rank < rows[1].rank


def test_standings_list_the_best_first():
    rows = score("match", specimen_even()).entrants
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)


def test_numbers_are_written_as_mixed_numbers():
    assert [mixed(F(27, 4)), mixed(F(-3, 2)), mixed(F(3, 4)), mixed(F(7))] == ["6 3/4", "-1 1/2", "3/4", "7"]
    assert [signed(F(11, 5)), signed(F(0)), signed(F(-3))] == ["+2 1/5", "0", "-3"]


def test_the_howell_sheet_sets_down_each_pair_s_losses():
    text = render_sheet(score("howell", specimen_odd()), specimen_odd())
    assert text.startswith("Original Howell")
    rows = {line.split()[0]: line.split() for line in text.splitlines()[3:10]}
    assert rows["2"][1:] == ["1", "1", "0", "4"]  # the odd pair's average loss
    assert rows["1"][1:] == ["0", "0", "+1", "1"]


def test_every_method_scores_every_entrant_listed():
    for name in ("trick", "howell", "exponent", "match", "matchpoints"):
        rows = by_entrant(score(name, specimen_odd()).entrants)
        assert set(rows) == set(range(1, 8))
