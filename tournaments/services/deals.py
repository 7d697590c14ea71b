"""Dealing the trays (Laws I-IV, pp. 60-62); PBN in and out is ``services.pbn``.

The app deals as Law III says: one card at a time from the top of a shuffled
pack, the first to the player on the dealer's left, the last, the trump
card, to the dealer, turned face up. Shuffles use the operating system's
secure random source. Hands are kept in PBN deal notation.

A sitting may instead have a suit declared trumps and no card turned (Law
IV, Sec. 11, p. 62; the book's advice for Mnemonic Duplicate, p. 26): every
deal's trump is then that suit ("S"), on trays, phones and hand records.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from django.db import transaction

from tournaments.locks import lock_session
from whist.cards import RANKS, SEATS, SUIT_NAME, SUITS, left_of

from ..models import Deal, Session, Tray
from ..pbn.cards import DealError, deal_notation, read_deal, whole_deal
from .club import log_action
from .errors import UserError
from .pack_deals import pack_deals_held
from .pbn import pbn_export as pbn_export  # PBN lives in services.pbn; the names stay here too
from .pbn import pbn_import as pbn_import
from .sessions import require_status


def deal_cards(*, dealer: str, rng: random.Random | None = None) -> tuple[dict[str, list[str]], str]:
    """Shuffle and deal a pack: hands by seat (cards like "KC") and the trump card."""
    pack = [rank + suit for suit in SUITS for rank in RANKS]
    (rng or secrets.SystemRandom()).shuffle(pack)
    hands: dict[str, list[str]] = {s: [] for s in SEATS}
    for i, card in enumerate(pack):
        hands[left_of(dealer, i + 1)].append(card)
    return hands, pack[-1]


def hands_to_pbn(hands: dict[str, list[str]], first: str = "N") -> str:
    """PBN deal notation, e.g. "N:AKQ.J.T98.765 ...", clockwise from ``first``."""
    return deal_notation(hands, first=first)


def pbn_to_hands(pbn: str) -> dict[str, list[str]]:
    """Read PBN deal notation into four hands by seat (three given: the fourth is the rest)."""
    try:
        hands, _ = whole_deal(read_deal(pbn).hands)
    except DealError as exc:
        text = str(exc)
        raise UserError(text[0].upper() + text[1:] + ".", field="hands") from None
    return hands


def check_trump(card: str) -> str:
    """A trump card is rank and suit, e.g. "KC" (king of clubs)."""
    card = card.strip().upper().replace("10", "T")
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise UserError(f"A trump card is a rank and a suit, like KC; not {card!r}.", field="trump")
    return card


@transaction.atomic
def trays_deal(*, session: Session, rng: random.Random | None = None, user: Any = None) -> int:
    """Deal every tray of the session afresh; returns how many were dealt.

    The trays are dealt in their numbers' order, so that one seed deals one pack: two clubs' heats
    dealt from the same seed hold the same deals (a database returns unordered rows in any order). A
    session that plays a simultaneous event's pack is refused (``pack_deals``)."""
    require_status(session, Session.Status.DRAFT, doing="deal the trays")
    pack_deals_held(session, doing="dealt again", field="deal")
    declared = Session.objects.values_list("declared_trump", flat=True).get(pk=session.pk)
    count = 0
    for deal in Deal.objects.filter(tray__session=session).order_by("tray__number"):
        hands, trump = deal_cards(dealer=deal.dealer, rng=rng)
        deal.hands, deal.trump, deal.double_dummy = hands_to_pbn(hands), declared or trump, None
        deal.save(update_fields=["hands", "trump", "double_dummy"])
        count += 1
    log_action(club=session.club, session=session, user=user, action="trays.deal", trays=count)
    return count


@transaction.atomic
def deal_record(*, tray: Tray, trump: str = "", hands: str = "", dealer: str = "", user: Any = None) -> Deal:
    """Record a deal's trump card, and its hands if known (players dealt at the table).

    A tray of a session that plays a simultaneous event's pack keeps the pack's hands, dealer and trump
    card (``pack_deals``); only a trump card the pack did not give, turned at the table, is recorded."""
    deal, _ = Deal.objects.get_or_create(tray=tray)
    if hands or dealer or (trump and deal.trump and trump.strip().upper().replace("10", "T") != deal.trump):
        pack_deals_held(tray.session, doing="changed tray by tray", field="hands" if hands else "trump")
    declared = tray.session.declared_trump
    if trump and declared:
        raise UserError(
            f"{SUIT_NAME[declared].capitalize()} are declared trumps for the sitting: no card is turned "
            "(Law IV, Sec. 11).",
            field="trump",
        )
    if trump:
        deal.trump = check_trump(trump)
    if hands:
        parsed = pbn_to_hands(hands)
        deal.hands = hands_to_pbn(parsed)
        if len(deal.trump) == 2 and deal.trump not in parsed[dealer or deal.dealer]:
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


@transaction.atomic
def session_declare_trump(*, session: Session, suit: str, user: Any = None) -> Session:
    """Declare a suit trumps for the sitting, no card turned (Law IV, Sec. 11); blank turns cards again.

    Every deal's trump becomes the suit. Undeclaring leaves the trays'
    trump to be turned at the table (or the trays dealt again): the card
    that would have been turned is not known.
    """
    session = lock_session(session.pk, defer=())
    require_status(session, Session.Status.DRAFT, doing="change the trump suit")
    pack_deals_held(session, doing="given other trumps", field="suit")
    suit = (suit or "").strip().upper()[:1]
    if suit and suit not in SUITS:
        raise UserError("Declare spades, hearts, diamonds or clubs (S, H, D or C), or none.", field="suit")
    deals = Deal.objects.filter(tray__session=session)
    if suit:
        deals.update(trump=suit, double_dummy=None)
    elif session.declared_trump:
        deals.filter(trump=session.declared_trump).update(trump="", double_dummy=None)
    old, session.declared_trump = session.declared_trump, suit
    session.save(update_fields=["declared_trump", "updated_at"])
    log_action(
        club=session.club, session=session, user=user, action="session.declare_trump", old=old, new=suit
    )
    return session
