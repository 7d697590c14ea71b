"""The start of the search for a movement of pairs: round robins, and the sets laid until none is replayed.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900; ``design_search``
for the schedule):

- **round robin**: n − 1 rounds in which each of n entrants meets every other
  once (the circle method: entrant ∞ stays, the others turn); several, one
  after another, share out any number of rounds' meetings as evenly as can be,
  and every pair sits out in turn (its meeting with the phantom, p. 38).
- **fault**: a pair playing a set twice; a traveling slip cannot hold it (p. 42).
- **tabu search**: a local search that takes the best change it may at each
  step, even a worse one, and may not undo a recent change for a while.

Nothing here imports Django.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from .design_search import Schedule

#: Steps of the tabu search between two looks at the clock (and at a stop asked for).
LOOK_EVERY = 64
#: The tables at fault, at most, whose every change the tabu search weighs at each step; its steps at most;
#: the share of its steps that change a table at fault at random instead.
RELAY_TABLES, RELAY_STEPS, RELAY_NOISE = 12, 20000, 0.05


def _circle(n: int, rng: random.Random) -> list[list[tuple[int, int]]]:
    """The n − 1 rounds of a round robin of n entrants by the circle method, in random order and numbers."""
    m = n - 1
    label = list(range(1, n + 1))
    rng.shuffle(label)
    rounds = []
    for r in range(m):
        games = [(label[m], label[r])]
        games += [(label[(r + i) % m], label[(r - i) % m]) for i in range(1, n // 2)]
        rounds.append(games)
    rng.shuffle(rounds)
    return rounds


def _met(games: list[tuple[int, int]]) -> set[frozenset[int]]:
    return {frozenset(g) for g in games}


def factored_start(pairs: int, rounds: int, tables: int, sets: int, rng: random.Random) -> Schedule:
    """Round robins one after another, cut to the rounds asked: every two pairs meet as evenly as the rounds
    allow and every pair sits out in turn; where one round robin meets the next no two pairs meet twice in a
    row (each is numbered afresh until so). The sets are laid greedily (``_sets_for``)."""
    games: list[list[tuple[int, int]]] = []
    while len(games) < rounds:
        cycle = _circle(2 * tables, rng)
        for _ in range(100):
            if not games or not _met(games[-1]) & _met(cycle[0]):
                break
            cycle = _circle(2 * tables, rng)
        games += cycle
    slots = []
    for played in games[:rounds]:
        rng.shuffle(played)
        slots.append([p for a, b in played for p in ((a, b) if rng.random() < 0.5 else (b, a))])
    return Schedule(pairs, slots, _sets_for(slots, pairs, sets, rng))


def _sets_for(slots: list[list[int]], pairs: int, sets: int, rng: random.Random) -> list[list[int]]:
    """Each table's set, round by round: one its pairs have not played, the least played so far (a
    phantom's table takes a set left over)."""
    played: set[tuple[int, int]] = set()
    uses = [0] * sets
    out = []
    for row in slots:
        order = list(range(len(row) // 2))
        rng.shuffle(order)
        free, chosen = list(range(sets)), [-1] * len(order)
        for k in order:
            a, b = row[2 * k], row[2 * k + 1]
            if max(a, b) > pairs:
                continue
            st = min(free, key=lambda x: (((a, x) in played) + ((b, x) in played), uses[x], rng.random()))
            free.remove(st)
            chosen[k], uses[st] = st, uses[st] + 1
            played |= {(a, st), (b, st)}
        for k in order:
            if chosen[k] < 0:
                chosen[k] = free.pop(rng.randrange(len(free)))
        out.append(chosen)
    return out


# --- the sets laid again: a tabu search ------------------------------------------------------------


def relay_sets(
    schedule: Schedule, sets: int, rng: random.Random, steps: int, deadline: float, stop: Callable[[], bool]
) -> int:
    """Lay the sets again, the meetings kept, until no pair plays a set twice (a tabu search: each step
    gives one of a few tables at fault the set, swapped within its round, that leaves the fewest faults,
    and may not give it its old set back for a while; now and then a set at random instead). Returns the
    faults left after at most ``steps`` steps, at the deadline (``time.monotonic``) or when ``stop``
    (asked now and then) says so."""
    played = [[0] * sets for _ in range(2 * len(schedule.slots[0]) + 2)]
    real = _real_tables(schedule)
    for r, k in real:
        for p in schedule.slots[r][2 * k : 2 * k + 2]:
            played[p][schedule.sets[r][k]] += 1
    faults = sum(max(0, n - 1) for row in played for n in row)
    tabu: dict[tuple[int, int, int], int] = {}
    for step in range(steps):
        if not faults or (step % LOOK_EVERY == 0 and (time.monotonic() > deadline or stop())):
            break
        at_fault = [(r, k) for r, k in real if _at_fault(schedule, played, r, k)]
        if len(at_fault) > RELAY_TABLES:
            at_fault = rng.sample(at_fault, RELAY_TABLES)
        noise = rng.random() < RELAY_NOISE
        found = _any_relay(schedule, played, rng.choice(at_fault), sets, rng) if noise else None
        found = found or _best_relay(schedule, played, at_fault, tabu, step, sets, rng)
        if found is None:
            break
        delta, r, k, new = found
        old = schedule.sets[r][k]
        tabu[(r, k, old)] = step + rng.randrange(10) + int(0.6 * len(at_fault))
        _relay(schedule, played, r, k, new)
        faults += delta
    return faults


def _real_tables(schedule: Schedule) -> list[tuple[int, int]]:
    """Every (round, table) where two real pairs play."""
    return [
        (r, k)
        for r, row in enumerate(schedule.slots)
        for k in range(len(row) // 2)
        if max(row[2 * k], row[2 * k + 1]) <= schedule.pairs
    ]


def _at_fault(schedule: Schedule, played: list[list[int]], r: int, k: int) -> bool:
    st = schedule.sets[r][k]
    return any(played[p][st] > 1 for p in schedule.slots[r][2 * k : 2 * k + 2])


def _moved(played: list[list[int]], pairs: list[int], old: int, new: int) -> int:
    """The faults gained when these pairs play set ``new`` instead of ``old``."""
    return sum((played[p][new] >= 1) - (played[p][old] >= 2) for p in pairs)


def _best_relay(
    schedule: Schedule,
    played: list[list[int]],
    at_fault: list[tuple[int, int]],
    tabu: dict[tuple[int, int, int], int],
    step: int,
    sets: int,
    rng: random.Random,
) -> tuple[int, int, int, int] | None:
    """The best change of a table at fault (fewest faults after it; at random among equals), not tabu:
    (faults gained, round, table, its new set)."""
    best: tuple[int, float, int, int, int] | None = None
    for r, k in at_fault:
        row, row_sets, old = schedule.slots[r], schedule.sets[r], schedule.sets[r][k]
        holder = {st: j for j, st in enumerate(row_sets)}
        for new in range(sets):
            if new == old or tabu.get((r, k, new), -1) >= step:
                continue
            delta = _moved(played, row[2 * k : 2 * k + 2], old, new)
            j = holder.get(new)
            if j is not None and max(row[2 * j], row[2 * j + 1]) <= schedule.pairs:
                delta += _moved(played, row[2 * j : 2 * j + 2], new, old)
            choice = (delta, rng.random(), r, k, new)
            best = choice if best is None or choice < best else best
    return None if best is None else (best[0], best[2], best[3], best[4])


def _any_relay(
    schedule: Schedule, played: list[list[int]], at: tuple[int, int], sets: int, rng: random.Random
) -> tuple[int, int, int, int] | None:
    """A change of a table at fault at random, whatever it gains (the walk that frees the tabu search
    from where every change looks worse): (faults gained, round, table, its new set)."""
    r, k = at
    row, old, new = schedule.slots[r], schedule.sets[r][k], rng.randrange(sets)
    if new == old:
        return None
    delta = _moved(played, row[2 * k : 2 * k + 2], old, new)
    j = schedule.sets[r].index(new) if new in schedule.sets[r] else None
    if j is not None and max(row[2 * j], row[2 * j + 1]) <= schedule.pairs:
        delta += _moved(played, row[2 * j : 2 * j + 2], new, old)
    return delta, r, k, new


def _relay(schedule: Schedule, played: list[list[int]], r: int, k: int, new: int) -> None:
    """Give table k of round r set ``new``; the table of the round that had it takes the old one."""
    row, row_sets = schedule.slots[r], schedule.sets[r]
    old = row_sets[k]
    j = row_sets.index(new) if new in row_sets else None
    for table, was, now in ((k, old, new), *(((j, new, old),) if j is not None else ())):
        if max(row[2 * table], row[2 * table + 1]) <= schedule.pairs:
            for p in row[2 * table : 2 * table + 2]:
                played[p][was] -= 1
                played[p][now] += 1
        row_sets[table] = now
