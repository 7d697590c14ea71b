"""The Safford System, "Comparative Whist" (Barney, 1900, pp. 36-38).

Terms:

- **the Safford property** (p. 36): every pair plays the same number of deals
  against every other pair, *and* is in comparison (the same deal, the same
  way of the table, at another table) with every other pair on the same
  number of deals. With eight pairs and 28 deals each pair is in comparison
  with each other pair on three sets of four deals (p. 38).
- **set of deals**: the deals played at a table in one round; with eight pairs
  the sets are 1, 8, 15, 22 / 2, 9, 16, 23 / ... (the sample card, p. 37), the
  third plan of p. 41.
- **tables** are lettered A, B, C, ... on the score cards (p. 37); here they are
  numbered 1, 2, 3, ... in the same order.
- **double** (p. 38): the schedule runs through twice, every pair meeting every
  other twice, with twice as many sets.

The book does not print Safford's schedules, only the sample card of pair 5 of
eight pairs and the table of deal counts (``BOOK_DEALS``). The schedules here
were built for this app, not copied: pairs 1..n-1 and the sets are numbered
round a circle of n-1 and move on by one each round, like the Howell pairs
(p. 39); pair n sits E-W at Table 1 throughout. Position 0 (N-S at Table 1)
meets pair n. A schedule is then a *base round*: each other table's N-S and
E-W positions and set offset. The Safford property holds when the E-W
positions, less their set offsets, form a cyclic difference set (for a prime
n-1 = 4k+3 the quadratic residues, Paley, or a translate of them; the twin-prime
set for 15), or, for a double schedule, two supplementary difference sets (the
residues and non-residues of 13 and 17; two four-element sets found by search
for 9). The base
rounds were found once, offline, by a short backtracking search and are stored
as data; the tests check the property for every size. The eight-pair base
round is the one the sample card of p. 37 implies, and the card comes out
exactly.

Sizes: 7-8, 9-10 (double), 11-12, 13-14 (double), 15-16, 17-18 (double),
19-20, 23-24 and 31-32 pairs, the sizes the book lists. The book lists none
for 21-22 or 25-30 pairs, or fewer than seven, and they are refused. The book
plays 30 deals with sixteen pairs, "special"; this schedule balances in 15 sets,
so 15 and 30 are both served. An odd number of pairs uses the next even
schedule; the stationary pair n is missing and its opponent sits out (p. 36).
"""

from __future__ import annotations

from dataclasses import dataclass
from string import ascii_uppercase

from ._pair_common import SetRow, apply_plan, assemble, checked, odd_pair_note, resolve_pairs
from .family import Family
from .types import Movement, MovementUserError

_PAGES = "pp. 36-38"

#: The book's table (p. 38): the deals each size may play.
BOOK_DEALS: dict[int, tuple[int, ...]] = {
    8: (7, 14, 21, 28),
    10: (18, 36),
    12: (11, 22),
    14: (26,),
    16: (30,),
    18: (34,),
    20: (19, 38),
    24: (23,),
    32: (31,),
}

#: Base rounds: for each half, the tables after Table 1 as (N-S position,
#: E-W position, set offset), positions and offsets counted round the circle of
#: n-1. Table 1 is (0, pair n, 0).
BASE_ROUNDS: dict[int, tuple[tuple[tuple[int, int, int], ...], ...]] = {
    8: (((2, 5, 4), (1, 6, 2), (3, 4, 1)),),
    10: (
        ((6, 4, 2), (3, 7, 4), (2, 1, 5), (5, 8, 7)),
        ((5, 2, 1), (8, 4, 2), (1, 3, 7), (7, 6, 8)),
    ),
    12: (((9, 10, 1), (5, 8, 3), (3, 7, 4), (1, 6, 5), (4, 2, 9)),),
    14: (
        ((3, 2, 1), (9, 1, 2), (8, 12, 3), (10, 7, 4), (5, 11, 7), (4, 6, 9)),
        ((5, 12, 1), (3, 7, 2), (2, 10, 3), (1, 11, 5), (9, 8, 6), (6, 4, 9)),
    ),
    16: (((3, 11, 5), (1, 7, 6), (4, 9, 7), (12, 13, 8), (2, 5, 9), (10, 14, 11), (6, 8, 14)),),
    18: (
        ((16, 1, 2), (14, 6, 4), (10, 9, 5), (13, 7, 6), (5, 2, 10), (15, 3, 12), (8, 12, 14), (4, 11, 15)),
        ((2, 4, 1), (6, 14, 2), (13, 9, 4), (5, 16, 6), (8, 1, 12), (15, 3, 13), (12, 11, 14), (7, 10, 16)),
    ),
    20: (
        (
            (17, 11, 5),
            (16, 15, 6),
            (1, 8, 7),
            (5, 14, 9),
            (13, 2, 10),
            (6, 9, 11),
            (12, 10, 13),
            (18, 4, 16),
            (7, 3, 18),
        ),
    ),
    24: (
        (
            (16, 3, 2),
            (12, 21, 5),
            (4, 10, 8),
            (8, 15, 9),
            (20, 5, 10),
            (6, 2, 12),
            (19, 18, 14),
            (13, 1, 16),
            (17, 22, 19),
            (9, 7, 21),
            (14, 11, 22),
        ),
    ),
    32: (
        (
            (30, 12, 4),
            (4, 15, 8),
            (5, 21, 12),
            (19, 18, 13),
            (26, 3, 14),
            (7, 29, 15),
            (16, 2, 17),
            (6, 8, 20),
            (1, 25, 21),
            (20, 24, 22),
            (13, 10, 23),
            (28, 22, 25),
            (17, 27, 26),
            (11, 23, 29),
            (14, 9, 30),
        ),
    ),
}


