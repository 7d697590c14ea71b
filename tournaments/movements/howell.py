"""The Howell Pair System (Barney, 1900, pp. 38-41; editor's appendix A and B).

Terms:

- **original arrangement** (pp. 39-41): the book's first round for each even
  number of pairs, 8 to 36: at each table the N-S pair, the E-W pair, and the
  deals, the first in play and the rest waiting at that table. Six pairs need
  a double schedule, two halves with deals 1-5 and 6-10 (p. 41).
- **the rule** (p. 39, stated exactly in the editor's appendix A): "at each
  change both pairs and deals follow each other in numerical order, the highest
  numbered pair alone remaining in their original seats." Each round pair p
  takes the seat pair p-1 held, pair 1 that of pair N-1; deal d+1 takes the
  place (in play or waiting) deal d held, deal 1 that of deal N-1. The highest
  pair keeps its seat (N-S at Table 1). Waiting deals stay at their table.
- **set of deals** (p. 41): with more deals than N-1, each place in the
  schedule holds a set; three plans (variants): ``plan1`` plays the schedule
  through again with new deals; ``plan2`` puts trays with consecutive numbers
  in place of each tray; ``plan3`` (the default, preferred by the book) lays
  out the deals in sets 1, 8, 15, 22 / 2, 9, 16, 23 / ... for eight pairs.

Every pair meets every other once (twice with six pairs) and plays every deal
once. An odd number of pairs uses the next even schedule; the highest pair is
missing and the pair that would play against it sits out (p. 38). Table 1 is
then never played, though its waiting deals pass through it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._pair_common import Plan, SetRow, apply_plan, assemble, checked, odd_pair_note, resolve_pairs
from .family import Family
from .types import Movement, MovementUserError

VARIANTS = ("plan1", "plan2", "plan3")
_PAGES = "pp. 38-41"

#: One table of an original arrangement: N-S pair, E-W pair, deals (first in play).
Table = tuple[int, int, tuple[int, ...]]

#: The six-pair double schedule (p. 41): first half (deals 1-5), second half (6-10).
SIX_PAIRS: tuple[tuple[Table, ...], tuple[Table, ...]] = (
    ((6, 1, (1, 2)), (4, 5, (3,)), (2, 3, (4, 5))),
    ((6, 1, (6,)), (3, 5, (7, 8, 9)), (2, 4, (10,))),
)

#: The book's original arrangements for 8 to 36 pairs (pp. 39-41), as the
#: transcription prints them (the entries it marks "?" were supplied there from
#: the rule, and check).
ARRANGEMENTS: dict[int, tuple[Table, ...]] = {
    8: (
        (8, 1, (1, 2, 3)),
        (6, 3, (4, 5)),
        (7, 2, (6,)),
        (4, 5, (7,)),
    ),
    10: (
        (10, 1, (1, 2)),
        (5, 2, (3, 4)),
        (9, 8, (5,)),
        (7, 3, (6, 7)),
        (4, 6, (8, 9)),
    ),
    12: (
        (12, 1, (1, 2, 3)),
        (6, 7, (4, 5)),
        (11, 4, (6, 7)),
        (3, 9, (8,)),
        (2, 5, (9, 10)),
        (10, 8, (11,)),
    ),
    14: (
        (14, 1, (1, 2, 3, 4)),
        (11, 4, (5, 6, 7)),
        (6, 9, (8,)),
        (3, 12, (9, 10)),
        (13, 2, (11,)),
        (7, 8, (12,)),
        (5, 10, (13,)),
    ),
    16: (
        (16, 1, (1, 2)),
        (5, 11, (3, 4, 5)),
        (13, 15, (6, 7, 8)),
        (8, 12, (9,)),
        (7, 6, (10, 11)),
        (10, 3, (12,)),
        (14, 2, (13,)),
        (4, 9, (14, 15)),
    ),
    18: (
        (18, 1, (1, 2, 3, 4)),
        (15, 4, (5, 6)),
        (10, 9, (7, 8)),
        (16, 3, (9, 10)),
        (7, 12, (11, 12)),
        (2, 17, (13, 14)),
        (13, 6, (15,)),
        (11, 8, (16,)),
        (14, 5, (17,)),
    ),
    20: (
        (20, 1, (1, 2, 3, 4, 5)),
        (9, 12, (6,)),
        (17, 4, (7,)),
        (19, 2, (8,)),
        (10, 11, (9, 10)),
        (15, 6, (11, 12)),
        (18, 3, (13, 14)),
        (8, 13, (15, 16)),
        (5, 16, (17,)),
        (14, 7, (18, 19)),
    ),
    22: (
        (22, 1, (1, 2, 3, 4, 5, 6)),
        (15, 8, (7,)),
        (18, 5, (8, 9, 10)),
        (17, 6, (11,)),
        (4, 19, (12,)),
        (16, 7, (13,)),
        (13, 10, (14,)),
        (3, 20, (15,)),
        (14, 9, (16, 17, 18)),
        (2, 21, (19, 20)),
        (12, 11, (21,)),
    ),
    24: (
        (24, 1, (1,)),
        (20, 16, (2,)),
        (13, 15, (3, 4)),
        (10, 7, (5,)),
        (22, 17, (6, 7, 8)),
        (12, 3, (9,)),
        (23, 11, (10, 11, 12)),
        (9, 19, (13, 14, 15)),
        (14, 8, (16, 17, 18)),
        (5, 4, (19, 20)),
        (18, 2, (21,)),
        (21, 6, (22, 23)),
    ),
    26: (
        (26, 1, (1,)),
        (16, 11, (2,)),
        (19, 8, (3,)),
        (15, 12, (4, 5)),
        (18, 9, (6,)),
        (2, 25, (7, 8)),
        (24, 3, (9, 10)),
        (17, 10, (11, 12, 13)),
        (21, 6, (14, 15, 16)),
        (14, 13, (17, 18)),
        (20, 7, (19,)),
        (22, 5, (20, 21, 22, 23, 24)),
        (4, 23, (25,)),
    ),
    28: (
        (28, 1, (1,)),
        (23, 6, (2, 3)),
        (22, 7, (4,)),
        (17, 12, (5,)),
        (26, 3, (6, 7, 8, 9, 10)),
        (20, 9, (11,)),
        (18, 11, (12, 13)),
        (19, 10, (14, 15)),
        (27, 2, (16,)),
        (25, 4, (17, 18, 19)),
        (8, 21, (20,)),
        (16, 13, (21,)),
        (24, 5, (22, 23, 24)),
        (14, 15, (25, 26, 27)),
    ),
    30: (
        (30, 1, (1,)),
        (19, 12, (2,)),
        (29, 2, (3,)),
        (24, 7, (4, 5)),
        (11, 20, (6, 7, 8)),
        (18, 13, (9, 10, 11, 12, 13)),
        (27, 4, (14, 15, 16, 17)),
        (26, 5, (18,)),
        (17, 14, (19,)),
        (22, 9, (20,)),
        (28, 3, (21,)),
        (23, 8, (22,)),
        (16, 15, (23, 24, 25, 26)),
        (21, 10, (27, 28)),
        (25, 6, (29,)),
    ),
    32: (
        (32, 1, (1, 2, 3)),
        (8, 25, (4, 5)),
        (12, 21, (6,)),
        (18, 15, (7,)),
        (5, 28, (8, 9)),
        (6, 27, (10,)),
        (10, 23, (11, 12)),
        (4, 29, (13, 14)),
        (24, 9, (15, 16, 17)),
        (20, 13, (18,)),
        (11, 22, (19,)),
        (30, 3, (20,)),
        (19, 14, (21, 22, 23, 24)),
        (7, 26, (25,)),
        (2, 31, (26, 27, 28)),
        (17, 16, (29, 30, 31)),
    ),
    34: (
        (34, 1, (1,)),
        (17, 18, (2, 3)),
        (27, 8, (4,)),
        (32, 3, (5, 6)),
        (26, 9, (7, 8)),
        (21, 14, (9, 10, 11)),
        (22, 13, (12, 13, 14)),
        (33, 2, (15, 16)),
        (12, 23, (17, 18, 19, 20)),
        (30, 5, (21,)),
        (25, 10, (22,)),
        (31, 4, (23,)),
        (20, 15, (24, 25, 26)),
        (19, 16, (27, 28)),
        (28, 7, (29, 30)),
        (24, 11, (31,)),
        (29, 6, (32, 33)),
    ),
    36: (
        (36, 1, (1,)),
        (31, 6, (2,)),
        (22, 15, (3, 4)),
        (23, 14, (5,)),
        (34, 3, (6, 7, 8, 9, 10)),
        (25, 12, (11, 12)),
        (26, 11, (13, 14, 15, 16)),
        (32, 5, (17, 18, 19, 20)),
        (17, 20, (21,)),
        (28, 9, (22, 23, 24)),
        (27, 10, (25,)),
        (29, 8, (26,)),
        (35, 2, (27,)),
        (4, 33, (28,)),
        (19, 18, (29,)),
        (16, 21, (30, 31)),
        (24, 13, (32, 33, 34)),
        (30, 7, (35,)),
    ),
}


def follow(x: int, rnd: int, cycle: int) -> int:
    """Who holds, in round ``rnd``, the place ``x`` held in round 1: x moved on rnd-1 times."""
    return (x + rnd - 2) % cycle + 1


def _half(tables: Sequence[Table], pairs: int, deals: int, base: int) -> list[list[SetRow]]:
    """The rounds of one schedule moved by the rule; deals numbered from ``base`` + 1."""
    cycle = pairs - 1
    rounds = []
    for r in range(1, deals + 1):
        rows: list[SetRow] = []
        for t, (ns, ew, places) in enumerate(tables, start=1):
            seat = [p if p == pairs else follow(p, r, cycle) for p in (ns, ew)]
            rows.append((t, seat[0], seat[1], base + follow(places[0] - base, r, deals)))
        rounds.append(rows)
    return rounds


def howell_schedule(full: int) -> tuple[list[list[SetRow]], int]:
    """The whole schedule for an even number of pairs, and its number of sets."""
    if full == 6:
        first, second = SIX_PAIRS
        return _half(first, 6, 5, 0) + _half(second, 6, 5, 5), 10
    return _half(ARRANGEMENTS[full], full, full - 1, 0), full - 1


def deals_on_tables(full: int, rnd: int) -> dict[int, tuple[int, ...]]:
    """Each table's deals (sets) in a round: the one in play, then those waiting (appendix B)."""
    if full == 6:
        half, r = (0, rnd) if rnd <= 5 else (1, rnd - 5)
        tables, cycle, base = SIX_PAIRS[half], 5, 5 * half
    else:
        tables, cycle, base, r = ARRANGEMENTS[full], full - 1, 0, rnd
    return {
        t: tuple(base + follow(d - base, r, cycle) for d in deals)
        for t, (_, _, deals) in enumerate(tables, start=1)
    }


