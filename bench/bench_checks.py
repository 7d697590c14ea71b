"""How well the scorer's eye (``scoring/scorers/line_checks.py``) catches what was done wrong, at close.

Evenings whose true lines are known (``bench/checks_evenings.py``: the app's
dealer and double-dummy solver, lines drawn about what the hands make at a
tight and a loose spread, errors made at known places) are checked as the
director's close page checks them, every tray with the double dummy known.
For each size and spread it prints:

- **swaps**: the injected swaps whose count differs from its reading the
  other way (13 - N) by 3 or more, and the share of them flagged (any kind;
  in brackets, flagged ``swapped``);
- **wrong tray**: counts entered on another tray of the same table's round
  that differ from the true count by 3 or more, and the share flagged;
- **skips**: lines never entered, and the share flagged ``missing`` (the
  board's "late" once the round's time is up: here, at close);
- **false**: flags on untouched lines, as a share and "1 in N".

The aim, at the tight spread: recall of swaps at least 0.9 and false flags at
most 1 in 50; the exit code is 1 if a size misses it. Roughly ``LINES`` lines
per size and spread, seeded. The deals' double-dummy answers are kept in
``var/`` after the first run (the solve is the only cost: about 25 s once).

    python bench/bench_checks.py

The table it printed when the thresholds were set (``line_checks.RULES``; the Mnemonic Duplicate
misses the recall aim by a hair, the exit code 1: its two lines leave the double dummy alone to say
which reading is right, and on a deal the hands make 6 or 7 a swap of a trick off reads nearly alike):

    | size        | sprd | swap | caught (as) | wrng | caught | skip | caught | clean | false flags       |
    |---|---|---|---|---|---|---|---|---|---|
    | Mitchell 5  | tight|  774 | 0.94 (0.68) |  210 | 0.88 |  374 | 1.00 | 18247 | 0.01 (  1 in 130) |
    | Mitchell 5  | loose|  729 | 0.88 (0.54) |  230 | 0.84 |  405 | 1.00 | 18226 | 0.05 (   1 in 20) |
    | Mitchell 13 | tight|  749 | 0.94 (0.70) |  344 | 0.87 |  396 | 1.00 | 18302 | 0.00 (  1 in 277) |
    | Mitchell 13 | loose|  784 | 0.88 (0.55) |  332 | 0.84 |  391 | 1.00 | 18230 | 0.02 (   1 in 46) |
    | Howell 4    | tight|  699 | 0.93 (0.69) |  326 | 0.90 |  379 | 1.00 | 18132 | 0.01 (   1 in 99) |
    | Howell 4    | loose|  738 | 0.88 (0.58) |  342 | 0.85 |  411 | 1.00 | 18024 | 0.04 (   1 in 24) |
    | Mnemonic    | tight|  759 | 0.89 (0.83) |   68 | 0.62 |  404 | 1.00 | 18457 | 0.02 (   1 in 53) |
    | Mnemonic    | loose|  718 | 0.84 (0.66) |   84 | 0.69 |  431 | 1.00 | 18466 | 0.03 (   1 in 30) |

The sizes: a Mitchell of 5 tables and 15 trays, one of 13 tables and 26 trays, a Howell of 4 tables
and 14 trays, a Mnemonic Duplicate of 8 deals (each played twice); "clean": untouched lines.
"""

from __future__ import annotations

import math
import os
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CLUBWHIST_VAR_DIR", tempfile.mkdtemp(prefix="clubwhist-bench-"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubwhist.settings")

import django

django.setup()

from bench.checks_evenings import (  # noqa: E402
    SIZES,
    SPREADS,
    Evening,
    evening,
    movement_of,
    plays,
    solved_pool,
)
from scoring.scorers.line_checks import RULES, Line, Rules, missing_check, tray_checks  # noqa: E402

#: About this many lines are drawn for each size and spread.
LINES = 20000
RECALL_AIM = 0.9
FALSE_AIM = 1 / 50


def flags_of(night: Evening, due: list[tuple[int, int]], rules: Rules) -> dict[tuple[int, int], str]:
    """Every flag of the evening at close, by (tray, table): the trays' checks and the missing lines."""
    by_tray: dict[int, list[Line]] = {}
    for (tray, table), tricks in night.entered.items():
        by_tray.setdefault(tray, []).append(Line(table, tricks))
    out = {}
    for tray, lines in by_tray.items():
        for check in tray_checks(tray, lines, night.double_dummy[tray], rules):
            out[(check.tray, check.table)] = check.kind
    for tray, table in due:
        if (tray, table) not in night.entered:
            out[(tray, table)] = missing_check(tray, table, 1).kind
    return out


def measure(family: str, options: dict[str, int], spread: str, rules: Rules = RULES) -> Counter[str]:
    """The counts of one size at one spread: each kind of error made, and how many were flagged."""
    movement = movement_of(family, options)
    due = [play for group in plays(movement) for play in group]
    rng = random.Random(f"{family}{options}{spread}")
    pool = solved_pool()
    tally: Counter[str] = Counter()
    for _ in range(math.ceil(LINES / len(due))):
        night = evening(movement, pool, spread, rng)
        flags = flags_of(night, due, rules)
        for key in due:
            _tally(tally, night, key, flags.get(key))
    return tally


def _tally(tally: Counter[str], night: Evening, key: tuple[int, int], flag: str | None) -> None:
    """Count one line: what was done to it, and whether (and how) it was flagged."""
    true = night.true[key]
    if key in night.swapped:
        if abs(13 - 2 * true) >= 3:
            tally["swaps"] += 1
            tally["swaps caught"] += flag is not None
            tally["swaps as swapped"] += flag == "swapped"
    elif key in night.wrong_tray:
        if abs(night.entered[key] - true) >= 3:
            tally["wrong"] += 1
            tally["wrong caught"] += flag is not None
    elif key in night.skipped:
        tally["skips"] += 1
        tally["skips caught"] += flag == "missing"
    else:
        tally["untouched"] += 1
        tally["false"] += flag is not None


def share(part: int, whole: int) -> str:
    """A share to two places, or a dash when there is nothing to share."""
    return f"{part / whole:.2f}" if whole else "-"


def row(label: str, spread: str, t: Counter[str]) -> str:
    """One printed row of the table."""
    one_in = f"1 in {t['untouched'] // t['false']}" if t["false"] else "none"
    swaps = f"{share(t['swaps caught'], t['swaps'])} ({share(t['swaps as swapped'], t['swaps'])})"
    return (
        f"| {label:<12}| {spread:<5}| {t['swaps']:>4} | {swaps:>11} | {t['wrong']:>4} "
        f"| {share(t['wrong caught'], t['wrong']):>4} | {t['skips']:>4} "
        f"| {share(t['skips caught'], t['skips']):>4} "
        f"| {t['untouched']:>5} | {share(t['false'], t['untouched']):>4} ({one_in:>10}) |"
    )


def main() -> int:
    """Print the table; 1 if a size misses the aim at the tight spread."""
    print(
        "| size        | sprd | swap | caught (as) | wrng | caught | skip | caught | clean "
        "| false flags       |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    missed = 0
    for label, family, options in SIZES:
        for spread in SPREADS:
            tally = measure(family, options, spread)
            print(row(label, spread, tally))
            if spread == "tight":
                recall = tally["swaps caught"] / max(tally["swaps"], 1)
                missed += recall < RECALL_AIM or tally["false"] > FALSE_AIM * tally["untouched"]
    print(f"thresholds: {RULES}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
