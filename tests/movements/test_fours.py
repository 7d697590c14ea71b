"""Progressive matches for fours (pp. 48-51): Mitchell, Howell, Clay, Parallel, Snow."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest
from seated_props import assert_sound

from tournaments.movements import FAMILIES, Movement, MovementError, MovementUserError, generate
from tournaments.movements.fours import clay_placement

SIZES = range(2, 21)
ODD = range(3, 21, 2)

#: The Howell System diagram for five teams (p. 49), arrangements 2 to 5 (the
#: playing rounds): per table, (N-S team, E-W team, deal letter).
HOWELL_5 = {
    1: [(1, 5, "a"), (1, 4, "c"), (1, 3, "e"), (1, 2, "b")],
    2: [(2, 1, "b"), (2, 5, "d"), (2, 4, "a"), (2, 3, "c")],
    3: [(3, 2, "c"), (3, 1, "e"), (3, 5, "b"), (3, 4, "d")],
    4: [(4, 3, "d"), (4, 2, "a"), (4, 1, "c"), (4, 5, "e")],
    5: [(5, 4, "e"), (5, 3, "b"), (5, 2, "d"), (5, 1, "a")],
}

#: Placing the deals for fours under the Clay System, two deals a table (p. 50).
CLAY_TWO = {
    4: [[1, 3], [5, 7], [2, 4], [6, 8]],
    5: [[1, 3], [5, 7], [9, 2], [4, 6], [8, 10]],
    6: [[1, 3], [5, 7], [9, 11], [2, 4], [6, 8], [10, 12]],
    7: [[1, 3], [5, 7], [9, 11], [13, 2], [4, 6], [8, 10], [12, 14]],
}

#: The same, three deals a table (p. 51).
CLAY_THREE = {
    4: [[1, 4], [7, 10], [2, 5], [8, 11, 3, 6, 9, 12]],
    5: [[1, 4], [7, 10], [13, 2], [5, 8], [11, 14, 3, 6, 9, 12, 15]],
    6: [[1, 4], [7, 10], [13, 16], [2, 5], [8, 11], [14, 17, 3, 6, 9, 12, 15, 18]],
    7: [[1, 4], [7, 10], [13, 16], [19, 2], [5, 8], [11, 14], [17, 20, 3, 6, 9, 12, 15, 18, 21]],
}


def meetings(movement: Movement) -> dict[tuple[int | None, int | None], list[int]]:
    """(N-S team, E-W team) -> the trays they play against each other."""
    out: dict[tuple[int | None, int | None], list[int]] = defaultdict(list)
    for rnd in movement.rounds:
        for t in rnd.tables:
            out[(t.ns, t.ew)].extend(t.trays)
    return out


def assert_overplayed(movement: Movement) -> None:
    """p. 49: what N-S of X play against E-W of Y, E-W of X play against N-S of Y."""
    met = meetings(movement)
    for (x, y), trays in met.items():
        if x != y:
            assert sorted(trays) == sorted(met[(y, x)]), (x, y)


def test_howell_reproduces_the_diagram_for_five_teams():
    m = generate("fours-howell", teams=5)
    assert len(m.rounds) == 4 and m.trays == 5
    for table, cells in HOWELL_5.items():
        got = [
            next((t.ns, t.ew, "abcde"[t.trays[0] - 1]) for t in r.tables if t.table == table)
            for r in m.rounds
        ]
        assert got == cells


@pytest.mark.parametrize("teams", range(3, 21))
def test_howell_deals_played_between_two_teams_are_overplayed(teams):
    m = generate("fours-howell", teams=teams)
    assert_overplayed(m)
    assert_sound(m)


@pytest.mark.parametrize("teams", ODD)
def test_howell_brings_every_ns_pair_against_every_other_teams_ew_pair(teams):
    met = meetings(generate("fours-howell", teams=teams, deals=2 * teams))
    assert set(met) == {(x, y) for x in range(1, teams + 1) for y in range(1, teams + 1) if x != y}
    assert {len(v) for v in met.values()} == {2}


def test_howell_with_four_teams_uses_a_dummy_table_and_sits_out_its_opponents():
    # p. 50: "In the first round (second arrangement), 1 1 and 4' 4' will not play;
    # in the second round (third arrangement), 2 2 and 3' 3' will not play"
    m = generate("fours-howell", teams=4)
    assert m.trays == 5
    assert [r.sitout for r in m.rounds] == [(1, 4), (2, 3), (3, 2), (4, 1)]
    for rnd in m.rounds:
        assert 5 not in {t.table for t in rnd.tables}
        ns_out, ew_out = rnd.sitout
        assert ns_out not in {t.ns for t in rnd.tables} and ew_out not in {t.ew for t in rnd.tables}


@pytest.mark.parametrize("teams", range(4, 21, 2))
def test_howell_even_teams_still_move_the_dummy_tables_deals(teams):
    m = generate("fours-howell", teams=teams)
    played = Counter(tray for r in m.rounds for t in r.tables for tray in t.trays)
    assert set(played) == set(range(1, teams + 2))


@pytest.mark.parametrize(("tables", "placement"), sorted(CLAY_TWO.items()))
def test_clay_places_two_deals_a_table_as_printed(tables, placement):
    assert clay_placement(tables, 2) == placement
    first = generate("fours-clay", teams=tables).rounds[0]
    assert [t.trays[0] for t in first.tables] == [p[0] for p in placement]


@pytest.mark.parametrize(("tables", "placement"), sorted(CLAY_THREE.items()))
def test_clay_places_three_deals_a_table_as_printed(tables, placement):
    assert clay_placement(tables, 3) == placement


@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("teams", SIZES)
def test_clay_gives_the_same_result_as_howell(teams, k):
    m = generate("fours-clay", teams=teams, deals=k * teams)
    assert_overplayed(m)
    assert_sound(m)


@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("teams", SIZES)
def test_clay_teams_play_all_but_their_own_meetings(teams, k):
    # p. 50: "the playing of all but two of them by each team" (two deals a table)
    m = generate("fours-clay", teams=teams, deals=k * teams)
    own = Counter(t.ns for r in m.rounds for t in r.tables if t.ns == t.ew)
    assert own == dict.fromkeys(range(1, teams + 1), k)


@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("teams", [4, 5, 6, 7, 12])
def test_clay_brings_deals_between_two_teams_in_consecutive_order(teams, k):
    # p. 50: "the deals played between any two teams are brought in consecutive order"
    for (x, y), trays in meetings(generate("fours-clay", teams=teams, deals=k * teams)).items():
        if x != y:
            assert sorted(trays) == list(range(min(trays), min(trays) + len(trays)))


def test_clay_north_south_play_the_odd_deals_then_the_even():
    first_table = [r.tables[0].trays[0] for r in generate("fours-clay", teams=4).rounds]
    assert first_table == [1, 3, 5, 7, 2, 4, 6, 8]


@pytest.mark.parametrize("teams", ODD)
def test_mitchell_moves_ew_up_and_deals_down_and_ends_with_the_teams_together(teams):
    m = generate("fours-mitchell", teams=teams, deals=2 * teams)
    assert_sound(m)
    assert all(t.ew == t.table for t in m.rounds[-1].tables)
    first = m.rounds[0].tables
    assert [t.ew for t in first] == [teams, *range(1, teams)]
    assert {len(v) for v in meetings(m).values()} == {2} and len(meetings(m)) == teams * teams


@pytest.mark.parametrize("variant", [f"mod{i}" for i in range(1, 9)])
@pytest.mark.parametrize("teams", range(2, 21, 2))
def test_mitchell_even_teams_use_the_pair_modifications(teams, variant):
    if "mitchell" not in FAMILIES:
        pytest.skip("the pair family mitchell is not written yet")
    try:
        m = generate("fours-mitchell", teams=teams, variant=variant)
    except MovementUserError:
        return  # a modification the book does not allow for this size
    assert m.entrant_kind == "team"
    assert_sound(m)


def test_mitchell_even_teams_need_a_modification():
    with pytest.raises(MovementUserError, match="odd number of tables"):
        generate("fours-mitchell", teams=4)


@pytest.mark.parametrize(
    ("family", "variant"),
    [("fours-parallel", None), *(("fours-parallel", f"form{i}") for i in range(1, 5)), ("fours-snow", None)],
)
@pytest.mark.parametrize("teams", SIZES)
def test_parallel_and_snow_for_fours_are_the_pair_systems_by_halves(family, variant, teams):
    pair_family = family.removeprefix("fours-")
    if pair_family not in FAMILIES:
        pytest.skip(f"the pair family {pair_family} is not written yet")
    try:
        m = generate(family, teams=teams, variant=variant)
    except MovementUserError:
        return
    assert m.entrant_kind == "team" and m.entrants == teams
    assert_sound(m)


@pytest.mark.parametrize("family", ["fours-howell", "fours-clay", "fours-mitchell"])
def test_a_match_needs_two_teams(family):
    with pytest.raises(MovementError):
        generate(family, teams=1)


def test_howell_sends_two_teams_to_the_two_team_match():
    with pytest.raises(MovementUserError, match="two-teams"):
        generate("fours-howell", teams=2)


@pytest.mark.parametrize(
    ("family", "deals"), [("fours-howell", 7), ("fours-clay", 20), ("fours-mitchell", 4)]
)
def test_it_refuses_deals_that_do_not_fit(family, deals):
    with pytest.raises(MovementUserError):
        generate(family, teams=5, deals=deals)
