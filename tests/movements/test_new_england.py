"""The New England System for fours (pp. 51-52)."""

from __future__ import annotations

from collections import defaultdict

import pytest
from seated_props import assert_sound

from tournaments.movements import Movement, MovementUserError, generate

#: Sample Schedule, Five Tables (p. 52): per table, (N, E, D) in positions 1 to 5.
SAMPLE = {
    1: [(1, 1, 1), (1, 3, 2), (1, 5, 3), (1, 2, 4), (1, 4, 5)],
    2: [(2, 2, 2), (2, 4, 3), (2, 1, 4), (2, 3, 5), (2, 5, 1)],
    3: [(3, 3, 3), (3, 5, 4), (3, 2, 5), (3, 4, 1), (3, 1, 2)],
    4: [(4, 4, 4), (4, 1, 5), (4, 3, 1), (4, 5, 2), (4, 2, 3)],
    5: [(5, 5, 5), (5, 2, 1), (5, 4, 2), (5, 1, 3), (5, 3, 4)],
}


def at(movement: Movement, table: int) -> list[tuple[int | None, int | None, int]]:
    """A table's (N-S team, E-W team, first tray) in each position."""
    return [next((t.ns, t.ew, t.trays[0]) for t in r.tables if t.table == table) for r in movement.rounds]


def test_it_reproduces_the_five_table_sample_schedule():
    m = generate("new-england", teams=5)
    assert (len(m.rounds), m.trays) == (5, 5)
    for table, cells in SAMPLE.items():
        assert at(m, table) == cells


@pytest.mark.parametrize("teams", range(3, 21, 2))
def test_ew_carry_the_deal_one_table_lower_and_sit_two_tables_lower(teams):
    m = generate("new-england", teams=teams)
    for before, after in zip(m.rounds, m.rounds[1:], strict=False):
        old = {t.table: t for t in before.tables}
        for t in after.tables:
            source = old[t.table % teams + 1]  # the next higher table
            assert t.trays == source.trays
            assert old[(t.table + 1) % teams + 1].ew == t.ew


@pytest.mark.parametrize("teams", range(3, 21, 2))
def test_ns_receive_the_deals_in_order_and_ew_in_reverse(teams):
    m = generate("new-england", teams=teams)
    assert [r.tables[0].trays[0] for r in m.rounds] == list(range(1, teams + 1))


@pytest.mark.parametrize("teams", range(3, 21))
def test_the_opposition_of_teams_is_that_of_the_howell_modification(teams):
    # p. 51: "The opposition of teams will be the same as under the Howell Modification"
    m = generate("new-england", teams=teams, deals=2 * (teams | 1))
    met = defaultdict(list)
    for r in m.rounds:
        for t in r.tables:
            met[(t.ns, t.ew)].extend(t.trays)
    for (x, y), trays in met.items():
        assert sorted(trays) == sorted(met[(y, x)])
    assert_sound(m)


def test_an_even_number_of_teams_adds_a_dummy_table():
    m = generate("new-england", teams=4)
    assert m.trays == 5 and len(m.rounds) == 5
    assert all(5 not in {t.table for t in r.tables} for r in m.rounds)
    assert [r.sitout for r in m.rounds] == [(), (3, 2), (1, 4), (4, 1), (2, 3)]


def test_it_refuses_deals_that_do_not_divide_among_the_tables():
    with pytest.raises(MovementUserError):
        generate("new-england", teams=5, deals=12)
