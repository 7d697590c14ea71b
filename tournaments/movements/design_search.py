"""The search for a movement of pairs: a schedule, the figures the designer judges it by, and its moves.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900; ``balance`` for the
amount of competition and ``fair_play`` for the measures a director reads
beside it):

- **schedule**: per round, the pairs in each table's two places (N-S, then
  E-W) and the set each table plays. An odd number of pairs is made even by a
  **phantom**, numbered last: the pair that meets it sits out "for the time
  being" (p. 38), and its table plays nothing.
- **fault**: a pair playing a set twice; a traveling slip cannot hold it (p. 42).
- **the designer's order**: of two schedules the better has, in turn, fewer
  faults; sit-outs spread more evenly (the sum of the squares of each pair's
  sit-outs, above the least the rounds allow); fewer meetings in consecutive
  rounds (a pair sitting out twice in a row counts as one); meetings spread
  more evenly (the sum over every two pairs of C(times met, 2), above the
  least); and last the higher Qf.
- **Kempe swap** (of two rounds): the meetings of two rounds form cycles (a
  meets b in one round, b meets c in the other, ...); exchanging one cycle's
  meetings between the two rounds keeps every pair's meetings and sit-outs and
  changes only when they happen.

The figures change round by round as the moves change the schedule
(``Search.change``); the start is ``design_starts``'s, the annealing that
judges the moves ``design_anneal``'s.

Nothing here imports Django.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .balance import least_repeats, least_squares

#: What a unit of unfairness (sit-outs, consecutive or repeated meetings) weighs in the annealing's cost:
#: more than the squared competition any one move changes, so that the search never trades fairness for Qf.
FAIR = 200

Rows = dict[int, tuple[list[int], list[int]]]
Undo = Callable[[], object]
#: The designer's order: faults, sit-outs, consecutive meetings, repeated meetings (each above its
#: least), then SS_min and SS (the Qf is SS_min / SS).
Fairness = tuple[int, int, int, int]


@dataclass
class Schedule:
    """A movement of pairs being searched: per round, the pairs in each place and each table's set."""

    pairs: int  # real pairs; a phantom (pairs + 1) makes the number even and marks a sit-out
    slots: list[list[int]]  # per round: [ns1, ew1, ns2, ew2, ...]
    sets: list[list[int]]  # per round: each table's set

    def copy(self) -> Schedule:
        """A copy to keep while the search goes on changing this one."""
        return Schedule(self.pairs, [r[:] for r in self.slots], [r[:] for r in self.sets])


