"""Matches between teams of more than eight (pp. 56-59): progressive matches and a series of matches."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.movements import MovementUserError, generate
from tournaments.movements.analysis import analyse
from tournaments.movements.team_matches import team_round_robin


@pytest.mark.parametrize("tables", [3, 5, 7, 9, 11, 13, 15, 17, 19])
def test_every_home_pair_meets_every_challenger_once_and_plays_every_tray_once(tables: int) -> None:
    m = generate("team-progressive", tables=tables, deals=2 * tables)
    assert analyse(m).sound
    challengers, home = range(1, tables + 1), range(tables + 1, 2 * tables + 1)
    meetings: Counter[tuple[int, int]] = Counter()
    played: dict[int, list[int]] = {e: [] for e in range(1, 2 * tables + 1)}
    for rnd in m.rounds:
        for t in rnd.tables:
            assert t.ns is not None and t.ew is not None
            a, b = sorted((t.ns, t.ew))
            assert a in challengers and b in home  # p. 56: always a pair of each team
            meetings[(a, b)] += 1
            played[t.ns] += t.trays
            played[t.ew] += t.trays
    assert set(meetings.values()) == {1} and len(meetings) == tables * tables
    assert all(sorted(trays) == list(range(1, 2 * tables + 1)) for trays in played.values())


def test_the_challengers_keep_their_seats() -> None:
    m = generate("team-progressive", tables=5)
    seats = {(t.table, t.ns if t.table % 2 else t.ew) for r in m.rounds for t in r.tables}
    assert seats == {(t, t) for t in range(1, 6)}


def test_an_even_number_of_tables_is_refused_with_the_books_reason() -> None:
    with pytest.raises(MovementUserError, match="odd number of tables"):
        generate("team-progressive", tables=4)


@pytest.mark.parametrize("teams", [2, 3, 4, 5, 6, 7, 8])
def test_a_series_of_matches_meets_every_team_once_with_byes_for_an_odd_number(teams: int) -> None:
    rounds = team_round_robin(teams)
    met = [pair for matches, _ in rounds for pair in matches]
    assert sorted(met) == list(combinations(range(1, teams + 1), 2))
    byes = [bye for _, bye in rounds]
    if teams % 2:  # p. 59: five teams, five rounds, each team bye in one round
        assert len(rounds) == teams and sorted(b for b in byes if b) == list(range(1, teams + 1))
    else:
        assert len(rounds) == teams - 1 and byes == [None] * (teams - 1)
    for matches, bye in rounds:
        seated = [t for pair in matches for t in pair] + ([bye] if bye else [])
        assert sorted(seated) == list(range(1, teams + 1))


def test_matches_between_teams_of_more_than_eight_are_recommended_by_their_pairs() -> None:
    from tournaments.movements.recommend import recommend

    families = {r.family for r in recommend(session_kind="teams", entrants=10, deals_available=20)}
    assert {"club-teams", "team-progressive"} <= families
