"""Progressive matches for fours (pp. 48-50) and teams of more than eight (pp. 56-57)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from teams_slips import HOWELL_FOURS, by_entrant, deal_scores, line, slips

from scoring.scorers.teams_fours import score_team_club, score_team_match, score_team_trick
from scoring.scorers.teams_two import score_two_teams
from scoring.scorers.types import AverageAward, SlipError


def howell_slips(tricks, teams=5, averages=None):
    """The Howell diagrams of p. 49 with N-S tricks per (arrangement, table).

    With four teams the fifth is the dummy table of p. 50: its lines go.
    """
    deals: dict[int, list] = {d: [] for d in range(1, 6)}
    for arrangement, tables in enumerate(HOWELL_FOURS):
        for table, (ns, ew, deal) in tables.items():
            if ns <= teams and ew <= teams:
                deals[deal].append(line(table, ns, ew, tricks.get((arrangement, table), 7)))
    return slips(range(1, teams + 1), deals, averages=averages)


# deal a (1): 1 v 5' at table 1 in the 2nd arrangement, 5 v 1' at table 5 in the 5th;
# deal b (2): 2 v 1' at table 2 in the 2nd arrangement, 1 v 2' at table 1 in the 5th.
BOOK_EXAMPLE = {(0, 1): 9, (3, 5): 7, (0, 2): 8, (3, 1): 7}


def test_team_match_scores_two_for_a_match_won_one_for_a_tie():
    """p. 49: 1 beats 5 by 2 tricks on deal a, 2 beats 1 by 1 on deal b, the rest tie."""
    scores = score_team_match(howell_slips(BOOK_EXAMPLE))
    teams = by_entrant(scores)
    assert {t: teams[t].total for t in teams} == {1: 4, 2: 5, 3: 4, 4: 4, 5: 3}
    assert {t: teams[t].extra["tricks"] for t in teams} == {1: 1, 2: 1, 3: 0, 4: 0, 5: -2}
    assert teams[1].extra["matches_won"] == 1
    assert teams[1].extra["matches_lost"] == 1
    assert teams[1].extra["matches_tied"] == 2
    assert teams[1].plus_minus is None
    assert scores.summary["matches"] == 10
    assert deal_scores(scores, 1) == {1: 2, 5: -2, 2: 0, 4: 0}


def test_team_match_breaks_a_tie_in_match_score_by_trick_score():
    """p. 49: 1, 3 and 4 score 4; 1 has the larger trick score; 3 and 4 share third."""
    teams = by_entrant(score_team_match(howell_slips(BOOK_EXAMPLE)))
    assert {t: teams[t].rank for t in teams} == {2: 1, 1: 2, 3: 3, 4: 3, 5: 5}


def test_team_match_every_two_teams_meet_once_on_the_howell_diagrams():
    scores = score_team_match(howell_slips({}))
    assert scores.summary["matches"] == 10
    assert all(scores.checks.values())
    assert [e.total for e in scores.entrants] == [4] * 5
    assert [e.rank for e in scores.entrants] == [1] * 5


def test_team_match_with_a_dummy_table_has_no_match_with_the_dummy():
    """p. 50: four teams, five tables; the players facing the dummy table sit out."""
    scores = score_team_match(howell_slips({}, teams=4))
    assert scores.summary["matches"] == 6
    assert sum(e.total for e in scores.entrants) == 12


def test_team_match_reports_a_deal_not_played_both_ways():
    s = slips([1, 2, 3], {1: [line(1, 1, 2, 8), line(2, 2, 1, 6), line(3, 3, 1, 7)]})
    scores = score_team_match(s)
    assert scores.checks == {
        "deal 1: teams 1 and 2 played both ways": True,
        "deal 1: teams 1 and 3 played both ways": False,
    }
    assert scores.summary["matches"] == 1
    assert by_entrant(scores)[3].total == 0


def test_team_match_rejects_the_same_teams_meeting_twice_the_same_way_on_a_deal():
    s = slips([1, 2], {1: [line(1, 1, 2, 8), line(2, 1, 2, 6)]})
    with pytest.raises(SlipError, match="twice"):
        score_team_match(s)


def test_team_trick_adds_north_south_to_east_west_against_the_average():
    """pp. 48-49: team 1 made 9 N-S and 6 E-W on deal a, against averages 7 1/2 and 5 1/2."""
    scores = score_team_trick(howell_slips(BOOK_EXAMPLE))
    assert deal_scores(scores, 1) == {1: 2, 5: -2, 2: 0, 4: 0}
    assert deal_scores(scores, 2) == {1: -1, 2: 1, 3: 0, 5: 0}
    teams = by_entrant(scores)
    assert {t: teams[t].total for t in teams} == {1: 1, 2: 1, 3: 0, 4: 0, 5: -2}
    assert teams[1].plus_minus == 1
    # team 1 plays four deals both ways: 4 * 13 plus its gain
    assert teams[1].extra["tricks"] == 53
    assert {t: teams[t].rank for t in teams} == {1: 1, 2: 1, 3: 3, 4: 3, 5: 5}


def test_team_trick_gives_a_team_sitting_out_the_average():
    """p. 50: with a dummy table team 1 sits out deal a; given the average it scores 0."""
    tricks = {(1, 4): 9}  # deal a: 4 v 2' made 9
    s = howell_slips(tricks, teams=4, averages={1: [AverageAward(1)]})
    scores = score_team_trick(s)
    assert deal_scores(scores, 1)[1] == 0
    # deal a: 4 v 2 (9) and 2 v 4 (7): averages 8 N-S and 5 E-W
    assert by_entrant(scores)[1].extra["tricks"] == 3 * 13 + 8 + 5


def test_team_trick_on_two_teams_is_the_two_team_gain():
    s = slips([1, 2], {1: [line(1, 1, 2, 8), line(2, 2, 1, 6)], 2: [line(1, 1, 2, 4), line(2, 2, 1, 4)]})
    assert [e.total for e in score_team_trick(s).entrants] == [e.total for e in score_two_teams(s).entrants]


def test_team_club_adds_the_average_opposite_the_odd_pair():
    """p. 57: three pairs a side; team 1's odd pair sits N-S, team 2's E-W."""
    s = slips(
        [1, 2],
        {1: [line(1, 1, 4, 8), line(2, 2, 5, 7), line(3, 6, 3, 6)]},
        teams={1: (1, 2, 3), 2: (4, 5, 6)},
    )
    scores = score_team_club(s)
    teams = by_entrant(scores)
    # N-S average 7, E-W average 6. Team 1: 8 + 7 + 7 + 6 = 28; team 2: 5 + 6 + 6 + 7 = 24.
    assert teams[1].extra["tricks"] == 28
    assert teams[2].extra["tricks"] == 24
    assert teams[1].extra["odd_pair_average"] == 6
    assert teams[2].extra["odd_pair_average"] == 7
    assert deal_scores(scores, 1) == {1: 2, 2: -2}
    assert (teams[1].rank, teams[2].rank) == (1, 2)


def test_team_club_with_even_pairs_is_the_north_south_comparison():
    s = slips(
        [1, 2],
        {1: [line(1, 1, 3, 8), line(2, 4, 2, 6)], 2: [line(1, 1, 3, 5), line(2, 4, 2, 9)]},
        teams={1: (1, 2), 2: (3, 4)},
    )
    teams = by_entrant(score_team_club(s))
    assert (teams[1].total, teams[2].total) == (2 - 4, 4 - 2)
    assert teams[1].extra["odd_pair_average"] == 0


tricks_13 = st.integers(0, 13)


@settings(max_examples=60, deadline=None)
@given(st.lists(tricks_13, min_size=20, max_size=20), st.sampled_from([4, 5]))
def test_team_match_scores_sum_to_two_per_match(values, teams):
    tricks = {(a, t): values[a * 5 + t - 1] for a in range(4) for t in range(1, 6)}
    scores = score_team_match(howell_slips(tricks, teams=teams))
    assert sum(e.total for e in scores.entrants) == 2 * scores.summary["matches"]
    assert sum(e.extra["tricks"] for e in scores.entrants) == 0
    trick = by_entrant(score_team_trick(howell_slips(tricks, teams=teams)))
    for e in scores.entrants:
        # every team meets each other both ways on one deal: the trick scores agree
        assert e.extra["tricks"] == trick[e.entrant].total


@st.composite
def tournaments(draw):
    """Random deals on which random teams meet, sometimes only one way."""
    teams = draw(st.integers(2, 6))
    deals = {}
    for deal in range(1, draw(st.integers(1, 8)) + 1):
        lines, table = [], 1
        pairs = draw(st.lists(st.tuples(st.integers(1, teams), st.integers(1, teams)), max_size=6))
        used = set()
        for x, y in pairs:
            if x == y or (x, y) in used:
                continue
            used.add((x, y))
            lines.append(line(table, x, y, draw(tricks_13)))
            table += 1
        deals[deal] = lines
    return slips(range(1, teams + 1), deals)


@settings(max_examples=80, deadline=None)
@given(tournaments())
def test_team_match_ranks_by_match_score_then_trick_score(s):
    scores = score_team_match(s)
    assert sum(e.total for e in scores.entrants) == 2 * scores.summary["matches"]
    for a in scores.entrants:
        for b in scores.entrants:
            ka = (a.total, a.extra["tricks"])
            kb = (b.total, b.extra["tricks"])
            assert (a.rank < b.rank) == (ka > kb)
            assert (a.rank == b.rank) == (ka == kb)
        better = [b for b in scores.entrants if (b.total, b.extra["tricks"]) > (a.total, a.extra["tricks"])]
        assert a.rank == len(better) + 1


@settings(max_examples=80, deadline=None)
@given(tournaments())
def test_team_trick_deviations_add_to_zero_on_every_deal(s):
    scores = score_team_trick(s)
    for d in scores.deals:
        assert sum(d.scores.values(), Fraction(0)) == 0


def test_team_trick_gives_an_averaged_pair_the_average_of_its_usual_way():
    """p. 42: a pair sitting out takes the average; pairs 2 and 4 sit out deal 2."""
    s = slips(
        [1, 2],
        {1: [line(1, 1, 3, 8), line(2, 4, 2, 6)], 2: [line(1, 1, 3, 7)]},
        teams={1: (1, 2), 2: (3, 4)},
        averages={2: [AverageAward(2), AverageAward(4)]},
    )
    scores = score_team_trick(s)
    assert deal_scores(scores, 2) == {1: 0, 2: 0}
    teams = by_entrant(scores)
    # deal 2: team 1 made 7 N-S and takes the E-W average 6; team 2 made 6 and takes 7
    assert (teams[1].extra["tricks"], teams[2].extra["tricks"]) == (8 + 7 + 7 + 6, 5 + 6 + 6 + 7)
    assert (teams[1].total, teams[2].total) == (2, -2)


def test_team_trick_rejects_an_average_for_a_team_that_played_both_ways():
    s = slips([1, 2], {1: [line(1, 1, 2, 8), line(2, 2, 1, 6)]}, averages={1: [AverageAward(1)]})
    with pytest.raises(SlipError, match="both ways"):
        score_team_trick(s)
