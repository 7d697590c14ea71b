"""Progressive Whist: the Third and Fourth Methods, partners retained (Barney, 1900, pp. 24-25).

The First and Second Methods (partners changed, the whist drive) are in
``drive.py``; this family serves them too, as the variants ``first``,
``second`` and ``second-alt``, which seat players.

Terms:

- **progressive whist** (p. 24): not duplicate. Every table cuts and deals
  afresh at each change; nothing is replayed and nobody is compared. The deal
  numbers of these movements only name each hand so that its points can be
  recorded: one deal per table per change, numbered on through the session.
- **move up one table**: to the next lower-numbered table (Table 1 to the
  highest), p. 24. **down**: the other way.
- **change**: one deal at every table, then the pairs move; a round.

``third`` (p. 24): the North-South pairs keep their seats, the East-West
pairs move up one table after each deal. Table t starts with pair 2t-1 N-S
and pair 2t E-W; a full circuit is as many changes as tables.

``fourth`` (p. 25, the default): every pair plays every other. The N-S pair at
Table 1 is the pivot and keeps its seat; the other N-S pairs move up one
table, keeping N-S until they reach Table 1, where they take the E-W seats;
the E-W pairs move down one table, except at the lowest table, where they take
the N-S seats of the same table. With 2n pairs that is 2n - 1 changes. The
original positions are the book's (p. 25, four tables: 8 v 7, 1 v 6, 2 v 5,
3 v 4); "all pairs except the first change in numerical order". The printed
four-table schedule is reproduced exactly, the sixth change's N-S column
being the one the editor supplied from the movement (8, 7, 1, 2).

An odd pair: omit the pivot pair (the highest number) and let each pair sit
out on reaching Table 1 (p. 25); in the third method the pair meeting the
missing highest pair sits out.
"""

from __future__ import annotations

from ._pair_common import checked, resolve_pairs
from .drive import DRIVE_METHODS, drive
from .family import Family
from .types import Movement, MovementUserError, Round, TableAssignment

VARIANTS = (*DRIVE_METHODS, "third", "fourth")
_PAGES = "pp. 24-25"


def _third(tables: int, changes: int) -> list[list[tuple[int, int, int]]]:
    """Third Method: E-W pairs move up one table after each deal (p. 24)."""
    return [
        [(t, 2 * t - 1, 2 * ((t - 1 + r) % tables + 1)) for t in range(1, tables + 1)] for r in range(changes)
    ]


def fourth_method_seats(tables: int) -> list[tuple[int, str]]:
    """The circuit of seats the moving pairs follow: E-W from Table 1 down, N-S back up."""
    ew = [(t, "EW") for t in range(1, tables + 1)]
    ns = [(t, "NS") for t in range(tables, 1, -1)]
    return ew + ns


def _fourth(tables: int, changes: int) -> list[list[tuple[int, int, int]]]:
    """Fourth Method: pivot at Table 1 N-S, the others round the circuit (p. 25)."""
    pivot = 2 * tables
    circuit = fourth_method_seats(tables)
    n = len(circuit)
    schedule = []
    for r in range(changes):
        seat_of: dict[tuple[int, str], int] = {(1, "NS"): pivot}
        for i, seat in enumerate(circuit):
            seat_of[seat] = (n - 1 - i + r) % n + 1
        schedule.append([(t, seat_of[(t, "NS")], seat_of[(t, "EW")]) for t in range(1, tables + 1)])
    return schedule


def _numbered(schedule: list[list[tuple[int, int, int]]], pairs: int) -> tuple[Round, ...]:
    """Rounds with a new deal number at each table in play; a missing pair's opponent sits out."""
    rounds = []
    deal = 0
    for number, rows in enumerate(schedule, start=1):
        tables, sitout = [], []
        for table, ns, ew in rows:
            if max(ns, ew) > pairs:
                sitout.append(min(ns, ew))
                continue
            deal += 1
            tables.append(TableAssignment(table=table, trays=(deal,), ns=ns, ew=ew))
        rounds.append(Round(number=number, tables=tuple(tables), sitout=tuple(sitout)))
    return tuple(rounds)


def progressive(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """Progressive whist: the First and Second Methods' first change, or the Third or Fourth Method."""
    method = variant or "fourth"
    if method in DRIVE_METHODS:
        return drive(players=entrants, tables=tables, deals=deals, method=method)
    pairs, n = resolve_pairs(entrants, tables, system="Progressive Whist", pages=_PAGES)
    if n < 2:
        raise MovementUserError("progressive whist needs at least two tables (p. 24)")
    playing = n if pairs % 2 == 0 else n - 1
    circuit = n if method == "third" else 2 * n - 1
    total = circuit * playing if deals is None else deals
    if total % playing:
        raise MovementUserError(
            f"progressive whist plays one deal at each of the {playing} tables in play at "
            f"every change (p. 24): the deals must be a multiple of {playing}, not {total}"
        )
    make = _third if method == "third" else _fourth
    rounds = _numbered(make(n, total // playing), pairs)
    notes = [
        "not duplicate: every table deals afresh at each change; the deal numbers "
        "only name the hands for scoring (p. 24)"
    ]
    if pairs % 2:
        notes.append(f"odd pair: pair {pairs + 1} is omitted; whoever would meet it sits out (p. 25)")
    return checked(
        Movement(
            family="progressive",
            variant=method,
            entrants=pairs,
            tables=n,
            trays=total,
            rounds=rounds,
            source=f"{_PAGES}: Progressive Whist, the {method.capitalize()} Method",
            notes=tuple(notes),
        )
    )


FAMILY = Family(
    name="progressive",
    title="Progressive Whist",
    pages=_PAGES,
    entrant_kind="pair",
    session_kinds=("pairs",),
    generate=progressive,
    variants=VARIANTS,
    summary="Not duplicate: each table deals afresh. Partners changed (a whist drive): "
    "the First and Second Methods, decided by the results; partners kept: Third Method, "
    "E-W pairs move up; Fourth Method, every pair meets every other.",
    variant_kinds={m: "player" for m in DRIVE_METHODS},
)
