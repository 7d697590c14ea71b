"""The hands of each tray as plain data, for hand records and curtain cards before play.

- **hand record**: one tray's four hands in a compass (North at the top,
  West on the left), with its dealer and trump card; the director keeps it
  to check a tray or settle a dispute.
- **curtain card**: one hand of one tray on a card of its own, slipped into
  the tray's pocket for that seat, so that a club deals the trays from them
  and the players can check their hands after play. The dealer's card shows
  the trump card, which is dealt last and turned face up (Law III).

Only trays whose hands are known (dealt by the app or imported) have them;
the others are dealt at the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from whist.cards import RANKS, RED_SUITS, SEAT_NAME, SEATS, SUIT_SYMBOL, SUITS, rank_text

from ..display import card_text
from ..models import Deal, Session
from ..pbn.cards import read_deal
from ..services.pbn import double_dummy_note


@dataclass(frozen=True)
class SuitLine:
    """One suit of a hand: its symbol and its ranks ("10" for ten); ``trump`` marks the turned card."""

    suit: str
    symbol: str
    ranks: tuple[str, ...]
    trump: str = ""

    @property
    def red(self) -> bool:
        """Hearts and diamonds print red."""
        return self.suit in RED_SUITS

    @property
    def text(self) -> str:
        """ "A K 10 2", or "—" for a void."""
        return " ".join(self.ranks) or "—"


@dataclass(frozen=True)
class Hand:
    """One seat's thirteen cards."""

    seat: str
    name: str
    suits: tuple[SuitLine, ...]
    dealer: bool = False


@dataclass(frozen=True)
class TrayHands:
    """A tray's four hands, its dealer and its trump card."""

    tray: int
    dealer: str
    trump: str
    hands: tuple[Hand, ...]
    note: str = ""

    @property
    def dealer_name(self) -> str:
        """ "East"."""
        return SEAT_NAME.get(self.dealer, self.dealer)

    @property
    def trump_text(self) -> str:
        """ "K♣" ("♠ declared" for a declared suit), or "" when the trump card is turned at the table."""
        return card_text(self.trump)

    @property
    def trump_red(self) -> bool:
        """Whether the trump card is a heart or a diamond."""
        return self.trump[-1:] in RED_SUITS

    def hand(self, seat: str) -> Hand:
        """The hand of one seat."""
        return next(h for h in self.hands if h.seat == seat)


def _hand(seat: str, cards: list[str], dealer: str, trump: str) -> Hand:
    lines = []
    for suit in SUITS:
        ranks = [r for r in RANKS if r + suit in cards]
        turned = rank_text(trump[0]) if seat == dealer and trump[1:] == suit else ""
        lines.append(
            SuitLine(suit=suit, symbol=SUIT_SYMBOL[suit], ranks=tuple(map(rank_text, ranks)), trump=turned)
        )
    return Hand(seat=seat, name=SEAT_NAME[seat], suits=tuple(lines), dealer=seat == dealer)


def tray_hands_of(deal: Deal) -> TrayHands | None:
    """A deal's hands for print, or None when they are not known."""
    if not deal.hands:
        return None
    hands = read_deal(deal.hands).hands
    trump = deal.trump if len(deal.trump) in (1, 2) else ""
    return TrayHands(
        tray=deal.tray.number,
        dealer=deal.dealer,
        trump=trump,
        hands=tuple(_hand(s, hands[s], deal.dealer, trump) for s in SEATS),
        note=double_dummy_note(deal.double_dummy),
    )


def session_hands(session: Session) -> tuple[list[TrayHands], list[int]]:
    """The known trays' hands in tray order, and the numbers of the trays dealt at the table."""
    known: list[TrayHands] = []
    unknown: list[int] = []
    for deal in Deal.objects.filter(tray__session=session).select_related("tray").order_by("tray__number"):
        hands = tray_hands_of(deal)
        if hands is None:
            unknown.append(deal.tray.number)
        else:
            known.append(hands)
    return known, unknown
