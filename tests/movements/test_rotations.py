"""Partners between sessions: club tournaments (p. 46) and the Edgewood System (p. 47)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import MovementUserError
from tournaments.movements.rotations import (
    club_tournament_bye,
    club_tournament_partners,
    edgewood_partners,
    ladies_in_order_partners,
)

#: ARRANGEMENT OF PARTNERS (p. 46), twelve players: arrangement -> rows.
ARRANGEMENT_OF_PARTNERS = {
    1: [(12, 1), (11, 2), (10, 3), (9, 4), (8, 5), (7, 6)],
    2: [(12, 2), (1, 3), (11, 4), (10, 5), (9, 6), (8, 7)],
    3: [(12, 3), (2, 4), (1, 5), (11, 6), (10, 7), (9, 8)],
    4: [(12, 4), (3, 5), (2, 6), (1, 7), (11, 8), (10, 9)],
    5: [(12, 5), (4, 6), (3, 7), (2, 8), (1, 9), (11, 10)],
}
#: Edgewood Schedule (p. 47): lady -> gentleman in sessions 1-10.
EDGEWOOD = {
    1: [10, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    2: [9, 10, 1, 2, 3, 4, 5, 6, 7, 8],
    3: [8, 9, 10, 1, 2, 3, 4, 5, 6, 7],
    4: [7, 8, 9, 10, 1, 2, 3, 4, 5, 6],
    5: [6, 7, 8, 9, 10, 1, 2, 3, 4, 5],
    6: [5, 6, 7, 8, 9, 10, 1, 2, 3, 4],
    7: [4, 5, 6, 7, 8, 9, 10, 1, 2, 3],
    8: [3, 4, 5, 6, 7, 8, 9, 10, 1, 2],
    9: [2, 3, 4, 5, 6, 7, 8, 9, 10, 1],
    10: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
}


@pytest.mark.parametrize("session", sorted(ARRANGEMENT_OF_PARTNERS))
def test_the_arrangement_of_partners_comes_out_as_printed(session):
    assert club_tournament_partners(12, session) == ARRANGEMENT_OF_PARTNERS[session]


def test_the_edgewood_schedule_comes_out_as_printed():
    got = {lady: [dict(edgewood_partners(10, s))[lady] for s in range(1, 11)] for lady in range(1, 11)}
    assert got == EDGEWOOD


@settings(deadline=None)
@given(couples=st.integers(2, 30), session=st.integers(1, 60))
def test_edgewood_couples_exchange_partners(couples, session):
    plays = dict(edgewood_partners(couples, session))
    assert sorted(plays.values()) == list(range(1, couples + 1))
    assert all(plays[plays[lady]] == lady for lady in plays)


@settings(deadline=None)
@given(couples=st.integers(2, 30))
def test_each_lady_plays_one_session_with_each_gentleman(couples):
    for schedule in (edgewood_partners, ladies_in_order_partners):
        seen = Counter(pair for s in range(1, couples + 1) for pair in schedule(couples, s))
        assert set(seen.values()) == {1} and len(seen) == couples * couples


@settings(deadline=None)
@given(players=st.integers(2, 40))
def test_every_player_partners_every_other_once_over_a_cycle(players):
    top = players + players % 2
    seen = Counter(frozenset(pair) for s in range(1, top) for pair in club_tournament_partners(players, s))
    assert set(seen.values()) == {1} and len(seen) == top * (top - 1) // 2


def test_with_an_odd_number_the_partner_of_dummy_sits_bye_in_turn():
    assert club_tournament_partners(11, 1)[0] == (12, 1)
    assert [club_tournament_bye(11, s) for s in range(1, 12)] == list(range(1, 12))
    assert club_tournament_bye(12, 1) is None


def test_it_refuses_a_session_numbered_below_one():
    with pytest.raises(MovementUserError):
        club_tournament_partners(12, 0)
    with pytest.raises(MovementUserError):
        edgewood_partners(1, 1)
