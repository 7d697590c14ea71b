"""Guide cards ("movement cards") for any movement, in the book's words (Barney, 1900, p. 39).

Terms:

- **movement card** (p. 39): one card for each table, with the table's
  original pairs and deals, its schedule (round by round: the N-S and E-W
  entrants and the deal), and for the player in each seat where to go next:
  "NORTH — Go next to Table 4, East." and "(Take deal just played to
  Table 1.)". The South line is printed upside down on the same card.
- **original deals**: the deals lying on the table before play begins: those
  first played there (in play first, then those waiting, as in the original
  arrangements, p. 39).
- **next seat** and **next place of a tray**: ``card_moves``. Where a pair's
  move is not the same after every round, or a pair sits out, the schedule
  says round by round where each goes next (``card_columns``) and the seat's
  line points to it; a player's line seated one by one gives each move with
  the rounds it follows ("After round 1, go next to Table 4, East; after
  rounds 2-6, go next to Table 4, North.").

Everything is derived from the ``Movement`` alone. Nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from whist.cards import SEAT_NAME

from .card_columns import (
    PAIR_HEADINGS,
    PAIRS_NEXT,
    SEAT_HEADINGS,
    TRAYS_NEXT,
    extra_headings,
    schedule_rows,
    seat_based,
)
from .card_moves import Move, at, next_place, number_word, ordinal, plays, seat_moves, tray_moves, unit_word
from .types import SEATS, Movement, Seat

__all__ = ["GuideCard", "Move", "guide_card", "guide_cards", "next_place", "number_word", "ordinal"]


def _seat_phrase(move: Move, seat: Seat, table: int) -> str:
    """One move in words: "Go next to Table 4, East."."""
    if move == "sit out":
        return "Sit out the next round"
    if not isinstance(move, tuple):
        return "Keep your seat"
    to_table, to_seat = move
    if to_table == table and to_seat == seat:
        return "Keep your seat"
    return f"Go next to Table {to_table}, {SEAT_NAME[to_seat]}"


def rounds_words(rounds: Iterable[int]) -> str:
    """ "round 1", "rounds 2-6", "rounds 1, 3, 5-7"."""
    ordered = sorted(set(rounds))
    parts, start = [], 0
    for i in range(1, len(ordered) + 1):
        if i == len(ordered) or ordered[i] != ordered[i - 1] + 1:
            run = ordered[start:i]
            parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
            start = i
    return f"round{'s' if len(ordered) > 1 else ''} {', '.join(parts)}"


def by_rounds(phrases: Mapping[int, str]) -> str:
    """The phrase, if the same after every round; else each phrase after the rounds it follows:
    "After round 1, go next to Table 4, East; after rounds 2-6, go next to Table 4, North."."""
    if not phrases:
        return ""
    groups: dict[str, list[int]] = {}
    for r, phrase in sorted(phrases.items()):
        groups.setdefault(phrase, []).append(r)
    if len(groups) == 1:
        return next(iter(groups)) + "."
    text = "; ".join(f"after {rounds_words(rs)}, {p[0].lower()}{p[1:]}" for p, rs in groups.items())
    return text[0].upper() + text[1:] + "."


#: A seat's line when the schedule says where its pair goes next: the column, and the seat to take.
_COLUMN_LINE = {
    "N": f'Go where "{PAIRS_NEXT[0]}" says; at an E-W place, sit East.',
    "S": f'Go where "{PAIRS_NEXT[0]}" says; at an E-W place, sit West.',
    "E": f'Go where "{PAIRS_NEXT[1]}" says; at an N-S place, sit North.',
    "W": f'Go where "{PAIRS_NEXT[1]}" says; at an N-S place, sit South.',
}


def seat_line(m: Movement, table: int, seat: Seat, *, column: bool = False) -> str:
    """ "NORTH — Go next to Table 4, East." for one seat of a table (``column``: the schedule says)."""
    moves = seat_moves(m, table, seat)
    if column and moves:
        return f"{SEAT_NAME[seat].upper()} — {_COLUMN_LINE[seat]}"
    phrases = {r: _seat_phrase(mv, seat, table) for r, mv in moves.items()}
    return f"{SEAT_NAME[seat].upper()} — {by_rounds(phrases) or 'No move.'}"


def _tray_phrase(dest: Mapping[int, int], table: int) -> str:
    """Where the trays just played go, in words."""
    tables = set(dest.values())
    if len(tables) == 1:
        (to,) = tables
        word = "deal" if len(dest) == 1 else "deals"
        if to == table:
            return f"Leave {word} just played on this table"
        return f"Take {word} just played to Table {to}"
    parts = [f"{tray} to Table {to}" for tray, to in sorted(dest.items())]
    return "Take deals just played: " + ", ".join(parts)


def tray_line(m: Movement, table: int, *, column: bool = False) -> str:
    """ "(Take deal just played to Table 1.)", or "" when no deal is played again."""
    moves = tray_moves(m, table)
    if column and moves:
        return f'(Take the deals just played where "{TRAYS_NEXT}" says.)'
    text = by_rounds({r: _tray_phrase(d, table) for r, d in moves.items()})
    return f"({text})" if text else ""


def sitout_line(m: Movement) -> str:
    """Where whoever sits out goes next, when it is the same every round: "SITTING OUT — Go next to
    Table 3, North and South." ("" when it varies: the schedule's "Sits out" says, round by round)."""
    phrases: dict[int, str] = {}
    for r in range(1, len(m.rounds)):
        for who in m.rounds[r - 1].sitout:
            move = next_place(m, r + 1, who, "N")
            if isinstance(move, tuple):
                side = "North and South" if move[1] in ("N", "S") else "East and West"
                phrases[r] = f"Go next to Table {move[0]}, {side}"
    if len(set(phrases.values())) != 1:
        return ""
    return f"SITTING OUT — {by_rounds(phrases)}"


