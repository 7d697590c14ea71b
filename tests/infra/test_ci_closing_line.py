"""CI's closing words: the last line of .ci/run counts every test of every step (issue 12).

.ci/run's own functions (everything before its first step) are run by bash
with made-up steps in place of the real ones: pytest's JUnit XML,
schemathesis's JSON report, a one-test step and a step with no tests. The
last line must be ``N passed, N failed`` in that plain form (the skipped, if
any, on the line before), with nothing after it, and any failure must make the exit code non-zero.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = (ROOT / ".ci" / "run").read_text()
FUNCTIONS = SCRIPT[: SCRIPT.index('step "0. ')]
CLOSING = re.compile(r"\d+ passed, \d+ failed")


def junit(tests: int, failures: int = 0, errors: int = 0, skipped: int = 0) -> str:
    """A pytest JUnit XML report with these counts."""
    return (
        '<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests">'
        f'<testsuite name="pytest" errors="{errors}" failures="{failures}" '
        f'skipped="{skipped}" tests="{tests}">'
        "</testsuite></testsuites>"
    )


def run_ci(tmp_path: Path, steps: str) -> tuple[int, list[str]]:
    """.ci/run's functions, then STEPS: its exit code and its output's lines."""
    script = tmp_path / "ci.sh"
    script.write_text(FUNCTIONS + "\n" + steps)
    done = subprocess.run(
        ["bash", str(script)], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    return done.returncode, done.stdout.rstrip("\n").splitlines()


def test_a_green_run_ends_with_the_count_of_every_step(tmp_path: Path) -> None:
    """Both pytest runs, the Celery task and schemathesis's cases, added up on the last line."""
    (tmp_path / "sqlite.xml").write_text(junit(1800, skipped=2))
    (tmp_path / "pg.xml").write_text(junit(1800, skipped=2))
    (tmp_path / "st.json").write_text(
        json.dumps({"test_cases": {"generated": 5000, "with_failures": 0, "errored": 0}})
    )
    code, lines = run_ci(
        tmp_path,
        f"""
step "1. sqlite"; end_step; pytest_step "1. sqlite" "{tmp_path}/sqlite.xml" 0
step "1b. lint"; end_step; plain_step "1b. lint" 0
step "2. pg"; end_step; pytest_step "2. pg" "{tmp_path}/pg.xml" 0
step "3. celery"; end_step; plain_step "3. celery" 0 1
step "4. st"; end_step; schemathesis_step "4. st" "{tmp_path}/st.json" 0
""",
    )
    assert code == 0
    assert lines[-2:] == ["4 skipped (counted in neither)", "8597 passed, 0 failed"]
    assert any(line.startswith("---- 2. pg: ") and line.endswith("s") for line in lines), "a step's time"


def test_failures_of_any_kind_are_counted_and_the_exit_code_says_so(tmp_path: Path) -> None:
    """Failed and errored tests, a lint failure, a missing report, failing fuzz cases: all counted."""
    (tmp_path / "sqlite.xml").write_text(junit(20, failures=2, errors=1, skipped=3))
    (tmp_path / "st.json").write_text(
        json.dumps({"test_cases": {"generated": 100, "with_failures": 4, "errored": 1}})
    )
    code, lines = run_ci(
        tmp_path,
        f"""
step "1. sqlite"; end_step; pytest_step "1. sqlite" "{tmp_path}/sqlite.xml" 1
step "1b. lint"; end_step; plain_step "1b. lint" 1
step "2. pg"; end_step; pytest_step "2. pg" "{tmp_path}/missing.xml" 2
step "3. celery"; end_step; plain_step "3. celery" 1 1
step "4. st"; end_step; schemathesis_step "4. st" "{tmp_path}/st.json" 1
""",
    )
    assert code != 0
    assert lines[-2:] == ["3 skipped (counted in neither)", "109 passed, 11 failed"]


@pytest.mark.parametrize(
    ("report", "rc"),
    [(junit(0), 5), (junit(10), 3)],
    ids=["pytest collected no tests", "pytest failed with no failed test"],
)
def test_a_pytest_run_that_failed_without_a_failed_test_still_counts_one(
    tmp_path: Path, report: str, rc: int
) -> None:
    """Exit 5 (no tests) or an internal error: at least one failed, never a silent pass."""
    (tmp_path / "r.xml").write_text(report)
    code, lines = run_ci(tmp_path, f'step "1"; end_step; pytest_step "1" "{tmp_path}/r.xml" {rc}\n')
    assert code != 0 and CLOSING.fullmatch(lines[-1])
    assert re.search(r", [1-9]\d* failed", lines[-1])


def test_a_run_stopped_midway_still_ends_with_the_count(tmp_path: Path) -> None:
    """Killed during a step (a timeout, say): the count comes last, with the stopped step failed."""
    (tmp_path / "sqlite.xml").write_text(junit(5))
    code, lines = run_ci(
        tmp_path,
        f"""
step "1. sqlite"; end_step; pytest_step "1. sqlite" "{tmp_path}/sqlite.xml" 0
background sleep 30
step "2. pg"; kill -TERM $$; sleep 5
""",
    )
    assert code != 0
    assert lines[-1] == "5 passed, 1 failed"
    assert "CI stopped during: 2. pg" in lines


def test_nothing_is_printed_after_the_count(tmp_path: Path) -> None:
    """Servers started in the background are stopped quietly before the last line."""
    code, lines = run_ci(
        tmp_path,
        'background sleep 30\nstep "3. celery"; echo "a task ran"; end_step; plain_step "3. celery" 0 1\n',
    )
    assert code == 0 and lines[-1] == "1 passed, 0 failed"
    assert lines[-2].lstrip().startswith("3. celery")
