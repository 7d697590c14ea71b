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

The designer of pairs searches, for the time it is given, from cyclic
starters (a complete Howell) or round robins with their sets laid by a tabu
search (any other number of rounds: ``design_starts``), annealing
(``design_anneal``) by the moves and the order of ``design_search``:
fairness first (sit-outs and meetings shared out evenly, no two pairs
meeting in consecutive rounds: ``fair_play``), then the least sum of
squared amounts of competition. The designer of players searches starters
for the partners' and opponents' spread. Each keeps the best movement found
and reports its progress to a callback.

Nothing here imports Django.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from whist.figures import rounded

from .balance import Balance, balance
from .design_anneal import Clock, Watch, anneal
from .design_search import Schedule, Search
from .design_starts import RELAY_STEPS, factored_start, relay_sets
from .design_tables import tables_numbered
from .fair_play import fair_play
from .limits import SWITCH_MAX_TABLES
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


def switch_searched(m: Movement) -> bool:
    """Whether the best arrow switch is searched for this movement: up to ``limits.SWITCH_MAX_TABLES``."""
    return m.tables <= SWITCH_MAX_TABLES


def switches(m: Movement, most: int = 2) -> list[Switch]:
    """No switch, each round switched, and each two rounds switched, best balance first.

    Searched for up to ``limits.SWITCH_MAX_TABLES`` tables; a larger movement is refused
    (``MovementUserError``) before any is measured."""
    if not switch_searched(m):
        raise MovementUserError(
            f"the best arrow switch is searched for up to {SWITCH_MAX_TABLES} tables, not {m.tables} "
            "(the search grows with the fifth power of the size): name the rounds to switch"
        )
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

#: Starts searched in turn for a complete Howell (each from its own cyclic starter), and for other sizes.
HOWELL_TRIES, OTHER_TRIES = 6, 2
#: The annealing's first temperature: low from a cyclic Howell, higher from round robins.
HOWELL_HEAT, OTHER_HEAT = 2.0, 6.0


def _starter(m: int, rng: random.Random) -> list[tuple[int, int]] | None:
    """Tables of residues mod m (−1 the stationary pair, at residue 0's table) whose two pairs' differences
    are every difference once, drawn at random; None when the draw runs out of differences."""
    rest = list(range(1, m))
    rng.shuffle(rest)
    games: list[tuple[int, int]] = [(0, -1)]
    diffs: set[int] = set()
    while rest:
        a = rest.pop()
        b = next((b for b in rest if min((a - b) % m, (b - a) % m) not in diffs), None)
        if b is None:
            return None
        rest.remove(b)
        diffs.add(min((a - b) % m, (b - a) % m))
        games.append((a, b))
    return games


def _cyclic_start(n: int, rng: random.Random, pairs: int, deadline: float) -> Schedule | None:
    """A complete Howell of n pairs (n even) in n−1 rounds from a random starter, sets cyclic too, or None
    if none is drawn by the deadline (``time.monotonic``) or in 2,000 draws.

    Pairs 1..n−1 are the residues mod n−1 (pair n−1 is residue 0), pair n stationary; the starter's
    pairs have every difference once, and each table's set is chosen so that every pair plays every
    set once (distinct set offsets)."""
    m = n - 1
    for _ in range(2000):
        if time.monotonic() > deadline:
            return None
        games = _starter(m, rng)
        offsets = _set_offsets(games, m, rng) if games else None
        if games is None or offsets is None:
            continue
        slots, table_sets = [], []
        for r in range(m):
            row = []
            for a, b in games:
                moved = [n if x == -1 else (x + r) % m or m for x in (a, b)]
                row += moved if rng.random() < 0.5 else moved[::-1]
            slots.append(row)
            table_sets.append([(c + r) % m for c in offsets])
        return Schedule(pairs, slots, table_sets)
    return None


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


