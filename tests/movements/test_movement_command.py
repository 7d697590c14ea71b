"""``manage.py movement``: systems of one size without a size, and the whist drive's next change."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tournaments.movements import generate
from tournaments.movements.drive_json import next_change_json


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("movement", *args, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("family", ["narragansett", "harvard", "two-teams", "four-pair", "mnemonic"])
def test_it_runs_a_system_of_one_size_without_a_size(family):
    data = json.loads(run(family, "--json"))
    assert data == generate(family).to_json()


def test_it_reads_narragansett_teams_2_as_the_two_teams_it_is():
    assert json.loads(run("narragansett", "--teams", "2", "--json")) == generate("narragansett").to_json()
    with pytest.raises(CommandError, match="two teams of eight"):
        run("narragansett", "--teams", "3")


def test_it_prints_the_first_change_of_a_drive_and_then_the_next_from_the_results(tmp_path):
    first = json.loads(run("progressive", "--variant", "second", "--players", "12", "--json"))
    assert first["entrant_kind"] == "player" and len(first["rounds"]) == 1
    change = first["rounds"][0]
    change["results"] = [
        {"table": 1, "ns_tricks": 9},
        {"table": 2, "ns_tricks": 2},
        {"table": 3, "winner": "NS", "points": 1},
    ]
    path = tmp_path / "change.json"
    path.write_text(json.dumps(change))
    out = json.loads(run("progressive", "--variant", "second", "--results", str(path)))
    assert out == next_change_json("second", change)
    assert out["round"] == 2 and [t["trays"] for t in out["tables"]] == [[4], [5], [6]]
    assert {m["player"] for m in out["moves"]} == set(range(1, 13))


def test_it_refuses_a_change_without_all_its_results(tmp_path):
    change = generate("progressive", players=8, variant="first").to_json()["rounds"][0]
    change["results"] = [{"table": 1, "ns_tricks": 9}]
    path = tmp_path / "change.json"
    path.write_text(json.dumps(change))
    with pytest.raises(CommandError, match="no result yet from table"):
        run("progressive", "--variant", "first", "--results", str(path))


@pytest.mark.parametrize(
    ("args", "refused"),
    [
        (("mitchell", "--tables", "60", "--variant", "mod1"), None),
        (("mitchell", "--tables", "61"), "at most 60 tables"),
        (("mitchell", "--tables", "1000001"), "at most 60 tables"),
        (("mitchell", "--tables", "13", "--deals", "52"), None),
        (("mitchell", "--tables", "13", "--deals", "65"), "at most 52 deals"),
        (("howell", "--pairs", "121"), "at most 120 pairs"),
        (("fours-snow", "--teams", "61"), "at most 60 teams"),
    ],
)
def test_it_seats_what_a_director_seats_and_refuses_more_before_any_engine_runs(args, refused):
    """The director's bound (sixty tables' worth, 52 deals) holds here too: a million and one tables ran
    for minutes and took 4 GB before the engine refused them, or never did."""
    if refused is None:
        assert run(*args).strip()
        return
    with pytest.raises(CommandError, match=refused):
        run(*args)


@pytest.mark.parametrize(("tables", "variant"), [(15, ""), (16, "mod1")])
def test_the_best_switch_is_searched_up_to_fifteen_tables(tables, variant):
    args = ("mitchell", "--tables", str(tables), "--switch", "best")
    if tables <= 15:
        assert "Note: Arrow switch in rounds 1, 2: N-S play E-W" in run(*args)
        return
    with pytest.raises(CommandError, match="searched for up to 15 tables, not 16"):
        run(*args, "--variant", variant)
