"""Progressive whist with partners changed, the whist drive: the First and Second Methods (pp. 24-25).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 24):

- **progressive whist**: not duplicate. One deal is played at every table,
  then the players change tables; every table deals afresh.
- **change**: one deal at every table and the moves that follow it; a
  round. These movements depend on the results, so only the first change
  can be printed beforehand (``first_change``); each later one is decided
  from the results the tables send (``next_change``).
- **move up one table**: to the next lower-numbered table, toward table 1;
  **down**: toward the highest-numbered (the lowest) table.
- **winners** and **losers** of a deal: the side that took the more tricks
  (seven or more of the thirteen) and the other side. The **points made** are
  the winners' tricks over six (American whist counts no honours).
- **First Method** (``first``): "At table 1, the winners retain their seats
  and the losers go down to the highest numbered table. At all other tables
  the winners move up one table, the losers remain, exchanging partners with
  the pair coming to the table." The pair coming to table t is the winners
  of table t + 1, or at the highest table the losers of table 1. "In some
  circles, the winners at table 1 also exchange partners with the new-comers
  at that table" (``exchange_at_head``).
- **Second Method** (``second``): "the winning lady move[s] up one table
  (at table 1, down to lowest table) and winning gentleman down one table
  (at lowest table up to table 1). The losers remain at each table, but play
  against each other on the next deal."
- **the Second Method's other plan** (``second-alt``): "the winning lady may
  move up and the losing gentleman down, the losing lady and winning
  gentleman remaining at the table and playing as partners on the next deal."

Seats. A table's partners sit N-S and E-W. When two losers stay and exchange
partners (First Method), the one who sat N or E takes N, the other E; the
newcomer who sat N or E takes S, the other W. In the Second Method every
side is a lady and a gentleman: ladies sit N and E, gentlemen S and W, the
player who stays at a table holding N (a lady) or W (a gentleman).

Numbering of the first change ("seat the players by lot": the app draws who
gets which number): in the First Method table t seats players 4t-3 (N),
4t-2 (E), 4t-1 (S), 4t (W); in the Second Method the ladies are 1 to 2n and
the gentlemen 2n+1 to 4n, table t seating ladies 2t-1 (N) and 2t (E) and
gentlemen 2n+2t-1 (S) and 2n+2t (W). Deals are numbered on through the
session: change c at table t plays deal (c - 1) n + t.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from whist.cards import PARTNER, SEAT_NAME

from .types import SEATS, Movement, MovementUserError, Round, Seat, TableAssignment

Sex = Literal["lady", "gentleman"]
Side = Literal["NS", "EW"]
#: The drive's methods, as the ``progressive`` family's variants name them.
DRIVE_METHODS = ("first", "second", "second-alt")
Seating = Mapping[int, Mapping[Seat, int]]
_PAGES = "p. 24"
_SIDE_SEATS: dict[Side, tuple[Seat, Seat]] = {"NS": ("N", "S"), "EW": ("E", "W")}
_OTHER: dict[Side, Side] = {"NS": "EW", "EW": "NS"}


def seats_by_results(family: str, variant: str | None) -> bool:
    """Whether a movement is a whist drive's: the progressive family by the First or the Second Method
    (p. 24), whose changes the results seat (winners up, losers down), not a printed card."""
    return family == "progressive" and variant in DRIVE_METHODS


@dataclass(frozen=True)
class TableResult:
    """One table's deal: which side won, and the points it made (tricks over six)."""

    table: int
    winner: Side
    points: int

    @classmethod
    def from_tricks(cls, table: int, ns_tricks: int) -> TableResult:
        """The result of a deal from the N-S tricks (0..13): seven or more wins."""
        if not 0 <= ns_tricks <= 13:
            raise MovementUserError(f"table {table}: N-S tricks {ns_tricks} is outside 0..13")
        if ns_tricks >= 7:
            return cls(table, "NS", ns_tricks - 6)
        return cls(table, "EW", 7 - ns_tricks)


@dataclass(frozen=True)
class Move:
    """Where one player goes for the next change, and why (p. 24)."""

    player: int
    from_table: int
    from_seat: Seat
    to_table: int
    to_seat: Seat
    partner: int
    why: str

    def to_json(self) -> dict[str, Any]:
        """The move object of a change's JSON."""
        return {
            "player": self.player,
            "from": {"table": self.from_table, "seat": self.from_seat},
            "to": {"table": self.to_table, "seat": self.to_seat},
            "partner": self.partner,
            "why": self.why,
        }


@dataclass(frozen=True)
class Change:
    """The seating of one change and, from the last, each player's move."""

    number: int
    seating: Mapping[int, Mapping[Seat, int]]
    moves: Mapping[int, Move]

    @property
    def tables(self) -> int:
        """The number of tables."""
        return len(self.seating)

    def round(self) -> Round:
        """The change as a round of the movement JSON: seats and the deal each table plays."""
        n = self.tables
        rows = tuple(
            TableAssignment(table=t, trays=((self.number - 1) * n + t,), seats=dict(self.seating[t]))
            for t in sorted(self.seating)
        )
        return Round(number=self.number, tables=rows)

    def to_json(self) -> dict[str, Any]:
        """The round object of the movement JSON, with ``moves`` (player by player)."""
        out = self.round().to_json()
        out["moves"] = [self.moves[p].to_json() for p in sorted(self.moves)]
        return out


