"""The Snow System (Barney, 1900, p. 35).

Terms:

- **set of deals**: the deals played in one round. Every table plays the whole
  set without the players moving; each table starts on a different tray and
  passes them round, so a set needs at least as many deals as there are
  tables (the book: "more deals can be played in each round than there are
  tables"). Set r holds the consecutive deals (r-1)k+1 .. rk.
- **round**: after a set the East-West pairs move one table (here to the next
  higher-numbered table, as in the Mitchell diagram, p. 31) until they have
  been opposed to all the North-South pairs: as many rounds as tables.

So the number of deals is the number of tables times the deals in a set, at
least the square of the number of tables (``BOOK_DEAL_COUNTS`` is the book's
table; it leaves out 14 for two tables, which the rule allows). An
intermission can be taken after any set. "When applicable, it is preferable to
any other system" (p. 35). An odd number of pairs: pair 2n is missing and its
opponent sits out (p. 36).
"""

from __future__ import annotations

from ._pair_common import assemble, blocked_sets, checked, odd_pair_note, resolve_pairs, share_sets
from .family import Family
from .types import Movement, MovementUserError

_PAGES = "p. 35"

#: The book's table (p. 35): "With n tables it is possible to play ... deals".
BOOK_DEAL_COUNTS: dict[int, tuple[int, ...]] = {
    2: (4, 6, 8, 10, 12, 16),
    3: (9, 12, 15, 18, 21, 24),
    4: (16, 20, 24, 28, 32, 36),
    5: (25, 30, 35, 40),
    6: (36, 42, 48),
    7: (49, 56, 63),
}


def snow_allows(tables: int, deals: int) -> bool:
    """The book's rule: a multiple of the tables, with sets of at least as many deals as tables."""
    return deals % tables == 0 and deals // tables >= tables


def snow(*, entrants: int | None, tables: int | None, deals: int | None, variant: str | None) -> Movement:
    """The Snow System: a set of deals a round, E-W pairs move one table after each set (p. 35)."""
    pairs, n = resolve_pairs(entrants, tables, system="the Snow System", pages=_PAGES)
    if n < 2:
        raise MovementUserError("the Snow System needs at least two tables (p. 35)")
    total = n * n if deals is None else deals
    if not snow_allows(n, total):
        raise MovementUserError(
            f"the Snow System plays as many sets of deals as tables, each set at least as "
            f"many deals as tables (p. 35): {n} tables play {n * n}, {n * (n + 1)}, ... "
            f"deals, not {total}"
        )
    schedule = [[(t, 2 * t - 1, 2 * ((t - 1 - r) % n + 1), r + 1) for t in range(1, n + 1)] for r in range(n)]
    rounds = share_sets(assemble(schedule, blocked_sets(n, total // n), pairs))
    return checked(
        Movement(
            family="snow",
            entrants=pairs,
            tables=n,
            trays=total,
            rounds=rounds,
            source="p. 35: the Snow System",
            notes=(
                *odd_pair_note(pairs, 2 * n),
                "each table starts the set at a different tray and passes the trays round",
            ),
        )
    )


FAMILY = Family(
    name="snow",
    title="Snow System",
    pages=_PAGES,
    entrant_kind="pair",
    session_kinds=("pairs",),
    generate=snow,
    summary="A set of deals each round, played at every table; E-W pairs move after "
    "each set. Preferable when applicable (few tables or many deals).",
)
