"""The guide card's schedule, round by round, with where everyone at the table goes next (p. 39).

Terms (Barney, 1900, p. 39, the movement card: "each time they change
their seats, examine the movement card and see that they have their right
positions, the correct tray and the proper opponents"):

- the **schedule**: a row for each round: who sits North and South and who
  East and West (or each seat's player), and the deals.
- the **next columns**, added when one line cannot say the move (it is not
  the same after every round, or a pair sits out): for each round, where the
  N. & S. pair and the E. & W. pair go next ("Table 4, E-W", "stay", "sit
  out"), where the deals just played go, and who **sits out** the round and
  where it comes in next ("Pair 11, then Table 3, N-S"). A pair that changes
  direction keeps its partner's side: North goes East and South West.

Everything is derived from the ``Movement`` alone. Nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .card_moves import Move, at, next_place, ordinal, seat_moves, tray_moves, unit_word
from .types import SEATS, Movement, Seat

#: The headings of the schedule's own columns: pairs (or teams), and players seated one by one.
PAIR_HEADINGS = ("Round", "N. & S.", "", "E. & W.", "Deal")
SEAT_HEADINGS = ("Round", "N", "E", "S", "W", "Deal")
PAIRS_NEXT, TRAYS_NEXT, SITS_OUT = ("N. & S. next", "E. & W. next"), "Deals next", "Sits out"


def seat_based(m: Movement) -> bool:
    """Whether the movement seats players one by one (a seat a player, not a side a pair)."""
    return any(t.seats is not None for r in m.rounds for t in r.tables)


def pairs_vary(m: Movement) -> bool:
    """Whether some pair's move from some table is not the same after every round (pair movements)."""
    if seat_based(m):
        return False
    for table in range(1, m.tables + 1):
        for seat in ("N", "E"):
            if len({_place(mv, seat, table) for mv in seat_moves(m, table, seat).values()}) > 1:
                return True
    return False


def trays_vary(m: Movement) -> bool:
    """Whether the deals just played at some table do not always go the same way."""
    for table in range(1, m.tables + 1):
        moves = tray_moves(m, table)
        if len({_deals(d, table) for d in moves.values()}) > 1:
            return True
    return False


def sits_out(m: Movement) -> bool:
    """Whether anybody sits out a round."""
    return any(r.sitout for r in m.rounds)


def extra_headings(m: Movement) -> tuple[str, ...]:
    """The next columns this movement's cards need (the module docstring)."""
    out: tuple[str, ...] = PAIRS_NEXT if pairs_vary(m) else ()
    if trays_vary(m):
        out += (TRAYS_NEXT,)
    return out + ((SITS_OUT,) if sits_out(m) else ())


def _place(move: Move, seat: str, table: int) -> str:
    """Where a pair goes, as a cell says it: "Table 4, E-W", "stay", "sit out" ("" for none)."""
    if move == "sit out":
        return "sit out"
    if not isinstance(move, tuple):
        return ""
    to_table, to_seat = move
    side = "N-S" if to_seat in ("N", "S") else "E-W"
    if to_table == table and side[0] == ("N" if seat in ("N", "S") else "E"):
        return "stay"
    return f"Table {to_table}, {side}"


#: What the deals column says of a deal nobody plays after this round (the book's table of changes,
#: p. 27, says "does not move" in words where there is no move; a blank would read as a gap).
NOT_AGAIN = "not played again"


def _deals(dest: dict[int, int], table: int, played: Sequence[int] = ()) -> str:
    """Where the deals just played go, as a cell says it: "Table 1", "stay", "4: Table 1; 5: Table 2";
    ``played``, the deals played this round: those no table plays again are said to be so."""
    tables, again = set(dest.values()), [tray for tray in played if tray not in dest]
    if not tables:
        return NOT_AGAIN
    if len(tables) == 1 and not again:
        (to,) = tables
        return "stay" if to == table else f"Table {to}"
    going = [(tray, f"Table {to}") for tray, to in dest.items()] + [(tray, NOT_AGAIN) for tray in again]
    return "; ".join(f"{tray}: {where}" for tray, where in sorted(going))


def sitout_cell(m: Movement, number: int) -> str:
    """Who sits out round ``number`` and where each comes in next: "Pair 11, then Table 3, N-S"."""
    unit = unit_word(m)
    out = []
    for who in m.rounds[number - 1].sitout:
        move = next_place(m, number + 1, who, "N") if number < len(m.rounds) else None
        then = _place(move, "N", 0) if isinstance(move, tuple) else ""
        out.append(f"{unit} {who}" + (f", then {then}" if then else ""))
    return "; ".join(out) or "-"


def _base(m: Movement, table: int, number: int, width: int) -> list[str]:
    """A round's own cells: the round, who sits where, the deals (padded to ``width``)."""
    unit = unit_word(m)
    t = at(m, number, table)
    deals = ""
    if t is not None:
        deals = f"{'Deal' if len(t.trays) == 1 else 'Deals'} {', '.join(map(str, t.trays))}"
    if t is None:
        cells = [f"{ordinal(number)} Round", "not played"]
    elif t.seats is not None:
        cells = [f"{ordinal(number)} Round", *(f"{s} {t.seats[s]}" for s in SEATS if s in t.seats), deals]
    else:
        cells = [f"{ordinal(number)} Round", f"{unit} {t.ns}", "vs.", f"{unit} {t.ew}", deals]
    return cells + [""] * (width - len(cells))


def _extra(m: Movement, table: int, number: int, headings: tuple[str, ...]) -> list[str]:
    """A round's next cells, for the headings asked."""
    t, last = at(m, number, table), number >= len(m.rounds)
    cells = []
    for heading in headings:
        if heading == SITS_OUT:
            cells.append(sitout_cell(m, number))
        elif heading == TRAYS_NEXT and t is not None:
            cells.append(_deals(tray_moves(m, table).get(number, {}), table, t.trays))
        elif t is None or last:
            cells.append("")
        else:
            seat: Seat = "N" if heading == PAIRS_NEXT[0] else "E"
            who = t.ns if seat == "N" else t.ew
            cells.append("" if who is None else _place(next_place(m, number + 1, who, seat), seat, table))
    return cells


def schedule_rows(m: Movement, table: int, extras: tuple[str, ...]) -> Iterator[str]:
    """ "1st Round | Pair 6 | vs. | Pair 3 | Deal 4" for each round, with its next cells."""
    width = len(SEAT_HEADINGS if seat_based(m) else PAIR_HEADINGS)
    for r in m.rounds:
        cells = _base(m, table, r.number, width) if extras else _base(m, table, r.number, 0)
        yield " | ".join(cells + _extra(m, table, r.number, extras))
