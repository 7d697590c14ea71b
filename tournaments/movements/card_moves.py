"""Where an entrant, a player or a tray goes next, from any movement (Barney, 1900, p. 39).

Terms:

- **next seat**: where whoever sits in this seat now sits in the next round.
  A pair that changes direction keeps its partner's side: North goes East and
  South West (p. 39), East goes North and West South.
- **next place of a tray**: the table where it is played next, in this round
  (trays passed between tables, as under the Snow System) or a later one.
- the book's numbers in words and its ordinals ("twenty-eight", "2d"), as the
  movement cards print them.

Everything is derived from the ``Movement`` alone. Nothing here imports Django.
"""

from __future__ import annotations

from .types import Movement, Seat, TableAssignment

_ACROSS: dict[Seat, Seat] = {"N": "E", "S": "W", "E": "N", "W": "S"}
_ONES = (
    "",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")

#: Where an entrant or tray goes next: (table, seat), "sit out", "stay", or None.
Move = tuple[int, str] | str | None


def number_word(n: int) -> str:
    """A number in words, as the card headers print it: "twenty-eight"."""
    if n < 20:
        return _ONES[n] or "none"
    if n < 100:
        return _TENS[n // 10] + (f"-{_ONES[n % 10]}" if n % 10 else "")
    return str(n)


def ordinal(n: int) -> str:
    """The book's ordinals: 1st, 2d, 3d, 4th, ..., 21st, 22d."""
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    suffix = {1: "st", 2: "d", 3: "d"}.get(n % 10, "th")
    return f"{n}{suffix}"


def unit_word(m: Movement) -> str:
    """What the movement seats, capitalised as on the card."""
    return {"pair": "Pair", "team": "Team", "player": "Player"}[m.entrant_kind]


def at(m: Movement, rnd: int, table: int) -> TableAssignment | None:
    """The table's assignment in a round (None: not played that round)."""
    for t in m.rounds[rnd - 1].tables:
        if t.table == table:
            return t
    return None


def _occupant(t: TableAssignment, seat: Seat) -> int | None:
    """Who sits in a seat: a player, or the pair (team) of that side."""
    if t.seats is not None:
        return t.seats.get(seat)
    return t.ns if seat in ("N", "S") else t.ew


def next_place(m: Movement, rnd: int, who: int, seat: Seat) -> Move:
    """Where ``who``, now in ``seat``, sits in round ``rnd`` (table and seat, or "sit out")."""
    r = m.rounds[rnd - 1]
    if who in r.sitout:
        return "sit out"
    ns_side = seat in ("N", "S")
    for t in r.tables:
        if t.seats is not None:
            for s, p in t.seats.items():
                if p == who:
                    return (t.table, s)
            continue
        if t.ns == who and (m.entrant_kind != "team" or ns_side):
            return (t.table, seat if ns_side else _ACROSS[seat])
        if t.ew == who and (m.entrant_kind != "team" or not ns_side):
            return (t.table, _ACROSS[seat] if ns_side else seat)
    return None


def seat_moves(m: Movement, table: int, seat: Seat) -> dict[int, Move]:
    """After each round (key), where the player in this seat goes next."""
    out: dict[int, Move] = {}
    for r in range(1, len(m.rounds)):
        here = at(m, r, table)
        who = None if here is None else _occupant(here, seat)
        if who is not None:
            out[r] = next_place(m, r + 1, who, seat)
    return out


def plays(m: Movement) -> list[tuple[int, int, int, int]]:
    """Every play as (round, turn, table, tray), in order of play."""
    return sorted(
        (r.number, turn, t.table, tray)
        for r in m.rounds
        for t in r.tables
        for turn, tray in enumerate(t.trays)
    )


def tray_moves(m: Movement, table: int) -> dict[int, dict[int, int]]:
    """After each round, for each tray played at the table, the table where it is played next."""
    every = plays(m)
    out: dict[int, dict[int, int]] = {}
    for i, (r, _, t, tray) in enumerate(every):
        if t != table:
            continue
        later = next((p for p in every[i + 1 :] if p[3] == tray), None)
        if later is not None:
            out.setdefault(r, {})[tray] = later[2]
    return out
