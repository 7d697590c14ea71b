"""The suits and ranks of the pack, once for the scoring engine, and the trump of a deal.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **trump card**: the last card dealt, turned face up and recorded on the
  trump slip before play (Law III, Sec. 1; Law IV, Sec. 1, pp. 61-62),
  written here as rank then suit: ``"KC"`` is the king of clubs, ``"TD"``
  the ten of diamonds.
- **declared trump**: "By the unanimous consent of the players in any
  match, a trump suit may be declared and no trump turned" (Law IV, Sec. 11,
  p. 62); in Mnemonic Duplicate "one suit should be declared trumps for the
  sitting, and no trump card should be turned" (p. 26). Written as the suit
  alone: ``"S"``.

This module imports nothing from Django.
"""

from __future__ import annotations

#: The suits, highest first as a bridge player lists them; the book ranks none.
SUITS: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
#: The ranks, ace high (T is the ten).
RANKS: dict[str, str] = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
}


def is_card(text: str) -> bool:
    """True for a card written rank then suit, e.g. 'KC'."""
    return len(text) == 2 and text[0] in RANKS and text[1] in SUITS


def is_suit(text: str) -> bool:
    """True for a suit letter, e.g. 'S'."""
    return text in SUITS


def trump_suit(trump: str) -> str:
    """The suit of a trump card or declared suit: 'KC' -> 'C', 'S' -> 'S'."""
    return trump[-1]


def trump_words(trump: str) -> str:
    """'the king of clubs turned', or 'spades declared' (Law IV, Sec. 11)."""
    if is_suit(trump):
        return f"{SUITS[trump]} declared (Law IV, Sec. 11)"
    return f"the {RANKS[trump[0]]} of {SUITS[trump[1]]} turned"
