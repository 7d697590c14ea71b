"""A design's search, run off the request: its progress kept in the cache, then what it found, or why not.

``design_run`` is the job of the designer's thread or of a worker
(``tasks.design_start``). The search runs in a process of its own
(``design_runner``); its lines are kept in the cache under the design's id as
they come: the share of the time used, and the Qf and fairness of the best
movement found so far by the designer's order. Once the process is gone the
design is done (the movement found, its figures exactly those shown last,
why the search ended, its peak memory, the book's movements that fit as well
or better) or failed with a sentence; either way the club's next search may
begin.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from django.core.cache import cache

from ..models import ClubMovement
from ..movements import Movement
from ..movements.balance import balance
from . import design_runner
from .club_jobs import job_load
from .design_runner import Outcome, Reason
from .designs import (
    PROGRESS_EVERY_SECONDS,
    Design,
    DesignAsk,
    design_loaded,
    design_save,
    running_key,
    stop_key,
)


def design_run(*, design_id: str, club_id: int) -> Design:
    """Run a design begun by ``design_begin`` in the search's own process: its progress, then the movement
    found and why the search ended, in the cache. Whatever becomes of the search, the club's next design
    may begin once this returns."""
    try:
        kept = job_load("design", club_id, design_id)
        if not kept:
            return Design(
                id=design_id, ask=DesignAsk("pairs", 0, 0, 1, 0), state="failed", error="it was lost"
            )
        design = design_loaded(kept)
        if design.finished:  # reported failed while it waited (the designer was long in coming)
            return design
        design = design_save(club_id, replace(design, state="running", running_since=time.time()))
        outcome = _run_search(club_id, design)
        return design_save(club_id, _ended(design, outcome))
    finally:
        cache.delete(running_key(club_id))


def _run_search(club_id: int, design: Design) -> Outcome:
    """The search in its process, its lines kept in the cache as they come (the progress at most every
    ``PROGRESS_EVERY_SECONDS``, the best movement's figures each time), the stop asked for read as often."""
    current = [design]
    last = {"saved": 0.0, "read": 0.0}
    stop = [False]

    def heard(line: dict[str, Any]) -> None:
        if "best" in line:
            fairness = line.get("fairness")
            current[0] = replace(
                current[0],
                qf=_number(line.get("qf")),
                fairness=fairness if isinstance(fairness, dict) else None,
            )
        if "used" in line:
            current[0] = replace(current[0], used=min(1.0, max(0.0, _number(line["used"]) or 0.0)))
        if "best" in line or time.monotonic() - last["saved"] >= PROGRESS_EVERY_SECONDS:
            last["saved"] = time.monotonic()
            design_save(club_id, current[0])

    def stop_asked() -> bool:
        if not stop[0] and time.monotonic() - last["read"] >= PROGRESS_EVERY_SECONDS:
            last["read"] = time.monotonic()
            stop[0] = bool(cache.get(stop_key(club_id, design.id)))
        return stop[0]

    return design_runner.run_search(_asked(design), heard, stop_asked)


def _asked(design: Design) -> dict[str, Any]:
    """The ask as the search's process reads it (``design_child``), its seed from the design's id."""
    ask = design.ask
    return {
        "kind": "players" if ask.kind == ClubMovement.Kind.PLAYERS else "pairs",
        "entrants": ask.entrants,
        "rounds": ask.rounds,
        "deals_per_round": ask.deals_per_round,
        "seconds": ask.seconds,
        "seed": int(design.id[:8], 16),
    }


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _ended(design: Design, outcome: Outcome) -> Design:
    """The design once its search is over: done with the movement found, or failed with a sentence."""
    over = replace(
        design, stop_reason=outcome.reason, peak_mb=outcome.peak_mb, took=round(outcome.seconds, 2)
    )
    line = outcome.found or {}
    movement = _checked(line.get("done") or line.get("best"), design.ask)
    if outcome.reason not in (Reason.FINISHED, Reason.STOPPED, Reason.DEADLINE) or movement is None:
        return replace(over, state="failed", error=_failure(outcome))
    fairness = line.get("fairness")
    return replace(
        over,
        state="done",
        used=1.0,
        qf=float(balance(movement).summary.qf),
        movement=movement.to_json(),
        notes=tuple(str(n) for n in line.get("notes", ())),
        fairness=fairness if isinstance(fairness, dict) else None,
        book=tuple(b for b in line.get("book", ()) if isinstance(b, dict)),
    )


def _checked(data: Any, ask: DesignAsk) -> Movement | None:
    """The movement the search reported, if it reads as one of the size asked."""
    try:
        movement = Movement.from_json(data) if isinstance(data, dict) else None
    except (KeyError, TypeError, ValueError):
        return None
    return movement if movement is not None and movement.entrants == ask.entrants else None


def _failure(outcome: Outcome) -> str:
    """Why a search found nothing, in a sentence the page shows after "The search stopped: "."""
    if outcome.reason == Reason.REFUSED:
        return outcome.error
    if outcome.reason == Reason.MEMORY:
        return (
            f"it ran past its memory limit ({design_runner.DESIGN_MEMORY_MB} MB) and was ended before it "
            "found a movement. Ask for fewer pairs or rounds."
        )
    if outcome.reason == Reason.DEADLINE:
        return "it reached its deadline before it found a movement. Search again, for longer."
    if outcome.reason == Reason.STOPPED:
        return "it was stopped before it found a movement."
    return "the designer's process ended without an answer (an error on the server). Search again."