def up(table: int, tables: int) -> int:
    """One table up: toward table 1; from table 1, to the highest table (p. 24)."""
    return table - 1 if table > 1 else tables


def down(table: int, tables: int) -> int:
    """One table down: toward the highest table; from it, to table 1 (p. 24)."""
    return table + 1 if table < tables else 1


def first_seating(tables: int, method: str) -> dict[int, dict[Seat, int]]:
    """The seating of the first change, by the numbering of the module's docstring."""
    if method == "first":
        return {t: {"N": 4 * t - 3, "E": 4 * t - 2, "S": 4 * t - 1, "W": 4 * t} for t in range(1, tables + 1)}
    gent = 2 * tables
    return {
        t: {"N": 2 * t - 1, "E": 2 * t, "S": gent + 2 * t - 1, "W": gent + 2 * t}
        for t in range(1, tables + 1)
    }


def drive_sexes(tables: int) -> dict[int, Sex]:
    """Who is a lady in the Second Method's numbering: players 1 to 2n."""
    return {p: ("lady" if p <= 2 * tables else "gentleman") for p in range(1, 4 * tables + 1)}


def first_change(tables: int, method: str) -> Change:
    """The first change, seated by number (the app draws the numbers by lot)."""
    return Change(1, first_seating(tables, method), {})


def next_change(
    method: str,
    seating: Seating,
    results: Mapping[int, TableResult],
    *,
    sexes: Mapping[int, Sex] | None = None,
    exchange_at_head: bool = False,
    number: int = 2,
) -> Change:
    """The next change from this one's seating and results, and each player's move (p. 24).

    ``seating``: table -> seat -> player; ``results``: table -> its result;
    ``sexes``: player -> lady or gentleman (the Second Method; default the
    numbering of ``drive_sexes``); ``number``: the change now to be played.
    """
    n = _check_seating(seating)
    _check_results(results, n)
    if method == "first":
        new = _first(seating, results, n, exchange_at_head)
    elif method in ("second", "second-alt"):
        new = _second(seating, results, n, sexes or drive_sexes(n), alt=method == "second-alt")
    else:
        raise MovementUserError(f"the whist drive has no method {method!r}; its methods are {DRIVE_METHODS}")
    return Change(number, new, _moves(method, seating, new, results, n))


def _check_seating(seating: Seating) -> int:
    """Tables 1..n, four seats each, every player once; the number of tables."""
    n = len(seating)
    if n < 2 or sorted(seating) != list(range(1, n + 1)):
        raise MovementUserError("a whist drive needs tables numbered 1 to n, at least two (p. 24)")
    players = [p for t in seating.values() for p in t.values()]
    if any(sorted(t) != sorted(SEATS) for t in seating.values()):
        raise MovementUserError("every table of a whist drive seats N, E, S and W")
    if len(set(players)) != len(players):
        raise MovementUserError("a player is seated twice")
    return n


def _check_results(results: Mapping[int, TableResult], n: int) -> None:
    """A result from every table, with a side and points 1..7."""
    missing = [t for t in range(1, n + 1) if t not in results]
    if missing:
        raise MovementUserError(f"no result yet from table(s) {', '.join(map(str, missing))}")
    for t, r in results.items():
        if r.winner not in _SIDE_SEATS or not 1 <= r.points <= 7:
            raise MovementUserError(f"table {t}: a result names the winning side and 1 to 7 points")


def side_of(seating: Seating, table: int, side: Side) -> tuple[int, int]:
    """The two partners of a side at a table (N then S, or E then W)."""
    a, b = _SIDE_SEATS[side]
    return seating[table][a], seating[table][b]


def _first(
    seating: Seating, results: Mapping[int, TableResult], n: int, exchange_at_head: bool
) -> dict[int, dict[Seat, int]]:
    """The First Method: winners up, losers stay and exchange partners (p. 24)."""

    def won(t: int) -> tuple[int, int]:
        return side_of(seating, t, results[t].winner)

    def lost(t: int) -> tuple[int, int]:
        return side_of(seating, t, _OTHER[results[t].winner])

    new: dict[int, dict[Seat, int]] = {}
    if exchange_at_head:
        new[1] = exchange(won(1), won(2))
    else:
        kept = _SIDE_SEATS[results[1].winner]
        came = _SIDE_SEATS[_OTHER[results[1].winner]]
        new[1] = dict(zip(kept + came, won(1) + won(2), strict=True))
    for t in range(2, n + 1):
        new[t] = exchange(lost(t), won(t + 1) if t < n else lost(1))
    return {t: {s: new[t][s] for s in SEATS} for t in sorted(new)}


def exchange(staying: tuple[int, int], coming: tuple[int, int]) -> dict[Seat, int]:
    """Two pairs exchange partners: each of the staying pair partners a newcomer."""
    return {"N": staying[0], "E": staying[1], "S": coming[0], "W": coming[1]}


