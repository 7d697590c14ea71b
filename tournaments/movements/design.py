"""Movements designed to order, and the arrow switch that makes a Mitchell one field.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900; ``balance`` for the
measure of fairness):

- **arrow switch**: in a switched round every table's pairs change
  directions, the N-S pair playing E-W; a Mitchell (p. 31) then compares
  every pair with every other, so it has one winner, not two.
- **set**: the deals a table plays in a round (the book's trays of one
  round); a movement here plays ``deals a round`` deals in each set.
- **Howell-like movement**: every pair moves, meets others across the
  table, and never plays a set twice (the Howell System, pp. 34-36).
- **starter** (cyclic construction): the first round of a movement whose
  later rounds add 1 to every pair's number modulo the number of rounds
  (pair ``∞``, numbered last, never moves: the book's stationary pair).
- **whist tournament** (individual movements, pp. 47-49): every player
  partners every other once and opposes every other twice.

The designer searches, for the time it is given: cyclic starters first, then
a local search that swaps two pairs (or players) in a round, or the sets of
two tables, keeping whatever lowers the sum of squared amounts of
competition (the partners' and opponents' spread for individuals). It keeps
the best movement found and reports its progress to a callback.

Nothing here imports Django.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from .balance import Balance, balance
from .types import Movement, MovementUserError, Round, Seat, TableAssignment

#: The family name of every designed movement (no system of the book).
DESIGNED = "designed"

#: The sizes a club plays: tables of pairs, players of an individual movement.
MAX_PAIR_TABLES = 15
MAX_PLAYERS = 32
MAX_SECONDS = 600

#: The seats of a starter's table, in the order it lists them: N and S partners, E and W partners.
NSEW: tuple[Seat, Seat, Seat, Seat] = ("N", "S", "E", "W")

#: Sizes for which no balanced whist tournament exists (Anderson, *Combinatorial Designs and Tournaments*).
NO_BALANCED_WHIST = (12, 21, 33)

#: What one set played twice by a pair weighs in the search against a unit of squared competition.
FAULT = 40

Progress = Callable[[float, float], bool | None]
"""Called now and then with (the fraction of the time used, the Qf of the best movement found so far);
answering True stops the search, which then gives the best found."""


def arrow_switch(m: Movement, rounds: Sequence[int]) -> Movement:
    """The movement with every table of the chosen rounds switched (N-S plays E-W)."""
    chosen = set(rounds)
    unknown = chosen - {r.number for r in m.rounds}
    if unknown:
        raise MovementUserError(f"the movement has no round {min(unknown)} to switch")
    out = []
    for rnd in m.rounds:
        if rnd.number in chosen:
            tables = tuple(replace(t, ns=t.ew, ew=t.ns) for t in rnd.tables)
            rnd = replace(rnd, tables=tables)
        out.append(rnd)
    named = ", ".join(map(str, sorted(chosen)))
    note = f"Arrow switch in round{'s' if len(chosen) > 1 else ''} {named}: N-S play E-W"
    return replace(m, rounds=tuple(out), notes=(*m.notes, note) if chosen else m.notes)


@dataclass(frozen=True)
class Switch:
    """A choice of rounds to switch and the balance it gives."""

    rounds: tuple[int, ...]
    balance: Balance


def switches(m: Movement, most: int = 2) -> list[Switch]:
    """No switch, each round switched, and each two rounds switched, best balance first."""
    numbers = [r.number for r in m.rounds]
    choices: list[tuple[int, ...]] = [()]
    for k in range(1, min(most, len(numbers)) + 1):
        choices += list(combinations(numbers, k))
    found = [Switch(c, balance(arrow_switch(m, c))) for c in choices]
    return sorted(found, key=lambda s: (s.balance.summary.ss, len(s.rounds), s.rounds))


def best_switch(m: Movement) -> Switch:
    """The switch that balances the movement best (fewest rounds switched among equals)."""
    return switches(m)[0]


# --- pairs ---------------------------------------------------------------------------------------


@dataclass
class _PairState:
    """A pair movement being searched: per round, the pairs in each slot and each table's set."""

    pairs: int  # real pairs; a phantom (pairs + 1) makes the number even and marks a sit-out
    slots: list[list[int]]  # per round: [ns1, ew1, ns2, ew2, ...]
    sets: list[list[int]]  # per round: each table's set


