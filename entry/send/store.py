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

from entry.selectors.rounds import Play
from entry.send.rules import Accept, Asked, Refusal, conflict
from entry.send.sql import insert_line, line_of, lines_found, record_trump
from scoring.models import SlipLine
from scoring.signals import announce_slips_changed
from tournaments.locks import SessionRow
from tournaments.models import Entrant, EntrantKind, Round, Seat, Seating, Session, Table


@dataclass(frozen=True)
class Sender:
    """Who sends, from where: ``via`` (a phone, the API, the director...), ``by`` (a name), the director's
    account (if any), and the side of the table whose phone sends ("NS", "EW"; blank for the director).
    The phone's id comes with the send itself (``door.Send``)."""

    via: str
    by: str = ""
    user: Any = None
    side: str = ""


def _entrant(who: tuple[int, int] | Entrant | None, session_id: int) -> Entrant | None:
    """An entrant as a line needs it (id and number)."""
    if who is None or isinstance(who, Entrant):
        return who
    return Entrant(id=who[0], session_id=session_id, number=who[1])


def _places(where: Seating | Play, session_id: int) -> tuple[int, Round, Entrant | None, Entrant | None]:
    """Where the tray is played: the seating's id, its round, and its N-S and E-W entrants."""
    if isinstance(where, Seating):
        return where.pk, where.round, where.ns, where.ew
    rnd = Round(id=where.round_id, session_id=session_id, number=where.round)
    return where.seating_id, rnd, _entrant(where.ns, session_id), _entrant(where.ew, session_id)


def slip_places(line: SlipLine, seating_id: int, kind: str) -> list[tuple[int, int, str]]:
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
    line: SlipLine,
    seating_id: int,
    session: SessionRow | Session,
    *,
    bump: tuple[str, int],
    owes_more: bool = False,
    look: bool = True,
) -> SlipLine:
    """The one writer of a new slip line (a send, an award, a law's line): the line and its entrants'
    places on the slip inserted, the results version of ``bump`` (``("table", id)`` for a table's own
    send, else ``("session", id)``) counted, the change announced.

    Whether a line is **already there** is decided here, once, by the database's unique constraints: a
    line for the same tray and table, with ``look`` (a savepoint, so the transaction goes on), is a
    ``Conflict`` carrying the stored line; anything else (a twin with this key, an entrant twice on one
    slip), or any refusal without ``look`` (a send: its whole transaction ends), is
    ``Refusal.STORED_MEANWHILE``."""
    now = timezone.now()
    line.entered_at, line.updated_at = line.entered_at or now, line.updated_at or now
    try:
        with transaction.atomic(savepoint=look):
            places = slip_places(line, seating_id, session.entrant_kind)
            line.pk = insert_line(line, places, *bump)
    except IntegrityError:
        stored = _stored_at(line) if look else None
        if stored is not None:
            raise conflict(stored, None) from None
        raise Refusal.STORED_MEANWHILE.error(tray=line.tray.number) from None
    running, version = session.status == Session.Status.RUNNING, session.seating_version
    announce_slips_changed(session.id, running=running, seating_version=version, owes_more=owes_more)
    return line


def _stored_at(line: SlipLine) -> SlipLine | None:
    """The line already stored for the new line's tray and table, if any (as an answer shows it)."""
    rows = lines_found(line.table_id, line.session_id, line.tray.number, "", "")
    return next((line_of(row) for row in rows if row.table_id == line.table_id), None)


def store_send(
    asked: Asked, accept: Accept, *, table: Table, session: SessionRow | Session, sender: Sender
) -> SlipLine:
    """Insert the accepted line and announce the change; a twin stored meanwhile is ``STORED_MEANWHILE``."""
    seating_id, rnd, ns, ew = _places(accept.seating, session.id)
    now = timezone.now()
    user = sender.user if getattr(sender.user, "is_authenticated", False) else None
    line = SlipLine(
        session_id=session.id,
        tray=accept.tray,
        round=rnd,
        table=table,
        ns=ns,
        ew=ew,
        ns_tricks=asked.tricks,
        ns_revokes=asked.ns_revokes,
        ew_revokes=asked.ew_revokes,
        entered_via=sender.via,
        entered_by=sender.by[:80],
        entered_user=user,
        device=asked.device[:64],
        entered_side=sender.side,
        entered_at=now,
        updated_at=now,
        idempotency_key=asked.key,
        idempotency_scope=asked.scope if asked.key else "",
        idempotency_fingerprint=asked.fingerprint if asked.key else "",
    )
    bump = ("session", session.id) if asked.as_director else ("table", table.pk)
    store_line(line, seating_id, session, bump=bump, owes_more=accept.owes_more, look=False)
    if asked.trump:
        record_trump(accept.tray.pk, asked.trump, table.number)
    return line
