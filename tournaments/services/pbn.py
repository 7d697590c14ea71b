"""PBN in and out for a session's trays; ``tournaments.pbn`` reads and writes the files.

Import puts each board's deal on the tray of the same number: its hands,
its dealer (a file without one leaves the tray's), and its trump card. A
bridge file has no trump card: in a draft session the tray's trump card is
then left to be turned at the table (Law III) and recorded; once play has
begun, the card recorded at the table stays, and must be in the dealer's
hand. Nothing is stored unless the whole file can be taken.

Export writes every tray whose hands are known in PBN 2.1 export format,
with the double-dummy tricks as a comment where they are known.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction

from whist.cards import SEAT_NAME

from ..models import Deal, Session, Tray
from ..pbn.cards import card_text, deal_notation
from ..pbn.whist import Reading, WhistDeal, ranges, read_deals
from ..pbn.writer import export_text
from ..selectors import double_dummy_note as double_dummy_note  # the printed hand records' too
from ..selectors import export_deals as export_deals  # a read, shared with the heat's file
from .club import log_action
from .errors import UserError
from .pack_deals import pack_deals_held
from .seating import dealer_for


class PBNRefused(UserError):
    """A PBN file that cannot be taken; ``problems`` lists each board at fault and why."""

    def __init__(self, problems: list[str]) -> None:
        self.shown = Reading(problems=problems).message().split("\n")
        super().__init__("\n".join(self.shown), field="file")
        self.problems = self.shown  # what a page or an API body lists: capped, the rest counted


@dataclass(frozen=True)
class PBNImported:
    """What an import did: how many trays got a deal, and what it left, in words."""

    count: int
    notes: list[str] = field(default_factory=list)


def pbn_size_check(size: int) -> None:
    """Refuse a file larger than the ``PBN_MAX_BYTES`` setting."""
    cap = int(settings.PBN_MAX_BYTES)
    if size > cap:
        raise UserError(
            f"The file has {size:,} bytes; a PBN file may have at most {cap:,} (setting PBN_MAX_BYTES).",
            field="file",
        )


@dataclass(frozen=True)
class _Placed:
    """One board of the file on its tray: the trump card to store, or why it cannot go there."""

    tray: Tray | None
    deal: WhistDeal
    trump: str = ""
    problem: str = ""


def pbn_import(*, session: Session, text: str | bytes, user: Any = None) -> PBNImported:
    """Put the file's deals on the session's trays by board number, or refuse it whole; a session that
    plays a simultaneous event's pack keeps the pack's deals (``pack_deals``)."""
    with transaction.atomic():
        pack_deals_held(session, doing="replaced by a PBN file", field="file")
        return pbn_place(session=session, text=text, user=user)


def pbn_place(*, session: Session, text: str | bytes, user: Any = None) -> PBNImported:
    """``pbn_import`` for a file whose deals may go over a pack's (another pack's: ``sim_pack_import``)."""
    pbn_size_check(len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text))
    reading = read_deals(text)
    if not reading.ok:
        raise PBNRefused(reading.problems)
    trays = {t.number: t for t in session.trays.select_related("deal")}
    placed = [_place(session, trays, d) for d in reading.deals]
    problems = [p.problem for p in placed if p.problem]
    if problems:
        raise PBNRefused(problems)
    with transaction.atomic():
        for p in placed:
            Deal.objects.update_or_create(
                tray=p.tray,
                defaults={
                    "hands": deal_notation(p.deal.hands, first="N"),
                    "dealer": _dealer(p.tray, p.deal),
                    "trump": p.trump,
                    "double_dummy": None,
                },
            )
        log_action(club=session.club, session=session, user=user, action="pbn.import", boards=len(placed))
    return PBNImported(count=len(placed), notes=reading.notes + _trump_notes(placed))


def _dealer(tray: Tray | None, deal: WhistDeal) -> str:
    """The file's dealer, else the tray's own."""
    if deal.dealer:
        return deal.dealer
    current = getattr(tray, "deal", None)
    return current.dealer if current is not None else dealer_for(deal.board)


def _place(session: Session, trays: dict[int, Tray], deal: WhistDeal) -> _Placed:
    """One board on the tray of its number, with the trump card it keeps (see the module's docstring)."""
    where = f"Board {deal.board} (line {deal.line})"
    tray = trays.get(deal.board)
    if tray is None:
        numbers = ranges(list(trays)) or "none yet"
        return _Placed(
            None, deal, problem=f"{where}: this session has no tray {deal.board} (its trays: {numbers})."
        )
    dealer = _dealer(tray, deal)
    if session.declared_trump:  # a suit declared for the sitting: no card is turned (Law IV, Sec. 11)
        return _Placed(tray, deal, session.declared_trump)
    trump, whose = deal.trump or "", "the trump card {}"
    current = getattr(tray, "deal", None)
    if not trump and current is not None and current.trump and not session.is_editable_setup:
        trump, whose = current.trump, "the trump card recorded at the table, {},"
    if trump and trump not in deal.hands[dealer]:
        card = whose.format(card_text(trump))
        return _Placed(
            tray, deal, trump, f"{where}: {card} is not in the dealer's ({SEAT_NAME[dealer]}'s) hand."
        )
    return _Placed(tray, deal, trump)


def _trump_notes(placed: list[_Placed]) -> list[str]:
    """Which trays still need their trump card turned at the table."""
    missing = [p.deal.board for p in placed if not p.trump]
    if not missing:
        return []
    word = "trays" if len(missing) > 1 else "tray"
    return [
        f"No trump card for {word} {ranges(missing)}: the dealer turns the last card at the table "
        "(Law III) and it is recorded with the first result."
    ]


def pbn_export(*, session: Session) -> str:
    """The session's deals in PBN 2.1 export format (serve it as ISO-8859-1)."""
    return export_text(event=session.title, date=session.date, deals=export_deals(session))
