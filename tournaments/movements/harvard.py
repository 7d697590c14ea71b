"""Teams of six: the Harvard Plan (p. 52), and its extension to larger teams (p. 57).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **players**: the book's a, a′, b, b′, c, c′ (one team) and x, x′, y, y′, z,
  z′ (the other) are numbered a = 1, a′ = 2, b = 3, b′ = 4, c = 5, c′ = 6 and
  x = 7, x′ = 8, y = 9, y′ = 10, z = 11, z′ = 12. A pair "a v x" means a
  North, a′ South, x East, x′ West.
- **original play and duplicate play**: each deal is played once at its table
  (original), then "left on the tables where they have been originally
  played, all the players changing their seats" (duplicate). Each is a round
  of the movement; a match round is the two of them, three deals.
- **rounds of the match**: one, two or three (3, 6 or 9 deals). In round ρ
  (0, 1, 2) pair a, b, c of the first team sits N-S at Table 1, 2, 3 against
  the pair x, y, z shifted ρ places; the deal at Table i is 3ρ + i. On the
  duplicate play the deal a pair (a, b, c) played N-S is replayed E-W by the
  next pair (b, c, a) against the other team's pair that comes before the
  original one (x before y, y before z, z before x), so nobody replays a
  deal. Several entries of the book's diagrams cannot be read in the scan;
  the editor supplied them from this pattern, which every legible entry
  follows, and this module derives the whole plan from it.
- **larger teams** (p. 57): the plan "is equally applicable to matches
  between teams consisting of any number of pairs": with k pairs a side the
  same rule seats k tables, k rounds of k deals. The first team's players are
  1 .. 2k (pair i is 2i-1 and 2i), the second team's 2k+1 .. 4k.
"""

from __future__ import annotations

from ._seating import check, seated
from .family import Family
from .fours import wrap
from .types import Movement, MovementUserError, Round, TableAssignment

MAX_TABLES = 20


def _pair(team: int, index: int, k: int) -> tuple[int, int]:
    """The two players of pair ``index`` (1..k) of team 1 or 2."""
    first = (team - 1) * 2 * k + 2 * wrap(index, k) - 1
    return first, first + 1


def _table(table: int, deal: int, ns: tuple[int, int], ew: tuple[int, int]) -> TableAssignment:
    """A table seating a N-S pair and an E-W pair (plain letter N or E)."""
    return seated(table, (deal,), (ns[0], ew[0], ns[1], ew[1]))


def _match_round(rho: int, k: int) -> tuple[Round, Round]:
    """The original and the duplicate play of one round of the match."""
    original: list[TableAssignment] = []
    duplicate: list[TableAssignment] = []
    for i in range(1, k + 1):
        deal = rho * k + i
        original.append(_table(i, deal, _pair(1, i, k), _pair(2, i + rho, k)))
        duplicate.append(_table(i, deal, _pair(2, i + rho - 1, k), _pair(1, i + 1, k)))
    return (
        Round(number=2 * rho + 1, tables=tuple(original)),
        Round(number=2 * rho + 2, tables=tuple(duplicate)),
    )


def _size(entrants: int | None, tables: int | None) -> int:
    """Pairs on each side (tables), from the players or tables asked for."""
    k = tables if tables is not None else (entrants or 12) // 4
    if (entrants is not None and entrants != 4 * k) or not 2 <= k <= MAX_TABLES:
        raise MovementUserError(
            "the Harvard Plan seats two teams of an equal number of pairs, one table a "
            "pair: 12 players for teams of six (p. 52), or 8, 16, 20, ... (p. 57)"
        )
    return k


def harvard(*, entrants: int | None, tables: int | None, deals: int | None, variant: str | None) -> Movement:
    """The Harvard Plan: original and duplicate play, deals left on the tables (p. 52)."""
    k = _size(entrants, tables)
    allowed = [k * r for r in range(1, k + 1)]
    if deals is not None and deals not in allowed:
        raise MovementUserError(
            f"the Harvard Plan for {4 * k} players plays {k} deals a round, one to "
            f"{k} rounds (p. 52): {', '.join(map(str, allowed))} deals, not {deals}"
        )
    n_rounds = (deals or k * k) // k
    rounds = tuple(r for rho in range(n_rounds) for r in _match_round(rho, k))
    return check(
        Movement(
            family="harvard",
            entrants=4 * k,
            tables=k,
            trays=k * n_rounds,
            rounds=rounds,
            entrant_kind="player",
            source="p. 52: teams of six, the Harvard Plan",
            notes=(
                f"players 1-{2 * k} are the first team (a, a′, b, b′, ...), "
                f"{2 * k + 1}-{4 * k} the second (x, x′, y, y′, ...)",
                "odd rounds: original play; even rounds: the same deals replayed, "
                "left on their tables, all the players changing seats",
            ),
        )
    )


FAMILY = Family(
    name="harvard",
    title="Harvard Plan (teams of six)",
    pages="pp. 52, 57",
    entrant_kind="player",
    session_kinds=("sixes", "teams"),
    generate=harvard,
    unit_players={"teams": 6},
    summary="Two teams of six (or more pairs); deals stay, players move for the replay.",
)