def howell(*, entrants: int | None, tables: int | None, deals: int | None, variant: str | None) -> Movement:
    """The Howell Pair System for 5 to 36 pairs (pp. 38-41)."""
    pairs, n = resolve_pairs(entrants, tables, system="the Howell System", pages=_PAGES)
    full = 2 * n
    if full != 6 and full not in ARRANGEMENTS:
        raise MovementUserError(
            f"the book gives Howell schedules for 5 to 36 pairs (six pairs as a double "
            f"schedule, pp. 38-41), not {pairs}"
        )
    schedule, unit = howell_schedule(full)
    total = unit if deals is None else deals
    if total % unit:
        why = "a double schedule, p. 41" if full == 6 else "one less than the pairs of the schedule, p. 38"
        raise MovementUserError(
            f"the Howell System for {pairs} pairs needs a multiple of {unit} deals ({why}), not {total}"
        )
    plan: Plan = "plan3" if variant is None else variant  # type: ignore[assignment]
    rows, sets = apply_plan(schedule, unit, total // unit, plan)
    notes = odd_pair_note(pairs, full)
    if pairs < full:
        notes += ("Table 1 is not played; its waiting deals still pass through it",)
    return checked(
        Movement(
            family="howell",
            variant=variant,
            entrants=pairs,
            tables=n,
            trays=total,
            rounds=assemble(rows, sets, pairs),
            source="pp. 38-41: the Howell Pair System",
            notes=notes,
        )
    )


FAMILY = Family(
    name="howell",
    title="Howell Pair System",
    pages=_PAGES,
    entrant_kind="pair",
    session_kinds=("pairs",),
    generate=howell,
    variants=VARIANTS,
    summary="Every pair meets every other and plays every deal; pairs and deals follow "
    "each other in numerical order.",
)
