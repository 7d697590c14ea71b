"""The John T. Mitchell System and its eight modifications (Barney, 1900, pp. 31-33).

Terms:

- **set of deals** (p. 31, "the letters the deals, or groups of deals"): the
  deals placed together at one table; the deals are divided equally between
  the tables, so their number is a multiple of the number of tables. Set *a*
  is at Table 1, *b* at Table 2, and so on; set *s* holds the consecutive
  deals (s-1)k+1 .. sk when there are k deals to a set.
- **arrangement**: one round. After the deals at each table have been played,
  the East-West pairs go to the next higher-numbered table (the last to
  Table 1) and the deals to the next lower-numbered table (Table 1 to the last);
  the North-South pairs keep their seats. This is the direction of the
  book's diagram (p. 31).
- **pairs**: Table t starts with pair 2t-1 North-South and pair 2t East-West
  (pairs 1, 3, 5, 7, 9 N-S and 2, 4, 6, 8, 10 E-W at five tables, p. 31).

The plan serves an odd number of tables only (p. 32). For an even number the
book gives eight modifications (pp. 32-33), the variants ``mod1`` ... ``mod8``:

1. half through, the E-W pairs skip one table and finish where they began;
2. half through, the deals move once while the E-W pairs stay;
3. once through by the first, then a new set of deals and through again, the
   E-W pairs starting at the table they skipped (twice as many deals);
4. once through by the second, then a new set of deals, the E-W pairs starting
   at the table after the one where they played twice (twice as many deals);
5. the first, then E-W move one table, a new set, the second;
6. the second, then E-W move one table, a new set, the first;
7. two trays at each table; the E-W pairs move after each tray, the deals
   after both have been played; twice round the room (twice as many deals;
   not for a number of tables divisible by three);
8. one deal at each table, and an extra set divided between two tables
   half the circuit apart, an odd number of trays to each; the E-W pairs go
   twice round; a deal arriving at a table waits until the deals already there
   have been played. As in the book's eight-table example, the extra trays
   go one to the middle table and the rest to the last table.

An odd number of pairs uses the schedule of the next even number: pair 2n is
missing and its opponent sits out (p. 36).
"""

from __future__ import annotations

from collections.abc import Callable

from ._pair_common import blocked_sets, checked, odd_pair_note, resolve_pairs
from .family import Family
from .types import Movement, MovementUserError, Round, TableAssignment

VARIANTS = tuple(f"mod{i}" for i in range(1, 9))

#: One round of a Mitchell plan: (E-W offset, deal moves, layer of deal sets).
Step = tuple[int, int, int]

_PAGES = "pp. 31-33"


def _first(tables: int) -> list[int]:
    """E-W offsets of the first modification: skip one table half way (p. 32)."""
    half = tables // 2
    return [r if r < half else r + 1 for r in range(tables)]


def _second(tables: int) -> list[int]:
    """E-W offsets of the second modification: stay one round half way (p. 32)."""
    half = tables // 2
    return [r if r < half else r - 1 for r in range(tables)]


def _one_pass(offsets: list[int], start: int, layer: int) -> list[Step]:
    """A pass through the tables: E-W offsets as given, deals moving every round."""
    return [(start + e, r, layer) for r, e in enumerate(offsets)]


def _plain(tables: int) -> list[Step]:
    """The plan for an odd number of tables (p. 31)."""
    return [(r, r, 0) for r in range(tables)]


