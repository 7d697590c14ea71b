"""Helpers shared by the pair systems (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 24-48).

Terms:

- **pair**: two players who keep together through the session; pairs are
  numbered 1..n. In the progressive systems (pp. 31-36) table *t* starts with
  pair 2*t* - 1 North-South and pair 2*t* East-West, as in the Mitchell
  diagram (p. 31).
- **set of deals** (p. 41): the deals played together at one table before the
  players move. A schedule is written with set numbers; the *plans* of p. 41
  turn sets into trays when more than one deal is played to a set.
- **odd pair** (pp. 25, 36, 38): with an odd number of pairs the schedule for
  the next even number is used; the missing (highest) pair is absent and
  whoever would have played against it sits out for that round.

Nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .types import Movement, MovementFatalError, MovementUserError, Round, TableAssignment

#: One table of one round, before trays: (table, N-S pair, E-W pair, set number).
SetRow = tuple[int, int, int, int]

#: How sets of more than one deal are laid out (p. 41).
Plan = Literal["plan1", "plan2", "plan3"]


def resolve_pairs(entrants: int | None, tables: int | None, *, system: str, pages: str) -> tuple[int, int]:
    """The number of pairs and of tables asked for (pairs = 2 x tables unless given)."""
    if entrants is None and tables is None:
        raise MovementUserError(f"{system} needs the number of pairs or of tables ({pages})")
    if entrants is None:
        assert tables is not None
        return 2 * tables, tables
    needed = (entrants + 1) // 2
    if tables is not None and tables != needed:
        raise MovementUserError(f"{entrants} pairs sit at {needed} tables, not {tables} ({system}, {pages})")
    return entrants, needed


def blocked_sets(sets: int, per_set: int) -> list[tuple[int, ...]]:
    """Set i holds the deals (i-1)k+1 .. ik: consecutive trays (p. 41, second plan)."""
    return [tuple(range(i * per_set + 1, (i + 1) * per_set + 1)) for i in range(sets)]


def interleaved_sets(sets: int, per_set: int) -> list[tuple[int, ...]]:
    """Set i holds the deals i, i+n, i+2n, ...: the third plan of p. 41 (1, 8, 15, 22)."""
    return [tuple(i + j * sets for j in range(per_set)) for i in range(1, sets + 1)]


def apply_plan(
    schedule: Sequence[Sequence[SetRow]], unit: int, per_set: int, plan: Plan
) -> tuple[list[list[SetRow]], list[tuple[int, ...]]]:
    """Rows and the trays of each set under one of the three plans of p. 41."""
    if plan == "plan1":  # play the schedule through as many times as desired
        rows = [
            [(t, ns, ew, s + j * unit) for t, ns, ew, s in rnd] for j in range(per_set) for rnd in schedule
        ]
        return rows, blocked_sets(unit * per_set, 1)
    sets = blocked_sets(unit, per_set) if plan == "plan2" else interleaved_sets(unit, per_set)
    return [list(rnd) for rnd in schedule], sets


def assemble(
    schedule: Sequence[Sequence[SetRow]], sets: Sequence[tuple[int, ...]], pairs: int
) -> tuple[Round, ...]:
    """Rounds from set rows; a pair above ``pairs`` is absent and its opponent sits out."""
    rounds = []
    for number, rows in enumerate(schedule, start=1):
        tables: list[TableAssignment] = []
        sitout: list[int] = []
        for table, ns, ew, s in rows:
            if ns > pairs or ew > pairs:
                sitout.extend(p for p in (ns, ew) if p <= pairs)
                continue
            tables.append(TableAssignment(table=table, trays=sets[s - 1], ns=ns, ew=ew))
        rounds.append(Round(number=number, tables=tuple(tables), sitout=tuple(sorted(sitout))))
    return tuple(rounds)


def rotate(trays: Sequence[int], start: int) -> tuple[int, ...]:
    """A set of trays begun at a different tray, so tables can share it in one round."""
    k = start % len(trays)
    return tuple(trays[k:]) + tuple(trays[:k])


def share_sets(rounds: Sequence[Round]) -> tuple[Round, ...]:
    """Every table of a round plays the whole set, each starting at a different tray (p. 35)."""
    return tuple(
        Round(
            number=r.number,
            tables=tuple(
                TableAssignment(table=t.table, trays=rotate(t.trays, i), ns=t.ns, ew=t.ew)
                for i, t in enumerate(r.tables)
            ),
            sitout=r.sitout,
        )
        for r in rounds
    )


def odd_pair_note(pairs: int, full: int) -> tuple[str, ...]:
    """The book's note for an odd pair (p. 36), or nothing."""
    if pairs == full:
        return ()
    return (
        f"{pairs} pairs use the {full}-pair schedule; pair {full} is missing and whoever "
        "would play against it sits out that round (pp. 36, 38)",
    )


def checked(movement: Movement) -> Movement:
    """The movement, after checking that nobody and no tray is at two tables at once."""
    for rnd in movement.rounds:
        seen = [p for t in rnd.tables for p in (t.ns, t.ew)] + list(rnd.sitout)
        if len(seen) != len(set(seen)):
            raise MovementFatalError(f"{movement.family}: a pair twice in round {rnd.number}")
        turns = max((len(t.trays) for t in rnd.tables), default=0)
        for turn in range(turns):
            trays = [t.trays[turn] for t in rnd.tables if len(t.trays) > turn]
            if len(trays) != len(set(trays)):
                raise MovementFatalError(f"{movement.family}: a tray at two tables in round {rnd.number}")
    return movement