def _pair_cost(state: _PairState, sets: int) -> tuple[int, int]:
    """(faults, SS): faults are a set played twice by one pair; SS the squared amounts of competition."""
    return _cost_of(state.pairs, state.slots, state.sets, sets)


def _cost_of(pairs: int, slots: list[list[int]], table_sets: list[list[int]], sets: int) -> tuple[int, int]:
    plays: list[list[tuple[int, int, int]]] = [[] for _ in range(sets)]
    faults = 0
    seen: set[tuple[int, int]] = set()
    for r, (row, row_sets) in enumerate(zip(slots, table_sets, strict=True)):
        for table, s in enumerate(row_sets):
            ns, ew = row[2 * table], row[2 * table + 1]
            if ns > pairs or ew > pairs:
                continue  # the phantom's table: a sit-out, nothing played
            for p, way in ((ns, 0), (ew, 1)):
                if (p, s) in seen:
                    faults += 1
                seen.add((p, s))
                plays[s].append((p, way, r * 64 + table))
    amounts = [0] * ((pairs + 1) * (pairs + 1))
    for deal in plays:
        times = len({w for _, _, w in deal})
        for (a, wa, ta), (b, wb, tb) in combinations(deal, 2):
            key = a * (pairs + 1) + b if a < b else b * (pairs + 1) + a
            amounts[key] += (times - 1 if wa != wb else 0) if ta == tb else (1 if wa == wb else -1)
    ss = sum(amounts[a * (pairs + 1) + b] ** 2 for a, b in combinations(range(1, pairs + 1), 2))
    return faults, ss


def _cyclic_start(n: int, rng: random.Random) -> tuple[list[list[int]], list[list[int]]]:
    """A complete Howell of n pairs (n even) in n−1 rounds from a random starter, sets cyclic too.

    Pairs 1..n−1 are the residues mod n−1 (pair n−1 is residue 0), pair n stationary; the starter's
    pairs have every difference once, and each table's set is chosen so that every pair plays every
    set once (distinct set offsets)."""
    m = n - 1
    best: tuple[list[list[int]], list[list[int]]] | None = None
    for _ in range(2000):
        rest = list(range(1, m))
        rng.shuffle(rest)
        pairs_: list[tuple[int, int]] = [(0, -1)]  # residue 0 against the stationary pair
        diffs: set[int] = set()
        ok = True
        while rest:
            a = rest.pop()
            for i, b in enumerate(rest):
                d = min((a - b) % m, (b - a) % m)
                if d not in diffs:
                    diffs.add(d)
                    pairs_.append((a, b))
                    rest.pop(i)
                    break
            else:
                ok = False
                break
        if not ok:
            continue
        offsets = _set_offsets(pairs_, m, rng)
        if offsets is None:
            continue
        slots, table_sets = [], []
        for r in range(m):
            row, row_sets = [], []
            for (a, b), c in zip(pairs_, offsets, strict=True):
                pa = n if a == -1 else (a + r) % m or m
                pb = n if b == -1 else (b + r) % m or m
                if rng.random() < 0.5:
                    pa, pb = pb, pa
                row += [pa, pb]
                row_sets.append((c + r) % m)
            slots.append(row)
            table_sets.append(row_sets)
        best = (slots, table_sets)
        break
    if best is None:
        raise MovementUserError(f"no cyclic Howell found for {n} pairs")
    return best


def _set_offsets(groups: Sequence[Sequence[int]], m: int, rng: random.Random) -> list[int] | None:
    """Each table's set offset c so that c − x, over every table and every residue x seated there
    (−1, the stationary entrant, aside), are all different mod m, and the offsets too: developed, nobody
    plays a set twice and no set is at two tables in one round. A depth-first search in random order,
    given up (None) after a few thousand steps."""
    moving = [[x for x in g if x != -1] for g in groups]
    offsets: list[int] = []
    used: set[int] = set()
    budget = [5000]

    def place(k: int) -> bool:
        if k == len(moving):
            return True
        choices = list(range(m))
        rng.shuffle(choices)
        for c in choices:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            keys = {(c - x) % m for x in moving[k]}
            if c in offsets or len(keys) < len(moving[k]) or keys & used:
                continue
            offsets.append(c)
            used.update(keys)
            if place(k + 1):
                return True
            offsets.pop()
            used.difference_update(keys)
        return False

    return offsets if place(0) else None


