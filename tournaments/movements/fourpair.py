"""Four-pair matches: four pairs at two tables, 24 deals (pp. 27-28).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **players**: numbered by pairs, 1 and 2 the first pair, 3 and 4 the second,
  5 and 6 the third, 7 and 8 the fourth (p. 27). Partners never change; the
  players are placed by seat so that every pair sits both ways and at both
  tables.
- **row of the Table of Changes** (p. 28): four deals. Two deals are played
  at each table, exchanged and replayed (p. 27): Table 1 starts with the
  first two deals of the row, Table 2 with the last two (the book does not
  say which table starts with which; this order is derived). Each row is a
  round.
- **pair of matches**: eight deals (two rows), after which the pairs sitting
  the same way are compared: matches won and tricks gained (p. 28).
"""

from __future__ import annotations

from ._seating import check, seated
from .family import Family
from .types import Movement, MovementUserError, Round

#: The Table of Changes (p. 28): per row, Table 1 N, S, E, W then Table 2 N, S, E, W.
TABLE_OF_CHANGES: tuple[tuple[int, ...], ...] = (
    (1, 2, 5, 6, 3, 4, 7, 8),
    (3, 4, 5, 6, 2, 1, 8, 7),
    (5, 6, 3, 4, 1, 2, 8, 7),
    (1, 2, 3, 4, 6, 5, 7, 8),
    (3, 4, 1, 2, 5, 6, 7, 8),
    (5, 6, 1, 2, 4, 3, 8, 7),
)

#: The comparisons of each eight deals (p. 28).
COMPARISONS: tuple[str, ...] = (
    "deals 1 to 8: 1 and 2 with 3 and 4; 5 and 6 with 7 and 8",
    "deals 9 to 16: 1 and 2 with 5 and 6; 3 and 4 with 7 and 8",
    "deals 17 to 24: 1 and 2 with 7 and 8; 3 and 4 with 5 and 6",
)

DEALS = 24


def _nesw(n: int, s: int, e: int, w: int) -> tuple[int, int, int, int]:
    """The book's N, S, E, W columns in the order N, E, S, W."""
    return (n, e, s, w)


def four_pair(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """The four-pair match of p. 28: six rows of four deals."""
    if entrants not in (None, 8) or tables not in (None, 2):
        raise MovementUserError("a four-pair match is for eight players at two tables (p. 27)")
    if deals not in (None, DEALS):
        raise MovementUserError(f"the four-pair match is {DEALS} deals (p. 28), not {deals}")
    rounds = []
    for r, row in enumerate(TABLE_OF_CHANGES, start=1):
        a, b, c, d = (4 * (r - 1) + i for i in range(1, 5))
        rounds.append(
            Round(
                number=r,
                tables=(
                    seated(1, (a, b, c, d), _nesw(*row[:4])),
                    seated(2, (c, d, a, b), _nesw(*row[4:])),
                ),
            )
        )
    return check(
        Movement(
            family="four-pair",
            entrants=8,
            tables=2,
            trays=DEALS,
            rounds=tuple(rounds),
            entrant_kind="player",
            source="pp. 27-28: four-pair matches, Table of Changes",
            notes=("pairs: 1 and 2, 3 and 4, 5 and 6, 7 and 8", *COMPARISONS),
        )
    )


FAMILY = Family(
    name="four-pair",
    title="Four-pair match",
    pages="pp. 27-28",
    entrant_kind="player",
    session_kinds=("pairs",),
    generate=four_pair,
    unit_players={"pairs": 2},
    summary="Four pairs (players 1-8) at two tables, 24 deals; matches and tricks.",
)
