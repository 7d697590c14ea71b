"""Matches between two teams of four (pp. 28-30): plain, A. W. L. and New England schedules."""

from __future__ import annotations

from collections import Counter

import pytest
from seated_props import assert_sound

from tournaments.movements import MovementUserError, TableAssignment, generate

CHALLENGING, CHALLENGED = {1, 2, 3, 4}, {5, 6, 7, 8}

#: THE AMERICAN WHIST LEAGUE SCHEDULE (p. 29): 1st Table N, S, E, W; 2d Table N, S, E, W.
AWL = [
    ((1, 2, 5, 6), (7, 8, 3, 4)),
    ((1, 2, 7, 8), (5, 6, 3, 4)),
    ((1, 3, 7, 5), (8, 6, 2, 4)),
    ((1, 3, 6, 8), (7, 5, 2, 4)),
    ((1, 4, 5, 8), (7, 6, 2, 3)),
    ((1, 4, 6, 7), (5, 8, 2, 3)),
    ((1, 2, 6, 5), (8, 7, 3, 4)),
    ((1, 2, 8, 7), (6, 5, 3, 4)),
    ((1, 3, 5, 7), (6, 8, 2, 4)),
    ((1, 3, 8, 6), (5, 7, 2, 4)),
    ((1, 4, 8, 5), (6, 7, 2, 3)),
    ((1, 4, 7, 6), (8, 5, 2, 3)),
]

#: THE NEW ENGLAND SCHEDULE, 24 deals (pp. 29-30): deals, N, S, E, W at each table.
NEW_ENGLAND_24 = [
    ((1, 3), (1, 2, 5, 6), (2, 4), (7, 8, 3, 4)),
    ((2, 4), (2, 1, 5, 6), (1, 3), (7, 8, 4, 3)),
    ((5, 7), (2, 1, 7, 8), (6, 8), (5, 6, 4, 3)),
    ((6, 8), (1, 2, 7, 8), (5, 7), (5, 6, 3, 4)),
    ((9, 11), (1, 3, 7, 5), (10, 12), (8, 6, 2, 4)),
    ((10, 12), (3, 1, 7, 5), (9, 11), (8, 6, 4, 2)),
    ((13, 15), (3, 1, 8, 6), (14, 16), (5, 7, 4, 2)),
    ((14, 16), (1, 3, 8, 6), (13, 15), (5, 7, 2, 4)),
    ((17, 19), (1, 4, 8, 5), (18, 20), (6, 7, 2, 3)),
    ((18, 20), (4, 1, 8, 5), (17, 19), (6, 7, 3, 2)),
    ((21, 23), (4, 1, 6, 7), (22, 24), (8, 5, 3, 2)),
    ((22, 24), (1, 4, 6, 7), (21, 23), (8, 5, 2, 3)),
]

#: THE NEW ENGLAND SCHEDULE, 36 deals (p. 30).
NEW_ENGLAND_36 = [
    ((1, 2, 3), (1, 2, 5, 6), (4, 5, 6), (7, 8, 3, 4)),
    ((4, 5, 6), (2, 1, 5, 6), (1, 2, 3), (7, 8, 4, 3)),
    ((7, 8, 9), (1, 2, 7, 8), (10, 11, 12), (5, 6, 3, 4)),
    ((10, 11, 12), (2, 1, 7, 8), (7, 8, 9), (5, 6, 4, 3)),
    ((13, 14, 15), (3, 1, 7, 5), (16, 17, 18), (8, 6, 4, 2)),
    ((16, 17, 18), (1, 3, 7, 5), (13, 14, 15), (8, 6, 2, 4)),
    ((19, 20, 21), (3, 1, 8, 6), (22, 23, 24), (5, 7, 4, 2)),
    ((22, 23, 24), (1, 3, 8, 6), (19, 20, 21), (5, 7, 2, 4)),
    ((25, 26, 27), (1, 4, 8, 5), (28, 29, 30), (6, 7, 2, 3)),
    ((28, 29, 30), (4, 1, 8, 5), (25, 26, 27), (6, 7, 3, 2)),
    ((31, 32, 33), (1, 4, 6, 7), (34, 35, 36), (8, 5, 2, 3)),
    ((34, 35, 36), (4, 1, 6, 7), (31, 32, 33), (8, 5, 3, 2)),
]

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def nsew(table: TableAssignment) -> tuple[int, ...]:
    """A table's players in the book's column order N, S, E, W."""
    assert table.seats is not None
    return tuple(table.seats[s] for s in "NSEW")