def _random_start(pairs: int, rounds: int, tables: int, sets: int, rng: random.Random) -> _PairState:
    n = 2 * tables
    slots, table_sets = [], []
    for _ in range(rounds):
        row = list(range(1, n + 1))
        rng.shuffle(row)
        slots.append(row)
        table_sets.append(rng.sample(range(sets), tables))
    return _PairState(pairs, slots, table_sets)


def design_pairs(
    pairs: int,
    rounds: int,
    deals_per_round: int = 1,
    seconds: float = 30.0,
    progress: Progress | None = None,
    seed: int = 1,
) -> Movement:
    """A movement of pairs, found by search within ``seconds``: every pair moves, no set played twice."""
    _check_pairs(pairs, rounds, deals_per_round, seconds)
    rng = random.Random(seed)
    tables = (pairs + 1) // 2
    n = 2 * tables
    sets = max(rounds, tables)
    # No cyclic Howell of 4 or 6 pairs develops its sets too (the offsets cannot all differ): searched.
    if rounds != n - 1 or n < 8:
        state = _random_start(pairs, rounds, tables, sets, rng)
        _, best = _search(state, sets, seconds, rng, progress, heat=10.0)
        return _pair_movement(best, pairs, rounds, tables, deals_per_round, sets)
    best = _complete_howell(pairs, n, sets, seconds, rng, progress)
    return _pair_movement(best, pairs, rounds, tables, deals_per_round, sets)


def _complete_howell(
    pairs: int, n: int, sets: int, seconds: float, rng: random.Random, progress: Progress | None
) -> _PairState:
    """A complete Howell: cyclic starters, each improved for a while; the best kept."""
    start, found, stopped = time.monotonic(), None, False
    tries = 6

    def told(_used: float, qf: float) -> bool:
        """The search of one starter reports the whole search's time and the best Qf of every try."""
        nonlocal stopped
        best = max(qf, _qf(floor, found[0])) if found else qf
        stopped = bool(progress and progress(min(1.0, (time.monotonic() - start) / seconds), best))
        return stopped

    for k in range(tries):
        left = seconds - (time.monotonic() - start)
        if left <= 0 or stopped:
            break
        slots, table_sets = _cyclic_start(n, rng)
        floor = _ss_floor(_PairState(pairs, slots, table_sets), sets)
        cost, state = _search(
            _PairState(pairs, slots, table_sets), sets, left / (tries - k), rng, told, heat=2.0
        )
        if found is None or cost < found[0]:
            found = (cost, state)
        told(0, _qf(floor, cost))
    assert found is not None
    return found[1]


def _qf(floor: int, cost: tuple[int, int]) -> float:
    """The Qf of a searched state: 100 × SS_min / SS."""
    ss = cost[1]
    return 100.0 * floor / ss if ss else 100.0


def _check_pairs(pairs: int, rounds: int, deals: int, seconds: float) -> None:
    if not 4 <= pairs <= 2 * MAX_PAIR_TABLES:
        raise MovementUserError(
            f"the designer seats 4 to {2 * MAX_PAIR_TABLES} pairs (up to {MAX_PAIR_TABLES} tables)"
        )
    if not 2 <= rounds <= 2 * MAX_PAIR_TABLES:
        raise MovementUserError(f"choose 2 to {2 * MAX_PAIR_TABLES} rounds")
    if not 1 <= deals <= 8:
        raise MovementUserError("choose 1 to 8 deals a round")
    if not 0 < seconds <= MAX_SECONDS:
        raise MovementUserError(f"give the search 1 to {MAX_SECONDS} seconds")


def _search(
    state: _PairState, sets: int, seconds: float, rng: random.Random, progress: Progress | None, heat: float
) -> tuple[tuple[int, int], _PairState]:
    """Simulated annealing on SS, a set played twice by a pair weighing more as the time runs out.
    Returns the best state with the fewest faults, and its (faults, SS)."""
    start = time.monotonic()
    cost = _pair_cost(state, sets)
    best = (cost, [r[:] for r in state.slots], [r[:] for r in state.sets])
    floor = _ss_floor(state, sets)
    temperature, weight, steps = heat, float(FAULT), 0
    while best[0] != (0, floor):
        steps += 1
        if steps % 100 == 0:
            used = (time.monotonic() - start) / seconds
            if used >= 1:
                break
            temperature, weight = max(0.05, heat * (1 - used) ** 2), FAULT * (1 + 20 * used)
            if progress and steps % 1000 == 0 and progress(used, _qf(floor, best[0])):
                break
        undo = _move(state, sets, rng, aim=bool(cost[0]))
        if undo is None:
            continue
        new = _pair_cost(state, sets)
        delta = (new[0] - cost[0]) * weight + (new[1] - cost[1])
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost = new
            if cost < best[0]:
                best = (cost, [x[:] for x in state.slots], [x[:] for x in state.sets])
        else:
            undo()
    return best[0], _PairState(state.pairs, best[1], best[2])


