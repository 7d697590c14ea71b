"""Individual matches: Howell's table of changes (p. 27) and 12 and 16 players (pp. 30-31)."""

from __future__ import annotations

import pytest
from seated_props import assert_sound, oppositions, partnerships, seat_rows

from tournaments.movements import Movement, MovementUserError, generate

#: Howell's TABLE OF CHANGES (p. 27): (seat, table) -> (seat, table).
TABLE_OF_CHANGES = {
    ("N", 1): ("E", 2),
    ("E", 1): ("W", 2),
    ("S", 1): ("E", 1),
    ("W", 1): ("W", 1),  # does not move
    ("N", 2): ("N", 1),
    ("E", 2): ("S", 1),
    ("S", 2): ("N", 2),
    ("W", 2): ("S", 2),
}

#: POSITIONS for twelve players (p. 30), columns N, S, E, W.
POSITIONS_12 = {
    1: [(12, 1, 6, 8), (2, 9, 10, 7), (4, 3, 5, 11)],
    2: [(12, 2, 7, 9), (3, 10, 11, 8), (5, 4, 6, 1)],
}


def where(movement: Movement, arrangement: int) -> dict[int, tuple[str, int]]:
    """Player -> (seat, table) in one arrangement."""
    return {
        p: (s, t.table) for t in movement.rounds[arrangement - 1].tables for s, p in (t.seats or {}).items()
    }


def test_eight_players_start_as_the_editor_numbers_them():
    m = generate("individual", players=8)
    assert seat_rows(m)[0] == [(4, 1, 2, 8, 1, 2), (5, 3, 6, 7, 2, 1)]


def test_eight_players_follow_howells_table_of_changes():
    m = generate("individual", players=8)
    for arrangement in range(1, 7):
        before, after = where(m, arrangement), where(m, arrangement + 1)
        for player, place in before.items():
            assert after[player] == TABLE_OF_CHANGES[place]


def test_each_player_follows_the_number_before_him():
    # p. 27: "1 following 7, 2 following 1, 3 following 2, etc."
    m = generate("individual", players=8)
    for arrangement in range(1, 7):
        before, after = where(m, arrangement), where(m, arrangement + 1)
        for player in range(1, 8):
            leader = 7 if player == 1 else player - 1
            assert after[player] == before[leader]


@pytest.mark.parametrize(("deals", "per_table"), [(None, 1), (14, 1), (28, 2)])
def test_eight_players_play_their_deals_then_exchange_and_replay(deals, per_table):
    m = generate("individual", players=8, deals=deals)
    assert len(m.rounds) == 7 and m.trays == 14 * per_table
    for rnd in m.rounds:
        one, two = (t.trays for t in rnd.tables)
        assert one[per_table:] == two[:per_table] and two[per_table:] == one[:per_table]


def test_twelve_players_reproduce_the_printed_positions():
    m = generate("individual", players=12)
    for arrangement, tables in POSITIONS_12.items():
        got = [
            (t.seats["N"], t.seats["S"], t.seats["E"], t.seats["W"]) for t in m.rounds[arrangement - 1].tables
        ]
        assert got == tables


def test_twelve_players_play_eleven_arrangements_of_three_deals():
    m = generate("individual", players=12)
    assert (len(m.rounds), m.trays) == (11, 33)
    assert all(
        sorted(t.trays) == [3 * r.number - 2, 3 * r.number - 1, 3 * r.number]
        for r in m.rounds
        for t in r.tables
    )


@pytest.mark.parametrize("players", [12, 16])
def test_the_highest_number_keeps_his_seat_and_the_others_take_the_next_lower_seat(players):
    # p. 30: "each player taking the position previously held by the next lower-numbered player"
    m = generate("individual", players=players)
    for arrangement in range(1, players - 1):
        before, after = where(m, arrangement), where(m, arrangement + 1)
        assert after[players] == before[players]
        for player in range(1, players):
            leader = players - 1 if player == 1 else player - 1
            assert after[player] == before[leader]


def test_sixteen_players_change_after_each_four_deals_for_sixty_deals():
    m = generate("individual", players=16)
    assert (len(m.rounds), m.tables, m.trays) == (15, 4, 60)
    assert all(len(t.trays) == 4 for r in m.rounds for t in r.tables)


@pytest.mark.parametrize("players", [8, 12, 16])
def test_every_player_partners_every_other_once(players):
    together = partnerships(generate("individual", players=players))
    assert len(together) == players * (players - 1) // 2
    assert set(together.values()) == {1}


@pytest.mark.parametrize("players", [8, 12, 16])
def test_every_player_opposes_every_other_twice(players):
    against = oppositions(generate("individual", players=players))
    assert len(against) == players * (players - 1) // 2
    assert set(against.values()) == {2}


@pytest.mark.parametrize(("players", "deals"), [(8, None), (8, 28), (12, None), (16, None)])
def test_individual_movements_are_sound(players, deals):
    assert_sound(generate("individual", players=players, deals=deals))


@pytest.mark.parametrize(("players", "deals"), [(10, None), (20, None), (8, 21), (12, 36), (16, 64)])
def test_it_refuses_a_size_or_length_the_book_does_not_give(players, deals):
    with pytest.raises(MovementUserError):
        generate("individual", players=players, deals=deals)


def test_tables_may_be_given_instead_of_players():
    assert generate("individual", tables=3).entrants == 12
    with pytest.raises(MovementUserError):
        generate("individual", players=12, tables=2)
