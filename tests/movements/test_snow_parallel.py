"""The Snow System (p. 35) and the Parallel System's four forms (pp. 35-36)."""

from __future__ import annotations

import pytest
from pair_props import assert_sound, every_pair_plays_every_tray, meetings, sitouts, tables_per_tray

from tournaments.movements import MovementUserError, generate
from tournaments.movements.snow import BOOK_DEAL_COUNTS, snow_allows

#: The book's table, p. 35: "With n tables it is possible to play ... deals".
PRINTED = {
    2: [4, 6, 8, 10, 12, 16],
    3: [9, 12, 15, 18, 21, 24],
    4: [16, 20, 24, 28, 32, 36],
    5: [25, 30, 35, 40],
    6: [36, 42, 48],
    7: [49, 56, 63],
}


def test_the_module_holds_the_books_table():
    assert {t: list(v) for t, v in BOOK_DEAL_COUNTS.items()} == PRINTED


@pytest.mark.parametrize("tables", sorted(PRINTED))
def test_every_printed_count_fits_the_rule_and_the_rule_adds_only_fourteen(tables):
    printed = PRINTED[tables]
    assert all(snow_allows(tables, d) for d in printed)
    by_rule = [d for d in range(1, printed[-1] + 1) if snow_allows(tables, d)]
    missing = sorted(set(by_rule) - set(printed))
    assert missing == ([14] if tables == 2 else [])


@pytest.mark.parametrize("tables", range(2, 21))
def test_snow_plays_a_set_at_every_table_then_moves_ew_pairs(tables):
    m = generate("snow", tables=tables)
    assert_sound(m)
    assert m.trays == tables * tables and len(m.rounds) == tables
    for r in m.rounds:
        sets = {frozenset(t.trays) for t in r.tables}
        assert len(sets) == 1 and len(next(iter(sets))) == tables
    assert set(meetings(m).values()) == {1} and len(meetings(m)) == tables * tables
    assert every_pair_plays_every_tray(m)
    assert set(tables_per_tray(m).values()) == {tables}


def test_snow_can_play_more_deals_a_round_than_tables():
    m = generate("snow", tables=3, deals=24)
    assert [len(t.trays) for t in m.rounds[0].tables] == [8, 8, 8]
    assert_sound(m)


def test_snow_refuses_sets_smaller_than_the_number_of_tables():
    with pytest.raises(MovementUserError, match=r"at least as many deals as tables \(p\. 35\)"):
        generate("snow", tables=4, deals=12)


def test_snow_serves_an_odd_pair():
    m = generate("snow", pairs=9)
    assert_sound(m)
    assert set(sitouts(m).values()) == {1}


ALLOWED = {
    "form1": [t for t in range(2, 21, 2) if (t // 2) % 2 == 1],
    "form2": [t for t in range(2, 21, 2) if (t // 2) % 2 == 1],
    "form3": list(range(2, 21, 2)),
    "form4": list(range(4, 21, 4)),
}


@pytest.mark.parametrize("form", sorted(ALLOWED))
def test_every_form_is_sound_for_every_size_it_serves(form):
    for tables in ALLOWED[form]:
        m = generate("parallel", tables=tables, variant=form)
        assert_sound(m)
        assert every_pair_plays_every_tray(m), (form, tables)
        assert set(tables_per_tray(m).values()) == {tables}
        times = 1 if form == "form4" else 2
        assert set(meetings(m).values()) == {times}
        assert len(meetings(m)) == tables * tables
        assert m.trays == (tables if form == "form4" else 2 * tables)


@pytest.mark.parametrize(
    ("form", "tables"),
    [("form1", 4), ("form2", 8), ("form4", 6), ("form4", 2), ("form3", 5)],
)
def test_it_refuses_a_size_the_form_cannot_serve(form, tables):
    with pytest.raises(MovementUserError, match=r"p\. 35"):
        generate("parallel", tables=tables, variant=form)


def test_odd_deals_lie_in_the_first_row_and_even_in_the_second():
    m = generate("parallel", tables=8, variant="form4")
    assert [t.trays[0] for t in m.rounds[0].tables] == [1, 3, 5, 7, 2, 4, 6, 8]


def test_the_first_form_exchanges_deals_across_after_playing_through_a_row():
    m = generate("parallel", tables=6, variant="form1")
    row_one = {x for r in m.rounds[:3] for t in r.tables[:3] for x in t.trays}
    again = {x for r in m.rounds[3:6] for t in r.tables[:3] for x in t.trays}
    assert row_one == {1, 3, 5} and again == {2, 4, 6}


def test_the_third_form_moves_deals_across_then_up_and_across():
    m = generate("parallel", tables=4, variant="form3")
    where = {r.number: {t.trays[0]: t.table for t in r.tables} for r in m.rounds}
    assert where[1][1] == 1 and where[2][1] == 3 and where[3][1] == 2 and where[4][1] == 4


def test_the_parallel_default_is_the_third_form():
    assert generate("parallel", tables=6).variant == "form3"


def test_parallel_serves_an_odd_pair():
    m = generate("parallel", pairs=15, variant="form4")
    assert_sound(m)
    assert set(sitouts(m).values()) == {1}
