"""A call to the director from a table's phone, and its answer (modern practice: Bridgemate's call button).

A phone calls from its table (a table's link), or from wherever the entrant
it follows sits now (an entrant's own link); a phone whose entrant sits out
calls from no table. One open call a table (or a sitting-out entrant): a
second press while the director is on the way is the same call. The call
shows on the live board until the director marks it answered.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from entry.selectors.phone import Phone, phone_round
from tournaments.link_reads import TableRead
from tournaments.locks import locked
from tournaments.models import MOVEMENT_FIELDS, DirectorCall, Session, Table
from tournaments.services.club import log_action
from tournaments.services.errors import NotFound, UserError


def caller(phone: Phone) -> str:
    """Who calls, as the board says it: "table 3", "pair 5's phone"."""
    if phone.link is None:
        return f"table {phone.table.number}" if phone.table else "a table"
    return f"{str(phone.link.entrant).lower()}'s phone"


def _where(phone: Phone) -> tuple[Any, int]:
    """The table the phone calls from (None when its entrant sits out), and the round."""
    number = phone_round(phone)
    if phone.link is None:
        return phone.table, number
    seating = phone.seatings.get(number)
    return (seating.table if seating is not None else None), number


def _open_call(calls: QuerySet[DirectorCall], table: Table | TableRead | None, entrant: int | None) -> Any:
    """The open call of the table (a table's, or where the entrant sits), else the entrant's own."""
    return calls.filter(table_id=table.pk).first() if table else calls.filter(entrant_id=entrant).first()


@transaction.atomic
def call_director(*, phone: Phone, by: str) -> DirectorCall:
    """Call the director to the phone's table; calling again while a call is open is the same call."""
    session = Session.objects.defer(*MOVEMENT_FIELDS).get(pk=phone.session.pk)
    if session.status != Session.Status.RUNNING:
        raise UserError("The session is not running: find the director in the room.")
    table, number = _where(phone)
    entrant = phone.link.entrant_id if phone.link is not None else None
    open_calls = DirectorCall.objects.filter(session=session, answered_at__isnull=True)
    found = _open_call(open_calls, table, entrant)
    if found is not None:
        return found
    try:
        with transaction.atomic():
            call = DirectorCall.objects.create(
                session=session,
                table_id=table.pk if table else None,
                entrant_id=entrant,
                round_number=number,
                called_by=by[:80],
            )
    except IntegrityError:  # another phone at the table called at the same moment
        found = _open_call(open_calls, table, entrant)
        if found is None:
            raise
        return found
    log_action(
        club=session.club,
        session=session,
        actor=by[:80],
        action="call.director",
        table=table.number if table else None,
        round=number,
    )
    return call


@transaction.atomic
def call_answer(*, session: Session, call_id: Any, user: Any = None, by: str = "") -> DirectorCall:
    """Mark a call answered (the director went to the table); answering twice changes nothing."""
    try:
        call = locked(DirectorCall.objects.all()).get(session=session, pk=int(call_id))
    except (DirectorCall.DoesNotExist, TypeError, ValueError):
        raise NotFound("No such call.") from None
    if call.answered_at is None:
        call.answered_at = timezone.now()
        call.answered_by = (by or getattr(user, "username", "") or "director")[:80]
        call.save(update_fields=["answered_at", "answered_by"])
        log_action(
            club=session.club,
            session=session,
            user=user,
            action="call.answer",
            table=call.table.number if call.table else None,
        )
    return call
