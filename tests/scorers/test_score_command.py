"""``python manage.py score METHOD --input SLIPS.json [--json]``."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPECIMEN = {
    "entrants": [1, 2, 3, 4, 5, 6, 7],
    "deals": [
        {
            "deal": 2,
            "trump": "KC",
            "results": [
                {"table": 1, "ns": 1, "ew": 6, "ns_tricks": 8},
                {"table": 2, "ns": 3, "ew": 5, "ns_tricks": 6},
                {"table": 3, "ns": 4, "ew": 7, "ns_tricks": 6},
            ],
            "averages": [{"entrant": 2, "reason": "sat out"}],
        }
    ],
}


def django_python() -> str:
    """A Python that has Django: this one, or the project's virtualenv."""
    if importlib.util.find_spec("django") is not None:
        return sys.executable
    venv = ROOT / ".venv" / "bin" / "python"
    if venv.exists():
        return str(venv)
    pytest.skip("Django is not installed")


def run(tmp_path: Path, data: object, *args: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "slips.json"
    path.write_text(json.dumps(data))
    return subprocess.run(
        [django_python(), "manage.py", "score", *args, "--input", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_it_prints_the_scores_json_and_the_sheet(tmp_path):
    out = run(tmp_path, SPECIMEN, "exponent", "--json")
    assert out.returncode == 0, out.stderr
    scores = json.loads(out.stdout)
    assert scores["deals"][0]["scores"]["2"] == "4/3"
    sheet = run(tmp_path, SPECIMEN, "exponent")
    assert "0⁴" in sheet.stdout and "Rank" in sheet.stdout


def test_a_malformed_slip_exits_non_zero_naming_the_deal_and_line(tmp_path):
    bad = json.loads(json.dumps(SPECIMEN))
    bad["deals"][0]["results"][1]["ns_tricks"] = 14
    out = run(tmp_path, bad, "match")
    assert out.returncode != 0
    assert "deal 2, line 2 (table 2): N-S tricks 14 is outside 0..13" in out.stderr
