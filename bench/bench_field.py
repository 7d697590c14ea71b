"""Time a simultaneous field: 200 heats of 15 tables and 26 deals scored as one, then one heat more.

78,000 lines, random but seeded: each heat a 15-table Mitchell (N-S pairs
1-15 stay, E-W pairs 16-30 move a table a deal), every deal played at every
table; each deal has a par of tricks and the tables score about it. For
each method it prints:

- **whole**: the 200 heats merged into a ``Field`` and the standings made
  (each pair's overall score and rank, and its club rank);
- **one more**: a 201st heat added to that field and the standings made
  again (the club ranks of the 200 heats are kept, as a held field does);

beside the **baseline**, the same run's read of every line into a tuple
(club, deal, N-S, E-W, tricks). Times are the best of three, in CPU
seconds (the machine may be shared with other work). The aims: the whole field under 2 s, and
one heat added in under a quarter of that (0.5 s). Every method's figures are printed; the exit
code is 1 if any method misses an aim, else 0. The organiser's checks (``field_checks.py``) over
the whole field are timed too, with no aim.

Trick and exponent are scored from the same per-deal frequency tables as matchpoints
(``scoring/scorers/field_tricks.py``); ``--plain`` times them through the pooled traveling slip
and the club's own scorers instead (``field_slips.py``), the reference the tests hold them to.

**The views** (``field_views.py``, run after, in the same run): an event of 20 heats and one of 200
(the same Mitchells, every method) are built in a fresh SQLite database and published, a club of this
server playing one heat of each on a session of its own; then a view of the event's public page, a
club's results page and a pair's phone are timed at both sizes by turns, best of several, each at 200
heats within 1.5 x its cost at 20, and the field file, which holds the whole field, within 12 x.
``--no-views`` leaves them out.

    python bench/bench_field.py [--plain] [--no-views] [METHOD ...]   (default: matchpoints trick exponent)
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.scorers.field import FIELD_METHODS, Field, FieldLine, Heat, Pool
from scoring.scorers.field_checks import check_field
from scoring.scorers.field_slips import PoolSlips

HEATS = 200
TABLES = 15
DEALS = 26
AIM = 2.0
ONE_MORE_AIM = AIM / 4
TURNS = 3


def heats(rng: random.Random, count: int, first: int = 1) -> list[Heat]:
    """``count`` clubs' heats of the same deals, each a Mitchell of 15 tables."""
    par = [rng.randint(3, 10) for _ in range(DEALS)]
    out = []
    for club in range(first, first + count):
        lines = tuple(
            FieldLine(
                deal,
                str(table),
                str(TABLES + (table + deal) % TABLES + 1),
                min(13, max(0, par[deal - 1] + rng.randint(-2, 2))),
            )
            for deal in range(1, DEALS + 1)
            for table in range(1, TABLES + 1)
        )
        out.append(Heat(f"Club {club:03d}", lines))
    return out


def best(run: Callable[[], object]) -> float:
    """The best of a few runs, in seconds of the process's CPU time (the machine may be shared)."""
    times = []
    for _ in range(TURNS):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def main(methods: list[str], plain: bool = False) -> int:
    rng = random.Random(1900)
    field_heats = heats(rng, HEATS)
    late = heats(random.Random(1901), 1, first=HEATS + 1)[0]
    lines = sum(len(h.lines) for h in field_heats)
    baseline = best(lambda: [(h.club, x.deal, x.ns, x.ew, x.ns_tricks) for h in field_heats for x in h.lines])
    print(f"{HEATS} heats x {TABLES} tables x {DEALS} deals = {lines} lines")
    print(f"baseline (the lines read into tuples): {baseline * 1000:7.1f} ms")
    print(f"aims: whole under {AIM:.1f} s, one more under {ONE_MORE_AIM:.1f} s")
    missed = [method for method in methods if not report(method, field_heats, late, baseline, plain)]
    checks = best(lambda: check_field(field_heats))
    print(f"{'checks':12} whole {checks:6.3f} s ({checks / baseline:5.1f} x baseline)   no aim")
    print(f"missed: {', '.join(missed)}" if missed else "every method met its aims")
    return 1 if missed else 0


def report(method: str, field_heats: list[Heat], late: Heat, baseline: float, plain: bool) -> bool:
    """Time one method, print its line; whether it met both aims."""

    def pool() -> Pool | None:
        return PoolSlips(method) if plain and method != "matchpoints" else None

    whole = best(lambda: Field(method, field_heats, pool=pool()).standings())
    held = Field(method, field_heats, pool=pool())
    held.standings()

    def one_more() -> None:
        held.add(late)
        held.standings()
        held.remove(late.club)

    added = best(one_more)
    ok = whole < AIM and added < ONE_MORE_AIM
    print(
        f"{method:12} whole {whole:6.3f} s ({whole / baseline:5.1f} x baseline)"
        f"   one more {added:6.3f} s ({added / baseline:5.1f} x baseline, {added / whole:4.0%} of whole)"
        f"{'' if ok else '  MISSED'}"
    )
    return ok


if __name__ == "__main__":
    args = sys.argv[1:]
    plain, views = "--plain" in args, "--no-views" not in args
    chosen = [a for a in args if a not in ("--plain", "--no-views")] or list(FIELD_METHODS)
    unknown = [m for m in chosen if m not in FIELD_METHODS]
    if unknown:
        raise SystemExit(f"unknown method {', '.join(unknown)}; one of {', '.join(FIELD_METHODS)}")
    code = main(chosen, plain)
    if views:
        from field_views import views_main

        code = max(code, views_main(heats))
    raise SystemExit(code)
