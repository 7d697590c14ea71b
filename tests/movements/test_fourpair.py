"""Four-pair matches: the Table of Changes (p. 28)."""

from __future__ import annotations

import pytest
from seated_props import assert_sound

from tournaments.movements import MovementUserError, TableAssignment, generate

#: The Table of Changes (p. 28): deals; 1st Table N, S, E, W; 2d Table N, S, E, W.
TABLE_OF_CHANGES = [
    ((1, 4), (1, 2, 5, 6), (3, 4, 7, 8)),
    ((5, 8), (3, 4, 5, 6), (2, 1, 8, 7)),
    ((9, 12), (5, 6, 3, 4), (1, 2, 8, 7)),
    ((13, 16), (1, 2, 3, 4), (6, 5, 7, 8)),
    ((17, 20), (3, 4, 1, 2), (5, 6, 7, 8)),
    ((21, 24), (5, 6, 1, 2), (4, 3, 8, 7)),
]


def nsew(table: TableAssignment) -> tuple[int, ...]:
    """A table's players in the book's column order N, S, E, W."""
    assert table.seats is not None
    return tuple(table.seats[s] for s in "NSEW")


def test_it_reproduces_the_table_of_changes():
    m = generate("four-pair")
    assert len(m.rounds) == 6 and m.trays == 24
    for rnd, (deals, first, second) in zip(m.rounds, TABLE_OF_CHANGES, strict=True):
        one, two = rnd.tables
        assert (nsew(one), nsew(two)) == (first, second)
        assert sorted(one.trays) == list(range(deals[0], deals[1] + 1))


def test_two_deals_at_each_table_are_exchanged_and_replayed():
    # p. 27: "Play two deals at each table, exchange and replay them."
    for rnd in generate("four-pair").rounds:
        one, two = (t.trays for t in rnd.tables)
        assert one[:2] == two[2:] and one[2:] == two[:2]


def test_the_rows_follow_the_exchanges_of_the_text():
    # p. 27-28: after each four deals the N-S players change tables (those from
    # table 1 reversed) and the E-W at table 2 exchange; after each eight, N-S
    # and E-W exchange at table 1 (N to E, S to W) and N and S at table 2.
    for a, b in zip(TABLE_OF_CHANGES[::2], TABLE_OF_CHANGES[1::2], strict=True):
        (_, (n1, s1, e1, w1), (n2, s2, e2, w2)) = a
        assert b[1] == (n2, s2, e1, w1) and b[2] == (s1, n1, w2, e2)
    for a, b in zip(TABLE_OF_CHANGES[1::2], TABLE_OF_CHANGES[2::2], strict=False):
        (_, (n1, s1, e1, w1), (n2, s2, e2, w2)) = a
        assert b[1] == (e1, w1, n1, s1) and b[2] == (s2, n2, e2, w2)


def test_partners_never_change():
    pairs = {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6)), frozenset((7, 8))}
    for rnd in generate("four-pair").rounds:
        for t in rnd.tables:
            assert {frozenset((t.seats["N"], t.seats["S"])), frozenset((t.seats["E"], t.seats["W"]))} <= pairs


def test_the_four_pair_match_is_sound():
    assert_sound(generate("four-pair"))


@pytest.mark.parametrize(("players", "deals"), [(10, None), (8, 16)])
def test_it_refuses_other_sizes_and_lengths(players, deals):
    with pytest.raises(MovementUserError):
        generate("four-pair", players=players, deals=deals)
