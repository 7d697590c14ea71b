"""Teams of eight: the Narragansett System (pp. 52-56)."""

from __future__ import annotations

from collections import Counter

import pytest
from seated_props import assert_sound, seat_rows

from tournaments.movements import MovementUserError, generate

#: Narragansett Schedule (REVISED EDITION), p. 56. Each line is one tray: at
#: Tables 1 (NW), 2 (NE), 3 (SE), 4 (SW) the players N, E, S, W and the tray.
#: Six entries cannot be read in the scan and were supplied by the editor from
#: the movement (round 6, Table 2, N and S after the 2nd and 3rd changes;
#: round 7, Table 1, the trays of the first two lines).
SCHEDULE = """
FIRST ROUND
 9  1 10  2  1 |  3 12  4 11  2 | 14  6 13  5  3 |  8 15  7 16  4
 9  8 10  7  2 |  6 12  5 11  1 | 14  3 13  4  4 |  1 15  2 16  3
 9  5 10  6  4 |  7 12  8 11  3 | 14  2 13  1  2 |  4 15  3 16  1
 9  4 10  3  3 |  2 12  1 11  4 | 14  7 13  8  1 |  5 15  6 16  2
SECOND ROUND
 9  3 11  1  5 |  4 12  2 10  6 | 15  5 13  7  7 |  6 14  8 16  8
 9  6 11  8  6 |  5 12  7 10  5 | 15  4 13  2  8 |  3 14  1 16  7
 9  7 11  5  8 |  8 12  6 10  7 | 15  1 13  3  6 |  2 14  4 16  5
 9  2 11  4  7 |  1 12  3 10  8 | 15  8 13  6  5 |  7 14  5 16  6
THIRD ROUND
 9  1 12  4  9 |  2 11  3 10 10 | 16  8 13  5 11 |  7 14  6 15 12
 9  7 12  6 10 |  8 11  5 10  9 | 16  2 13  3 12 |  1 14  4 15 11
 9  5 12  8 12 |  6 11  7 10 11 | 16  4 13  1 10 |  3 14  2 15  9
 9  3 12  2 11 |  4 11  1 10 12 | 16  6 13  7  9 |  5 14  8 15 10
FOURTH ROUND
 9  5 13  1 13 |  2 10  6 14 14 | 15  3 11  7 15 |  8 16  4 12 16
 9  8 13  4 14 |  3 10  7 14 13 | 15  2 11  6 16 |  5 16  1 12 15
 9  7 13  3 16 |  4 10  8 14 15 | 15  1 11  5 14 |  6 16  2 12 13
 9  6 13  2 15 |  1 10  5 14 16 | 15  4 11  8 13 |  7 16  3 12 14
FIFTH ROUND
 9  1 14  6 17 |  7 10  2 15 18 | 16  8 11  3 19 |  4 13  5 12 20
 9  4 14  5 18 |  8 10  3 15 17 | 16  7 11  2 20 |  1 13  6 12 19
 9  3 14  8 20 |  5 10  4 15 19 | 16  6 11  1 18 |  2 13  7 12 17
 9  2 14  7 19 |  6 10  1 15 20 | 16  5 11  4 17 |  3 13  8 12 18
SIXTH ROUND
 9  7 15  1 21 |  2 10  8 16 22 | 13  3 11  5 23 |  6 14  4 12 24
 9  6 15  4 22 |  3 10  5 16 21 | 13  2 11  8 24 |  7 14  1 12 23
 9  5 15  3 24 |  4 10  6 16 23 | 13  1 11  7 22 |  8 14  2 12 21
 9  8 15  2 23 |  1 10  7 16 24 | 13  4 11  6 21 |  5 14  3 12 22
SEVENTH ROUND
 9  1 16  8 25 |  5 10  2 13 26 | 14  6 11  3 27 |  4 15  7 12 28
 9  4 16  7 26 |  6 10  3 13 25 | 14  5 11  2 28 |  1 15  8 12 27
 9  3 16  6 28 |  7 10  4 13 27 | 14  8 11  1 26 |  2 15  5 12 25
 9  2 16  5 27 |  8 10  1 13 28 | 14  7 11  4 25 |  3 15  6 12 26
"""