def _move(state: _PairState, sets: int, rng: random.Random, aim: bool) -> Callable[[], None] | None:
    """Change the state a little, and return how to undo it: swap two slots of a round (two pairs, or a
    table's directions), two tables' sets, or give a table a set unused in its round. ``aim``: now and
    then move the set of a table where some pair plays a set again."""
    r, table = rng.randrange(len(state.slots)), None
    kind = rng.random()
    if aim and kind < 0.3:
        r, table = _a_fault(state, rng)
        kind = 0.6 + 0.4 * rng.random()
    row, row_sets = state.slots[r], state.sets[r]
    if kind < 0.6:
        i, j = rng.sample(range(len(row)), 2)
        return _swap(row, i, j)
    if kind < 0.8 or len(row_sets) >= sets:
        if len(row_sets) < 2:
            return None
        i = table if table is not None else rng.randrange(len(row_sets))
        return _swap(row_sets, i, rng.choice([x for x in range(len(row_sets)) if x != i]))
    i = table if table is not None else rng.randrange(len(row_sets))
    old = row_sets[i]
    row_sets[i] = rng.choice([x for x in range(sets) if x not in row_sets])
    return lambda: row_sets.__setitem__(i, old)


def _swap(values: list[int], i: int, j: int) -> Callable[[], None]:
    """Swap two places; the swap again undoes it."""
    values[i], values[j] = values[j], values[i]

    def undo() -> None:
        values[i], values[j] = values[j], values[i]

    return undo


def _a_fault(state: _PairState, rng: random.Random) -> tuple[int, int]:
    """A round and table where some pair plays a set it plays elsewhere too."""
    where: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r, (row, row_sets) in enumerate(zip(state.slots, state.sets, strict=True)):
        for k, s in enumerate(row_sets):
            for p in row[2 * k : 2 * k + 2]:
                if p <= state.pairs:
                    where.setdefault((p, s), []).append((r, k))
    faulty = [w for w in where.values() if len(w) > 1]
    return rng.choice(rng.choice(faulty))


def _ss_floor(state: _PairState, sets: int) -> int:
    """SS_min for the movement's total: the search stops when it is reached (a balanced movement)."""
    rounds = len(state.slots)
    tables = sum(
        1 for k in range(len(state.sets[0])) if max(state.slots[0][2 * k : 2 * k + 2]) <= state.pairs
    )
    plays_per_set = rounds * tables / sets
    total = round(rounds * tables * (plays_per_set - 1))
    count = state.pairs * (state.pairs - 1) // 2
    q, rem = divmod(total, count)
    return (count - rem) * q * q + rem * (q + 1) * (q + 1)


def _pair_movement(
    state: _PairState, pairs: int, rounds: int, tables: int, deals: int, sets: int
) -> Movement:
    """The searched state as a movement: sets renumbered in order of first play, trays from 1."""
    order: dict[int, int] = {}
    for row in state.sets:
        for s in row:
            order.setdefault(s, len(order))
    out = []
    for r in range(rounds):
        row, row_sets = state.slots[r], state.sets[r]
        assigned: list[TableAssignment] = []
        sitout: list[int] = []
        for k in range(tables):
            ns, ew = row[2 * k], row[2 * k + 1]
            if ns > pairs or ew > pairs:
                sitout += [p for p in (ns, ew) if p <= pairs]
                continue
            first = order[row_sets[k]] * deals + 1
            trays = tuple(range(first, first + deals))
            assigned.append(TableAssignment(table=len(assigned) + 1, trays=trays, ns=ns, ew=ew))
        out.append(Round(number=r + 1, tables=tuple(assigned), sitout=tuple(sitout)))
    real_tables = max(len(r.tables) for r in out)
    out = _tables_numbered(out, real_tables)
    return _said(
        Movement(
            family=DESIGNED,
            entrants=pairs,
            tables=real_tables,
            trays=len(order) * deals,
            rounds=tuple(out),
            source="Designed by search for its size (no system of the book)",
        )
    )


