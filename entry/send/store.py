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
from entry.send.rules import Accept, Asked, Refusal
from entry.send.sql import SessionRow, insert_line, record_trump
from scoring.models import SlipLine
from scoring.signals import announce_slips_changed
from tournaments.models import Entrant, EntrantKind, Round, Seat, Seating, Session, Table


@dataclass(frozen=True)
class Sender:
    """Who sends, from where: ``via`` (a phone, the API, the director...), ``by`` (a name), the device,
    the director's account (if any), and the side of the table whose phone sends ("NS", "EW"; blank for
    the director)."""

    via: str
    by: str = ""
    device: str = ""
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
        device=sender.device[:64],
        entered_side=sender.side,
        entered_at=now,
        updated_at=now,
        idempotency_key=asked.key,
        idempotency_scope=asked.scope if asked.key else "",
        idempotency_fingerprint=asked.fingerprint if asked.key else "",
    )
    bump, bumped = ("session", session.id) if asked.as_director else ("table", table.pk)
    try:
        with transaction.atomic(savepoint=False):  # a refusal ends the whole transaction
            line.pk = insert_line(line, slip_places(line, seating_id, session.entrant_kind), bump, bumped)
    except IntegrityError:
        raise Refusal.STORED_MEANWHILE.error(tray=accept.tray.number) from None
    if asked.trump:
        record_trump(accept.tray.pk, asked.trump, table.number)
    running, version = session.status == Session.Status.RUNNING, session.seating_version
    announce_slips_changed(session.id, running=running, seating_version=version, owes_more=accept.owes_more)
    return line
