"""What a phone at the table may do: send N-S tricks, and let E-W check or dispute them.

A bare table link acts for its table. A phone that follows an entrant acts
for the table where that entrant sits in its round now (it need not scan
the new table's code), and may check or dispute only the lines of the
tables where that entrant played. Every rule of a result stays in
``services.results``; this module only finds the table.
"""

from __future__ import annotations

from typing import Any

from tournaments.services.errors import UserError

from ..models import SlipLine, Via
from ..selectors.phone import Phone, phone_line
from ..selectors.rounds import entrant_round, entrant_seatings
from .results import (
    Earlier,
    SubmitOutcome,
    result_confirm,
    result_dispute,
    result_submit,
    table_scope,
    table_with_earlier,
)


def table_phone_for_send(
    *, token: str, tray_number: Any, idempotency_key: str | None
) -> tuple[Phone, Earlier]:
    """A table link's phone, with what its send of this tray with this key looks for first (one
    query: ``table_with_earlier``); an unknown or revoked link is NotFound."""
    table, earlier = table_with_earlier(token=token, tray_number=tray_number, idempotency_key=idempotency_key)
    return Phone(session=table.session, table=table), earlier


def phone_submit(
    *,
    phone: Phone,
    tray_number: Any,
    ns_tricks: Any,
    by: str,
    device: str,
    idempotency_key: str | None,
    ns_revokes: int,
    ew_revokes: int,
    round_number: int | None,
    earlier: Earlier | None = None,
) -> SubmitOutcome:
    """Store the N-S tricks of a tray the phone's table (or entrant) plays now.

    A phone's keys are its link's own (the table's, or the entrant's). A
    repeated send (the same key) from a phone that follows an entrant is
    answered from the line it stored, though the entrant has moved on since.
    ``earlier``: a table link's, read with its table (``table_with_earlier``).
    """
    assert earlier is None or phone.link is None, "an entrant's phone looks where its entrant sits now"
    table, current = phone.table, None
    replayed = _replayed(phone, idempotency_key)
    if replayed is not None:
        table = replayed.table
    elif phone.link is not None:
        current = entrant_round(link=phone.link, session=phone.session)
        seating = entrant_seatings(link=phone.link).get(current)
        if seating is None:
            raise UserError("Your entrant has no table this round: nothing to send.", field="tray")
        table = seating.table
    assert table is not None
    table.session = phone.session
    return result_submit(
        table=table,
        tray_number=tray_number,
        ns_tricks=ns_tricks,
        via=Via.TABLE,
        by=by,
        device=device,
        idempotency_key=idempotency_key,
        ns_revokes=ns_revokes,
        ew_revokes=ew_revokes,
        round_number=round_number,
        phone_round=current,
        key_scope=key_scope(phone),
        earlier=earlier,
    )


def key_scope(phone: Phone) -> str:
    """Whose keys a phone's are: its entrant's own link's, or its table's."""
    if phone.link is not None:
        return f"entrant-link:{phone.link.pk}"
    assert phone.table is not None
    return table_scope(phone.table.pk)


def _replayed(phone: Phone, key: str | None) -> SlipLine | None:
    """The line an entrant's phone stored under this key before, wherever its entrant sits now."""
    key = (key or "").strip()
    if phone.link is None or not key:
        return None
    return (
        SlipLine.objects.filter(idempotency_scope=key_scope(phone), idempotency_key=key)
        .select_related("table")
        .first()
    )


def phone_confirm(*, phone: Phone, tray_number: Any, by: str, version: int | None) -> SlipLine:
    """E-W check the line of a tray at the phone's table (at the version they saw)."""
    line = phone_line(phone=phone, tray_number=tray_number)
    return result_confirm(line=line, by=by, via=Via.TABLE, version=version)


def phone_dispute(*, phone: Phone, tray_number: Any, claimed: Any, by: str) -> SlipLine:
    """E-W disagree with the line of a tray at the phone's table: it goes to the director."""
    line = phone_line(phone=phone, tray_number=tray_number)
    return result_dispute(line=line, claimed=claimed, by=by, via=Via.TABLE)