def test_it_reproduces_the_american_whist_league_schedule():
    m = generate("two-teams", variant="awl")
    assert (len(m.rounds), m.trays) == (12, 48)
    for r, (rnd, (first, second)) in enumerate(zip(m.rounds, AWL, strict=True)):
        one, two = rnd.tables
        assert (nsew(one), nsew(two)) == (first, second)
        assert sorted(one.trays) == sorted(two.trays) == list(range(4 * r + 1, 4 * r + 5))
        assert one.trays[:2] == two.trays[2:] and one.trays[2:] == two.trays[:2]


def test_the_league_second_session_puts_the_challenged_in_opposite_seats():
    # p. 29: "the players of the challenged team take exactly opposite positions"
    m = generate("two-teams", variant="awl")
    for first, second in zip(m.rounds[:6], m.rounds[6:], strict=True):
        for t1, t2 in zip(first.tables, second.tables, strict=True):
            for seat, player in t1.seats.items():
                if player in CHALLENGED:
                    assert t2.seats[OPPOSITE[seat]] == player


def test_an_evening_of_24_deals_is_the_first_league_session():
    # p. 29: "the first half of the Trophy Schedule is usually employed"
    m = generate("two-teams", variant="awl", deals=24)
    assert (len(m.rounds), m.trays) == (6, 24)


@pytest.mark.parametrize(
    ("variant", "schedule"), [("new-england-24", NEW_ENGLAND_24), ("new-england-36", NEW_ENGLAND_36)]
)
def test_it_reproduces_the_new_england_schedules(variant, schedule):
    m = generate("two-teams", variant=variant)
    assert (len(m.rounds), m.trays) == (12, 24 if variant.endswith("24") else 36)
    for rnd, (deals1, players1, deals2, players2) in zip(m.rounds, schedule, strict=True):
        one, two = rnd.tables
        assert (one.trays, nsew(one), two.trays, nsew(two)) == (deals1, players1, deals2, players2)


@pytest.mark.parametrize("variant", ["new-england-24", "new-england-36"])
def test_new_england_challengers_hold_their_seats_equally(variant):
    # p. 29: "the players of the challenging team exchange positions for the
    # overplay"; p. 30 (editor's check): player 1 is North for 12 deals, South for 12
    m = generate("two-teams", variant=variant)
    seats = Counter(
        (p, t.table, s) for r in m.rounds for t in r.tables for s, p in t.seats.items() for _ in t.trays
    )
    for player in CHALLENGING:
        for table in (1, 2):
            assert seats[(player, table, "N")] == seats[(player, table, "S")]
            assert seats[(player, table, "E")] == seats[(player, table, "W")]
    assert seats[(1, 1, "N")] == seats[(1, 1, "S")] == m.trays // 2


@pytest.mark.parametrize("variant", [None, "awl", "new-england-24", "new-england-36"])
def test_each_deal_is_played_by_each_team_once_each_way(variant):
    m = generate("two-teams", variant=variant)
    ways = Counter()
    for rnd in m.rounds:
        for t in rnd.tables:
            team_ns = "challenging" if t.seats["N"] in CHALLENGING else "challenged"
            for tray in t.trays:
                ways[(tray, team_ns)] += 1
    assert set(ways.values()) == {1} and len(ways) == 2 * m.trays


@pytest.mark.parametrize(
    ("variant", "deals"),
    [(None, None), (None, 8), ("awl", None), ("awl", 24), ("new-england-24", None), ("new-england-36", None)],
)
def test_two_team_matches_are_sound(variant, deals):
    assert_sound(generate("two-teams", variant=variant, deals=deals))


def test_the_plain_match_seats_one_team_ns_at_table_1_and_ew_at_table_2():
    # p. 28: "The players of one team are seated, north and south at table No. 1,
    # and east and west at table No. 2"
    m = generate("two-teams", deals=8)
    one, two = m.rounds[0].tables
    assert {one.seats["N"], one.seats["S"], two.seats["E"], two.seats["W"]} == CHALLENGING
    assert one.trays == (1, 2, 3, 4, 5, 6, 7, 8) and two.trays == (5, 6, 7, 8, 1, 2, 3, 4)


@pytest.mark.parametrize(("variant", "deals"), [(None, 7), ("awl", 36), ("new-england-24", 36)])
def test_it_refuses_lengths_the_schedules_do_not_have(variant, deals):
    with pytest.raises(MovementUserError):
        generate("two-teams", variant=variant, deals=deals)
