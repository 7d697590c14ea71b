"""Matches between teams of more than eight players (pp. 56-59).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **pairs**: these movements seat pairs (``ns``, ``ew`` are pair numbers);
  each team is numbered in turn, and the notes say which pairs make a team.
- **progressive matches** (p. 56): "any pair system is available": half of
  each team's pairs sit N-S, the rest E-W; the challenging team keeps its
  places and the home team moves. Use any pair family with the pairs so
  placed; with an odd pair on each side, each team adds the average of the
  scores of those seated opposite its odd pair (p. 57). Not a family here.
- **the club system** (``club-teams``, p. 57): the captains seat half of each
  team N-S, half E-W (here team 1 N-S at the odd tables and E-W at the even
  ones, team 2 the other way); the players keep their seats and adversaries
  the whole match; the deals move as under the Mitchell System, to the next
  lower table, and every table plays every tray. Any number of trays, not
  fewer than the tables (by default two a table); a tray carried from Table 1
  to the last table waits there behind the trays put out on it. Team 1 is
  pairs 1..p, team 2 pairs p+1..2p; pair t and pair p+t sit at Table t. One
  round: each table's trays in the order played (a tray is never at two
  tables at the same turn).
- **three teams** (``three-teams``, pp. 57-59): three rows of tables, one a
  team; a team's N-S **half** and E-W half (the book's a, b for team 1; m, n
  for team 2; x, y for team 3) are blocks of m pairs, m tables a row. A
  **set** is the deals of one row; an **arrangement** is one play through
  each row, independently, under the Mitchell System (m odd: E-W one table
  higher, deals one table lower) or, in the two later plans with m even, the
  Clay System with two deals a table (p. 58 allows either).
  - default, the Put-in-Bay plan (pp. 57-58): each team N-S in its own row,
    its E-W half moved to the next row (1 to 2, 2 to 3, 3 to 1); after the
    first play through the E-W players move on again and the deals move the
    other way (3 to 2, 2 to 1, 1 to 3), so the N-S of each team replay the
    deals its E-W played. Teams of 4m players, m odd.
  - ``meet-all`` (pp. 58-59): every half meets every half of the other
    teams: the first ARRANGEMENTS table, four arrangements, six sets. Only
    its third row can be read in the scan; rows 1 and 2 were supplied by the
    editor from the change instructions printed above it, with the sets of
    Row 1 numbered 1-2 and of Row 2 3-4, as Row 3's 5 and 6 suggest.
  - ``total-tricks`` (p. 59): every team plays every set once each way, to
    compare teams by total tricks: the second ARRANGEMENTS table, four sets
    (its third row's pairs supplied by the editor: the two halves not seated
    elsewhere, the only way every team plays every set once each way).
  Two deals a table by default ("two deals were placed at each table", p. 58).
  Each row starts each arrangement afresh: N-S pair j and E-W pair j at
  Table j of the row and the set's deals in order (the book does not say
  where in a row the carried deals and players start; any start serves).
  Pair numbers: team i's halves are pairs (i-1)2m + 1 .. (i-1)2m + m (a, m,
  x) and the next m (b, n, y). Rows number the tables: row R holds Tables
  (R-1)m + 1 .. Rm.
"""

from __future__ import annotations

from ._seating import check
from .family import Family
from .fours import clay_steps, deal_set, wrap
from .types import Movement, MovementUserError, Round, TableAssignment

MAX_TABLES = 20
HALVES = ("a", "b", "m", "n", "x", "y")

#: (N-S half, E-W half, set) in rows 1, 2, 3 of each arrangement.
Plan = tuple[tuple[tuple[str, str, int], ...], ...]

PLANS: dict[str | None, Plan] = {
    None: (  # pp. 57-58, derived from the text
        (("a", "y", 1), ("m", "b", 2), ("x", "n", 3)),
        (("a", "n", 2), ("m", "y", 3), ("x", "b", 1)),
    ),
    "meet-all": (  # p. 59, first ARRANGEMENTS table
        (("a", "y", 1), ("m", "b", 3), ("x", "n", 5)),
        (("a", "x", 2), ("n", "b", 4), ("m", "y", 5)),
        (("a", "n", 3), ("y", "b", 2), ("m", "x", 6)),
        (("a", "m", 4), ("x", "b", 1), ("y", "n", 6)),
    ),
    "total-tricks": (  # p. 59, second ARRANGEMENTS table
        (("a", "m", 1), ("x", "b", 2), ("y", "n", 3)),
        (("a", "n", 2), ("y", "b", 1), ("x", "m", 4)),
        (("a", "x", 3), ("n", "b", 4), ("m", "y", 2)),
        (("a", "y", 4), ("m", "b", 3), ("n", "x", 1)),
    ),
}