def safford_schedule(full: int) -> tuple[list[list[SetRow]], int]:
    """The rounds of the schedule for ``full`` pairs (even), and its number of sets."""
    q = full - 1
    halves = BASE_ROUNDS[full]
    rounds: list[list[SetRow]] = []
    for h, base in enumerate(halves):
        for r in range(q):
            rows: list[SetRow] = [(1, r + 1, full, h * q + r + 1)]
            for t, (x, y, s) in enumerate(base, start=2):
                rows.append((t, (x + r) % q + 1, (y + r) % q + 1, h * q + (s + r) % q + 1))
            rounds.append(rows)
    return rounds, q * len(halves)


def _sizes() -> str:
    """The sizes served, as the book lists them."""
    return ", ".join(f"{n - 1}-{n}" for n in sorted(BASE_ROUNDS))


def safford(*, entrants: int | None, tables: int | None, deals: int | None, variant: str | None) -> Movement:
    """The Safford System for the sizes the book lists (pp. 36-38)."""
    pairs, n = resolve_pairs(entrants, tables, system="the Safford System", pages=_PAGES)
    full = 2 * n
    if full not in BASE_ROUNDS:
        raise MovementUserError(
            f"the book lists Safford schedules for {_sizes()} pairs only (p. 38), not "
            f"{pairs}; the Howell System serves {pairs} pairs"
        )
    schedule, unit = safford_schedule(full)
    total = BOOK_DEALS[full][0] if deals is None else deals
    if total % unit:
        double = " (double)" if len(BASE_ROUNDS[full]) == 2 else ""
        raise MovementUserError(
            f"the Safford System for {full - 1} or {full} pairs{double} needs a multiple of "
            f"{unit} deals (p. 38; the book lists {', '.join(map(str, BOOK_DEALS[full]))}), "
            f"not {total}"
        )
    rows, sets = apply_plan(schedule, unit, total // unit, "plan3")
    return checked(
        Movement(
            family="safford",
            entrants=pairs,
            tables=n,
            trays=total,
            rounds=assemble(rows, sets, pairs),
            source="pp. 36-38: the Safford System (Comparative Whist)",
            notes=(
                *odd_pair_note(pairs, full),
                "the book does not print Safford's schedules; this one was built to have "
                "the property of p. 36",
                f"Tables 1, 2, 3, ... are the book's A, B, C, ...; pair {full} keeps its "
                "seat, E-W at Table 1",
            ),
        )
    )


@dataclass(frozen=True)
class CardRow:
    """One line of a Safford score card: position, deals, pairs compared on them."""

    position: str
    deals: tuple[int, ...]
    compared_with: tuple[int, ...]


def safford_card(movement: Movement, pair: int) -> list[CardRow]:
    """The score card of one pair (p. 37): "East D", deals 2, 9, 16, 23, and so on."""
    rows = []
    for rnd in movement.rounds:
        for t in rnd.tables:
            if pair not in (t.ns, t.ew):
                continue
            ns = t.ns == pair
            same = {
                (o.ns if ns else o.ew)
                for r in movement.rounds
                for o in r.tables
                if o.trays == t.trays and o is not t
            }
            position = f"{'North' if ns else 'East'} {ascii_uppercase[t.table - 1]}"
            rows.append(CardRow(position, t.trays, tuple(sorted(p for p in same if p is not None))))
    return rows


FAMILY = Family(
    name="safford",
    title="Safford System (Comparative Whist)",
    pages=_PAGES,
    entrant_kind="pair",
    session_kinds=("pairs",),
    generate=safford,
    summary="Every pair meets every other and is compared with every other on the same number of deals.",
)
