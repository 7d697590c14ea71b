"""Every team method explains its scores (pp. 27-57); individual scores within teams of four (p. 49)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from teams_slips import FOUR_PAIR_CHANGES, NARRAGANSETT_ROUNDS, line, seated, slips

from scoring.scorers import METHODS, explain, score
from scoring.scorers.teams import TEAM_METHODS
from scoring.scorers.teams_members import MemberRound, member_scores
from scoring.scorers.types import SlipError


def narragansett():
    deals: dict[int, list] = {}
    for tables in NARRAGANSETT_ROUNDS:
        for table, (n, e, s_, w, tray) in tables.items():
            deals.setdefault(tray, []).append(seated(table, n, e, s_, w, 8 if table in (2, 4) else 7))
    return slips(range(1, 17), deals)


def four_pair():
    deals = {}
    for first, one, two in FOUR_PAIR_CHANGES:
        for deal in range(first, first + 4):
            deals[deal] = [seated(t, n, e, s_, w, 7 + t % 2) for t, (n, s_, e, w) in ((1, one), (2, two))]
    return slips(range(1, 9), deals)


SESSIONS = {
    "team-trick": lambda: slips([1, 2, 3], {1: [line(1, 1, 2, 8), line(2, 2, 3, 6), line(3, 3, 1, 7)]}),
    "team-match": lambda: slips([1, 2, 3], {1: [line(1, 1, 2, 8), line(2, 2, 3, 6), line(3, 3, 1, 7)]}),
    "two-teams": lambda: slips([1, 2], {1: [line(1, 1, 2, 9), line(2, 2, 1, 6)]}),
    "four-pair": four_pair,
    "narragansett": narragansett,
    "team-club": lambda: slips(
        [1, 2],
        {1: [line(1, 1, 4, 8), line(2, 2, 5, 7), line(3, 6, 3, 6)]},
        teams={1: (1, 2, 3), 2: (4, 5, 6)},
    ),
}


def test_every_team_method_has_its_own_explainer():
    assert all(m.explainer is not None for m in TEAM_METHODS)
    assert set(SESSIONS) == {m.name for m in TEAM_METHODS}


@pytest.mark.parametrize("method", sorted(SESSIONS))
def test_the_explained_team_score_is_the_score_the_method_gave(method):
    s = SESSIONS[method]()
    for ds in score(method, s).deals:
        for entrant, value in ds.scores.items():
            why = explain(method, s, entrant, ds.deal)
            assert why.score == value
            assert "Under the" not in why.text  # not the plain fallback
            assert "(p" in why.text


def test_the_two_teams_account_names_the_tables_and_the_comparison():
    why = explain("two-teams", SESSIONS["two-teams"](), 1, 1)
    assert "At table 1 your N-S pair met team 2 and made 9." in why.text
    assert "complemental" in why.text and why.score == 3


def test_it_gives_each_member_of_a_team_an_individual_score_over_three_rounds():
    # two teams of four, players 1-4 and 5-8; partners change each round (p. 49)
    partners = [
        ((1, 2), (3, 4), (5, 6), (7, 8)),
        ((1, 3), (2, 4), (5, 7), (6, 8)),
        ((1, 4), (2, 3), (5, 8), (6, 7)),
    ]
    rounds = []
    for number, pairs in enumerate(partners):
        tricks = (8, 7 + number % 2)
        deal = {
            1: [line(1, 1, 3, tricks[0]), line(2, 4, 2, tricks[1])],  # pairs 1, 2 are team 1's; 3, 4 team 2's
        }
        rounds.append(MemberRound(slips([1, 2, 3, 4], deal), dict(enumerate(pairs, start=1))))
    totals = {t.entrant: t.total for t in member_scores(rounds)}
    team_trick = sum(
        sum(t.total for t in score("trick", r.slips).entrants if t.entrant in (1, 2)) for r in rounds
    )
    assert sum(totals[p] for p in (1, 2, 3, 4)) == 2 * team_trick
    assert totals[1] == F(1, 2) + 0 + F(1, 2)  # his pair's trick score in each round
    assert sum(totals.values()) == 0


def test_a_pair_without_its_players_is_refused():
    with pytest.raises(SlipError, match="have no players"):
        member_scores([MemberRound(slips([1, 2], {1: [line(1, 1, 2, 7)]}), {1: (1, 2)})])


def test_the_team_methods_are_still_the_registered_ones():
    assert {m.name for m in TEAM_METHODS} <= set(METHODS)
