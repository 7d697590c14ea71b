"""The pack and the table, once for the whole project: suits, ranks and seats.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **card**: rank then suit, by their letters: ``"KC"`` is the king of clubs,
  ``"TD"`` the ten of diamonds (printed "10♦"). The pack is 52 cards.
- **trump card**: the last card dealt, turned face up, and recorded on the
  trump slip before play (Law III, Sec. 1, p. 61; Law IV, Sec. 1, p. 61).
- **declared trump**: "a trump suit may be declared and no trump turned"
  (Law IV, Sec. 11, p. 62); written as the suit's letter alone: ``"S"``.
- **seats**: North, East, South, West, in the order the cards are dealt:
  "the first to the player at the left of the dealer" (Law III, Sec. 1), so
  East follows North. North and South are partners, as are East and West.

The suits are listed spades first, as the hand records and PBN list them;
the book ranks no suit above another. The letters, glyphs, names and orders
below are all read from three tables: ``SUIT_TABLE``, ``RANK_TABLE`` and
``SEAT_TABLE``; hearts and diamonds print red (``RED_SUITS``).
"""

from __future__ import annotations

from typing import Literal

Suit = Literal["S", "H", "D", "C"]
Seat = Literal["N", "E", "S", "W"]

#: The suits: letter, glyph, name (plural, as the book writes "spades declared").
SUIT_TABLE: tuple[tuple[Suit, str, str], ...] = (
    ("S", "♠", "spades"),
    ("H", "♥", "hearts"),
    ("D", "♦", "diamonds"),
    ("C", "♣", "clubs"),
)
#: The ranks, ace high: letter, as printed (the ten is "T" in a code, "10" on paper), name.
RANK_TABLE: tuple[tuple[str, str, str], ...] = (
    ("A", "A", "ace"),
    ("K", "K", "king"),
    ("Q", "Q", "queen"),
    ("J", "J", "jack"),
    ("T", "10", "ten"),
    ("9", "9", "nine"),
    ("8", "8", "eight"),
    ("7", "7", "seven"),
    ("6", "6", "six"),
    ("5", "5", "five"),
    ("4", "4", "four"),
    ("3", "3", "three"),
    ("2", "2", "two"),
)
#: The seats, clockwise from North (the order of the deal, Law III, Sec. 1): letter, name.
SEAT_TABLE: tuple[tuple[Seat, str], ...] = (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West"))

SUITS: tuple[Suit, ...] = tuple(letter for letter, _, _ in SUIT_TABLE)
SUIT_SYMBOL: dict[str, str] = {letter: glyph for letter, glyph, _ in SUIT_TABLE}
SUIT_NAME: dict[str, str] = {letter: name for letter, _, name in SUIT_TABLE}
#: A glyph back to its suit's letter: "♣" -> "C".
SYMBOL_SUIT: dict[str, str] = {glyph: letter for letter, glyph, _ in SUIT_TABLE}
#: The suits printed red.
RED_SUITS: frozenset[str] = frozenset({"H", "D"})

RANKS: tuple[str, ...] = tuple(letter for letter, _, _ in RANK_TABLE)
RANK_TEXT: dict[str, str] = {letter: printed for letter, printed, _ in RANK_TABLE}
RANK_NAME: dict[str, str] = {letter: name for letter, _, name in RANK_TABLE}

SEATS: tuple[Seat, ...] = tuple(letter for letter, _ in SEAT_TABLE)
SEAT_NAME: dict[str, str] = dict(SEAT_TABLE)
#: Each seat's partner, across the table: two seats round.
PARTNER: dict[str, Seat] = {seat: SEATS[(k + 2) % len(SEATS)] for k, seat in enumerate(SEATS)}

#: The 52 cards, as rank and suit letters.
PACK: frozenset[str] = frozenset(rank + suit for suit in SUITS for rank in RANKS)


def rank_text(rank: str) -> str:
    """A rank as printed: "T" -> "10", "K" -> "K"; anything else as given."""
    return RANK_TEXT.get(rank, rank)


def left_of(seat: str, steps: int = 1) -> Seat:
    """The seat ``steps`` places clockwise from ``seat`` (the next to be dealt to, Law III)."""
    return SEATS[(SEATS.index(seat) + steps) % len(SEATS)]
