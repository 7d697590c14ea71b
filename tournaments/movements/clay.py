"""The Clay System and its four modifications (Barney, 1900, pp. 33-34).

Terms:

- Two deals are placed on each table, deals 2t-1 and 2t at Table t. After
  each deal the East-West pairs "move to the next table" carrying the deal
  just played; the North-South pairs play the deals in regular order (1, 2,
  3, ... from their own), the East-West pairs in reverse order (p. 33). The
  East-West pairs and the deals therefore both go to the next lower-numbered
  table (Table 1 to the last): only that way round do the N-S pairs meet the
  deals in regular order. Each E-W pair goes twice round the tables.
- **place**: a deal's position on a table, in play or waiting. A deal carried
  to a table waits behind the deals already there; so in each round every
  deal takes the place the next lower-numbered deal held, and deal 1 that of
  the highest (the rule the book states for the Howell deals, p. 39).

Modifications for more than two deals at a table (p. 34), variants:

- ``mod1``: an even number at each table; play half of them, then move,
  carrying the trays played (the plain system with groups of deals).
- ``mod2``: an odd number; play a portion (here the larger half), move with
  the deals played, play the deals left at the next table, and so on. Equal
  as to adversaries only for an odd number of tables (p. 34).
- ``mod3``: one deal each time, round the circuit as many times as there are
  deals at a table; only when the number of tables and the number of deals at
  a table less one have no common divisor but one (``clay_applicable``; the
  book's table of allowed numbers is ``BOOK_DEALS_PER_TABLE``).
- ``mod4``: two deals at each table and, in addition, a multiple of the number
  of tables at one table (here the last), one deal played at each table before
  moving (``BOOK_EXTRA_DEALS``).

An odd number of pairs: pair 2n is missing and its opponent sits out (p. 36).
"""

from __future__ import annotations

from math import gcd

from ._pair_common import checked, odd_pair_note, resolve_pairs
from .family import Family
from .types import Movement, MovementUserError, Round, TableAssignment

VARIANTS = ("mod1", "mod2", "mod3", "mod4")
_PAGES = "pp. 33-34"

#: The book's table (p. 34): the deals that may be placed at each table under the
#: Third Modification, for 2 to 13 tables; 14 or more tables take two.
BOOK_DEALS_PER_TABLE: dict[int, tuple[int, ...]] = {
    2: (2, 4, 6, 8, 10, 12, 14, 16, 18),
    3: (2, 3, 5, 6, 8, 9, 11, 12),
    4: (2, 4, 6, 8),
    5: (2, 3, 4, 5, 7),
    6: (2, 6),
    7: (2, 3, 4, 5),
    8: (2, 4),
    9: (2, 3),
    10: (2,),
    11: (2, 3),
    12: (2,),
    13: (2, 3),
}
#: "14 or more" tables (p. 34).
BOOK_DEALS_FOURTEEN_OR_MORE: tuple[int, ...] = (2,)

#: The book's table for the Fourth Modification (p. 34): the first deal counts
#: either table may have, for 3 to 12 tables ("2, 5, 8, etc.").
BOOK_EXTRA_DEALS: dict[int, tuple[int, ...]] = {
    3: (2, 5, 8),
    4: (2, 6, 10),
    5: (2, 7, 12),
    6: (2, 8, 14),
    7: (2, 9, 16),
    8: (2, 10, 18),
    9: (2, 11),
    10: (2, 12),
    11: (2, 13),
    12: (2, 14),
}


def clay_applicable(tables: int, deals_per_table: int) -> bool:
    """The common-divisor rule of the Third Modification (p. 34)."""
    return deals_per_table >= 2 and gcd(tables, deals_per_table - 1) == 1


