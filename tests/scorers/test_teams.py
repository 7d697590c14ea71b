"""The team methods as the package serves them: registered, pure, slips checked first."""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest
from teams_slips import FOUR_PAIR_CHANGES, NARRAGANSETT_ROUNDS, by_entrant, line, seated, slips

from scoring.scorers import teams
from scoring.scorers.registry import METHODS
from scoring.scorers.types import SlipError

TEAM_MODULES = sorted(Path(teams.__file__).parent.glob("teams*.py"))


def test_it_registers_every_team_method():
    names = {"team-trick", "team-match", "two-teams", "four-pair", "narragansett", "team-club"}
    assert names <= set(METHODS)
    assert {m.name for m in teams.TEAM_METHODS} == names
    assert METHODS["four-pair"].kind == "pairs"
    assert all(METHODS[n].kind == "teams" for n in names - {"four-pair"})
    assert not METHODS["team-match"].has_plus_minus


@pytest.mark.parametrize("path", TEAM_MODULES, ids=lambda p: p.name)
def test_it_imports_nothing_from_django(path):
    tree = ast.parse(path.read_text())
    imported = {
        name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for name in ([a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""])
    }
    assert not any(name.split(".")[0] == "django" for name in imported)


@pytest.mark.parametrize("path", TEAM_MODULES, ids=lambda p: p.name)
def test_each_module_opens_with_the_books_terms_and_pages(path):
    doc = ast.get_docstring(ast.parse(path.read_text())) or ""
    assert "Barney" in doc
    assert "p. " in doc or "pp. " in doc


def test_team_match_through_the_package_checks_the_slips_first():
    s = slips([1, 2], {1: [line(1, 1, 2, 14), line(2, 2, 1, 6)]})
    with pytest.raises(SlipError, match="deal 1, line 1"):
        METHODS["team-match"].score(s)


def test_two_teams_through_the_package():
    s = slips([1, 2], {1: [line(1, 1, 2, 8), line(2, 2, 1, 6)]})
    assert by_entrant(METHODS["two-teams"].score(s))[1].total == 2


def test_two_teams_deal_with_an_adjusted_table_is_void():
    """Law IV Sec. 9 (p. 62): with fewer than three tables there must be a new deal."""
    s = slips(
        [1, 2],
        {
            1: [line(1, 1, 2, None, adjusted=("average", "average")), line(2, 2, 1, 6)],
            2: [line(1, 1, 2, 9), line(2, 2, 1, 6)],
        },
    )
    scores = METHODS["two-teams"].score(s)
    assert scores.deals[0].scores == {}
    assert by_entrant(scores)[1].total == 3


def test_narragansett_through_the_package_with_players_as_entrants():
    deals: dict[int, list] = {}
    for tables in NARRAGANSETT_ROUNDS:
        for table, (n, e, s_, w, tray) in tables.items():
            deals.setdefault(tray, []).append(seated(table, n, e, s_, w, 8 if table in (2, 4) else 7))
    scores = METHODS["narragansett"].score(slips(range(1, 17), deals))
    # team 1 holds N-S at tables 2 and 4: 16 + 16 - 14 - 14 = 4 a tray over 8 trays
    assert by_entrant(scores)[1].total == 8 * (16 - 14)
    assert [e.entrant for e in scores.entrants] == [1, 2]


def test_four_pair_through_the_package_with_players_as_entrants():
    deals = {}
    for first, one, two in FOUR_PAIR_CHANGES:
        for deal in range(first, first + 4):
            deals[deal] = [seated(t, n, e, s_, w, 7) for t, (n, s_, e, w) in ((1, one), (2, two))]
    scores = METHODS["four-pair"].score(slips(range(1, 9), deals))
    assert [e.entrant for e in scores.entrants] == [1, 2, 3, 4]
    assert sum(e.total for e in scores.entrants) == 6


def test_team_club_through_the_package_with_pairs_in_teams():
    s = slips(
        [1, 2],
        {1: [line(1, 1, 4, 8), line(2, 2, 5, 7), line(3, 6, 3, 6)]},
        teams={1: (1, 2, 3), 2: (4, 5, 6)},
    )
    assert by_entrant(METHODS["team-club"].score(s))[1].total == 2


def test_team_club_rejects_a_pair_in_no_team():
    s = slips([1, 2], {1: [line(1, 1, 9, 8)]}, teams={1: (1, 2), 2: (3, 4)})
    with pytest.raises(SlipError):
        METHODS["team-club"].score(s)


def test_team_trick_through_the_package_scores_exact_fractions():
    s = slips([1, 2, 3], {1: [line(1, 1, 2, 8), line(2, 2, 3, 6), line(3, 3, 1, 5)]})
    scores = METHODS["team-trick"].score(s)
    # N-S average 19/3, E-W average 20/3; each team plays once each way
    assert by_entrant(scores)[1].total == (8 - Fraction(19, 3)) + (8 - Fraction(20, 3))
    assert sum(e.total for e in scores.entrants) == 0


def test_team_match_reads_and_writes_the_json_contracts():
    from scoring.scorers import score, scores_to_json, slips_from_json

    data = {
        "entrants": [1, 2, 3],
        "deals": [
            {
                "deal": 1,
                "results": [
                    {"table": 1, "ns": 1, "ew": 2, "ns_tricks": 8},
                    {"table": 2, "ns": 2, "ew": 1, "ns_tricks": 7},
                    {"table": 3, "ns": 3, "ew": 1, "ns_tricks": 6},
                ],
            }
        ],
    }
    out = scores_to_json(score("team-match", slips_from_json(data, method="team-match")))
    assert out["method"] == "team-match"
    assert out["deals"] == [{"deal": 1, "scores": {"1": "1", "2": "-1"}}]
    first = out["entrants"][0]
    assert first == {
        "entrant": 1,
        "total": "2",
        "plus_minus": None,
        "rank": 1,
        "extra": {"tricks": "1", "matches_lost": "0", "matches_tied": "0", "matches_won": "1"},
    }
    assert out["summary"] == {"matches": "1"}
    assert out["checks"]["deal 1: teams 1 and 3 played both ways"] is False
