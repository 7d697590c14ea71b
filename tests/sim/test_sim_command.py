"""``python manage.py sim score METHOD HEAT.pbn [HEAT.pbn ...] [--json]``: the published examples as heats."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from fractions import Fraction as F
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.scorers.field import Heat
from tests.sim.examples import NATIONWIDE_MP, NATIONWIDE_TRICKS, NEUBERG_MP, neuberg_heats, split_heats
from tournaments.pbn.results import ResultLine, results_bytes

ROOT = Path(__file__).resolve().parents[2]


def write_heats(tmp_path: Path, heats: list[Heat]) -> list[str]:
    """Each heat as its club's results file."""
    paths = []
    for number, heat in enumerate(heats, start=1):
        lines = [
            ResultLine(
                x.deal,
                x.ns,
                x.ew,
                x.ns_tricks,
                table=t,
                round=1,
                ns_percent=x.ns_percent,
                ew_percent=x.ew_percent,
            )
            for t, x in enumerate(heat.lines, start=1)
        ]
        path = tmp_path / f"heat{number}.pbn"
        path.write_bytes(results_bytes(site=heat.club, event="Sim", date=None, lines=lines))
        paths.append(str(path))
    return paths


def sim(*args: str) -> str:
    out = io.StringIO()
    call_command("sim", "score", *args, stdout=out)
    return out.getvalue()


def test_it_prints_the_overall_ranking_as_csv_one_line_per_pair(tmp_path):
    paths = write_heats(tmp_path, split_heats(1, NATIONWIDE_TRICKS, 3))
    rows = list(csv.DictReader(io.StringIO(sim("matchpoints", *paths))))
    assert list(rows[0]) == ["rank", "club", "pair", "direction", "percentage", "club_rank"]
    assert len(rows) == 22
    ns = {(r["club"], r["pair"]): r for r in rows if r["direction"] == "NS"}
    percentages = [ns[(f"Club {(i - 1) % 3 + 1}", str(i))]["percentage"] for i in range(1, 12)]
    assert percentages == [f"{100 * mp / 20:.2f}" for mp in NATIONWIDE_MP]
    first = rows[0]
    assert first["rank"] == "1" and first["percentage"] == "100.00" and first["club_rank"] == "1"


def test_json_prints_the_scores_json_keyed_club_slash_pair(tmp_path):
    paths = write_heats(tmp_path, neuberg_heats())
    data = json.loads(sim("matchpoints", *paths, "--json"))
    assert data["method"] == "matchpoints"
    assert data["summary"] == {"top": "20", "most_played": "11"}
    deal2 = next(d for d in data["deals"] if d["deal"] == 2)["scores"]
    clubs = [f"Club {(i - 1) % 3 + 1}" for i in range(1, 11)]
    assert [F(deal2[f"{clubs[i - 1]}/{i}"]) for i in range(1, 11)] == NEUBERG_MP
    entrant = next(e for e in data["entrants"] if e["entrant"] == "Club 2/11")
    assert entrant["club"] == "Club 2" and entrant["pair"] == "11" and entrant["direction"] == "NS"
    assert entrant["extra"]["tops"] == "20"  # it did not play deal 2: blank, not an average
    assert {"entrant", "total", "plus_minus", "rank", "club_rank"} <= set(entrant)


@pytest.mark.parametrize("method", ["trick", "exponent"])
def test_the_books_methods_rank_the_field_by_their_totals(tmp_path, method):
    paths = write_heats(tmp_path, split_heats(1, NATIONWIDE_TRICKS, 2))
    rows = list(csv.DictReader(io.StringIO(sim(method, *paths))))
    assert list(rows[0]) == ["rank", "club", "pair", "direction", "score", "club_rank"]
    assert (rows[0]["club"], rows[0]["pair"]) in {("Club 1", "1"), ("Club 1", "111")}


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p / "missing.pbn", "cannot read"),
        (lambda p: (p / "a.txt").write_text("hello") and p / "a.txt", "a.txt: line 1"),
        (lambda p: (p / "b.pbn").write_text('[Board "1"]\n[Deal "-"]\n') and p / "b.pbn", "no ScoreTable"),
    ],
)
def test_a_bad_file_is_one_clear_line_and_exit_code_2(tmp_path, make, message):
    with pytest.raises(CommandError) as caught:
        sim("matchpoints", str(make(tmp_path)))
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert caught.value.returncode == 2


def test_two_heats_from_one_club_and_an_unknown_method_are_refused(tmp_path):
    paths = write_heats(tmp_path, split_heats(1, NATIONWIDE_TRICKS, 1))
    with pytest.raises(CommandError, match="a second heat from 'Club 1'") as caught:
        sim("matchpoints", paths[0], paths[0])
    assert caught.value.returncode == 2
    with pytest.raises(CommandError, match="unknown method 'howell'"):
        sim("howell", paths[0])


def test_from_the_shell_a_bad_file_exits_2_without_a_traceback(tmp_path):
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Site "A"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Result"]\n1 2 "NS 8" 3\n')
    done = subprocess.run(
        [sys.executable, "manage.py", "sim", "score", "matchpoints", str(bad)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0 and "not whole rows of 3 columns" in done.stderr


def sea_heats() -> list[Heat]:
    """Three clubs on one deal: N-S make 10 everywhere but one line entered as 3 (N-S and E-W swapped)."""
    tricks = [10, 10, 11, 9, 10, 3, 10, 10, 9, 10, 11, 10]
    return split_heats(1, tricks, 3)


def test_check_prints_each_flag_on_stderr_after_the_ranking(tmp_path):
    paths = write_heats(tmp_path, sea_heats())
    out, err = io.StringIO(), io.StringIO()
    clubs = [arg for c in range(1, 5) for arg in ("--club", f"Club {c}")]
    call_command("sim", "score", "trick", *paths, "--check", *clubs, stdout=out, stderr=err)
    assert out.getvalue().startswith("rank,club,pair,direction,score,club_rank\n")
    lines = err.getvalue().splitlines()
    assert lines[0] == "check: missing heat: Club 4 is taking part but has not sent its heat."
    assert lines[1].startswith(
        "check: line swapped: Club 3, deal 1, table 2, round 1 (N-S 6 v E-W 106): N-S's 3"
    )
    assert len(lines) == 2


def test_check_with_json_gives_a_checks_list(tmp_path):
    paths = write_heats(tmp_path, sea_heats())
    clubs = tmp_path / "clubs.txt"
    clubs.write_text("Club 1\nClub 2\n\nClub 3\n")
    data = json.loads(sim("matchpoints", *paths, "--json", "--clubs", str(clubs)))
    [flag] = data["checks"]
    assert {k: flag[k] for k in ("kind", "club", "deal", "table", "round", "ns", "ew", "tricks")} == {
        "kind": "line swapped",
        "club": "Club 3",
        "deal": 1,
        "table": 2,
        "round": 1,
        "ns": "6",
        "ew": "106",
        "tricks": 3,
    }
    assert "checks" not in json.loads(sim("matchpoints", *paths, "--json"))
