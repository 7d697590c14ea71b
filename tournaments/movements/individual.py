"""Individual matches: every player partners every other once (pp. 27, 30-31).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **arrangement**: one seating of all the players; a round of the movement.
- **table of changes** (E. C. Howell, p. 27): how the players move between
  arrangements. One player keeps his seat; every other numbered player takes
  the seat just left by the next lower number, player 1 the seat of the
  highest moving number ("1 following 7, 2 following 1", p. 27).
- **deals of an arrangement**: each table starts with its own deal (or two);
  the deals are then passed round the tables, so that every table plays every
  deal of the arrangement before the players change. With two tables this is
  the book's "exchange the deals at the two tables, and replay them" (p. 27).
  Each table's trays are listed in the order played; a deal goes to the next
  lower-numbered table, as the book's pairs "move up" (p. 24).

Sizes:

- **8 players** (p. 27): two tables, seven arrangements, one or two deals a
  table (14 or 28 deals). The stationary West at Table 1 has no number in the
  book; he is 8, as the editor's note says, so the first arrangement is
  Table 1: N 4, E 1, S 2, W 8; Table 2: N 5, E 3, S 6, W 7.
- **12 players** (p. 30): three tables, the book's POSITIONS table, eleven
  arrangements of three deals: 33 deals. Number 12 keeps his seat.
- **16 players** (p. 31): four tables, fifteen arrangements of four deals: 60
  deals; number 16 keeps his seat. The book gives no starting arrangement. The
  one used here was derived, and has the property the book's 8- and
  12-player tables have: every player partners every other exactly once and
  opposes every other exactly twice. With 16 North and 1 South at Table 1, as
  12 and 1 in the twelve-player table, the seats were filled table by table in
  the order N, S, E, W with the lowest number that keeps that property
  possible: Table 1 N 16, S 1, E 2, W 3; Table 2 N 4, S 7, E 10, W 12;
  Table 3 N 5, S 14, E 9, W 13; Table 4 N 6, S 11, E 8, W 15.
"""

from __future__ import annotations

from ._seating import check, seated
from .family import Family
from .types import Movement, MovementUserError, Round

#: First arrangements, each table's players in the order N, E, S, W.
FIRST_ARRANGEMENTS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    8: ((4, 1, 2, 8), (5, 3, 6, 7)),  # p. 27, with the editor's player 8
    12: ((12, 6, 1, 8), (2, 10, 9, 7), (4, 5, 3, 11)),  # p. 30, POSITIONS
    16: ((16, 2, 1, 3), (4, 10, 7, 12), (5, 9, 14, 13), (6, 8, 11, 15)),  # derived
}

#: Deals each table starts an arrangement with, as the book allows.
DEALS_PER_TABLE: dict[int, tuple[int, ...]] = {8: (1, 2), 12: (1,), 16: (1,)}


def _moved(player: int, arrangement: int, players: int) -> int:
    """Who sits, in the given arrangement, where ``player`` sat in the first."""
    if player == players:
        return player
    return (player - 1 + arrangement - 1) % (players - 1) + 1


def _trays(table: int, tables: int, per_table: int, base: int) -> list[int]:
    """The trays a table plays in one arrangement, in order: its own deals first."""
    blocks = [(table - 1 + j) % tables for j in range(tables)]
    return [base + b * per_table + i + 1 for b in blocks for i in range(per_table)]


def _per_table(players: int, tables: int, deals: int | None) -> int:
    """Deals each table starts with, from the number of deals asked for."""
    allowed = DEALS_PER_TABLE[players]
    totals = [k * tables * (players - 1) for k in allowed]
    if deals is None:
        return allowed[0]
    if deals not in totals:
        raise MovementUserError(
            f"an individual match for {players} players is {' or '.join(map(str, totals))} "
            f"deals (pp. 27, 30-31), not {deals}"
        )
    return allowed[totals.index(deals)]


def individual(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """Howell's individual match for 8, 12 or 16 players (pp. 27, 30-31)."""
    players = entrants if entrants is not None else 4 * (tables or 2)
    if players not in FIRST_ARRANGEMENTS or (tables is not None and tables * 4 != players):
        raise MovementUserError(
            "the book gives individual matches for 8, 12 and 16 players only "
            "(two, three or four tables; pp. 27, 30-31)"
        )
    first = FIRST_ARRANGEMENTS[players]
    n_tables = len(first)
    per_table = _per_table(players, n_tables, deals)
    per_round = per_table * n_tables
    rounds = tuple(
        Round(
            number=r,
            tables=tuple(
                seated(
                    t,
                    _trays(t, n_tables, per_table, (r - 1) * per_round),
                    [_moved(p, r, players) for p in seats],
                )
                for t, seats in enumerate(first, start=1)
            ),
        )
        for r in range(1, players)
    )
    notes = [
        f"player {players} keeps his seat; every other player takes the seat just left "
        "by the next lower number, player 1 that of the highest (pp. 27, 30)",
        "each table plays its own deals, then the other tables' deals, before the change",
    ]
    if players == 16:
        notes.append(
            "the book gives no starting arrangement for 16 players (p. 31); "
            "this one was derived so that every player partners every other once"
        )
    return check(
        Movement(
            family="individual",
            entrants=players,
            tables=n_tables,
            trays=per_round * (players - 1),
            rounds=rounds,
            entrant_kind="player",
            source="pp. 27, 30-31: individual matches, Howell's table of changes",
            notes=tuple(notes),
        )
    )


FAMILY = Family(
    name="individual",
    title="Individual match (Howell's table of changes)",
    pages="pp. 27, 30-31",
    entrant_kind="player",
    session_kinds=("individuals",),
    generate=individual,
    summary="8, 12 or 16 players; every player partners every other once.",
)