def _tables_numbered(rounds: list[Round], count: int) -> list[Round]:
    """Each round's tables numbered 1..count so that no table plays a set twice: a traveling slip keeps
    one line a table (p. 42). Every pair moves, so a table's number is only a place. The numbers colour
    the edges (round, set) of a bipartite graph, each round's and each set's edges in different colours:
    König's theorem finds such a colouring in ``count`` colours whenever no set is played more than
    ``count`` times (alternating paths, recoloured)."""
    at_round: dict[int, dict[int, int]] = {r.number: {} for r in rounds}  # round -> colour -> set
    at_set: dict[int, dict[int, int]] = {}  # set -> colour -> round
    for rnd in rounds:
        for t in rnd.tables:
            _colour(rnd.number, t.trays[0], at_round, at_set, count)
    out = []
    for rnd in rounds:
        number = {st: c for c, st in at_round[rnd.number].items()}
        tables = sorted((replace(t, table=number[t.trays[0]]) for t in rnd.tables), key=lambda t: t.table)
        out.append(replace(rnd, tables=tuple(tables)))
    return out


def _colour(
    r: int, st: int, at_round: dict[int, dict[int, int]], at_set: dict[int, dict[int, int]], count: int
) -> None:
    """Give the edge (round r, set st) a colour free at both ends, swapping an alternating path if need be."""
    used = at_set.setdefault(st, {})
    a = next(c for c in range(1, count + 1) if c not in at_round[r])
    b = next((c for c in range(1, count + 1) if c not in used), None)
    if a in used and b is not None:
        # The path from st in colours a, b, a, ... never reaches r (a is free there): swap a and b on it.
        path: list[tuple[int, int, int]] = []
        here, colour, on_set = st, a, True
        while True:
            there = (at_set if on_set else at_round)[here].get(colour)
            if there is None:
                break
            path.append((there, here, colour) if on_set else (here, there, colour))
            here, on_set, colour = there, not on_set, (b if colour == a else a)
        for rr, ss, c in path:
            del at_round[rr][c], at_set[ss][c]
        for rr, ss, c in path:
            swapped = b if c == a else a
            at_round[rr][swapped], at_set[ss][swapped] = ss, rr
    at_round[r][a], used[a] = st, r


def _said(m: Movement) -> Movement:
    """The designed movement with a plain word on its balance: balanced, or the best found."""
    b = balance(m)
    notes = list(m.notes)
    if m.entrant_kind == "player":
        if b.whist_tournament:
            notes.append("A whist tournament: each player partners each other once and opposes each twice.")
        else:
            notes.append(
                "Each player partners each other once; the oppositions are the best found, not all twice."
            )
        if m.entrants in NO_BALANCED_WHIST:
            notes.append(
                f"No balanced whist tournament exists for {m.entrants} players: this is the best found."
            )
    elif b.summary.balanced:
        notes.append("Balanced: every two pairs are compared as nearly equally as the deals allow (Qf 100).")
    else:
        notes.append(
            f"Not perfectly balanced (Qf {float(b.summary.qf):.2f}, s.d. {b.summary.sd:.2f}): "
            "the best found in the time given."
        )
    return replace(m, notes=tuple(notes))


# --- individuals ---------------------------------------------------------------------------------


#: Sizes the search's shape cannot serve, however long it runs, and why (worked through every starter whose
#: partners cover each difference once: two tables, one deal a round, each deal in one tray).
NO_CYCLIC_PLAYERS = {
    8: (
        "8 players at two tables cannot each play every deal with one deal a round: the two tables' players "
        "would have to be the same four numbers moved on, which seven numbers do not allow. The book's "
        "individual match for 8 players (p. 27) passes the deals between the tables in each arrangement: "
        "choose it on the session's movement page"
    ),
    9: (
        "9 players at two tables (one sitting out each round) cannot partner each once, each playing every "
        "deal once, with one deal a round: no such arrangement exists (every one was tried). Seat 8 players "
        "by the book's individual match (p. 27), or 12 by its three tables (p. 30)"
    ),
}


