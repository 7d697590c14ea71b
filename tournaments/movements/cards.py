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
- **next seat**: where whoever sits in this seat now sits in the next round.
  A pair that changes direction keeps its partner's side: North goes East and
  South West (p. 39), East goes North and West South. Where the move is not
  the same after every round the card gives the usual move and then the
  exceptions.
- **next place of a tray**: the table where it is played next, in this round
  (trays passed between tables, as under the Snow System) or a later one.

Everything is derived from the ``Movement`` alone. Nothing here imports Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from whist.cards import SEAT_NAME

from .types import SEATS, Movement, Seat, TableAssignment

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


def _deals(trays: tuple[int, ...]) -> str:
    """ "Deal 4" or "Deals 4, 11, 18, 25"."""
    word = "Deal" if len(trays) == 1 else "Deals"
    return f"{word} {', '.join(map(str, trays))}"


def _unit(m: Movement) -> str:
    """What the movement seats, capitalised as on the card."""
    return {"pair": "Pair", "team": "Team", "player": "Player"}[m.entrant_kind]


def _at(m: Movement, rnd: int, table: int) -> TableAssignment | None:
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
        here = _at(m, r, table)
        who = None if here is None else _occupant(here, seat)
        if who is not None:
            out[r] = next_place(m, r + 1, who, seat)
    return out


def _plays(m: Movement) -> list[tuple[int, int, int, int]]:
    """Every play as (round, turn, table, tray), in order of play."""
    return sorted(
        (r.number, turn, t.table, tray)
        for r in m.rounds
        for t in r.tables
        for turn, tray in enumerate(t.trays)
    )


def tray_moves(m: Movement, table: int) -> dict[int, dict[int, int]]:
    """After each round, for each tray played at the table, the table where it is played next."""
    plays = _plays(m)
    out: dict[int, dict[int, int]] = {}
    for i, (r, _, t, tray) in enumerate(plays):
        if t != table:
            continue
        later = next((p for p in plays[i + 1 :] if p[3] == tray), None)
        if later is not None:
            out.setdefault(r, {})[tray] = later[2]
    return out


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


def _usual_and_exceptions(phrases: Mapping[int, str]) -> str:
    """The usual phrase, then "after the 4th Round, ..." for the rounds that differ."""
    if not phrases:
        return ""
    usual = Counter(phrases.values()).most_common(1)[0][0]
    odd = [
        f"after the {ordinal(r)} Round, {p[0].lower()}{p[1:]}"
        for r, p in sorted(phrases.items())
        if p != usual
    ]
    return usual + "".join(f"; {x}" for x in odd) + "."


def seat_line(m: Movement, table: int, seat: Seat) -> str:
    """ "NORTH — Go next to Table 4, East." for one seat of a table."""
    moves = seat_moves(m, table, seat)
    phrases = {r: _seat_phrase(mv, seat, table) for r, mv in moves.items()}
    text = _usual_and_exceptions(phrases) or "No move."
    return f"{SEAT_NAME[seat].upper()} — {text}"


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


def tray_line(m: Movement, table: int) -> str:
    """ "(Take deal just played to Table 1.)", or "" when no deal is played again."""
    moves = tray_moves(m, table)
    phrases = {r: _tray_phrase(d, table) for r, d in moves.items()}
    text = _usual_and_exceptions(phrases)
    return f"({text})" if text else ""


def sitout_line(m: Movement) -> str:
    """Where whoever sits out goes next: "SITTING OUT — Go next to Table 3, North and South."."""
    phrases: dict[int, str] = {}
    for r in range(1, len(m.rounds)):
        for who in m.rounds[r - 1].sitout:
            move = next_place(m, r + 1, who, "N")
            if isinstance(move, tuple):
                side = "North and South" if move[1] in ("N", "S") else "East and West"
                phrases[r] = f"Go next to Table {move[0]}, {side}"
    text = _usual_and_exceptions(phrases)
    return f"SITTING OUT — {text}" if text else ""


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

    def text(self, seat: Seat) -> str:
        """The card as read by the player in one seat."""
        lines = [self.header, *self.originals, "SCHEDULE.", *self.schedule, self.moves[seat]]
        lines += [x for x in (self.tray_move, self.sitout_move) if x]
        return "\n".join(lines)


def _originals(m: Movement, table: int) -> tuple[str, ...]:
    """The original entrants and deals of a table."""
    first = _at(m, 1, table)
    lines = []
    if first is not None and first.seats is not None:
        lines = [f"Original {SEAT_NAME[s]}, No. {p}." for s, p in first.seats.items()]
    elif first is not None:
        unit = _unit(m)
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
    for _, _, t, tray in _plays(m):
        if tray not in seen:
            seen.add(tray)
            if t == table:
                out.append(tray)
    return out


def _schedule_rows(m: Movement, table: int) -> Iterator[str]:
    """ "1st Round | Pair 6 | vs. | Pair 3 | Deal 4" for each round."""
    unit = _unit(m)
    for r in m.rounds:
        t = _at(m, r.number, table)
        if t is None:
            yield f"{ordinal(r.number)} Round | not played"
        elif t.seats is not None:
            who = " | ".join(f"{s} {t.seats[s]}" for s in SEATS if s in t.seats)
            yield f"{ordinal(r.number)} Round | {who} | {_deals(t.trays)}"
        else:
            yield f"{ordinal(r.number)} Round | {unit} {t.ns} | vs. | {unit} {t.ew} | {_deals(t.trays)}"


def guide_card(m: Movement, table: int) -> GuideCard:
    """The movement card of one table."""
    kind = {"pair": "PAIRS", "team": "TEAMS", "player": "PLAYERS"}[m.entrant_kind]
    return GuideCard(
        table=table,
        header=f"{number_word(m.entrants).upper()} {kind}. TABLE {table}.",
        originals=_originals(m, table),
        schedule=tuple(_schedule_rows(m, table)),
        moves={s: seat_line(m, table, s) for s in SEATS},
        tray_move=tray_line(m, table),
        sitout_move=sitout_line(m),
    )


def guide_cards(m: Movement) -> list[GuideCard]:
    """A card for every table of the movement."""
    return [guide_card(m, t) for t in range(1, m.tables + 1)]


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
    here = _at(m, rnd, table)
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