def clay_deals_per_table(tables: int, max_deals: int = 39) -> tuple[int, ...]:
    """Deals a table may hold under the rule, up to ``max_deals`` deals in all (p. 34)."""
    return tuple(m for m in range(2, max_deals // tables + 1) if clay_applicable(tables, m))


def _groups(
    tables: int, per_table: int, variant: str | None
) -> tuple[list[list[int]], list[tuple[int, ...]]]:
    """Each table's places (group numbers, first in play) and each group's deals."""
    if variant in ("mod1", "mod2", None):
        first = per_table // 2 if variant == "mod1" else (per_table + 1) // 2
        groups: list[tuple[int, ...]] = []
        for t in range(tables):
            deals = list(range(t * per_table + 1, (t + 1) * per_table + 1))
            groups += [tuple(deals[:first]), tuple(deals[first:])]
        return [[2 * t + 1, 2 * t + 2] for t in range(tables)], groups
    places = [[(t - 1) * per_table + i for i in range(1, per_table + 1)] for t in range(1, tables + 1)]
    if variant == "mod4":
        places = [[2 * t - 1, 2 * t] for t in range(1, tables)]
        places.append(list(range(2 * tables - 1, per_table * tables + 1)))
    return places, [(d,) for d in range(1, per_table * tables + 1)]


def _per_table(tables: int, deals: int | None, variant: str | None) -> int:
    """Deals per table asked for, refused with the book's reason where it cannot be."""
    total = 2 * tables if deals is None else deals
    if total % tables:
        raise MovementUserError(
            f"the Clay System places the same number of deals on each table (p. 33): "
            f"{tables} tables cannot play {total} deals"
        )
    m = total // tables
    if variant is None and m != 2:
        raise MovementUserError(
            f"the Clay System places two deals on each table (p. 33); for {m} deals a "
            "table choose a modification: mod1 (even), mod2 (odd), mod3 (one deal at a "
            "time) or mod4 (extra deals at one table) (p. 34)"
        )
    if variant == "mod1" and (m % 2 or m < 4):
        raise MovementUserError(
            f"the First Modification needs an even number of deals at each table, more "
            f"than two (p. 34), not {m}"
        )
    if variant == "mod2" and (m % 2 == 0 or m < 3):
        raise MovementUserError(
            f"the Second Modification needs an odd number of deals at each table (p. 34), not {m}"
        )
    if variant == "mod3" and not clay_applicable(tables, m):
        raise MovementUserError(
            f"the Third Modification is applicable only when the number of tables and the "
            f"number one less than the deals at each table have no common divisor but one "
            f"(p. 34): {tables} tables and {m} deals a table share {gcd(tables, m - 1)}"
        )
    if variant == "mod4" and m < 3:
        raise MovementUserError(
            "the Fourth Modification adds to the two deals at each table a multiple of the "
            f"number of tables (p. 34): {tables} tables play {3 * tables}, {4 * tables}, ... deals"
        )
    return m


def _rounds(tables: int, places: list[list[int]], groups: list[tuple[int, ...]], pairs: int) -> list[Round]:
    """Round by round: the deal in front at each table, E-W pairs moving down."""
    n = len(groups)
    rounds = []
    for r in range(n):
        rows, sitout = [], []
        for t in range(1, tables + 1):
            ew = 2 * ((t - 1 + r) % tables + 1)
            if ew > pairs:
                sitout.append(2 * t - 1)
                continue
            group = (places[t - 1][0] + r - 1) % n + 1
            rows.append(TableAssignment(table=t, trays=groups[group - 1], ns=2 * t - 1, ew=ew))
        rounds.append(Round(number=r + 1, tables=tuple(rows), sitout=tuple(sitout)))
    return rounds


def clay(*, entrants: int | None, tables: int | None, deals: int | None, variant: str | None) -> Movement:
    """The Clay System (p. 33) or one of its modifications (p. 34)."""
    pairs, n = resolve_pairs(entrants, tables, system="the Clay System", pages=_PAGES)
    if n < 2:
        raise MovementUserError("the Clay System needs at least two tables (p. 33)")
    m = _per_table(n, deals, variant)
    places, groups = _groups(n, m, variant)
    notes = list(odd_pair_note(pairs, 2 * n))
    if variant == "mod2" and n % 2 == 0:
        notes.append(
            "with an even number of tables the Second Modification is unequal as to adversaries (p. 34)"
        )
    return checked(
        Movement(
            family="clay",
            variant=variant,
            entrants=pairs,
            tables=n,
            trays=n * m,
            rounds=tuple(_rounds(n, places, groups, pairs)),
            source="pp. 33-34: the Clay System",
            notes=tuple(notes),
        )
    )


FAMILY = Family(
    name="clay",
    title="Clay System",
    pages=_PAGES,
    entrant_kind="pair",
    session_kinds=("pairs",),
    generate=clay,
    variants=VARIANTS,
    summary="Two deals a table; E-W pairs carry the deal just played to the next "
    "table; any number of tables.",
)