def club_teams(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """The club system (p. 57): players keep their seats, the deals move."""
    p = tables if tables is not None else (entrants or 8) // 2
    if (entrants is not None and entrants != 2 * p) or not 2 <= p <= MAX_TABLES:
        raise MovementUserError(
            "the club system seats two teams of an equal number of pairs, one pair "
            "of each at every table (p. 57): give an even number of pairs, at least 4"
        )
    trays = deals if deals is not None else 2 * p
    if trays < p:
        raise MovementUserError(f"every table plays every tray (p. 57): at least {p} trays, not {trays}")
    seats = [
        TableAssignment(
            table=t,
            trays=tuple(wrap(t + j, trays) for j in range(trays)),
            ns=t if t % 2 else p + t,
            ew=p + t if t % 2 else t,
        )
        for t in range(1, p + 1)
    ]
    notes = [
        f"team 1 is pairs 1-{p}, team 2 pairs {p + 1}-{2 * p}",
        "the players keep their seats; each tray goes to the next lower table (p. 57)",
    ]
    if p % 2:
        notes.append(
            "odd pair on each side: add to each team the average score of all the "
            "pairs seated opposite to its odd pair (p. 57)"
        )
    return check(
        Movement(
            family="club-teams",
            entrants=2 * p,
            tables=p,
            trays=trays,
            rounds=(Round(number=1, tables=tuple(seats)),),
            entrant_kind="pair",
            source="p. 57: the club system",
            notes=tuple(notes),
        )
    )


def _half_pairs(half: str, m: int) -> list[int]:
    """The pair numbers of a half-team."""
    first = HALVES.index(half) * m + 1
    return list(range(first, first + m))


def row_steps(m: int, k: int) -> list[list[tuple[int, tuple[int, ...]]]]:
    """One play through a row: at each step, each table's E-W pair (1..m) and deals (1..km)."""
    if m % 2:  # Mitchell (p. 31): E-W one table higher, deals one table lower
        return [[(wrap(j - r, m), deal_set(wrap(j + r, m), k)) for j in range(1, m + 1)] for r in range(m)]
    return [  # Clay (p. 33): E-W carry each deal one table lower
        [(wrap(j + s, m), (deal,)) for j, deal in enumerate(played, start=1)]
        for s, played in enumerate(clay_steps(m, 2))
    ]


def _arrangement_rounds(plan: Plan, m: int, k: int, first: int) -> list[Round]:
    """The rounds of all arrangements of a three-team plan."""
    rounds: list[Round] = []
    size = m * k
    for arrangement in plan:
        for step in row_steps(m, k):
            tables: list[TableAssignment] = []
            for row, (ns, ew, s) in enumerate(arrangement):
                for j, (e, deals) in enumerate(step, start=1):
                    tables.append(
                        TableAssignment(
                            table=row * m + j,
                            trays=tuple((s - 1) * size + d for d in deals),
                            ns=_half_pairs(ns, m)[j - 1],
                            ew=_half_pairs(ew, m)[e - 1],
                        )
                    )
            rounds.append(Round(number=first + len(rounds), tables=tuple(tables)))
    return rounds


def _row_size(entrants: int | None, tables: int | None, variant: str | None) -> int:
    """Tables in a row (pairs in a half-team), from the pairs or tables asked for."""
    total = tables if tables is not None else (entrants or 30) // 2
    m = total // 3
    if (entrants is not None and entrants != 2 * total) or total % 3 or not 1 <= total <= MAX_TABLES:
        raise MovementUserError(
            "three teams play in three equal rows, one pair of each half a table "
            "(p. 58): give a number of pairs divisible by six"
        )
    if m % 2 == 0 and variant is None:
        raise MovementUserError(
            "in this plan each row plays the Mitchell System, which needs an odd number "
            "of tables (p. 32): teams of 4, 12, 20, ... players; or choose meet-all or "
            "total-tricks, which allow the Clay System (p. 58)"
        )
    return m


def three_teams(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """Matches between three teams in three rows (pp. 57-59)."""
    m = _row_size(entrants, tables, variant)
    plan = PLANS[variant]
    sets = max(s for arrangement in plan for _, _, s in arrangement)
    k = 2 if m % 2 == 0 else (deals or 2 * m * sets) // (m * sets)
    if deals is not None and deals != k * m * sets:
        raise MovementUserError(
            f"this plan puts out {sets} sets of deals, the same number at every table "
            f"of a row (pp. 58-59): a multiple of {m * sets} deals"
            + (" (with the Clay System, two a table)" if m % 2 == 0 else "")
        )
    rounds = tuple(_arrangement_rounds(plan, m, k, 1))
    notes = [
        f"team {i} is pairs {(i - 1) * 2 * m + 1}-{i * 2 * m}: halves {HALVES[2 * i - 2]} "
        f"(pairs {(i - 1) * 2 * m + 1}-{(i - 1) * 2 * m + m}) and {HALVES[2 * i - 1]}"
        for i in (1, 2, 3)
    ]
    notes.append(f"row R is tables {m}(R-1)+1 to {m}R; each arrangement is {len(rounds) // len(plan)} rounds")
    return check(
        Movement(
            family="three-teams",
            variant=variant,
            entrants=6 * m,
            tables=3 * m,
            trays=sets * m * k,
            rounds=rounds,
            entrant_kind="pair",
            source="pp. 57-59: matches between three teams",
            notes=tuple(notes),
        )
    )


CLUB_TEAMS = Family(
    name="club-teams",
    title="Club system (teams of more than eight)",
    pages="p. 57",
    entrant_kind="pair",
    session_kinds=("teams",),
    generate=club_teams,
    summary="Two teams; players keep their seats and adversaries, the trays move.",
)
THREE_TEAMS = Family(
    name="three-teams",
    title="Match between three teams",
    pages="pp. 57-59",
    entrant_kind="pair",
    session_kinds=("teams",),
    generate=three_teams,
    variants=("meet-all", "total-tricks"),
    summary="Three teams in three rows; Mitchell in each row, E-W across the rows.",
)