@dataclass(frozen=True)
class GuideCard:
    """A table's movement card (p. 39), with a move line for each seat."""

    table: int
    header: str
    originals: tuple[str, ...]
    schedule: tuple[str, ...]
    moves: Mapping[Seat, str]
    tray_move: str
    sitout_move: str = ""
    #: The schedule's column headings: the book's, then any next columns (``card_columns``).
    headings: tuple[str, ...] = PAIR_HEADINGS

    def text(self, seat: Seat) -> str:
        """The card as read by the player in one seat."""
        lines = [self.header, *self.originals, "SCHEDULE.", *self.schedule, self.moves[seat]]
        lines += [x for x in (self.tray_move, self.sitout_move) if x]
        return "\n".join(lines)


def _originals(m: Movement, table: int) -> tuple[str, ...]:
    """The original entrants and deals of a table."""
    first = at(m, 1, table)
    lines = []
    if first is not None and first.seats is not None:
        lines = [f"Original {SEAT_NAME[s]}, No. {p}." for s, p in first.seats.items()]
    elif first is not None:
        unit = unit_word(m)
        lines = [
            f"Original North and South {unit}, No. {first.ns}.",
            f"Original East and West {unit}, No. {first.ew}.",
        ]
    deals = original_trays(m, table)
    if deals:
        word = "Deal, No." if len(deals) == 1 else "Deals, Nos."
        lines.append(f"Original {word} {', '.join(map(str, deals))}.")
    return tuple(lines)


def original_trays(m: Movement, table: int) -> list[int]:
    """The trays whose first play is at this table, in order of play."""
    seen: set[int] = set()
    out = []
    for _, _, t, tray in plays(m):
        if tray not in seen:
            seen.add(tray)
            if t == table:
                out.append(tray)
    return out


def guide_card(m: Movement, table: int, extras: tuple[str, ...] | None = None) -> GuideCard:
    """The movement card of one table (``extras``: the next columns, ``card_columns.extra_headings``)."""
    kind = {"pair": "PAIRS", "team": "TEAMS", "player": "PLAYERS"}[m.entrant_kind]
    extras = extra_headings(m) if extras is None else extras
    return GuideCard(
        table=table,
        header=f"{number_word(m.entrants).upper()} {kind}. TABLE {table}.",
        originals=_originals(m, table),
        schedule=tuple(schedule_rows(m, table, extras)),
        moves={s: seat_line(m, table, s, column=PAIRS_NEXT[0] in extras) for s in SEATS},
        tray_move=tray_line(m, table, column=TRAYS_NEXT in extras),
        sitout_move=sitout_line(m),
        headings=(SEAT_HEADINGS if seat_based(m) else PAIR_HEADINGS) + extras,
    )


def guide_cards(m: Movement) -> list[GuideCard]:
    """A card for every table of the movement (the same columns on every card)."""
    extras = extra_headings(m)
    return [guide_card(m, t, extras) for t in range(1, m.tables + 1)]


def _side_phrase(move: Move, side: str, table: int) -> str:
    """ "N-S stay" or "E-W go to Table 3, East-West" for the phone page."""
    if move == "sit out":
        return f"{side} sit out next round"
    if not isinstance(move, tuple):
        return f"{side} stay"
    to_table, seat = move
    direction = "North-South" if seat in ("N", "S") else "East-West"
    if to_table == table and direction[0] == side[0]:
        return f"{side} stay"
    return f"{side} go to Table {to_table}, {direction}"


def _player_phrase(move: Move, seat: Seat, table: int) -> str:
    """ "N goes to Table 2, East" for a player in a seats-based movement."""
    if move == "sit out":
        return f"{seat} sits out"
    if not isinstance(move, tuple) or move == (table, seat):
        return f"{seat} stays"
    return f"{seat} goes to Table {move[0]}, {SEAT_NAME[move[1]]}"


def table_move_sentence(m: Movement, table: int, rnd: int) -> str:
    """After a round, who goes where from a table, in one line for the phone page."""
    if rnd >= len(m.rounds):
        return "Last round: the session is over."
    here = at(m, rnd, table)
    if here is None:
        return "This table is not played this round."
    if here.seats is not None:
        parts = [_player_phrase(next_place(m, rnd + 1, p, s), s, table) for s, p in here.seats.items()]
    else:
        sides: tuple[tuple[int | None, Seat, str], ...] = ((here.ns, "N", "N-S"), (here.ew, "E", "E-W"))
        parts = [
            _side_phrase(next_place(m, rnd + 1, who, seat), side, table)
            for who, seat, side in sides
            if who is not None
        ]
    trays = tray_moves(m, table).get(rnd, {})
    if trays:
        tables = sorted(set(trays.values()))
        word = "trays go" if len(trays) > 1 else f"tray {next(iter(trays))} goes"
        if len(tables) == 1:
            parts.append(f"{word} to Table {tables[0]}")
        else:
            parts += [f"tray {x} goes to Table {to}" for x, to in sorted(trays.items())]
    return "; ".join(parts) + "."
