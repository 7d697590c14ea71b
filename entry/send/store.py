"""A send's last step: the accepted line inserted with its entrants' places on the slip, its results
version counted, and the change announced (``scoring.signals``; the coalesced recompute hears it).

A card turned at the table comes with the first result of a tray dealt there (Law III, Sec. 1): it is
recorded on the tray only while its trump is not known, so a later send never overwrites it.

The database has the last word: a second line for the same tray and table, or an entrant twice on one
slip, is refused by a unique constraint, and the send is refused as ``STORED_MEANWHILE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from entry.selectors.rounds import Play, PlayTable
from entry.send.rows import LineRow, Ref
from entry.send.rules import Accept, Asked, Refusal, conflict
from entry.send.sql import insert_line, lines_found, record_trump
from scoring.models import SlipLine
from scoring.signals import announce_slips_changed
from tournaments.locks import SessionRow
from tournaments.models import Entrant, EntrantKind, Seat, Seating, Session, Table


@dataclass(frozen=True)
class Sender:
    """Who sends, from where: ``via`` (a phone, the API, the director...), ``by`` (a name), the director's
    account (if any), and the side of the table whose phone sends ("NS", "EW"; blank for the director).
    The phone's id comes with the send itself (``door.Send``)."""

    via: str
    by: str = ""
    user: Any = None
    side: str = ""


def _ref(who: tuple[int, int] | Entrant | None) -> Ref | None:
    """An entrant as a line names it (id and number)."""
    if who is None:
        return None
    return Ref(who.pk, who.number) if isinstance(who, Entrant) else Ref(*who)


def _places(where: Seating | Play) -> tuple[int, Ref, Ref | None, Ref | None]:
    """Where the tray is played: the seating's id, its round, and its N-S and E-W entrants."""
    if isinstance(where, Seating):
        return where.pk, Ref(where.round.pk, where.round.number), _ref(where.ns), _ref(where.ew)
    return where.seating_id, Ref(where.round_id, where.round), _ref(where.ns), _ref(where.ew)


def slip_places(line: SlipLine | LineRow, seating_id: int, kind: str) -> list[tuple[int, int, str]]:
    """The entrants on this line (``tray_id, entrant_id, side``), for the database's 'once per slip'
    rule: a team's two pairs by side (p. 48); players seated by seats (individuals, teams of six or
    eight) from their seats."""
    side = kind == EntrantKind.FOURS
    places = [
        (line.tray_id, entrant.pk, label if side else "")
        for label, entrant in (("NS", line.ns), ("EW", line.ew))
        if entrant is not None
    ]
    if line.ns_id is None and line.ew_id is None:
        seated = Seat.objects.filter(seating_id=seating_id, entrant__isnull=False).values_list(
            "entrant_id", flat=True
        )
        places = [(line.tray_id, entrant, "") for entrant in seated]
    return places


def store_line(
    line: SlipLine | LineRow,
    seating_id: int,
    session: SessionRow | Session,
    *,
    bump: tuple[str, int],
    owes_more: bool = False,
    look: bool = True,
) -> int:
    """The one writer of a new slip line (a send, an award, a law's line): the line (its times set) and
    its entrants' places on the slip inserted, the results version of ``bump`` (``("table", id)`` for a
    table's own send, else ``("session", id)``) counted, the change announced; the new line's id.

    Whether a line is **already there** is decided here, once, by the database's unique constraints: a
    line for the same tray and table, with ``look`` (a savepoint, so the transaction goes on), is a
    ``Conflict`` carrying the stored line; anything else (a twin with this key, an entrant twice on one
    slip), or any refusal without ``look`` (a send: its whole transaction ends), is
    ``Refusal.STORED_MEANWHILE``."""
    try:
        with transaction.atomic(savepoint=look):
            places = slip_places(line, seating_id, session.entrant_kind)
            pk = insert_line(line, places, *bump)
    except IntegrityError:
        stored = _stored_at(line) if look else None
        if stored is not None:
            raise conflict(stored, None) from None
        raise Refusal.STORED_MEANWHILE.error(tray=line.tray.number) from None
    running, version = session.status == Session.Status.RUNNING, session.seating_version
    announce_slips_changed(session.id, running=running, seating_version=version, owes_more=owes_more)
    return pk


def _stored_at(line: SlipLine | LineRow) -> LineRow | None:
    """The line already stored for the new line's tray and table, if any (as an answer shows it)."""
    rows = lines_found(line.table_id, line.session_id, line.tray.number, "", "")
    return next((row for row in rows if row.table_id == line.table_id), None)


#: A new line's columns as the model's defaults leave them: no award or law, entered and not checked.
UNCHECKED: dict[str, Any] = {
    "ns_award": "",
    "ew_award": "",
    "law": None,
    "status": SlipLine.Status.ENTERED,
    "claimed": None,
    "version": 1,
    "confirmed_by": "",
    "confirmed_at": None,
    "checked_side": "",
    "checked_how": "",
    "confirmed_device": "",
}


def store_send(
    asked: Asked, accept: Accept, *, table: Table | PlayTable, session: SessionRow | Session, sender: Sender
) -> LineRow:
    """Insert the accepted line and announce the change; a twin stored meanwhile is ``STORED_MEANWHILE``."""
    seating_id, rnd, ns, ew = _places(accept.seating)
    now = timezone.now()
    user = sender.user if getattr(sender.user, "is_authenticated", False) else None
    line = LineRow(
        id=0,
        session_id=session.id,
        tray=Ref(accept.tray.pk, accept.tray.number),
        table=Ref(table.pk, table.number),
        round=rnd,
        ns=ns,
        ew=ew,
        ns_tricks=asked.tricks,
        ns_revokes=asked.ns_revokes,
        ew_revokes=asked.ew_revokes,
        entered_via=sender.via,
        entered_by=sender.by[:80],
        entered_user_id=None if user is None else user.pk,
        device=asked.device[:64],
        entered_at=now,
        entered_side=sender.side,
        idempotency_key=asked.key,
        idempotency_scope=asked.scope if asked.key else "",
        idempotency_fingerprint=asked.fingerprint if asked.key else "",
        updated_at=now,
        **UNCHECKED,
    )
    bump = ("session", session.id) if asked.as_director else ("table", table.pk)
    pk = store_line(line, seating_id, session, bump=bump, owes_more=accept.owes_more, look=False)
    if asked.trump:
        record_trump(accept.tray.pk, asked.trump, table.number)
    return line._replace(id=pk)
