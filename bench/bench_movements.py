"""How long the movement engine takes for the largest schedules it serves.

Run: ``python bench/bench_movements.py``. Each generation and analysis should
take well under a second (issue #3): Howell for 36 pairs (the largest
schedule in the book, p. 41), Mitchell for 51 tables with one deal a table
(p. 31), and the Narragansett System (pp. 52-56) when its family is registered.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements import FAMILIES, Movement, generate
from tournaments.movements.analysis import analyse

CASES: list[tuple[str, Callable[[], Movement]]] = [
    ("Howell, 36 pairs, 35 deals", lambda: generate("howell", pairs=36)),
    ("Mitchell, 51 tables, 51 deals", lambda: generate("mitchell", tables=51, deals=51)),
    ("Narragansett, 16 players, 28 deals", lambda: generate("narragansett", players=16)),
]


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    """The fastest of a few runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    """Print one line per case; exit 1 if any case takes a second or more."""
    slow = False
    for label, make in CASES:
        family = label.split(",")[0].lower()
        if family not in FAMILIES:
            print(f"{label}: skipped, the {family} family is not registered")
            continue
        movement = make()
        gen = best_of(make)
        ana = best_of(lambda m=movement: analyse(m))
        slow = slow or gen + ana >= 1.0
        print(
            f"{label}: generate {gen * 1000:.1f} ms, analyse {ana * 1000:.1f} ms "
            f"({len(movement.rounds)} rounds, {movement.tables} tables)"
        )
    return 1 if slow else 0


if __name__ == "__main__":
    raise SystemExit(main())