def design_pairs(
    pairs: int,
    rounds: int,
    deals_per_round: int = 1,
    seconds: float = 30.0,
    progress: Progress | None = None,
    seed: int = 1,
    *,
    steps: int | None = None,
    on_best: Callable[[Movement], object] | None = None,
) -> Movement:
    """A movement of pairs, found by search within ``seconds``: every pair moves, no set played twice,
    sit-outs and meetings shared out evenly, no two pairs meeting in consecutive rounds, then the best Qf.

    ``steps`` (with ``seed``) makes the search give the same movement every time, ``seconds`` permitting;
    ``on_best`` is handed the best movement found so far now and then (``BEST_EVERY``)."""
    _check_pairs(pairs, rounds, deals_per_round, seconds)
    rng = random.Random(seed)
    tables = (pairs + 1) // 2
    n, sets = 2 * tables, max(rounds, tables)
    clock = Clock(seconds, steps)
    watch = Watch(
        clock, progress, on_best, lambda s: _pair_movement(s, pairs, rounds, tables, deals_per_round, sets)
    )
    # No cyclic Howell of 4 or 6 pairs develops its sets too (the offsets cannot all differ): searched.
    howell = rounds == n - 1 and n >= 8
    tries = HOWELL_TRIES if howell else OTHER_TRIES
    for k in range(tries):
        if k and (watch.stopped or watch.perfect or clock.used() >= 1):
            break
        # Counted in steps, the search must not hang on the clock (but for its whole seconds).
        share = clock.start + seconds * ((k + 1) / tries if steps is None else 1)
        start = _cyclic_start(n, rng, pairs, share) if howell else None
        heat = HOWELL_HEAT if start is not None else OTHER_HEAT
        if start is None:
            start = _round_robins(pairs, rounds, sets, rng, watch, (k + 0.5) / tries)
        anneal(Search(start, sets), rng, watch, heat, until=(k + 1) / tries)
    return watch.build(watch.schedule())


def _round_robins(
    pairs: int, rounds: int, sets: int, rng: random.Random, watch: Watch, until: float
) -> Schedule:
    """A start of round robins (``factored_start``), its sets laid again by the tabu search until no pair
    plays one twice, or the clock's share ``until`` is spent (by time alone where steps are counted, so
    that a seed gives the same movement)."""
    start = factored_start(pairs, rounds, (pairs + 1) // 2, sets, rng)
    watch.consider(Search(start, sets))
    clock = watch.clock
    by_time = clock.start + clock.seconds * (1.0 if clock.steps is not None else until)
    relay_sets(start, sets, rng, RELAY_STEPS, by_time, watch.tell)
    return start


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


def _pair_movement(state: Schedule, pairs: int, rounds: int, tables: int, deals: int, sets: int) -> Movement:
    """The searched schedule as a movement: sets renumbered in order of first play, trays from 1."""
    order: dict[int, int] = {}
    for row, row_sets in zip(state.slots, state.sets, strict=True):
        for k, s in enumerate(row_sets):
            if max(row[2 * k], row[2 * k + 1]) <= pairs:
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
    out = tables_numbered(out, real_tables)
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
            f"Not perfectly balanced (Qf {rounded(b.summary.qf, 2)}, s.d. {b.summary.sd:.2f}): "
            "the best found in the time given."
        )
    if m.entrant_kind == "pair" and not fair_play(m).fair:
        notes.append(
            "Not as fair as the designer's rules ask (see its fair play): no movement of this size was found "
            "in the time where they all hold and no pair plays a deal twice, which comes first. This is the "
            "fairest found; a longer search, or the book's movement, may serve better."
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
    players: int,
    seconds: float = 30.0,
    progress: Progress | None = None,
    seed: int = 1,
    *,
    on_best: Callable[[Movement], object] | None = None,
) -> Movement:
    """An individual movement for ``players`` (a multiple of 4, or one more), one deal a round.

    A whist tournament from a cyclic starter when one is found in the time; otherwise the rounds of the
    best starter found (each partners each once wherever the starter allows). ``on_best`` is handed each
    better movement as it is found."""
    _check_players(players)
    rng = random.Random(seed)
    m = players - 1 if players % 4 == 0 else players  # residues; the last player stationary when even
    start = time.monotonic()
    best: tuple[int, Movement] | None = None
    tries, qf = 0, 0.0
    while (best is None or best[0]) and time.monotonic() - start < seconds:
        tries += 1
        if progress and tries % 200 == 0 and progress((time.monotonic() - start) / seconds, qf):
            break
        starter = _random_starter(players, m, rng)
        score = _starter_faults(starter, m)
        offsets = _set_offsets(starter, m, rng) if best is None or score < best[0] else None
        if offsets is not None:
            best = (score, _individual_movement(starter, offsets, players, m))
            qf = float(balance(best[1]).summary.qf)
            if on_best:
                on_best(best[1])
    if best is None:
        raise MovementUserError(
            f"no individual movement for {players} players was found in {seconds:g} seconds "
            "(none where each partners each once and no deal is played twice); give the search longer"
        )
    return best[1]


def _check_players(players: int) -> None:
    if not 8 <= players <= MAX_PLAYERS or players % 4 not in (0, 1):
        raise MovementUserError(
            f"an individual movement seats 8 to {MAX_PLAYERS} players, a multiple of four or one more"
        )
    if players in NO_CYCLIC_PLAYERS:
        raise MovementUserError(NO_CYCLIC_PLAYERS[players])


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
