"""A function of the project over 40 lines (its ``def`` to its last line) is a rare exception, each
named here with why; a new one fails until it is made shorter or joins the list with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("clubwhist", "entry", "infra", "scoring", "sims", "tournaments", "whist", ".ci", "bench")
LIMIT = 40

#: "path:function" -> why it is longer (what most of its lines are).
EXCEPTIONS = {
    "tournaments/services/seating.py:movement_fix": "one keyword each for the movement's many variants",
    "tournaments/services/sessions.py:entrant_create": "each kind of entrant's members checked in turn",
    "scoring/scorers/teams_four_pair.py:score_four_pair": "the book's four-pair team scoring, step by step",
    "tournaments/movements/individual.py:individual": "the book's individual schedules, table by table",
    "entry/services/corrections.py:result_award": "its keyword signature and the action log's fields",
    "entry/selectors/table_move.py:_stored_movement": "a stored movement's every field read back",
    "tournaments/services/drive.py:drive_setup": "a whist drive's settings, each checked",
    "entry/services/amend.py:result_amend": "its keyword signature and the kept version's fields",
    "scoring/selectors/people.py:results_chart": "the chart's axes and series, laid out in order",
    "scoring/exports.py:results_csv": "one column each of the CSV the clubs read",
    "entry/selectors/drive.py:drive_player_page": "the player's page's every part, gathered once",
    "tournaments/movements/team_matches.py:progressive_match": "the book's progressive match schedule",
    "tournaments/movements/more_teams.py:club_teams": "the book's schedule for teams of more than eight",
    "entry/selectors/table.py:round_card": "the round card's every line, gathered once",
    "scoring/scorers/common.py:build_scores": "the scores JSON's fields, each from the engine's figures",
    "entry/selectors/table.py:table_page": "the phone's page's every part, gathered once",
    "bench/bench_table_entry.py:report": "the bench's printed figures, one line each",
    "bench/bench_table_entry.py:setup_session": "a script run in the bench's own Django process",
    "bench/bench_standings.py:build": "the bench's session, built as a director would",
}


def long_functions() -> dict[str, int]:
    """Every function of the project over ``LIMIT`` lines, with its length."""
    found: dict[str, int] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    length = (node.end_lineno or node.lineno) - node.lineno + 1
                    if length > LIMIT:
                        found[f"{path.relative_to(ROOT)}:{node.name}"] = length
    return found


def test_a_long_function_is_a_named_exception() -> None:
    assert sorted(set(long_functions()) - set(EXCEPTIONS)) == []


def test_every_exception_is_still_long() -> None:
    """An exception made short leaves the list."""
    assert sorted(set(EXCEPTIONS) - set(long_functions())) == []
