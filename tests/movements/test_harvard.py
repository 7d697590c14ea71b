"""Teams of six: the Harvard Plan (p. 52), and larger teams by the same plan (p. 57)."""

from __future__ import annotations

from collections import Counter

import pytest
from seated_props import assert_sound

from tournaments.movements import MovementUserError, generate

#: The book's letters as numbered in harvard.py: a a′ = 1 2, ..., z z′ = 11 12.
PLAYERS = {"a": (1, 2), "b": (3, 4), "c": (5, 6), "x": (7, 8), "y": (9, 10), "z": (11, 12)}

#: The diagrams (p. 52), with the editor's supplied entries: deal, original, duplicate.
DIAGRAMS = [
    (1, "a v x", "z v b"),
    (2, "b v y", "x v c"),
    (3, "c v z", "y v a"),
    (4, "a v y", "x v b"),
    (5, "b v z", "y v c"),
    (6, "c v x", "z v a"),
    (7, "a v z", "y v b"),
    (8, "b v x", "z v c"),
    (9, "c v y", "x v a"),
]


def seats(pairing: str) -> dict[str, int]:
    """'a v x' -> N, E, S, W: a N, x E, a′ S, x′ W."""
    ns, ew = (PLAYERS[p] for p in pairing.split(" v "))
    return {"N": ns[0], "E": ew[0], "S": ns[1], "W": ew[1]}


def test_it_reproduces_the_three_rounds_of_the_diagrams():
    m = generate("harvard", players=12)
    assert (len(m.rounds), m.trays, m.tables) == (6, 9, 3)
    for deal, original, duplicate in DIAGRAMS:
        rnd = 2 * ((deal - 1) // 3)
        table = (deal - 1) % 3
        for r, pairing in ((rnd, original), (rnd + 1, duplicate)):
            t = m.rounds[r].tables[table]
            assert t.trays == (deal,) and t.table == table + 1
            assert dict(t.seats) == seats(pairing)


@pytest.mark.parametrize(("deals", "rounds"), [(3, 2), (6, 4), (9, 6)])
def test_a_match_is_one_to_three_rounds(deals, rounds):
    assert len(generate("harvard", players=12, deals=deals).rounds) == rounds


@pytest.mark.parametrize("pairs", range(2, 21))
def test_nobody_replays_a_deal_and_the_deals_stay_on_their_tables(pairs):
    m = generate("harvard", players=4 * pairs)
    assert_sound(m)
    for original, duplicate in zip(m.rounds[::2], m.rounds[1::2], strict=True):
        assert [t.trays for t in original.tables] == [t.trays for t in duplicate.tables]


@pytest.mark.parametrize("pairs", range(2, 21))
def test_every_pair_meets_every_pair_of_the_other_team_once_each_way(pairs):
    m = generate("harvard", players=4 * pairs)
    original, duplicate = Counter(), Counter()
    for i, rnd in enumerate(m.rounds):
        for t in rnd.tables:
            meeting = (t.seats["N"], t.seats["E"])
            (duplicate if i % 2 else original)[meeting] += 1
    first = range(1, 2 * pairs, 2)
    second = range(2 * pairs + 1, 4 * pairs, 2)
    assert original == Counter({(a, x): 1 for a in first for x in second})
    assert duplicate == Counter({(x, a): 1 for a in first for x in second})


@pytest.mark.parametrize("pairs", range(2, 21))
def test_each_deal_is_played_once_by_each_team_each_way(pairs):
    m = generate("harvard", players=4 * pairs)
    team = {p: 1 if p <= 2 * pairs else 2 for p in range(1, 4 * pairs + 1)}
    ways = Counter((tray, team[t.seats["N"]]) for r in m.rounds for t in r.tables for tray in t.trays)
    assert set(ways.values()) == {1} and len(ways) == 2 * m.trays


@pytest.mark.parametrize(("players", "deals"), [(10, None), (12, 12), (12, 4), (84, None)])
def test_it_refuses_other_sizes_and_lengths(players, deals):
    with pytest.raises(MovementUserError):
        generate("harvard", players=players, deals=deals)
