"""The designer's search as its own process runs it (``design_child`` sets its limits, then runs this).

It reads the ask, one JSON object on stdin: ``kind`` ("pairs" or
"players"), ``entrants``, ``rounds``, ``deals_per_round``, ``seconds`` and
``seed``. Each line it writes to stdout is one JSON object:

- ``{"ready": true}``: a stop may now be asked for (SIGTERM: the search stops
  at its next look at the clock and the best movement found is written as
  done);
- ``{"used": 0.4}`` now and then: the share of the time used;
- ``{"best": movement, ...}`` now and then, and ``{"done": movement, ...}``
  at the end, each with the movement's ``notes``, its ``qf`` and its
  ``fairness`` (``fair_play``), the done line with ``stopped`` and
  the book's movements that fit as well or better (``book``);
- ``{"error": "..."}``: the engine refused the ask (``MovementUserError``);

each with ``peak_kb``, its peak resident memory so far. Nothing here imports
Django.
"""

from __future__ import annotations

import json
import signal
import sys
import time
from typing import Any

from tournaments.design_child import peak_kb
from tournaments.movements.balance import balance
from tournaments.movements.design import design_pairs, design_players
from tournaments.movements.design_book import book_fits
from tournaments.movements.fair_play import fair_play
from tournaments.movements.types import Movement, MovementUserError

#: The least time between two progress lines, in seconds.
LINE_EVERY = 0.25

_stop = {"asked": False, "told": 0.0}


def _write(line: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps({**line, "peak_kb": peak_kb()}) + "\n")
    sys.stdout.flush()


def _progress(used: float, qf: float) -> bool:
    """A line now and then with the share of the time used; True once a stop is asked for."""
    if time.monotonic() - _stop["told"] >= LINE_EVERY:
        _stop["told"] = time.monotonic()
        _write({"used": round(used, 3)})
    return bool(_stop["asked"])


def _figures(m: Movement) -> dict[str, Any]:
    """The movement and the figures the designer judges it by, as a line's fields."""
    return {
        "notes": list(m.notes),
        "qf": float(balance(m).summary.qf),
        "fairness": fair_play(m).to_json(),
    }


def _search(ask: dict[str, Any]) -> Movement:
    """Run the engine for the ask, the best movement written as it is found."""

    def best(m: Movement) -> None:
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


def main() -> int:
    """Read the ask, search, write the movement found."""
    signal.signal(signal.SIGTERM, lambda *_: _stop.update(asked=True))
    ask = json.loads(sys.stdin.readline())
    _write({"ready": True})
    try:
        found = _search(ask)
    except MovementUserError as exc:
        _write({"error": str(exc)})
        return 0
    fits = [fit.to_json() for fit in book_fits(found)]
    _write({"done": found.to_json(), **_figures(found), "stopped": _stop["asked"], "book": fits})
    return 0


if __name__ == "__main__":
    sys.exit(main())