#: ARRANGEMENT OF PLAYERS BY ROUNDS (p. 55): the challenged club's partners.
ARRANGEMENT = [
    [(1, 2), (3, 4), (5, 6), (7, 8)],
    [(1, 3), (2, 4), (5, 7), (6, 8)],
    [(1, 4), (2, 3), (5, 8), (6, 7)],
    [(1, 5), (2, 6), (3, 7), (4, 8)],
    [(1, 6), (2, 7), (3, 8), (4, 5)],
    [(1, 7), (2, 8), (3, 5), (4, 6)],
    [(1, 8), (2, 5), (3, 6), (4, 7)],
]

TEAM_ONE, TEAM_TWO = set(range(1, 9)), set(range(9, 17))


def printed() -> list[list[tuple[int, ...]]]:
    """The printed schedule as 28 lines of four (N, E, S, W, tray) tuples."""
    lines = [line for line in SCHEDULE.strip().splitlines() if "ROUND" not in line]
    return [[tuple(int(x) for x in cell.split()) for cell in line.split("|")] for line in lines]


def test_it_reproduces_the_printed_schedule_exactly():
    m = generate("narragansett")
    assert (len(m.rounds), m.trays, m.tables) == (28, 28, 4)
    assert seat_rows(m) == printed()


EAST_WEST = {1: 2, 2: 1, 3: 4, 4: 3}
NORTH_SOUTH = {1: 4, 4: 1, 2: 3, 3: 2}
DIAGONAL = {1: 3, 3: 1, 2: 4, 4: 2}


def test_every_change_of_the_printed_schedule_follows_the_rules_of_p_53():
    # first and third changes: trays east and west, players north and south;
    # second change: trays diagonally, players east and west (pp. 53, 56)
    lines = printed()
    for i in range(28):
        if i % 4 == 0:
            continue
        trays, players = (EAST_WEST, NORTH_SOUTH) if i % 4 != 2 else (DIAGONAL, EAST_WEST)
        before, after = lines[i - 1], lines[i]
        for table in range(1, 5):
            assert after[trays[table] - 1][4] == before[table - 1][4]
            moved = {p for p in before[table - 1][:4] if p in TEAM_ONE}
            assert moved == {p for p in after[players[table] - 1][:4] if p in TEAM_ONE}


def test_each_rounds_partners_follow_the_arrangement_of_players_by_rounds():
    rows = seat_rows(generate("narragansett"))
    for rnd, pairs in enumerate(ARRANGEMENT):
        for line in rows[4 * rnd : 4 * rnd + 4]:
            together = {frozenset(cell[0:3:2]) for cell in line} | {frozenset(cell[1:4:2]) for cell in line}
            assert {frozenset(p) for p in pairs} <= together
            assert {frozenset((a + 8, b + 8)) for a, b in pairs} <= together


def test_each_player_plays_each_tray_exactly_once():
    rows = seat_rows(generate("narragansett"))
    played = Counter((p, cell[4]) for line in rows for cell in line for p in cell[:4])
    assert played == Counter({(p, tray): 1 for p in range(1, 17) for tray in range(1, 29)})


def test_team_one_players_sit_north_south_for_14_trays_and_east_west_for_14():
    rows = seat_rows(generate("narragansett"))
    ns = Counter(p for line in rows for cell in line for p in (cell[0], cell[2]))
    assert all(ns[p] == 14 for p in TEAM_ONE)


def test_each_player_meets_each_opponent_on_seven_trays():
    rows = seat_rows(generate("narragansett"))
    met = Counter()
    for line in rows:
        for n, e, s, w, _ in line:
            met.update(frozenset((a, b)) for a in (n, s) for b in (e, w))
    assert met == Counter({frozenset((a, b)): 7 for a in TEAM_ONE for b in TEAM_TWO})


def test_no_9_keeps_his_seat_and_team_two_keeps_its_tables():
    for line in seat_rows(generate("narragansett")):
        assert line[0][0] == 9
        for table, cell in enumerate(line, start=1):
            ns_team = TEAM_ONE if table in (2, 4) else TEAM_TWO
            assert {cell[0], cell[2]} <= ns_team


def test_the_narragansett_movement_is_sound():
    assert_sound(generate("narragansett"))


@pytest.mark.parametrize(("players", "deals"), [(12, None), (16, 24)])
def test_it_refuses_other_sizes_and_lengths(players, deals):
    with pytest.raises(MovementUserError):
        generate("narragansett", players=players, deals=deals)
