"""The README's API walkthrough runs as written: its own command lines, with bash, against a served app.

The ``sh`` block of the README's "## API" section is read from the README
itself and run by bash against make club's server (``served``), with only
``API`` and ``PASSWORD`` given (the block's own defaults are make run's).
Every ``curl`` in it fails the run on an answer of 400 or more (``curl`` is
wrapped with ``--fail-with-body``, and bash stops at the first failure);
the wrapper keeps a log of the calls made, and the last line printed is
the public standings of the session the walkthrough played.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.infra.club_process import ROOT, Served, director_password

#: What a whole walkthrough may take: a dozen requests a second would be slow; CI's machine is shared.
WALK_SECONDS = 120
#: Bash runs the block stopping at the first failure; each curl answers 400 or more as a failure.
PRELUDE = """set -euo pipefail
curl() { printf '%s\\n' "$*" >> "$CURL_LOG"; command curl --fail-with-body --max-time 30 "$@"; }
"""


def api_block(readme: str) -> str:
    """The ``sh`` block of the README's "## API" section."""
    section = readme.split("\n## API\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"^```sh\n(.*?)^```$", section, re.S | re.M)
    assert found, "the API section has no sh block"
    return found.group(1)


def test_the_readme_api_section_is_one_sh_block_naming_todays_doors() -> None:
    block = api_block((ROOT / "README.md").read_text())
    doors = ("/claim/", "/entrant-links/$NS/results/", "/entrant-links/$EW/trays/1/confirm/", "/rounds/$R/")
    for door in doors:
        assert door in block, door
    assert "/tables/$T/results/" not in block  # a table's link sends nothing


@pytest.mark.skipif(shutil.which("curl") is None, reason="the walkthrough is curl's")
def test_the_readme_api_walkthrough_runs_as_written(served: Served, tmp_path: Path) -> None:
    block = api_block((ROOT / "README.md").read_text())
    log = tmp_path / "curl.log"
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(tmp_path),
        "API": f"{served.base}/api/v1",
        "PASSWORD": director_password(served),
        "CURL_LOG": str(log),
    }
    run = subprocess.run(
        ["bash", "-c", PRELUDE + block],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=WALK_SECONDS,
        check=False,
    )
    assert run.returncode == 0, f"{run.stdout[-3000:]}\n{run.stderr[-3000:]}\ncalls:\n{log.read_text()}"
    calls = log.read_text().splitlines()
    for door in ("/claim/", "/results/", "/trays/1/confirm/", "/rounds/3/results/", "/close/", "/publish/"):
        assert any(door in call for call in calls), door
    assert "304\n" in run.stdout  # the conditional GET of the standings, with the ETag it was given
    standings = json.loads(run.stdout.splitlines()[-1])
    assert standings["method"] == "trick" and len(standings["deals"]) == 6
    ranked = {(e["field"], e["rank"]) for e in standings["entrants"]}
    assert len(standings["entrants"]) == 6 and ("N-S", 1) in ranked and ("E-W", 1) in ranked
    # Every line came in: N-S's own send, checked by E-W, and the director's round sheet for the rest.
    saved = [json.loads(x) for x in re.findall(r'\{"saved":\d+,"errors":\{[^{}]*\}\}', run.stdout)]
    assert [s["saved"] for s in saved] == [5, 6, 6] and not any(s["errors"] for s in saved)
