"""Dealing the trays, and PBN in and out (Laws I-IV, pp. 60-62).

The app deals as Law III says: one card at a time from the top of a shuffled
pack, the first to the player on the dealer's left, the last, the trump
card, to the dealer, turned face up. Shuffles use the operating system's
secure random source. Hands are kept in PBN deal notation.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from ..models import Deal, Session, Tray
from .club import log_action
from .errors import UserError
from .sessions import require_status

SUITS = "SHDC"
RANKS = "AKQJT98765432"
SEATS = "NESW"
PBN_DEAL = re.compile(r"^[NESW]:(\S+) (\S+) (\S+) (\S+)$")


def _left_of(seat: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def deal_cards(*, dealer: str, rng: random.Random | None = None) -> tuple[dict[str, list[str]], str]:
    """Shuffle and deal a pack: hands by seat (cards like "KC") and the trump card."""
    pack = [rank + suit for suit in SUITS for rank in RANKS]
    (rng or secrets.SystemRandom()).shuffle(pack)
    hands: dict[str, list[str]] = {s: [] for s in SEATS}
    for i, card in enumerate(pack):
        hands[_left_of(dealer, i + 1)].append(card)
    return hands, pack[-1]


def hands_to_pbn(hands: dict[str, list[str]], first: str = "N") -> str:
    """PBN deal notation, e.g. "N:AKQ.J.T98.765 ...", clockwise from ``first``."""
    parts = []
    for k in range(4):
        seat = _left_of(first, k)
        cards = hands[seat]
        parts.append(".".join("".join(r for r in RANKS if r + suit in cards) for suit in SUITS))
    return f"{first}:" + " ".join(parts)


def pbn_to_hands(pbn: str) -> dict[str, list[str]]:
    """Read PBN deal notation into hands by seat; refuse anything but a full, true pack."""
    match = PBN_DEAL.match(pbn.strip())
    if not match:
        raise UserError(f"Not a PBN deal: {pbn!r}.", field="hands")
    first = pbn.strip()[0]
    hands: dict[str, list[str]] = {}
    for k, text in enumerate(match.groups()):
        suits = text.split(".")
        if len(suits) != 4:
            raise UserError(f"A hand needs four suits: {text!r}.", field="hands")
        hands[_left_of(first, k)] = [
            r + s for s, ranks in zip(SUITS, suits, strict=True) for r in ranks.upper()
        ]
    cards = [c for h in hands.values() for c in h]
    if sorted(cards) != sorted(r + s for s in SUITS for r in RANKS) or any(
        len(h) != 13 for h in hands.values()
    ):
        raise UserError("A deal needs 52 different cards, 13 in each hand.", field="hands")
    return hands


def check_trump(card: str) -> str:
    """A trump card is rank and suit, e.g. "KC" (king of clubs)."""
    card = card.strip().upper().replace("10", "T")
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise UserError(f"A trump card is a rank and a suit, like KC; not {card!r}.", field="trump")
    return card


@transaction.atomic
def trays_deal(*, session: Session, rng: random.Random | None = None, user: Any = None) -> int:
    """Deal every tray of the session afresh; returns how many were dealt."""
    require_status(session, Session.Status.DRAFT, doing="deal the trays")
    count = 0
    for deal in Deal.objects.filter(tray__session=session).select_related("tray"):
        hands, trump = deal_cards(dealer=deal.dealer, rng=rng)
        deal.hands, deal.trump, deal.double_dummy = hands_to_pbn(hands), trump, None
        deal.save(update_fields=["hands", "trump", "double_dummy"])
        count += 1
    log_action(club=session.club, session=session, user=user, action="trays.deal", trays=count)
    return count


@transaction.atomic
def deal_record(*, tray: Tray, trump: str = "", hands: str = "", dealer: str = "", user: Any = None) -> Deal:
    """Record a deal's trump card, and its hands if known (players dealt at the table)."""
    deal, _ = Deal.objects.get_or_create(tray=tray)
    if trump:
        deal.trump = check_trump(trump)
    if hands:
        parsed = pbn_to_hands(hands)
        deal.hands = hands_to_pbn(parsed)
        if deal.trump and deal.trump not in parsed[dealer or deal.dealer]:
            raise UserError("The trump card must be in the dealer's hand (Law III).", field="trump")
    if dealer:
        if dealer not in SEATS:
            raise UserError("The dealer is N, E, S or W.", field="dealer")
        deal.dealer = dealer
    deal.double_dummy = None
    deal.save()
    log_action(
        club=tray.session.club, session=tray.session, user=user, action="deal.record", tray=tray.number
    )
    return deal


def pbn_export(*, session: Session) -> str:
    """The session's deals as a PBN file (for dealing machines and hand records)."""
    blocks = ["% PBN 2.1\n% EXPORT"]
    for deal in Deal.objects.filter(tray__session=session).select_related("tray").order_by("tray__number"):
        if not deal.hands:
            continue
        tags = [
            f'[Event "{session.title}"]',
            f'[Date "{session.date:%Y.%m.%d}"]',
            f'[Board "{deal.tray.number}"]',
            f'[Dealer "{deal.dealer}"]',
            f'[Deal "{deal.hands}"]',
        ]
        if deal.trump:
            tags.append(f'[Trump "{deal.trump}"]')
        blocks.append("\n".join(tags))
    return "\n\n".join(blocks) + "\n"


def pbn_import(*, session: Session, text: str, user: Any = None) -> int:
    """Read deals from a PBN file onto the session's trays by board number."""
    boards = _pbn_boards(text)
    if not boards:
        raise UserError("No boards with a [Deal] tag in that file.", field="file")
    trays = {t.number: t for t in session.trays.all()}
    with transaction.atomic():
        for number, tags in boards:
            tray = trays.get(number)
            if tray is None:
                raise UserError(f"Board {number} is not a tray of this session.", field="file")
            deal_record(
                tray=tray,
                hands=tags["Deal"],
                dealer=tags.get("Dealer", ""),
                trump=tags.get("Trump", ""),
                user=user,
            )
    return len(boards)


def _pbn_boards(text: str) -> Sequence[tuple[int, dict[str, str]]]:
    boards: list[tuple[int, dict[str, str]]] = []
    tags: dict[str, str] = {}
    for line in [*text.splitlines(), ""]:
        m = re.match(r'^\[(\w+)\s+"(.*)"\]\s*$', line.strip())
        if m:
            tags[m.group(1)] = m.group(2)
        elif not line.strip() and tags:
            if "Deal" in tags and tags.get("Board", "").isdigit():
                boards.append((int(tags["Board"]), tags))
            tags = {}
    return boards
