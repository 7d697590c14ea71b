"""Helpers shared by the team and individual systems (pp. 27-59).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **seat**: N, E, S or W at a table. In the individual matches and the
  matches for teams of six or eight, players are placed by seat (p. 27).
- **turn**: the position of a tray in a table's list of trays. A table plays
  its trays in the order listed. When the players keep their seats while the
  trays pass between tables (the exchange and replay of p. 27, the club
  system of p. 57), one round may list a tray at two tables, but never at the
  same turn: no tray is at two tables at once.
- **side**: in the matches for fours (pp. 48-52) a team is two pairs, its
  North-South pair and its East-West pair, which play apart. A side (team,
  direction) is what may not be at two tables in one round.

``check`` states the invariants every movement of these modules keeps; a
generator calls it on its result, so that a broken schedule is a
``MovementFatalError`` (a bug), never a wrong seating handed to a club.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from .types import Movement, MovementFatalError, Round, TableAssignment


def seated(table: int, trays: Sequence[int], players: Sequence[int]) -> TableAssignment:
    """A table with its players given in the order N, E, S, W."""
    n, e, s, w = players
    return TableAssignment(table=table, trays=tuple(trays), seats={"N": n, "E": e, "S": s, "W": w})


def occupants(movement: Movement, table: TableAssignment) -> list[object]:
    """Who is at a table: players by seat, pairs, or team sides."""
    if table.seats is not None:
        return list(table.seats.values())
    if movement.entrant_kind == "team":
        return [("ns", table.ns), ("ew", table.ew)]
    return [table.ns, table.ew]


def _round_faults(movement: Movement, rnd: Round) -> Iterator[str]:
    """The faults of one round: someone at two tables, a tray at two tables at once."""
    seen = Counter(x for t in rnd.tables for x in occupants(movement, t))
    for who, count in seen.items():
        if count > 1:
            yield f"round {rnd.number}: {who} at {count} places"
    for turn in range(max((len(t.trays) for t in rnd.tables), default=0)):
        trays = Counter(t.trays[turn] for t in rnd.tables if len(t.trays) > turn)
        for tray, count in trays.items():
            if count > 1:
                yield f"round {rnd.number}: tray {tray} at {count} tables at turn {turn + 1}"
    numbers = [t.table for t in rnd.tables]
    if len(set(numbers)) != len(numbers):
        yield f"round {rnd.number}: a table listed twice"


def faults(movement: Movement) -> list[str]:
    """Every broken invariant of a movement; an empty list if it is sound."""
    out: list[str] = []
    played: Counter[tuple[object, int]] = Counter()
    for rnd in movement.rounds:
        out.extend(_round_faults(movement, rnd))
        for t in rnd.tables:
            for who in occupants(movement, t):
                for tray in t.trays:
                    played[(who, tray)] += 1
                    if not 1 <= tray <= movement.trays:
                        out.append(f"round {rnd.number}: tray {tray} out of range")
    out.extend(f"{who} plays tray {tray} {n} times" for (who, tray), n in played.items() if n > 1)
    return out


def check(movement: Movement) -> Movement:
    """Return the movement if it keeps its invariants; a bug otherwise."""
    found = faults(movement)
    if found:
        raise MovementFatalError(f"{movement.family}: " + "; ".join(found[:5]))
    return movement
