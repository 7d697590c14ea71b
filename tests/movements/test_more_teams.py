"""Matches between teams of more than eight players (pp. 56-59): club system, three teams."""

from __future__ import annotations

from collections import Counter

import pytest
from seated_props import assert_sound

from tournaments.movements import Movement, MovementUserError, generate

#: ARRANGEMENTS (p. 59), every pair meets every pair: rows 1-3 as (N-S, E-W, set).
MEET_ALL = [
    [("a", "y", 1), ("m", "b", 3), ("x", "n", 5)],
    [("a", "x", 2), ("n", "b", 4), ("m", "y", 5)],
    [("a", "n", 3), ("y", "b", 2), ("m", "x", 6)],
    [("a", "m", 4), ("x", "b", 1), ("y", "n", 6)],
]

#: ARRANGEMENTS (p. 59), to compare the teams by total tricks.
TOTAL_TRICKS = [
    [("a", "m", 1), ("x", "b", 2), ("y", "n", 3)],
    [("a", "n", 2), ("y", "b", 1), ("x", "m", 4)],
    [("a", "x", 3), ("n", "b", 4), ("m", "y", 2)],
    [("a", "y", 4), ("m", "b", 3), ("n", "x", 1)],
]

#: The changes of p. 58-59 as (from direction, row) -> (to direction, row).
FIRST_CHANGE = {("EW", 1): ("EW", 3), ("NS", 2): ("NS", 3), ("NS", 3): ("EW", 1), ("EW", 3): ("NS", 2)}
SECOND_CHANGE = {("EW", 1): ("EW", 3), ("NS", 2): ("EW", 1), ("EW", 3): ("NS", 2)}

TEAM = {"a": 1, "b": 1, "m": 2, "n": 2, "x": 3, "y": 3}
HALVES = "abmnxy"


