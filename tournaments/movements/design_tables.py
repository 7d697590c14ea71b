"""A designed movement's tables numbered so that no table plays a set twice.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **set**: the deals a table plays in a round (the first tray names it).
- **one line a table**: a traveling slip keeps one line for each table that
  plays its deal (p. 42), so a table may not be given a set it has played.

Every pair of a designed movement moves, so a table's number is only a
place. The numbers colour the edges (round, set) of a bipartite graph, each
round's edges and each set's edges in different colours. König's theorem
(the edges of a bipartite graph take as many colours as the most edges at
one vertex) finds such a colouring in ``count`` colours, the tables of the
fullest round, whenever no set is played more than ``count`` times: an edge
whose free colours at its two ends differ, a at the round and b at the set,
is coloured a once the path from its set in colours a, b, a, ... has its two
colours swapped (the path never reaches the round, where a is free). A set
played more often than there are tables must be played twice at some table:
its plays past the ``count``-th are numbered last, each at a number free in
its round, and never enter a path.

Nothing here imports Django.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from .types import MovementFatalError, Round

#: round -> colour -> set, and set -> colour -> round: the colouring so far.
ByRound = dict[int, dict[int, int]]
BySet = dict[int, dict[int, int]]


def tables_numbered(rounds: list[Round], count: int) -> list[Round]:
    """Each round's tables numbered 1..count so that no table plays a set twice where no set is played
    more than ``count`` times (and as few times as can be where one is)."""
    at_round: ByRound = {r.number: {} for r in rounds}
    at_set: BySet = {}
    plays: Counter[int] = Counter()
    beyond: list[tuple[int, int]] = []
    for rnd in rounds:
        for t in rnd.tables:
            plays[t.trays[0]] += 1
            if plays[t.trays[0]] > count:
                beyond.append((rnd.number, t.trays[0]))
            else:
                _colour(rnd.number, t.trays[0], at_round, at_set, count)
    for r, st in beyond:
        at_round[r][_free(at_round[r], count)] = st
    return [_numbered(rnd, at_round[rnd.number]) for rnd in rounds]


def _numbered(rnd: Round, colours: dict[int, int]) -> Round:
    """The round's tables given their colours as numbers, in order."""
    waiting = list(rnd.tables)
    numbered = []
    for colour, st in sorted(colours.items()):
        table = next(t for t in waiting if t.trays[0] == st)
        waiting.remove(table)
        numbered.append(replace(table, table=colour))
    return replace(rnd, tables=tuple(numbered))


def _free(used: dict[int, int], count: int) -> int:
    """The least colour 1..count not in ``used``."""
    return next(c for c in range(1, count + 1) if c not in used)


def _colour(r: int, st: int, at_round: ByRound, at_set: BySet, count: int) -> None:
    """Give the edge (round r, set st) a colour free at both ends, swapping an alternating path if need
    be. The set has fewer than ``count`` edges coloured (``tables_numbered`` keeps any more apart), so a
    colour b is free at it, as a is at the round."""
    used = at_set.setdefault(st, {})
    a, b = _free(at_round[r], count), _free(used, count)
    if a in used:
        path = _alternating(st, a, b, at_round, at_set)
        for rr, ss, c in path:
            del at_round[rr][c], at_set[ss][c]
        for rr, ss, c in path:
            swapped = b if c == a else a
            at_round[rr][swapped], at_set[ss][swapped] = ss, rr
    at_round[r][a], used[a] = st, r


def _alternating(st: int, a: int, b: int, at_round: ByRound, at_set: BySet) -> list[tuple[int, int, int]]:
    """The path from set st in colours a, b, a, ... as (round, set, colour) edges. In a proper colouring it
    is simple, so no longer than the edges coloured; a longer one is a broken colouring, and a bug."""
    most = sum(len(c) for c in at_set.values())
    path: list[tuple[int, int, int]] = []
    here, colour, on_set = st, a, True
    while True:
        there = (at_set if on_set else at_round)[here].get(colour)
        if there is None:
            return path
        path.append((there, here, colour) if on_set else (here, there, colour))
        if len(path) > most:
            raise MovementFatalError("the tables' numbering met a broken colouring")
        here, on_set, colour = there, not on_set, (b if colour == a else a)
