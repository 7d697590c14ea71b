"""The annealing of the search for a movement of pairs: its budget, the best found, and the steps.

Terms (``design_search`` for the schedule, its figures and the designer's
order):

- **simulated annealing**: a change that lowers the cost is kept; one that
  raises it by d is kept with the chance exp(−d / temperature), the
  temperature falling as the time runs out.
- **cost**: faults (a pair playing a set twice) at a weight growing twenty-fold
  over the time, a unit of unfairness at ``FAIR``, then the sum of the
  squared amounts of competition; the best is kept by the designer's order,
  fairness before Qf.

Nothing here imports Django.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from .design_search import Fairness, Schedule, Search, move
from .types import Movement

#: What one set played twice by a pair weighs in the cost against a unit of squared competition (at the
#: start; it grows twenty-fold as the time runs out, so that the search ends with none).
FAULT = 40
#: The best movement is handed on (``on_best``) at most this often, in seconds of search.
BEST_EVERY = 0.5
#: Steps between two looks at the clock (and the progress, and a stop asked for).
LOOK_EVERY = 64


class Clock:
    """The search's budget: its seconds and, for a search that must give the same movement every time
    (a seed and ``steps``), its steps. ``used`` is the share spent: of the steps where they are given,
    the seconds still stopping it."""

    def __init__(self, seconds: float, steps: int | None = None) -> None:
        self.start, self.seconds, self.steps, self.done = time.monotonic(), seconds, steps, 0

    def elapsed(self) -> float:
        """Seconds since the search began."""
        return time.monotonic() - self.start

    def used(self) -> float:
        """The share of the budget spent, 0 to 1."""
        by_time = self.elapsed() / self.seconds
        if self.steps is None or by_time >= 1:
            return min(1.0, by_time)
        return min(1.0, self.done / self.steps)


class Watch:
    """The best schedule found so far by the designer's order, over every start; it tells the progress
    (the share of the time used, the best's Qf) and now and then hands on the best movement."""

    def __init__(
        self,
        clock: Clock,
        progress: Callable[[float, float], bool | None] | None,
        on_best: Callable[[Movement], object] | None,
        build: Callable[[Schedule], Movement],
    ) -> None:
        self.clock, self.progress, self.on_best, self.build = clock, progress, on_best, build
        self.best: tuple[Fairness, int, int, Schedule] | None = None
        self.stopped = self.fresh = False
        self.handed = -math.inf

    def consider(self, search: Search) -> None:
        """Keep the search's schedule if it is better than the best, by the designer's order."""
        fair = search.fairness()
        if self.best is not None:
            if fair > self.best[0]:
                return
            if fair == self.best[0]:
                floor, ss = search.ss_min(), search.ss
                if floor * self.best[2] <= self.best[1] * ss:  # Qf no higher
                    return
        self.best = (fair, search.ss_min(), search.ss, search.s.copy())
        self.fresh = True

    @property
    def qf(self) -> float:
        """The best's Qf, 0 to 100."""
        assert self.best is not None
        return 100.0 * self.best[1] / self.best[2] if self.best[2] else 100.0

    @property
    def perfect(self) -> bool:
        """The best is fair, has no fault and is balanced (Qf 100): no search can better it."""
        return self.best is not None and self.best[0] == (0, 0, 0, 0) and self.best[1] == self.best[2]

    def schedule(self) -> Schedule:
        """The best schedule found."""
        assert self.best is not None
        return self.best[3]

    def tell(self) -> bool:
        """Hand on the best movement if it changed (at most every ``BEST_EVERY`` seconds), tell the
        progress; True when the search is asked to stop (the progress is not asked again)."""
        if self.stopped:
            return True
        if self.on_best and self.fresh and self.clock.elapsed() - self.handed >= BEST_EVERY:
            self.on_best(self.build(self.schedule()))
            self.fresh, self.handed = False, self.clock.elapsed()
        if self.progress and self.progress(self.clock.used(), self.qf):
            self.stopped = True
        return self.stopped


def anneal(search: Search, rng: random.Random, watch: Watch, heat: float, until: float) -> None:
    """Simulated annealing of the search's cost until the clock's share ``until`` is spent, a stop is
    asked for or the best can be bettered no more; cooler and stricter on faults as its time runs out."""
    clock, since = watch.clock, watch.clock.used()
    span = max(until - since, 1e-9)
    temperature, weight = heat, float(FAULT)
    cost = search.cost(weight)
    watch.consider(search)
    while not (watch.perfect or watch.stopped):
        clock.done += 1
        if clock.done % LOOK_EVERY == 0:
            used = clock.used()
            if used >= until or watch.tell():
                return
            share = (used - since) / span
            temperature, weight = max(0.05, heat * (1 - share) ** 2), FAULT * (1 + 20 * share)
            cost = search.cost(weight)
        undo = move(search, rng)
        if undo is None:
            continue
        new = search.cost(weight)
        if new <= cost or rng.random() < math.exp((cost - new) / temperature):
            cost = new
            watch.consider(search)
        else:
            undo()
