"""The trump of a deal, for the scoring engine; the suits and ranks are ``whist.cards``.

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

from whist.cards import RANK_NAME, RANKS, SUIT_NAME, SUITS


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
        return f"{SUIT_NAME[trump]} declared (Law IV, Sec. 11)"
    return f"the {RANK_NAME[trump[0]]} of {SUIT_NAME[trump[1]]} turned"