def _second(
    seating: Seating, results: Mapping[int, TableResult], n: int, sexes: Mapping[int, Sex], *, alt: bool
) -> dict[int, dict[Seat, int]]:
    """The Second Method: winning lady up, winning (or losing) gentleman down (p. 24)."""
    people = {t: _by_sex(seating, results[t], sexes, t) for t in range(1, n + 1)}
    new: dict[int, dict[Seat, int]] = {}
    for t in range(1, n + 1):
        won_lady, won_gent, lost_lady, lost_gent = people[t]
        lady_in = people[down(t, n)][0]
        if alt:
            gent_in = people[up(t, n)][3]
            new[t] = {"N": lost_lady, "E": lady_in, "S": won_gent, "W": gent_in}
        else:
            gent_in = people[up(t, n)][1]
            new[t] = {"N": lost_lady, "E": lady_in, "S": gent_in, "W": lost_gent}
    return new


def _by_sex(
    seating: Seating, result: TableResult, sexes: Mapping[int, Sex], table: int
) -> tuple[int, int, int, int]:
    """(winning lady, winning gentleman, losing lady, losing gentleman) at a table."""
    out: list[int] = []
    for side in (result.winner, _OTHER[result.winner]):
        pair = side_of(seating, table, side)
        kinds = [sexes.get(p) for p in pair]
        if sorted(k or "" for k in kinds) != ["gentleman", "lady"]:
            raise MovementUserError(
                f"table {table}: in the Second Method each side is a lady and a gentleman (p. 24)"
            )
        lady = pair[kinds.index("lady")]
        out += [lady, pair[1 - kinds.index("lady")]]
    return out[0], out[1], out[2], out[3]


def _where(seating: Seating) -> dict[int, tuple[int, Seat]]:
    """Player -> (table, seat)."""
    return {p: (t, s) for t, row in seating.items() for s, p in row.items()}


def partner_in(seating: Mapping[Seat, int], seat: Seat) -> int:
    """The partner of the player in a seat."""
    return seating[PARTNER[seat]]


def _moves(
    method: str, old: Seating, new: Seating, results: Mapping[int, TableResult], n: int
) -> dict[int, Move]:
    """Each player's move from the old seating to the new, worded for a phone."""
    before, after = _where(old), _where(new)
    moves: dict[int, Move] = {}
    for player, (t0, s0) in before.items():
        t1, s1 = after[player]
        won = s0 in _SIDE_SEATS[results[t0].winner]
        moves[player] = Move(
            player, t0, s0, t1, s1, partner_in(new[t1], s1), _why(method, won, t0, t1, s1, n)
        )
    return moves


def _why(method: str, won: bool, t0: int, t1: int, seat: Seat, n: int) -> str:
    """'Your side won at table 3: move up to table 2, East.'"""
    how = "won" if won else "lost"
    place = f"table {t1}, {SEAT_NAME[seat]}"
    if t1 == t0:
        go = f"stay at {place}"
    elif (t0, t1) == (n, 1) or ((t0, t1) != (1, n) and t1 == t0 - 1):
        go = f"move up to {place}"
    else:
        go = f"go down to {place}"
    return f"Your side {how} at table {t0}: {go} ({method} method, {_PAGES})."


def drive(*, players: int | None, tables: int | None, deals: int | None, method: str) -> Movement:
    """The first change of a whist drive, as movement JSON (the later ones follow the results)."""
    n = _tables(players, tables)
    if deals is not None and deals % n:
        raise MovementUserError(
            f"a whist drive plays one deal at each of its {n} tables at every change (p. 24): "
            f"the deals must be a multiple of {n}, not {deals}"
        )
    notes = [
        "not duplicate: every table deals afresh; the changes after the first are decided "
        "by the results (p. 24)",
        "players are numbered by lot; ladies 1 to 2n, gentlemen 2n+1 to 4n"
        if method != "first"
        else "players are numbered by lot",
    ]
    if deals is not None:
        notes.append(f"{deals // n} changes planned")
    return Movement(
        family="progressive",
        variant=method,
        entrants=4 * n,
        tables=n,
        trays=n,
        rounds=(first_change(n, method).round(),),
        entrant_kind="player",
        source=f"{_PAGES}: Progressive Whist, partners changed, the {_title(method)}",
        notes=tuple(notes),
    )


def _title(method: str) -> str:
    """'First Method', 'Second Method', 'Second Method (the other plan)'."""
    if method == "second-alt":
        return "Second Method (winning lady up, losing gentleman down)"
    return f"{method.capitalize()} Method"


def _tables(players: int | None, tables: int | None) -> int:
    """Tables of four from the players or tables given; at least two."""
    if players is not None:
        if players % 4:
            raise MovementUserError(
                f"a whist drive seats four at every table: {players} is not a multiple of 4"
            )
        tables = players // 4
    if tables is None:
        raise MovementUserError("give the number of players or tables of the whist drive")
    if tables < 2:
        raise MovementUserError("a whist drive needs at least two tables (p. 24)")
    return tables