def design_players(
    players: int, seconds: float = 30.0, progress: Progress | None = None, seed: int = 1
) -> Movement:
    """An individual movement for ``players`` (a multiple of 4, or one more), one deal a round.

    A whist tournament from a cyclic starter when one is found in the time; otherwise the rounds of the
    best starter found (each partners each once wherever the starter allows)."""
    if not 8 <= players <= MAX_PLAYERS or players % 4 not in (0, 1):
        raise MovementUserError(
            f"an individual movement seats 8 to {MAX_PLAYERS} players, a multiple of four or one more"
        )
    if players in NO_CYCLIC_PLAYERS:
        raise MovementUserError(NO_CYCLIC_PLAYERS[players])
    rng = random.Random(seed)
    m = players - 1 if players % 4 == 0 else players  # residues; the last player stationary when even
    start = time.monotonic()
    best: tuple[int, list[tuple[int, int, int, int]], list[int]] | None = None
    tries, qf = 0, 0.0
    while (best is None or best[0]) and time.monotonic() - start < seconds:
        tries += 1
        if progress and tries % 200 == 0 and progress((time.monotonic() - start) / seconds, qf):
            break
        starter = _random_starter(players, m, rng)
        score = _starter_faults(starter, m)
        if best is not None and score >= best[0]:
            continue
        offsets = _set_offsets(starter, m, rng)
        if offsets is not None:
            best = (score, starter, offsets)
            if progress:
                qf = float(balance(_individual_movement(starter, offsets, players, m)).summary.qf)
    if best is None:
        raise MovementUserError(
            f"no individual movement for {players} players was found in {seconds:g} seconds "
            "(none where each partners each once and no deal is played twice); give the search longer"
        )
    return _individual_movement(best[1], best[2], players, m)


def _random_starter(players: int, m: int, rng: random.Random) -> list[tuple[int, int, int, int]]:
    """Tables (N, S, E, W) of residues (−1 for the stationary player): partners whose differences cover
    every difference once (so each two players partner exactly once when developed)."""
    while True:
        rest = list(range(m)) if players % 4 == 0 else list(range(1, m))
        partners: list[tuple[int, int]] = []
        if players % 4 == 0:
            rest.remove(0)
            partners.append((-1, 0))
        rng.shuffle(rest)
        diffs: set[int] = set()
        while rest:
            a = rest.pop()
            b = next((b for b in rest if min((a - b) % m, (b - a) % m) not in diffs), None)
            if b is None:
                break
            rest.remove(b)
            diffs.add(min((a - b) % m, (b - a) % m))
            partners.append((a, b))
        if not rest:
            break
    partners = [(a, b) if rng.random() < 0.5 else (b, a) for a, b in partners]
    rng.shuffle(partners)
    return [(*partners[2 * k], *partners[2 * k + 1]) for k in range(len(partners) // 2)]


def _starter_faults(starter: list[tuple[int, int, int, int]], m: int) -> int:
    """How far the developed starter is from opposing every two players twice (0: a whist tournament)."""
    counts = [0] * m
    for n, s, e, w in starter:
        for a in (n, s):
            for b in (e, w):
                if a == -1 or b == -1:
                    continue
                d = (a - b) % m
                counts[d] += 1
                counts[(b - a) % m] += 1
    return sum(abs(c - 2) for c in counts[1:])


def _individual_movement(
    starter: list[tuple[int, int, int, int]], offsets: list[int], players: int, m: int
) -> Movement:
    """Develop the starter over m rounds: add r to every residue; residue 0 is player m (or sits out).
    Each table's deal is developed too, from offsets that never give a player a deal twice."""
    out = []
    for r in range(m):
        tables = []
        for k, seats in enumerate(starter):
            who = [players if x == -1 else ((x + r) % m or m) for x in seats]
            tables.append(
                TableAssignment(
                    table=k + 1, trays=((offsets[k] + r) % m + 1,), seats=dict(zip(NSEW, who, strict=True))
                )
            )
        sitout = () if players % 4 == 0 else (r % m or m,)
        out.append(Round(number=r + 1, tables=tuple(tables), sitout=sitout))
    return _said(
        Movement(
            family=DESIGNED,
            entrants=players,
            tables=len(starter),
            trays=m,
            rounds=tuple(out),
            entrant_kind="player",
            source="Designed by search for its size (no system of the book)",
        )
    )