class Search:
    """A schedule with the figures of the designer's order kept up to date as its rounds change.

    The amounts of competition change table by table: a table of t playing a set gives its two pairs
    t − 1 and every other table's +1 (same way) and −1 (opposite ways) with its own; a table leaving or
    joining the set changes the t − 1 of the others by one."""

    def __init__(self, schedule: Schedule, sets: int) -> None:
        self.s, self.set_count, self.real = schedule, sets, schedule.pairs
        rounds, n = len(schedule.slots), len(schedule.slots[0])
        self.width = n + 1
        self.amounts = [0] * (self.width * self.width)
        self.where: list[set[tuple[int, int]]] = [set() for _ in range(sets)]
        self.played = [0] * (self.width * sets)
        self.met = [0] * (self.width * self.width)
        self.edges: list[set[int]] = [set() for _ in range(rounds)]
        self.faults = self.sitouts = self.repeats = self.consecutive = self.ss = self.total = 0
        sitting = rounds if n > self.real else 0
        self.sit_floor = least_squares(sitting, self.real) if sitting else 0
        meetings = rounds * (n // 2) - sitting
        self.meet_floor = least_repeats(meetings, self.real * (self.real - 1) // 2)
        for r in range(rounds):
            for k in range(n // 2):
                self._table(r, k, 1)
        self.consecutive = sum(self._adjacent(i) for i in range(rounds - 1))

    def fairness(self) -> Fairness:
        """Faults, then each measure of unfairness above the least the size allows (0 is fair)."""
        return (
            self.faults,
            self.sitouts - self.sit_floor,
            self.consecutive,
            self.repeats - self.meet_floor,
        )

    def ss_min(self) -> int:
        """SS_min: the least sum of squares for the total amount of competition."""
        return least_squares(self.total, self.real * (self.real - 1) // 2)

    def cost(self, fault: float) -> float:
        """The annealing's one cost: faults at ``fault`` each, unfairness at ``FAIR``, then SS."""
        unfair = self.sitouts + self.consecutive + self.repeats
        return self.faults * fault + FAIR * unfair + self.ss

    def change(self, rows: Rows) -> Undo:
        """Put these rounds' slots and sets in place, the figures with them; returns how to undo it."""
        old: Rows = {r: (self.s.slots[r], self.s.sets[r]) for r in rows}
        self._put(rows)
        return lambda: self._put(old)

    def swap_rounds(self, r1: int, r2: int) -> Undo:
        """Play round r1's tables in round r2 and r2's in r1: only the consecutive meetings change."""
        links = self._links((r1, r2))
        self.consecutive -= sum(self._adjacent(i) for i in links)
        for r in (r1, r2):
            self._where(r, remove=True)
        s = self.s
        s.slots[r1], s.slots[r2] = s.slots[r2], s.slots[r1]
        s.sets[r1], s.sets[r2] = s.sets[r2], s.sets[r1]
        self.edges[r1], self.edges[r2] = self.edges[r2], self.edges[r1]
        for r in (r1, r2):
            self._where(r, remove=False)
        self.consecutive += sum(self._adjacent(i) for i in links)
        return lambda: self.swap_rounds(r1, r2)

    def _put(self, rows: Rows) -> None:
        links = self._links(rows)
        self.consecutive -= sum(self._adjacent(i) for i in links)
        changed = {r: self._changed(r, *rows[r]) for r in rows}
        for r, tables in changed.items():
            for k in tables:
                self._table(r, k, -1)
        for r, (slots, sets) in rows.items():
            self.s.slots[r], self.s.sets[r] = slots, sets
        for r, tables in changed.items():
            for k in tables:
                self._table(r, k, 1)
        self.consecutive += sum(self._adjacent(i) for i in links)

    def _links(self, rounds: Iterable[int]) -> list[int]:
        """The consecutive rounds (i, i + 1), named by i, that these rounds take part in."""
        last = len(self.edges) - 1
        return sorted({i for r in rounds for i in (r - 1, r) if 0 <= i < last})

    def _adjacent(self, i: int) -> int:
        return len(self.edges[i] & self.edges[i + 1])

    def _changed(self, r: int, slots: list[int], sets: list[int]) -> list[int]:
        """The tables of round r whose pairs, directions or set differ in ``slots`` and ``sets``."""
        old_slots, old_sets = self.s.slots[r], self.s.sets[r]
        return [
            k
            for k in range(len(sets))
            if old_sets[k] != sets[k] or old_slots[2 * k : 2 * k + 2] != slots[2 * k : 2 * k + 2]
        ]

    def _where(self, r: int, remove: bool) -> None:
        """Round r's real tables out of (or into) the index of where each set is played."""
        row = self.s.slots[r]
        for k, st in enumerate(self.s.sets[r]):
            if max(row[2 * k], row[2 * k + 1]) <= self.real:
                (self.where[st].discard if remove else self.where[st].add)((r, k))

    def _table(self, r: int, k: int, sign: int) -> None:
        """Count table k of round r in (sign 1) or out (sign −1): its meeting (or sit-out), the sets its
        pairs play, and the amounts of competition with every other table of its set."""
        row, width, st = self.s.slots[r], self.width, self.s.sets[r][k]
        a, b = row[2 * k], row[2 * k + 1]
        key = a * width + b if a < b else b * width + a
        before = self.met[key]
        self.met[key] = before + sign
        (self.edges[r].add if sign > 0 else self.edges[r].discard)(key)
        if max(a, b) > self.real:  # the phantom's table: the other sits out
            self.sitouts += 2 * before + 1 if sign > 0 else 1 - 2 * before
            return
        self.repeats += before if sign > 0 else 1 - before
        for p in (a, b):
            i = p * self.set_count + st
            count = self.played[i]
            self.played[i] = count + sign
            self.faults += (count >= 1) if sign > 0 else -(count >= 2)
        here = self.where[st]
        if sign < 0:
            here.discard((r, k))
        self._competition(a, b, [self.s.slots[x][2 * y : 2 * y + 2] for x, y in here], sign)
        if sign > 0:
            here.add((r, k))

    def _competition(self, a: int, b: int, others: list[list[int]], sign: int) -> None:
        """The amounts of competition a table of pairs a (N-S) and b (E-W) brings to its set (sign 1) or
        takes away (sign −1), where ``others`` are the set's other tables."""
        width, amounts = self.width, self.amounts
        changes = [(a, b, sign * len(others))]
        for c, d in others:
            changes += ((a, c, sign), (b, d, sign), (a, d, -sign), (b, c, -sign), (c, d, sign))
        ss = total = 0
        for x, y, v in changes:
            if x != y and v:
                key = x * width + y if x < y else y * width + x
                old = amounts[key]
                amounts[key] = old + v
                ss += v * (2 * old + v)
                total += v
        self.ss += ss
        self.total += total


# --- moves ----------------------------------------------------------------------------------------


def move(search: Search, rng: random.Random) -> Undo | None:
    """Change the schedule a little, at random, and return how to undo it (None: nothing changed)."""
    rounds = len(search.s.slots)
    kind = rng.random()
    if search.faults and kind < 0.25:
        return _mend(search, rng)
    r = rng.randrange(rounds)
    other = (r + 1 + rng.randrange(rounds - 1)) % rounds if rounds > 1 else r
    if kind < 0.45:
        return _flip(search, r, rng)
    if kind < 0.6:
        return _swap_pairs(search, r, rng)
    if kind < 0.8:
        return _swap_sets(search, r, rng.randrange(len(search.s.sets[r])), rng)
    if other == r:
        return None
    if kind < 0.95:
        return _kempe(search, r, other, rng)
    return search.swap_rounds(r, other)


def _flip(search: Search, r: int, rng: random.Random) -> Undo:
    """A table's two pairs change directions (N-S plays E-W)."""
    row, k = search.s.slots[r][:], rng.randrange(len(search.s.sets[r]))
    row[2 * k], row[2 * k + 1] = row[2 * k + 1], row[2 * k]
    return search.change({r: (row, search.s.sets[r])})


def _swap_pairs(search: Search, r: int, rng: random.Random) -> Undo:
    """Two pairs of a round change places."""
    row = search.s.slots[r][:]
    i, j = rng.sample(range(len(row)), 2)
    row[i], row[j] = row[j], row[i]
    return search.change({r: (row, search.s.sets[r])})


def _swap_sets(search: Search, r: int, k: int, rng: random.Random) -> Undo | None:
    """Table k of round r plays another table's set, or a set no table of the round plays."""
    sets = search.s.sets[r][:]
    unused = [x for x in range(search.set_count) if x not in sets]
    if unused and rng.random() < 0.3:
        sets[k] = rng.choice(unused)
    elif len(sets) > 1:
        j = rng.choice([x for x in range(len(sets)) if x != k])
        sets[k], sets[j] = sets[j], sets[k]
    else:
        return None
    return search.change({r: (search.s.slots[r], sets)})


def _mend(search: Search, rng: random.Random) -> Undo | None:
    """Move the set of a table where some pair plays a set it plays elsewhere too."""
    count, played = search.set_count, search.played
    twice = [i for i, n in enumerate(played) if n > 1]
    pair, st = divmod(rng.choice(twice), count)
    slots = search.s.slots
    at = [(r, k) for r, k in sorted(search.where[st]) if pair in slots[r][2 * k : 2 * k + 2]]
    r, k = rng.choice(at)
    return _swap_sets(search, r, k, rng)


def _kempe(search: Search, r1: int, r2: int, rng: random.Random) -> Undo | None:
    """Exchange the meetings of one cycle of rounds r1 and r2 between them (a Kempe swap)."""
    row1, row2 = search.s.slots[r1], search.s.slots[r2]
    mate1, mate2 = _mates(row1), _mates(row2)
    start = rng.choice(row1)
    if mate1[start] == mate2[start]:
        return None
    first: list[tuple[int, int]] = []
    second: list[tuple[int, int]] = []
    here = start
    while True:
        there = mate1[here]
        first.append((here, there))
        second.append((there, mate2[there]))
        here = mate2[there]
        if here == start:
            break
    new1, new2 = _placed(row1, first, second, rng), _placed(row2, second, first, rng)
    return search.change({r1: (new1, search.s.sets[r1]), r2: (new2, search.s.sets[r2])})


def _mates(row: list[int]) -> dict[int, int]:
    """Whom each pair (and the phantom) meets in a round."""
    out = {}
    for k in range(0, len(row), 2):
        out[row[k]], out[row[k + 1]] = row[k + 1], row[k]
    return out


def _placed(
    row: list[int], gone: list[tuple[int, int]], come: list[tuple[int, int]], rng: random.Random
) -> list[int]:
    """The round with the tables of the meetings ``gone`` given the meetings ``come``, each way at random."""
    table = {p: i // 2 for i, p in enumerate(row)}
    places = [table[a] for a, _ in gone]
    arrivals = come[:]
    rng.shuffle(arrivals)
    out = row[:]
    for k, (a, b) in zip(places, arrivals, strict=True):
        out[2 * k], out[2 * k + 1] = (a, b) if rng.random() < 0.5 else (b, a)
    return out
