"""Calls to the director as the live board and the phones show them, and the round's clock."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from entry.selectors.phone import Phone, phone_round
from tournaments.clock import RoundClock, clock_words
from tournaments.models import DirectorCall, Session
from tournaments.selectors import session_round_clock


@dataclass(frozen=True)
class CallView:
    """An open call as the board writes it."""

    id: int
    where: str
    round: int
    called_at: dt.datetime
    called_by: str

    def to_json(self) -> dict[str, Any]:
        """The call as JSON (board.json and the API)."""
        return {
            "id": self.id,
            "where": self.where,
            "round": self.round,
            "called_at": self.called_at.isoformat(),
            "called_by": self.called_by,
        }


def _where(call: DirectorCall) -> str:
    """Where a call comes from: "Table 3", or the entrant sitting out."""
    if call.table is not None:
        return f"Table {call.table.number}"
    return str(call.entrant) if call.entrant is not None else "A phone"


def open_calls(*, session: Session) -> list[CallView]:
    """The calls the director has not answered, oldest first."""
    calls = DirectorCall.objects.filter(session=session, answered_at__isnull=True).select_related(
        "table", "entrant"
    )
    return [
        CallView(c.pk, _where(c), c.round_number, timezone.localtime(c.called_at), c.called_by)
        for c in calls.order_by("called_at", "id")
    ]


def phone_call(*, phone: Phone) -> DirectorCall | None:
    """The phone's open call: its table's, or its entrant's while sitting out."""
    calls = DirectorCall.objects.filter(session_id=phone.session.pk, answered_at__isnull=True)
    if phone.link is not None:
        seating = phone.seatings.get(phone_round(phone))
        if seating is None:
            return calls.filter(entrant_id=phone.link.entrant_id, table__isnull=True).first()
        return calls.filter(table_id=seating.table_id).first()
    return calls.filter(table_id=phone.table.pk if phone.table else None).first()


@dataclass(frozen=True)
class PhoneClock:
    """What the phone shows of the timer and of its call."""

    clock: RoundClock | None
    call: DirectorCall | None
    now: dt.datetime

    @property
    def words(self) -> str:
        """The clock in a few words, for a page without JavaScript."""
        return clock_words(self.clock, self.now)

    def to_json(self) -> dict[str, Any]:
        """The clock and the call as JSON (the phone page's script and the API)."""
        return {
            "clock": self.clock.to_json(self.now) if self.clock else None,
            "call": None
            if self.call is None
            else {"id": self.call.pk, "called_at": timezone.localtime(self.call.called_at).isoformat()},
            "now": self.now.isoformat(),
        }


def phone_clock(*, phone: Phone) -> PhoneClock:
    """The phone's round clock (its entrant's round, by the session's one clock) and its open call.

    A table's own link shows no clock: its round is how far the table has got, which moves with the
    table's sends, and a table's link tells its holders nothing that does (``scoring.visibility``). The
    clock itself never moves with anyone's results (``tournaments.clock``)."""
    if phone.link is None or phone.in_doubt:  # a pass in doubt may be anyone's: no more than a place
        return PhoneClock(clock=None, call=phone_call(phone=phone), now=timezone.localtime())
    number = phone_round(phone)
    clock = session_round_clock(session=phone.session, round_number=number) if number else None
    return PhoneClock(clock=clock, call=phone_call(phone=phone), now=timezone.localtime())


def room_clock(*, session: Session, room_round: int) -> RoundClock | None:
    """The clock of the round the room is playing, for the live board and the hall's screen."""
    return session_round_clock(session=session, round_number=room_round)
