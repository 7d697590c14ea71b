"""Cards, hands and PBN deal notation (PBN 2.1, section 3.4.11).

- **card**: rank and suit, the app's way: "KC" is the king of clubs, "TH"
  the ten of hearts. On paper and on pages it is written with its suit
  symbol: "K♣", "10♥" (``card_text``).
- **deal notation**: ``"<first>:<hand> <hand> <hand> <hand>"``, the hands
  clockwise from ``first``; a hand is its spades, hearts, diamonds and
  clubs, by rank, separated by dots (``"AKQ.J.T98.765"``); ``"-"`` is a
  hand not given. Import format allows lower case, ranks in any order and
  any first seat; export format wants upper case, ranks in descending order
  and the dealer first.
"""

from __future__ import annotations

from dataclasses import dataclass

from whist.cards import PACK, RANKS, SEAT_NAME, SEATS, SUIT_NAME, SUIT_SYMBOL, SUITS, left_of, rank_text

__all__ = ["PACK", "RANKS", "SEATS", "SEAT_NAME", "SUITS", "SUIT_NAME", "SUIT_SYMBOL", "left_of"]

#: Hands by seat; a seat missing from the mapping is a hand not given ("-").
Hands = dict[str, list[str]]


class DealError(ValueError):
    """A deal that cannot be read or is not a true pack; the message says why."""


def card_text(card: str) -> str:
    """A card as people write it: "KC" -> "K♣", "TH" -> "10♥"; blank if not a card."""
    if len(card) != 2 or card[1] not in SUIT_SYMBOL or card[0] not in RANKS:
        return ""
    return rank_text(card[0]) + SUIT_SYMBOL[card[1]]


def read_card(text: str) -> str:
    """A card written either way round ("KC", "CK", "kc", "10C") as "KC"; DealError if not one."""
    card = text.strip().upper().replace("10", "T")
    if len(card) == 2 and card[1] in SUITS and card[0] in RANKS:
        return card
    if len(card) == 2 and card[0] in SUITS and card[1] in RANKS:
        return card[1] + card[0]
    raise DealError(f"{_shown(text)} is not a card (a rank and a suit, like KC)")


def sort_hand(cards: list[str]) -> list[str]:
    """Cards by suit (spades first), then rank, highest first."""
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))


def suit_ranks(cards: list[str], suit: str) -> str:
    """The ranks a hand holds in one suit, highest first: "AQT2"."""
    return "".join(r for r in RANKS if r + suit in cards)


def hand_notation(cards: list[str]) -> str:
    """A hand in deal notation: "AKQ.J.T98.765"."""
    return ".".join(suit_ranks(cards, s) for s in SUITS)


def deal_notation(hands: Hands, first: str = "N") -> str:
    """Hands in export-format deal notation, clockwise from ``first``; "-" for a hand not given."""
    parts = []
    for k in range(4):
        seat = left_of(first, k)
        parts.append(hand_notation(hands[seat]) if seat in hands else "-")
    return f"{first}:" + " ".join(parts)


@dataclass(frozen=True)
class ReadDeal:
    """A deal read from notation: the hands given, and the seat it began with."""

    hands: Hands
    first: str


def read_deal(value: str) -> ReadDeal:
    """Read deal notation in import format (any case, ranks in any order); DealError says why not."""
    text = value.strip()
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in SEATS:
        raise DealError(f"{_shown(value)} is not a deal (it begins with N:, E:, S: or W:)")
    first = text[0].upper()
    parts = text[2:].split()
    if len(parts) != 4:
        raise DealError(f"a deal has four hands, given or '-'; this one has {len(parts)}")
    hands: Hands = {}
    seen: set[str] = set()
    for k, part in enumerate(parts):
        seat = left_of(first, k)
        if part == "-":
            continue
        hands[seat] = _read_hand(part, seat, seen)
    return ReadDeal(hands=hands, first=first)


def _read_hand(part: str, seat: str, seen: set[str]) -> list[str]:
    """One hand's four suits; no card may be dealt twice."""
    suits = part.split(".")
    if len(suits) != 4:
        raise DealError(f"{SEAT_NAME[seat]}'s hand {_shown(part)} does not have four suits")
    cards = []
    for suit, ranks in zip(SUITS, suits, strict=True):
        for rank in ranks.upper():
            if rank not in RANKS:
                raise DealError(f"{SEAT_NAME[seat]}'s hand has {_shown(rank)}, which is not a rank")
            card = rank + suit
            if card in seen:
                raise DealError(f"{card_text(card)} is dealt twice")
            seen.add(card)
            cards.append(card)
    return sort_hand(cards)


def whole_deal(hands: Hands) -> tuple[Hands, str | None]:
    """Four hands of 13 cards from those given; a fourth hand not given is the 13 cards left.

    Returns the hands and the seat that was filled in (or None); DealError
    when the deal is not a whole pack.
    """
    given = [s for s in SEATS if s in hands]
    sizes = {len(hands[s]) for s in given}
    if given and len(sizes) == 1 and max(sizes) < 13:
        raise DealError(f"an end position (hands of {max(sizes)} cards), not a whole deal")
    short = [f"{SEAT_NAME[s]} {len(hands[s])}" for s in given if len(hands[s]) != 13]
    if short:
        raise DealError("a hand has 13 cards; here " + ", ".join(short) + " cards")
    if len(given) < 3:
        names = f"only {' and '.join(SEAT_NAME[s] for s in given)}" if given else "no hand is"
        raise DealError(f"{names} given; a tray needs all four hands (three, and the fourth follows)")
    if len(given) == 4:
        return {s: list(hands[s]) for s in SEATS}, None
    missing = next(s for s in SEATS if s not in hands)
    rest = PACK - {c for s in given for c in hands[s]}
    out: Hands = {s: list(hands[s]) for s in given}
    out[missing] = sort_hand(list(rest))
    return out, missing


def _shown(text: str, limit: int = 24) -> str:
    """A piece of the input, quoted and cut short, control characters escaped."""
    cut = text if len(text) <= limit else text[:limit] + "…"
    return repr(cut)
