"""The Howell-Snow System, the Seventh Method (Barney, 1900, pp. 47-48).

Terms:

- Arrange and play the deals in **sets**, as under the Snow System (p. 35):
  every table plays the whole set, each starting at a different tray, before
  anyone moves; set c holds the consecutive deals of change c.
- Move the players as under the Howell System after each set: pair p takes
  the seat pair p-1 held, pair 1 that of pair n-1, the highest pair keeps its
  seat (p. 39).
- **changes**: the number of pairs if odd, one less if even. The deals are a
  multiple of the changes and not fewer than the changes times the tables in
  play, a table where an odd pair sits bye not counted (p. 47; ``BOOK_DEALS``
  is the book's table).

Seating: for five or six pairs the schedule of p. 48 (Table 1: 6 v 1, Table 2:
5 v 2, Table 3: 4 v 3; with five pairs "X", the missing sixth pair, at Table
1). For eight to thirty-six pairs the Howell original arrangements (pp. 39-41),
which "are preferable when it is desirable to equalize the comparative
locations" (p. 48). Beyond thirty-six, a schedule "similar" to that of p. 48
(Table t: pair n+1-t v pair t). An odd number of pairs uses the next even
schedule without its highest pair, whose opponent sits out.
"""

from __future__ import annotations

from ._pair_common import SetRow, assemble, blocked_sets, checked, odd_pair_note, resolve_pairs, share_sets
from .family import Family
from .howell import ARRANGEMENTS, follow
from .types import Movement, MovementUserError

_PAGES = "pp. 47-48"

#: The book's table (p. 47): "With n pairs play ... deals".
BOOK_DEALS: dict[int, tuple[int, ...]] = {
    5: (10, 15, 20, 25),
    6: (15, 20, 25),
    7: (21, 28, 35),
    8: (28, 35),
    9: (36, 45, 54),
    10: (45, 54),
}


def changes_and_tables(pairs: int) -> tuple[int, int]:
    """The number of changes and of tables in play for so many pairs (p. 47)."""
    return (pairs if pairs % 2 else pairs - 1), pairs // 2


def howell_snow_allows(pairs: int, deals: int) -> bool:
    """The book's rule: a multiple of the changes, at least changes x tables in play."""
    changes, tables = changes_and_tables(pairs)
    return deals % changes == 0 and deals >= changes * tables


def first_seats(full: int) -> list[tuple[int, int]]:
    """Round 1: each table's N-S and E-W pair for ``full`` (even) pairs."""
    if full in ARRANGEMENTS:
        return [(ns, ew) for ns, ew, _ in ARRANGEMENTS[full]]
    return [(full + 1 - t, t) for t in range(1, full // 2 + 1)]


def _schedule(full: int, changes: int) -> list[list[SetRow]]:
    """Each change: (table, N-S, E-W, set c), the pairs moved by the Howell rule (p. 39)."""

    def moved(p: int, r: int) -> int:
        return p if p == full else follow(p, r, full - 1)

    return [
        [(t, moved(ns, r), moved(ew, r), r) for t, (ns, ew) in enumerate(first_seats(full), 1)]
        for r in range(1, changes + 1)
    ]


def howell_snow(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """Snow sets with Howell moves: an intermission may follow any set (pp. 47-48)."""
    pairs, n = resolve_pairs(entrants, tables, system="the Howell-Snow System", pages=_PAGES)
    if pairs < 4:
        raise MovementUserError("the Howell-Snow System needs at least four pairs (p. 47)")
    full = 2 * n
    changes, playing = changes_and_tables(pairs)
    total = changes * playing if deals is None else deals
    if not howell_snow_allows(pairs, total):
        raise MovementUserError(
            f"with {pairs} pairs the Howell-Snow System makes {changes} changes at "
            f"{playing} tables in play: the deals must be a multiple of {changes}, at "
            f"least {changes * playing} (p. 47), not {total}"
        )
    rounds = share_sets(assemble(_schedule(full, changes), blocked_sets(changes, total // changes), pairs))
    return checked(
        Movement(
            family="howell-snow",
            entrants=pairs,
            tables=n,
            trays=total,
            rounds=rounds,
            source="pp. 47-48: the Howell-Snow System",
            notes=(
                *odd_pair_note(pairs, full),
                "each table starts the set at a different tray and passes the trays round; "
                "an intermission may be taken after any set",
            ),
        )
    )


FAMILY = Family(
    name="howell-snow",
    title="Howell-Snow System",
    pages=_PAGES,
    entrant_kind="pair",
    session_kinds=("pairs",),
    generate=howell_snow,
    summary="Sets of deals played at every table, then Howell moves; for many deals "
    "and sessions with intermissions.",
)