def plan(movement: Movement) -> list[list[tuple[str, str, int]]]:
    """The movement read back as the book's ARRANGEMENTS: (N-S half, E-W half, set) by row."""
    m = movement.tables // 3
    per_set = movement.trays // {None: 3, "meet-all": 6, "total-tricks": 4}[movement.variant]
    steps = len(movement.rounds) // 4 if movement.variant else len(movement.rounds) // 2
    out: list[list[tuple[str, str, int]]] = []
    for first in movement.rounds[::steps]:
        row: list[tuple[str, str, int]] = []
        for r in range(3):
            t = first.tables[r * m]
            assert t.ns is not None and t.ew is not None
            halves = HALVES[(t.ns - 1) // m], HALVES[(t.ew - 1) // m]
            row.append((*halves, (t.trays[0] - 1) // per_set + 1))
        out.append(row)
    return out


def test_meet_all_reproduces_the_first_arrangements_table():
    assert plan(generate("three-teams", variant="meet-all", pairs=6)) == MEET_ALL


def test_total_tricks_reproduces_the_second_arrangements_table():
    assert plan(generate("three-teams", variant="total-tricks", pairs=6)) == TOTAL_TRICKS


def test_the_change_instructions_give_the_first_arrangements_table():
    # pp. 58-59: first change, second change, third change "precisely as in first"
    seats = {("NS", 1): "a", ("EW", 1): "y", ("NS", 2): "m", ("EW", 2): "b", ("NS", 3): "x", ("EW", 3): "n"}
    for arrangement, change in zip(MEET_ALL[1:], (FIRST_CHANGE, SECOND_CHANGE, FIRST_CHANGE), strict=True):
        seats = {**seats, **{dst: seats[src] for src, dst in change.items()}}
        assert [(seats[("NS", r)], seats[("EW", r)]) for r in (1, 2, 3)] == [
            (ns, ew) for ns, ew, _ in arrangement
        ]


def test_meet_all_brings_every_half_against_every_half_of_the_other_teams_once():
    met = Counter(frozenset((ns, ew)) for arrangement in MEET_ALL for ns, ew, _ in arrangement)
    assert met == Counter({frozenset((p, q)): 1 for p in HALVES for q in HALVES if TEAM[p] < TEAM[q]})


def test_meet_all_plays_each_set_twice_between_the_same_teams_reversed():
    plays = {}
    for arrangement in MEET_ALL:
        for ns, ew, s in arrangement:
            plays.setdefault(s, []).append((TEAM[ns], TEAM[ew]))
    assert all(len(p) == 2 and p[0] == p[1][::-1] for p in plays.values())


def test_total_tricks_has_every_team_play_every_set_once_each_way():
    ways = Counter()
    for arrangement in TOTAL_TRICKS:
        for ns, ew, s in arrangement:
            ways[(TEAM[ns], "NS", s)] += 1
            ways[(TEAM[ew], "EW", s)] += 1
    assert ways == Counter({(t, d, s): 1 for t in (1, 2, 3) for d in ("NS", "EW") for s in (1, 2, 3, 4)})


@pytest.mark.parametrize("pairs", [6, 18, 30])
def test_the_first_plan_replays_the_ew_deals_by_the_ns_of_the_same_team(pairs):
    # p. 58: "the North and South players of each team play the same deals as were
    # played on the first round by their own (East and West) partners"
    m = generate("three-teams", pairs=pairs)
    team = {p: (p - 1) // (pairs // 3) + 1 for p in range(1, pairs + 1)}
    sides = {}
    for r in m.rounds:
        for t in r.tables:
            for tray in t.trays:
                sides.setdefault(tray, []).append((team[t.ns], team[t.ew]))
    for tray, plays in sides.items():
        assert len(plays) == 2 * (pairs // 6) and len(set(plays)) == 2, tray
        first, second = set(plays)
        assert first == second[::-1] and first[0] != first[1]


@pytest.mark.parametrize("variant", [None, "meet-all", "total-tricks"])
@pytest.mark.parametrize("pairs", range(6, 37, 6))
def test_three_team_movements_are_sound(variant, pairs):
    try:
        m = generate("three-teams", pairs=pairs, variant=variant)
    except MovementUserError:
        assert variant is None and (pairs // 6) % 2 == 0
        return
    assert_sound(m)
    assert (
        plan(m)
        == {None: plan(generate("three-teams", pairs=6)), "meet-all": MEET_ALL, "total-tricks": TOTAL_TRICKS}[
            variant
        ]
    )


@pytest.mark.parametrize("pairs", range(6, 37, 6))
def test_in_a_row_each_ns_pair_meets_each_ew_pair_of_the_other_half(pairs):
    m = generate("three-teams", pairs=pairs, variant="meet-all")
    half = pairs // 6
    met = Counter((t.ns, t.ew) for r in m.rounds for t in r.tables)
    assert all(met[(ns, ew)] in (1, 2) for ns, ew in met)
    assert len(met) == 12 * half * half


@pytest.mark.parametrize("trays", [None, 9, 10, 25])
@pytest.mark.parametrize("pairs", range(4, 41, 2))
def test_club_system_players_keep_their_seats_and_every_table_plays_every_tray(pairs, trays):
    tables = pairs // 2
    if trays is not None and trays < tables:
        with pytest.raises(MovementUserError):
            generate("club-teams", pairs=pairs, deals=trays)
        return
    m = generate("club-teams", pairs=pairs, deals=trays)
    assert len(m.rounds) == 1
    assert_sound(m)
    for t in m.rounds[0].tables:
        assert sorted(t.trays) == list(range(1, m.trays + 1))
    at = {t.table: t.trays for t in m.rounds[0].tables}
    for table in range(2, tables + 1):  # each tray goes on to the next lower table
        assert at[table - 1][1:] == at[table][:-1]
    # from Table 1 the trays go round to the last table, and wait there their turn
    assert all(at[tables].index(x) > at[1].index(x) for x in at[1][: tables - 1])


@pytest.mark.parametrize("pairs", range(4, 41, 2))
def test_club_system_seats_half_of_each_team_each_way(pairs):
    m = generate("club-teams", pairs=pairs)
    team_one_ns = sum(1 for t in m.rounds[0].tables if t.ns <= pairs // 2)
    assert team_one_ns in {pairs // 4, (pairs // 2 + 1) // 2}
    assert any("odd pair" in n for n in m.notes) == (pairs // 2 % 2 == 1)


def test_the_first_plan_needs_an_odd_number_of_tables_a_row():
    with pytest.raises(MovementUserError, match="Mitchell"):
        generate("three-teams", pairs=12)


@pytest.mark.parametrize("pairs", [8, 42])
def test_three_teams_refuse_rows_that_are_unequal_or_too_long(pairs):
    with pytest.raises(MovementUserError):
        generate("three-teams", pairs=pairs)
