"""Progressive matches for fours: teams of four in the pair systems (pp. 48-51).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **team** (a four): two pairs that play apart, its North-South pair and its
  East-West pair; ``ns`` and ``ew`` of a table are team numbers. Team *t*'s
  N-S pair sits still at Table *t* (p. 48). In the book's diagrams the E-W
  players of a team bear the number with a prime mark (1′ 1′).
- **set** of deals: the deals that travel together (the book's letters a, b,
  c, ...). Set *j* is deals (j-1)k+1 .. jk when each table has k deals; the
  book's diagrams have one deal a set (a = 1, b = 2, ...), the default here.
- **the Mitchell System** (``fours-mitchell``, p. 48): seat each team at a
  table, move the E-W players one table (to the next higher-numbered table),
  and play the Mitchell System for pairs (p. 31): E-W one table higher, deals
  one table lower, after every round. In the last round each team's two pairs
  meet, which the book needs for a comparison of the pairs (p. 48). An odd
  number of teams; for an even number the pair family ``mitchell`` is used
  with one of its modifications ``mod1`` ... ``mod8`` (p. 32).
- **the Howell System** (``fours-howell``, pp. 48-50): as Mitchell, but the
  deals go "from the center table to the head table, and the others in
  rotation": with *n* tables each set goes (n-1)/2 tables lower (two, with
  the book's five). Then whatever the N-S of team X play against the E-W of
  Y is overplayed by the E-W of X against the N-S of Y (p. 49). The first and
  last arrangements of p. 49 (teams together, to compare) are not played and
  appear only as notes. With an even number of teams a dummy table (the
  highest number) is added: its deals move like the others, and the two
  pairs that would meet its players sit out (p. 50). ``sitout`` lists their
  teams: the N-S pair's team first, then the E-W pair's. Two teams are sent
  to ``two-teams`` (p. 28): with a dummy table they would meet on one set.
- **the Clay System** (``fours-clay``, pp. 50-51): E-W move one table lower
  after every deal, carrying it; twice (or three times) as many deals as
  tables, placed as the book's tables print: odd deals first in order, then
  even, two to a table (with three a table: the sets 1, 4, 7, ... then 2, 5,
  8, ... then 3, 6, 9, ..., two to a table and the rest on the last table).
  Each deal is a round; the default is two deals a table. A team's two pairs
  meet at one table in some rounds
  (``ns == ew``): they need not play, but the deal moves on (p. 50).
- **the Parallel and Snow Systems** (``fours-parallel``, ``fours-snow``,
  p. 51): played "precisely as for pairs": the pair families ``parallel`` and
  ``snow`` with the pairs read as halves of teams, E-W moved one table first
  as in the Mitchell System.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ._seating import check
from .family import Family
from .mitchell import FAMILY as MITCHELL
from .parallel import FAMILY as PARALLEL
from .snow import FAMILY as SNOW
from .types import Movement, MovementFatalError, MovementUserError, Round, TableAssignment

MITCHELL_MODS = tuple(f"mod{i}" for i in range(1, 9))
PARALLEL_FORMS = tuple(f"form{i}" for i in range(1, 5))


def wrap(x: int, n: int) -> int:
    """A table (or team, or set) number taken round the circuit 1..n."""
    return (x - 1) % n + 1


def deal_set(j: int, k: int) -> tuple[int, ...]:
    """The deals of set j when each set has k deals."""
    return tuple(range((j - 1) * k + 1, j * k + 1))


def team_count(entrants: int | None, tables: int | None, *, dummy: bool = False) -> int:
    """The number of teams asked for, checked against the tables if both are given."""
    teams = entrants if entrants is not None else tables
    if teams is None or teams < 2:
        raise MovementUserError("a match for fours needs at least two teams")
    if dummy and teams == 2:
        raise MovementUserError(
            "two teams of four play a match at two tables: use two-teams (p. 28); with a "
            "dummy table they would meet on one set of deals only"
        )
    fits = {teams, teams + (teams % 2 == 0)} if dummy else {teams}
    if tables is not None and tables not in fits:
        raise MovementUserError(f"{teams} teams play at {min(fits)} tables, not {tables} (p. 48)")
    return teams


def per_set(deals: int | None, sets: int, default: int = 1) -> int:
    """Deals in each set: the deals must divide evenly among the sets."""
    if deals is None:
        return default
    if deals % sets:
        raise MovementUserError(
            f"the number of deals must be a multiple of the number of tables, {sets} (p. 31), not {deals}"
        )
    return deals // sets


def dummy_rounds(
    teams: int, k: int, count: int, ew_of: Callable[[int, int], int], set_of: Callable[[int, int], int]
) -> tuple[Round, ...]:
    """Rounds of an odd-table movement, with a dummy table for an even number of teams.

    In round r the E-W pair at Table t is of team ``ew_of(t, r)`` and plays set
    ``set_of(t, r)`` (both taken round the circuit). The dummy table is the
    highest number; the pairs due to meet its players sit out (p. 50).
    """
    n = teams + (teams % 2 == 0)
    rounds = []
    for r in range(1, count + 1):
        tables: list[TableAssignment] = []
        sitout: list[int] = []
        for t in range(1, n + 1):
            ns, ew = t, wrap(ew_of(t, r), n)
            if n > teams and n in (ns, ew):
                sitout.extend(x for x in (ns, ew) if x != n)
                continue
            trays = deal_set(wrap(set_of(t, r), n), k)
            tables.append(TableAssignment(table=t, trays=trays, ns=ns, ew=ew))
        rounds.append(Round(number=r, tables=tuple(tables), sitout=tuple(sitout)))
    return tuple(rounds)


def _fours(
    family: str,
    teams: int,
    tables: int,
    trays: int,
    rounds: tuple[Round, ...],
    source: str,
    notes: tuple[str, ...],
    variant: str | None = None,
) -> Movement:
    """A checked movement for teams of four."""
    return check(
        Movement(
            family=family,
            variant=variant,
            entrants=teams,
            tables=tables,
            trays=trays,
            rounds=rounds,
            entrant_kind="team",
            source=source,
            notes=notes,
        )
    )


def fours_mitchell(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """The Mitchell System for fours (p. 48)."""
    teams = team_count(entrants, tables)
    if teams % 2 == 0:
        if variant is None:
            raise MovementUserError(
                "the Mitchell System needs an odd number of tables (p. 32): choose a "
                "modification mod1 ... mod8, or use fours-howell (dummy table) or fours-clay (p. 50)"
            )
        return from_pairs(MITCHELL, "fours-mitchell", teams, deals, variant, shift=1)
    if variant is not None:
        raise MovementUserError("the Mitchell modifications are for an even number of tables (p. 32)")
    k = per_set(deals, teams)
    rounds = tuple(
        Round(
            number=r,
            tables=tuple(
                TableAssignment(
                    table=t, trays=deal_set(wrap(t + r - 1, teams), k), ns=t, ew=wrap(t - r, teams)
                )
                for t in range(1, teams + 1)
            ),
        )
        for r in range(1, teams + 1)
    )
    return _fours(
        "fours-mitchell",
        teams,
        teams,
        teams * k,
        rounds,
        "p. 48: the Mitchell System for fours",
        (
            "E-W players one table higher, deals one table lower, after each round (p. 31)",
            "in the last round each team's two pairs meet, for the comparison of pairs (p. 48)",
        ),
    )


def fours_howell(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """The Howell modification of the Mitchell System for fours (pp. 48-50)."""
    teams = team_count(entrants, tables, dummy=True)
    n = teams + (teams % 2 == 0)
    k = per_set(deals, n)
    step = (n - 1) // 2
    rounds = dummy_rounds(teams, k, n - 1, lambda t, r: t - r, lambda t, r: t + step * (r - 1))
    notes = [
        f"each set of deals goes {step} tables lower, from the center table to the head "
        "table (p. 48); E-W players one table higher",
        "first arrangement (before play, p. 49): each team's two pairs together at its own table; "
        "a set may be played there to compare the pairs",
        "last arrangement (after play): the teams together again to compare scores (p. 49)",
    ]
    if n > teams:
        notes.append(
            f"table {n} is the dummy table: its deals move like the others; sitout lists "
            "the team whose N-S pair, then the team whose E-W pair, sits out (p. 50)"
        )
    return _fours(
        "fours-howell", teams, teams, n * k, rounds, "pp. 48-50: the Howell System for fours", tuple(notes)
    )


def clay_placement(tables: int, k: int) -> list[list[int]]:
    """The deals at each table before play (pp. 50-51): odd then even (or three sets), two a table."""
    order = [d for s in range(1, k + 1) for d in range(s, k * tables + 1, k)]
    return [order[2 * t : 2 * t + 2] for t in range(tables - 1)] + [order[2 * (tables - 1) :]]


def clay_steps(tables: int, k: int) -> list[list[int]]:
    """The deal each table plays at each step of the Clay System (pp. 33-34, 50-51).

    Each table plays the first deal waiting there; the E-W players carry it to
    the next lower table, where it waits behind the deals already there (the
    Fourth Modification, p. 34). At step s the E-W pair at Table t is the one
    that began at Table t + s - 1.
    """
    queues = [deque(p) for p in clay_placement(tables, k)]
    steps = []
    for _ in range(k * tables):
        played = [q.popleft() for q in queues]
        for t, deal in enumerate(played):
            queues[t - 1].append(deal)
        steps.append(played)
    return steps


def fours_clay(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """The Clay System for fours (pp. 50-51): a deal a round, E-W carrying it one table lower."""
    teams = team_count(entrants, tables)
    if deals not in (None, 2 * teams, 3 * teams):
        raise MovementUserError(
            f"the Clay System for fours uses twice (or three times) as many deals as tables "
            f"(pp. 50-51): {2 * teams} or {3 * teams}, not {deals}"
        )
    k = (deals or 2 * teams) // teams
    rounds = tuple(
        Round(
            number=r,
            tables=tuple(
                TableAssignment(table=t, trays=(deal,), ns=t, ew=wrap(t + r - 1, teams))
                for t, deal in enumerate(played, start=1)
            ),
        )
        for r, played in enumerate(clay_steps(teams, k), start=1)
    )
    return _fours(
        "fours-clay",
        teams,
        teams,
        k * teams,
        rounds,
        "pp. 50-51: the Clay System for fours",
        (
            "after each deal the E-W players carry it to the next lower table (p. 33)",
            "where a team's two pairs meet (ns == ew) they need not play, but the deal "
            "moves on as if played (p. 50)",
        ),
    )


def from_pairs(
    fam: Family, family: str, teams: int, deals: int | None, variant: str | None, *, shift: int
) -> Movement:
    """A pair system read as a match for fours: the pairs are the halves of the teams.

    The N-S pair at Table t in round 1 is team t's; the E-W pair there is team
    t - ``shift``'s (E-W moved ``shift`` tables higher before play, p. 48).
    """
    pair_family = fam.name
    pairs = fam.generate(entrants=2 * teams, tables=teams, deals=deals, variant=variant)
    side: dict[int | None, tuple[str, int]] = {}
    for t in pairs.rounds[0].tables:
        side[t.ns] = ("ns", t.table)
        side[t.ew] = ("ew", wrap(t.table - shift, teams))
    if len(side) != 2 * teams or None in side:
        raise MovementFatalError(f"{pair_family}: round 1 does not seat every pair")
    rounds = tuple(
        Round(number=r.number, tables=tuple(_as_teams(t, side) for t in r.tables)) for r in pairs.rounds
    )
    return _fours(
        family,
        teams,
        pairs.tables,
        pairs.trays,
        rounds,
        f"pp. 48-51: the {fam.title} for fours ({fam.pages})",
        (f"the pair system {pair_family}, its pairs the halves of the teams", *pairs.notes),
        variant,
    )


def _as_teams(table: TableAssignment, side: dict[int | None, tuple[str, int]]) -> TableAssignment:
    """One table of a pair movement with its pairs replaced by their teams."""
    (ns_dir, ns), (ew_dir, ew) = side[table.ns], side[table.ew]
    if (ns_dir, ew_dir) != ("ns", "ew"):
        raise MovementFatalError("a pair changed direction: not a movement for fours")
    return TableAssignment(table=table.table, trays=table.trays, ns=ns, ew=ew)


def fours_parallel(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """The Parallel System for fours (p. 51)."""
    teams = team_count(entrants, tables)
    return from_pairs(PARALLEL, "fours-parallel", teams, deals, variant, shift=1)


def fours_snow(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """The Snow System for fours (p. 51)."""
    teams = team_count(entrants, tables)
    return from_pairs(SNOW, "fours-snow", teams, deals, variant, shift=1)


FAMILIES: tuple[Family, ...] = tuple(
    Family(
        name=_name,
        title=_title,
        pages=_pages,
        entrant_kind="team",
        session_kinds=("fours",),
        generate=_gen,
        variants=_variants,
        summary=_summary,
    )
    for _name, _title, _pages, _gen, _variants, _summary in (
        (
            "fours-mitchell",
            "Mitchell System for fours",
            "p. 48",
            fours_mitchell,
            MITCHELL_MODS,
            "Teams of four; N-S sit still, E-W and deals move as in the Mitchell System.",
        ),
        (
            "fours-howell",
            "Howell System for fours",
            "pp. 48-50",
            fours_howell,
            (),
            "Teams of four; deals from the center table to the head table; every team meets every other.",
        ),
        (
            "fours-clay",
            "Clay System for fours",
            "pp. 50-51",
            fours_clay,
            (),
            "Teams of four; E-W carry each deal to the next table; twice as many deals as tables.",
        ),
        (
            "fours-parallel",
            "Parallel System for fours",
            "p. 51",
            fours_parallel,
            PARALLEL_FORMS,
            "Teams of four in two rows, as the Parallel System for pairs.",
        ),
        (
            "fours-snow",
            "Snow System for fours",
            "p. 51",
            fours_snow,
            (),
            "Teams of four; each set of deals played through before the E-W players move.",
        ),
    )
)