def _mod3(t: int) -> list[Step]:
    """Third: the first plan twice, the second time from the table skipped (p. 32)."""
    return _one_pass(_first(t), 0, 0) + _one_pass(_first(t), t // 2, 1)


def _mod4(t: int) -> list[Step]:
    """Fourth: the second plan twice, the second time from the table after the one played twice (p. 33)."""
    return _one_pass(_second(t), 0, 0) + _one_pass(_second(t), t // 2, 1)


def _mod5(t: int) -> list[Step]:
    """Fifth: the first plan, E-W one table on, a new set by the second plan (p. 33)."""
    return _one_pass(_first(t), 0, 0) + _one_pass(_second(t), 1, 1)


def _mod6(t: int) -> list[Step]:
    """Sixth: the second plan, E-W one table on, a new set by the first plan (p. 33)."""
    return _one_pass(_second(t), 0, 0) + _one_pass(_first(t), t - 1, 1)


def _mod7(t: int) -> list[Step]:
    """Two trays a table, E-W move after each tray, deals after both (p. 33)."""
    return [(r, r // 2, r % 2) for r in range(2 * t)]


_PLANS: dict[str | None, Callable[[int], list[Step]]] = {
    None: _plain,
    "mod1": lambda t: _one_pass(_first(t), 0, 0),
    "mod2": lambda t: _one_pass(_second(t), 0, 0),
    "mod3": _mod3,
    "mod4": _mod4,
    "mod5": _mod5,
    "mod6": _mod6,
    "mod7": _mod7,
}

#: Layers of deal sets (multiples of the number of tables) each plan needs.
_LAYERS = {None: 1, "mod1": 1, "mod2": 1, "mod7": 2}


def _check_size(tables: int, variant: str | None) -> None:
    """Refuse a number of tables the plan or modification cannot serve."""
    if tables < 2:
        raise MovementUserError("the Mitchell System needs at least two tables (p. 31)")
    if variant is None and tables % 2 == 0:
        raise MovementUserError(
            f"the Mitchell System needs an odd number of tables (p. 32); for {tables} "
            "tables choose a modification, mod1 ... mod8 (pp. 32-33)"
        )
    if variant is not None and tables % 2:
        raise MovementUserError(
            f"the modifications of the Mitchell System are for an even number of tables "
            f"(p. 32); {tables} tables play the plain system"
        )
    if variant == "mod7" and tables % 3 == 0:
        raise MovementUserError(
            "the Seventh Modification is not applicable to an even number of tables "
            f"divisible by three (p. 33); {tables} tables can use mod1 ... mod6 or mod8"
        )


def _per_set(tables: int, deals: int | None, layers: int, variant: str | None) -> int:
    """Deals to a set: the deals must be a multiple of the tables (times the layers)."""
    unit = tables * layers
    total = unit if deals is None else deals
    if total % unit == 0:
        return total // unit
    if layers == 1:
        reason = "the number of deals must be a multiple of the number of tables (p. 32)"
    else:
        reason = f"the {variant} modification requires twice as many deals as tables (pp. 32-33)"
    raise MovementUserError(f"{reason}: {tables} tables cannot play {total} deals")


def _rounds(
    tables: int, steps: list[Step], sets: list[tuple[int, ...]], pairs: int, *, paired: bool
) -> list[Round]:
    """Seat the pairs and place the sets round by round."""
    # ``paired``: the Seventh Modification numbers trays 2t-1 and 2t at Table t;
    # otherwise a second layer of sets (a new set of deals, p. 32) follows the first.
    rounds = []
    for number, (offset, moves, layer) in enumerate(steps, start=1):
        rows, sitout = [], []
        for t in range(1, tables + 1):
            ew = 2 * ((t - 1 - offset) % tables + 1)
            if ew > pairs:
                sitout.append(2 * t - 1)
                continue
            origin = (t - 1 + moves) % tables
            index = 2 * origin + layer if paired else layer * tables + origin
            rows.append(TableAssignment(table=t, trays=sets[index], ns=2 * t - 1, ew=ew))
        rounds.append(Round(number=number, tables=tuple(rows), sitout=tuple(sitout)))
    return rounds


def _mod8(tables: int, deals: int | None, pairs: int) -> list[Round]:
    """The Eighth Modification: extra trays waiting at two tables (p. 33)."""
    total = 2 * tables if deals is None else deals
    if total % tables or total < 2 * tables:
        raise MovementUserError(
            "the Eighth Modification plays a multiple of the number of tables, at least "
            f"twice as many deals as tables (p. 33): {tables} tables cannot play {total}"
        )
    queues = [[t] for t in range(1, tables + 1)]
    middle, last = tables // 2, tables
    queues[middle - 1] = [middle, middle + 1]
    for t in range(middle + 1, last + 1):
        queues[t - 1] = [t + 1]
    queues[last - 1] = list(range(last + 1, total + 1))
    fronts = [q[0] for q in queues]
    rounds = []
    for r in range(total):
        rows, sitout = [], []
        for t in range(1, tables + 1):
            ew = 2 * ((t - 1 - r) % tables + 1)
            if ew > pairs:
                sitout.append(2 * t - 1)
                continue
            tray = (fronts[t - 1] + r - 1) % total + 1
            rows.append(TableAssignment(table=t, trays=(tray,), ns=2 * t - 1, ew=ew))
        rounds.append(Round(number=r + 1, tables=tuple(rows), sitout=tuple(sitout)))
    return rounds


def mitchell(*, entrants: int | None, tables: int | None, deals: int | None, variant: str | None) -> Movement:
    """The Mitchell System (p. 31) or one of its modifications for even tables (pp. 32-33)."""
    pairs, n = resolve_pairs(entrants, tables, system="the Mitchell System", pages=_PAGES)
    _check_size(n, variant)
    if variant == "mod8":
        rounds = _mod8(n, deals, pairs)
    else:
        layers = _LAYERS.get(variant, 2)
        per_set = _per_set(n, deals, layers, variant)
        steps = _PLANS[variant](n)
        sets = blocked_sets(n * layers, per_set)
        rounds = _rounds(n, steps, sets, pairs, paired=variant == "mod7")
    trays = max(x for r in rounds for t in r.tables for x in t.trays)
    return checked(
        Movement(
            family="mitchell",
            variant=variant,
            entrants=pairs,
            tables=n,
            trays=trays,
            rounds=tuple(rounds),
            source="pp. 31-33: the John T. Mitchell System",
            notes=odd_pair_note(pairs, 2 * n),
        )
    )


FAMILY = Family(
    name="mitchell",
    title="Mitchell System",
    pages=_PAGES,
    entrant_kind="pair",
    session_kinds=("pairs",),
    generate=mitchell,
    variants=VARIANTS,
    summary="N-S pairs stay, E-W pairs move up and deals down; odd tables, or a modification for even.",
)
