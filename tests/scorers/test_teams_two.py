"""Two teams of four (p. 28) and the Narragansett System for teams of eight (p. 55)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from teams_slips import NARRAGANSETT_ROUNDS, by_entrant, deal_scores, line, seated, slips

from scoring.scorers.teams_two import score_narragansett, score_two_teams
from scoring.scorers.types import SlipError


def test_two_teams_compares_north_south_scores_only():
    """p. 28: team 1's N-S at table 1 against team 2's N-S at table 2."""
    s = slips(
        [1, 2],
        {
            1: [line(1, 1, 2, 8), line(2, 2, 1, 6)],  # 1 gains 8 - 6 = 2
            2: [line(1, 1, 2, 5), line(2, 2, 1, 8)],  # 2 gains 3
            3: [line(1, 1, 2, 7), line(2, 2, 1, 7)],  # even
        },
    )
    scores = score_two_teams(s)
    assert deal_scores(scores, 1) == {1: 2, 2: -2}
    assert deal_scores(scores, 2) == {1: -3, 2: 3}
    assert deal_scores(scores, 3) == {1: 0, 2: 0}
    teams = by_entrant(scores)
    assert (teams[1].total, teams[2].total) == (-1, 1)
    assert teams[1].plus_minus == -1
    assert (teams[2].rank, teams[1].rank) == (1, 2)
    # team tricks: 8+7+5+5+7+6 and 5+6+8+8+6+7
    assert teams[1].extra["tricks"] == 38
    assert teams[2].extra["tricks"] == 40
    assert teams[1].extra["ns_tricks"] == 20


def test_two_teams_tied_share_first_place():
    s = slips([1, 2], {1: [line(1, 1, 2, 9), line(2, 2, 1, 9)]})
    assert [e.rank for e in score_two_teams(s).entrants] == [1, 1]


def test_two_teams_reads_teams_from_seats_under_the_league_schedule():
    """p. 29: players 1-4 the challenging club, 5-8 the challenged; deals 9-12 seating."""
    s = slips(
        range(1, 9),
        {9: [seated(1, 1, 7, 3, 5, 8), seated(2, 8, 2, 6, 4, 5)]},
    )
    scores = score_two_teams(s)
    assert deal_scores(scores, 9) == {1: 3, 2: -3}
    assert [e.entrant for e in scores.entrants] == [1, 2]


def test_two_teams_revoke_transfers_two_tricks_and_holds_the_side_to_the_average():
    """Law X Sec. 4 (p. 65): 10 less 2 is 8, held to the N-S average 7."""
    s = slips([1, 2], {1: [line(1, 1, 2, 10, ns_revokes=1), line(2, 2, 1, 6)]})
    scores = score_two_teams(s)
    teams = by_entrant(scores)
    # team 1: 7 (held) + 7 at table 2 = 14; team 2: 5 + 6 = 11; gain half the difference
    assert teams[1].extra["tricks"] == 14
    assert teams[2].extra["tricks"] == 11
    assert deal_scores(scores, 1) == {1: Fraction(3, 2), 2: Fraction(-3, 2)}


def test_two_teams_rejects_a_third_team():
    s = slips([1, 2, 3], {1: [line(1, 1, 2, 8), line(2, 3, 1, 6)]})
    with pytest.raises(SlipError, match="two teams"):
        score_two_teams(s)


def test_two_teams_void_deal_scores_nothing():
    s = slips([1, 2], {1: [line(1, 1, 2, 8), line(2, 2, 1, 6)]})
    s = type(s)(s.entrants, (type(s.deals[0])(1, s.deals[0].results, void=True),))
    scores = score_two_teams(s)
    assert deal_scores(scores, 1) == {}
    assert all(e.total == 0 for e in scores.entrants)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 13), st.integers(0, 13), st.integers(0, 2), st.integers(0, 2)),
        min_size=1,
        max_size=12,
    )
)
def test_two_teams_gains_are_opposite(deals):
    s = slips(
        [1, 2],
        {
            n: [line(1, 1, 2, a, ns_revokes=r), line(2, 2, 1, b, ew_revokes=q)]
            for n, (a, b, r, q) in enumerate(deals, start=1)
        },
    )
    scores = score_two_teams(s)
    for d in scores.deals:
        assert d.scores[1] == -d.scores[2]
    teams = by_entrant(scores)
    one, two = teams[1], teams[2]
    assert one.total == -two.total
    if not any(r or q for _, _, r, q in deals):
        assert one.total == sum(a - b for a, b, _, _ in deals)


def narragansett_slips(tricks: dict[tuple[int, int], int]):
    """The first two rounds of p. 56 with N-S tricks per (change, table)."""
    deals: dict[int, list] = {}
    for change, tables in enumerate(NARRAGANSETT_ROUNDS):
        for table, (n, e, s_, w, tray) in tables.items():
            deals.setdefault(tray, []).append(seated(table, n, e, s_, w, tricks[(change, table)]))
    return slips(range(1, 17), deals)


def test_narragansett_compares_team_one_at_tables_2_and_4_with_team_two_at_1_and_3():
    """p. 55, first round: tray 1 goes table 1, 2, 4, 3 (p. 54)."""
    tricks = {(c, t): 7 for c in range(8) for t in range(1, 5)}
    # tray 1: table 1 (team 2 N-S) 8, table 2 (team 1 N-S) 9, table 4 (team 1) 6, table 3 (team 2) 5
    tricks[(0, 1)], tricks[(1, 2)], tricks[(2, 4)], tricks[(3, 3)] = 8, 9, 6, 5
    scores = score_narragansett(narragansett_slips(tricks))
    assert deal_scores(scores, 1) == {1: (9 + 6) - (8 + 5), 2: -2}
    assert deal_scores(scores, 2) == {1: 0, 2: 0}
    teams = by_entrant(scores)
    assert (teams[1].total, teams[2].total) == (2, -2)
    assert (teams[1].rank, teams[2].rank) == (1, 2)
    assert teams[1].extra["ns_tricks"] == 7 * 16 + 2 - 1  # 16 N-S lines over 8 trays
    assert [e.entrant for e in scores.entrants] == [1, 2]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=32, max_size=32))
def test_narragansett_compares_each_tray_twice_per_team(values):
    tricks = {(c, t): values[c * 4 + t - 1] for c in range(8) for t in range(1, 5)}
    scores = score_narragansett(narragansett_slips(tricks))
    assert len(scores.checks) == 8
    assert all(scores.checks.values())
    for d in scores.deals:
        team_one = sum(
            tricks[(c, t)]
            for c, tbl in enumerate(NARRAGANSETT_ROUNDS)
            for t, row in tbl.items()
            if row[4] == d.deal and t in (2, 4)
        )
        team_two = sum(
            tricks[(c, t)]
            for c, tbl in enumerate(NARRAGANSETT_ROUNDS)
            for t, row in tbl.items()
            if row[4] == d.deal and t in (1, 3)
        )
        assert d.scores == {1: team_one - team_two, 2: team_two - team_one}
    one, two = scores.entrants
    assert one.total == -two.total


def test_narragansett_reports_a_tray_missing_a_table():
    tricks = {(c, t): 7 for c in range(8) for t in range(1, 5)}
    s = narragansett_slips(tricks)
    first = s.deals[0]
    s = type(s)(s.entrants, (type(first)(1, first.results[:3]), *s.deals[1:]))
    scores = score_narragansett(s)
    assert scores.checks["deal 1: each team N-S at 2 tables"] is False
    assert by_entrant(scores)[1].total == -by_entrant(scores)[2].total
