"""Single table, or Mnemonic Duplicate: four players, every deal played twice (pp. 25-27, 66).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **original play** and **overplay** (Law definitions (e), p. 60): "When the
  cards are replayed by the same four players, North and South receiving the
  hands originally held by East and West, and vice versa, the game is known
  as Memory Whist, or Mnemonic Duplicate" (p. 26); "each player plays each
  deal twice, the second time playing a hand previously played by an
  adversary" (p. 66). The trays keep the hands by compass seat, so on the
  overplay each player moves one seat to the left (North to East, East to
  South, ...): partners stay partners and hold the adversaries' cards.
- **the overplay order**: "It is well to avoid this [remembering] as much as
  possible, by replaying the deals in a different order from that in which
  they were originally played; also, by playing as many deals as practicable
  before the replay begins" (p. 26). All the deals are played before the
  replay begins, and the replay takes the second half and the first half in
  turn (for eight deals 5, 1, 6, 2, 7, 3, 8, 4): no two deals follow each
  other as they did, and every deal is replayed at least half the session's
  deals after its first play. The book's "original play on one evening and
  the replay on another" is the director's: the two rounds may be two
  sittings.
- **individual record** (``individual``, p. 26 note): "each player may play
  one-third of the deals with each of the other three as a partner, South
  and East exchanging seats after the first third, and South and West after
  the second third. On the replay, they should resume their original
  positions and change after each third, as before." Six rounds: three
  thirds of the original play, then three of the overplay.
- **declared trumps**: "one suit should be declared trumps for the sitting,
  and no trump card should be turned" (p. 26; Law IV, Sec. 11): a setting
  of the slips (``declared_trump``), noted on the movement.

Numbering: players 1 (North), 2 (East), 3 (South), 4 (West) at table 1.

This module imports nothing from Django.
"""

from __future__ import annotations

from .family import Family
from .types import Movement, MovementUserError, Round, Seat, TableAssignment

_PAGES = "pp. 25-27, 66"
DEFAULT_DEALS = {None: 8, "individual": 12}
Seating = dict[Seat, int]
ORIGINAL: Seating = {"N": 1, "E": 2, "S": 3, "W": 4}


def overplay_order(deals: list[int]) -> list[int]:
    """The replay order: the second half and the first half in turn (p. 26)."""
    half = len(deals) // 2
    first, second = deals[:half], deals[half:]
    out: list[int] = []
    for i, d in enumerate(second):
        out.append(d)
        if i < len(first):
            out.append(first[i])
    return out


def turned(seats: Seating) -> Seating:
    """The overplay's seats: each player one seat to the left, holding an adversary's hand."""
    return {"N": seats["W"], "E": seats["N"], "S": seats["E"], "W": seats["S"]}


def exchanged(seats: Seating, a: Seat, b: Seat) -> Seating:
    """Two players exchange seats (p. 26 note)."""
    out = dict(seats)
    out[a], out[b] = seats[b], seats[a]
    return out


def _thirds_seatings() -> list[Seating]:
    """Each player partners each other for a third: S and E exchange, then S and W (p. 26)."""
    second = exchanged(ORIGINAL, "S", "E")
    return [ORIGINAL, second, exchanged(second, "S", "W")]


def _rounds(sets: list[tuple[Seating, list[int]]]) -> tuple[Round, ...]:
    """The original play of each set, then the overplay of each, seats turned."""
    plays = [(seats, trays) for seats, trays in sets]
    plays += [(turned(seats), overplay_order(trays)) for seats, trays in sets]
    return tuple(
        Round(number=i, tables=(TableAssignment(table=1, trays=tuple(trays), seats=dict(seats)),))
        for i, (seats, trays) in enumerate(plays, start=1)
    )


def mnemonic(*, entrants: int | None, tables: int | None, deals: int | None, variant: str | None) -> Movement:
    """Mnemonic Duplicate at one table: the original play, then the overplay (pp. 25-27)."""
    if entrants not in (None, 4) or tables not in (None, 1):
        raise MovementUserError("Mnemonic Duplicate is four players at one table (p. 26)")
    count = DEFAULT_DEALS[variant] if deals is None else deals
    if variant == "individual" and count % 3:
        raise MovementUserError(
            f"for an individual record each player partners each other for a third of the deals "
            f"(p. 26): the deals must be a multiple of 3, not {count}"
        )
    trays = list(range(1, count + 1))
    if variant == "individual":
        third = count // 3
        sets = [(s, trays[i * third : (i + 1) * third]) for i, s in enumerate(_thirds_seatings())]
    else:
        sets = [(dict(ORIGINAL), trays)]
    return Movement(
        family="mnemonic",
        variant=variant,
        entrants=4,
        tables=1,
        trays=count,
        rounds=_rounds(sets),
        entrant_kind="player",
        source=f"{_PAGES}: Single Table, or Mnemonic Duplicate",
        notes=(
            "every deal is played twice; on the overplay each player holds a hand an adversary held",
            "declare one suit trumps for the sitting and turn no trump card (p. 26; Law IV, Sec. 11)",
            "an irregularity in the hands is always a new deal (p. 66)",
        ),
    )


FAMILY = Family(
    name="mnemonic",
    title="Single Table, or Mnemonic Duplicate",
    pages=_PAGES,
    entrant_kind="player",
    session_kinds=("individuals",),
    generate=mnemonic,
    variants=("individual",),
    summary="Four players at one table; every deal replayed in another order, each side "
    "holding the cards its adversaries held.",
    unit_players={"pairs": 2},
    plays_twice=True,
)
