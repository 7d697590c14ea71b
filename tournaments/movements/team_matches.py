"""Matches between teams of more than eight players (Barney, 1900, pp. 56-59), beyond the club system.

Terms:

- **progressive match** (p. 56): "any pair system is available"; half of each
  team sits N-S, the rest E-W; the challenging team keeps its places, the
  home team moves, "taking seats north and south, or east and west,
  according as they find their adversaries seated". Here the challenging
  team (pairs 1..p) sits N-S at the odd tables and E-W at the even ones, as
  in the club system, and the home team (pairs p+1..2p) moves one table
  higher each round while the sets of trays move one lower, as in the
  Mitchell System (p. 31); so, as there, the number of tables must be odd.
- **matches between more than three teams** (p. 59): no one movement; the
  teams "each played a series of matches under the Club System, one with each
  of the other competing teams", and with an odd number of teams "each team
  sitting bye in one round". ``team_round_robin`` gives that series.

Nothing here imports Django.
"""

from __future__ import annotations

from ._seating import check
from .family import Family
from .fours import wrap
from .types import Movement, MovementUserError, Round, TableAssignment

MAX_TABLES = 25


def progressive_match(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """Two teams: the challengers keep their seats, the home team moves (p. 56)."""
    p = tables if tables is not None else (entrants or 6) // 2
    if (entrants is not None and entrants != 2 * p) or not 3 <= p <= MAX_TABLES or p % 2 == 0:
        raise MovementUserError(
            "a progressive match moves the home team as in the Mitchell System, which "
            "needs an odd number of tables (pp. 32, 56): give two teams of an equal, odd "
            "number of pairs (at least 3 each)"
        )
    trays = deals if deals is not None else p
    if trays % p:
        raise MovementUserError(f"every table plays a set of trays each round: a multiple of {p} trays")
    k = trays // p
    rounds = []
    for r in range(1, p + 1):
        seats = []
        for t in range(1, p + 1):
            home = p + wrap(t - (r - 1), p)
            tray_set = wrap(t + (r - 1), p)
            ns, ew = (t, home) if t % 2 else (home, t)
            seats.append(
                TableAssignment(
                    table=t, trays=tuple((tray_set - 1) * k + j for j in range(1, k + 1)), ns=ns, ew=ew
                )
            )
        rounds.append(Round(number=r, tables=tuple(seats)))
    return check(
        Movement(
            family="team-progressive",
            entrants=2 * p,
            tables=p,
            trays=trays,
            rounds=tuple(rounds),
            entrant_kind="pair",
            source="p. 56: progressive matches between teams of more than eight",
            notes=(
                f"team 1 (challengers, pairs 1-{p}) keep their seats; team 2 (pairs {p + 1}-{2 * p}) "
                "move to the next higher table, the trays to the next lower",
            ),
        )
    )


def team_round_robin(teams: int) -> list[tuple[list[tuple[int, int]], int | None]]:
    """The rounds of a series of club-system matches, each team once against each other (p. 59).

    Each round is (the matches as (team, team), the team sitting bye or None).
    """
    if teams < 2:
        raise MovementUserError("a series of matches needs at least two teams")
    ring: list[int | None] = list(range(1, teams + 1)) + ([None] if teams % 2 else [])
    n = len(ring)
    out: list[tuple[list[tuple[int, int]], int | None]] = []
    for _ in range(n - 1):
        pairs = [(ring[i], ring[n - 1 - i]) for i in range(n // 2)]
        matches = [(min(a, b), max(a, b)) for a, b in pairs if a is not None and b is not None]
        bye = next((a or b for a, b in pairs if a is None or b is None), None)
        out.append((sorted(matches), bye))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return out


FAMILY = Family(
    name="team-progressive",
    title="Progressive match between teams of more than eight",
    pages="p. 56",
    entrant_kind="pair",
    session_kinds=("teams",),
    generate=progressive_match,
    summary="Two teams; the challengers keep their seats, the home team and the trays move.",
)
