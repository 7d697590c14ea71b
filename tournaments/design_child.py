"""The designer's search in a process of its own, bounded in memory and processor time before it starts.

Run as ``python -m tournaments.design_child MEMORY_MB CPU_SECONDS`` by
``services.design_runner``. It sets its own limits first of all (an address
space of ``MEMORY_MB``, ``CPU_SECONDS`` of processor time, no core file),
then reads the ask, one JSON object on stdin: ``kind`` ("pairs" or
"players"), ``entrants``, ``rounds``, ``deals_per_round``, ``seconds`` and
``seed``. Each line it writes to stdout is one JSON object:

- ``{"ready": true}``: the limits are set and a stop may be asked for
  (SIGTERM: the search stops at its next look at the clock and the best
  movement found is written as done);
- ``{"used": 0.4}`` now and then: the share of the time used;
- ``{"best": movement, ...}`` now and then, and ``{"done": movement, ...}``
  at the end, each with the movement's ``notes``, its ``qf`` and its
  ``fairness`` (``balance.fair_play``), the done line with ``stopped`` and
  the book's movements that fit as well or better (``book``);
- ``{"error": "..."}``: the engine refused the ask (``MovementUserError``);

each with ``peak_kb``, its peak resident memory so far.

Out of memory it exits with ``EXIT_MEMORY``; past its processor time the
kernel ends it (SIGXCPU). Nothing here imports Django.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import sys
import time
from typing import Any

#: The exit status of a search that ran out of its memory.
EXIT_MEMORY = 3
#: The least time between two progress lines, in seconds.
LINE_EVERY = 0.25

_stop = {"asked": False, "told": 0.0}


def _limits(memory_mb: int, cpu_seconds: int) -> None:
    """Bound this process: its address space, its processor time, no core file."""
    resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 1024 * 1024,) * 2)
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def peak_kb(pid: int | str = "self") -> int | None:
    """A process's peak resident memory since it began this program (VmHWM), in kB; None if unknown.
    (``getrusage`` would count the parent's memory too, shared with the child before its exec.)"""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            found = next((line.split()[1] for line in status if line.startswith("VmHWM:")), None)
    except OSError:
        return None
    return int(found) if found is not None else None


def _write(line: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps({**line, "peak_kb": peak_kb()}) + "\n")
    sys.stdout.flush()


def _progress(used: float, qf: float) -> bool:
    """A line now and then with the share of the time used; True once a stop is asked for."""
    if time.monotonic() - _stop["told"] >= LINE_EVERY:
        _stop["told"] = time.monotonic()
        _write({"used": round(used, 3)})
    return bool(_stop["asked"])


def _figures(m: Any) -> dict[str, Any]:
    """The movement and the figures the designer judges it by, as a line's fields."""
    from tournaments.movements.balance import balance, fair_play

    return {
        "notes": list(m.notes),
        "qf": float(balance(m).summary.qf),
        "fairness": fair_play(m).to_json(),
    }


def _search(ask: dict[str, Any]) -> Any:
    """Run the engine for the ask, the best movement written as it is found."""
    from tournaments.movements.design import design_pairs, design_players

    def best(m: Any) -> None:
        _write({"best": m.to_json(), **_figures(m)})

    seconds, seed = float(ask["seconds"]), int(ask.get("seed", 1))
    if ask["kind"] == "players":
        return design_players(
            int(ask["entrants"]), seconds=seconds, progress=_progress, seed=seed, on_best=best
        )
    return design_pairs(
        int(ask["entrants"]),
        int(ask["rounds"]),
        int(ask["deals_per_round"]),
        seconds=seconds,
        progress=_progress,
        seed=seed,
        on_best=best,
    )


def main(argv: list[str]) -> int:
    """Set the limits, read the ask, search, write the movement found."""
    _limits(int(argv[0]), int(argv[1]))
    signal.signal(signal.SIGTERM, lambda *_: _stop.update(asked=True))
    ask = json.loads(sys.stdin.readline())
    _write({"ready": True})
    from tournaments.movements.design_book import book_fits
    from tournaments.movements.types import MovementUserError

    try:
        found = _search(ask)
    except MovementUserError as exc:
        _write({"error": str(exc)})
        return 0
    fits = [fit.to_json() for fit in book_fits(found)]
    _write({"done": found.to_json(), **_figures(found), "stopped": _stop["asked"], "book": fits})
    return 0


if __name__ == "__main__":
    try:
        code = main(sys.argv[1:])
    except MemoryError:
        os._exit(EXIT_MEMORY)
    sys.exit(code)
