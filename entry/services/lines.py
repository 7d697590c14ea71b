"""A slip line's making and keeping, shared by every service that writes one.

A **line** is one table's result on one tray's traveling slip (p. 42): the
N-S and E-W entrants, the N-S tricks (or the director's adjusted score), the
revokes charged (Law X). Every new line, a table's send or the director's
(awards, laws), is stored by the one writer, ``entry.send.store.store_line``
(here through ``line_store``), which decides once whether a line is already
there; a changed line keeps its old version first (``line_keep_version``).
Every change is counted and announced (``slips_changed`` for a change to a
line).
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from entry.selectors.rounds import seating_of
from entry.send.rows import LineRow
from entry.send.rules import MAX_REVOKES, check_revokes, check_tricks, conflict
from entry.send.sql import bump
from entry.send.store import store_line
from scoring.models import SlipLine, SlipLineVersion
from scoring.signals import announce_slips_changed
from tournaments.locks import lock_session, locked
from tournaments.models import Seating, Session, Table, Tray
from tournaments.selectors import tray_by_number
from tournaments.services.club import log_action
from tournaments.services.errors import Conflict, UserError

AWARDS = ("average", "average-plus", "average-minus")
#: What a line's answer shows beside its counts (the numbers of its tray, table, round and entrants).
LINE_RELATED = ("tray", "table", "round", "ns", "ew")
__all__ = ["AWARDS", "MAX_REVOKES", "check_revokes", "check_tricks"]


def seating_for(table: Table, tray: Tray, *, round_number: int | None) -> Seating:
    """The seating at which this table plays this tray (in the given round, if any)."""
    seating = seating_of(table=table, tray=tray, round_number=round_number)
    if seating is None:
        where = f" in round {round_number}" if round_number else ""
        raise UserError(f"Tray {tray.number} is not played at table {table.number}{where}.", field="tray")
    return seating


def find_tray(session: Session, number: Any) -> Tray:
    """The session's tray with this number, or a ``UserError`` on the tray field."""
    tray = tray_by_number(session=session, number=number)
    if tray is None:
        raise UserError(f"There is no tray {number} in this session.", field="tray")
    return tray


def slips_changed(session: Session, *, table_id: int | None = None, owes_more: bool = False) -> None:
    """Count a change to the session's slips (in its table's results version for a table's own send,
    ``table_id``; else in the session's) and announce it (``scoring.signals``)."""
    if table_id is None:
        bump("session", session.pk)
    else:
        bump("table", table_id)
    announce_slips_changed(
        session.pk,
        running=session.status == Session.Status.RUNNING,
        seating_version=session.seating_version,
        owes_more=owes_more,
    )


def new_line(
    session: Session,
    seating: Seating,
    table: Table,
    tray: Tray,
    *,
    via: str,
    by: str,
    user: Any = None,
    **fields: Any,
) -> SlipLine:
    """A line for a table's play of a tray, unsaved: who sat N-S and E-W, and who entered it from where."""
    return SlipLine(
        session=session,
        tray=tray,
        round=seating.round,
        table=table,
        ns=seating.ns,
        ew=seating.ew,
        entered_via=via,
        entered_by=by[:80],
        entered_user=user if getattr(user, "is_authenticated", False) else None,
        **fields,
    )


def line_store(line: SlipLine, seating: Seating, attempted: Any = None) -> SlipLine:
    """Store the director's new line through the one writer (``entry.send.store.store_line``), counted in
    the session's results version and announced; a line already there for the tray and table is a
    ``Conflict`` (``attempted``: the count the caller was refused, None for an award or a law's line)."""
    now = timezone.now()
    line.entered_at, line.updated_at = line.entered_at or now, line.updated_at or now
    try:
        line.pk = store_line(line, seating.pk, line.session, bump=("session", line.session_id))
    except Conflict as exc:
        raise conflict(exc.stored, attempted) from None
    return line


def lock_line(line: SlipLine | LineRow) -> SlipLine:
    """The line, locked after its session (``tournaments.locks``' order), with the locked session on it."""
    session = lock_session(line.session_id)
    kept = locked(SlipLine.objects.select_related("tray", "table"), of=("self",)).get(pk=line.pk)
    kept.session = session
    return kept


def line_snapshot(line: SlipLine) -> dict[str, Any]:
    """A line as its kept version records it."""
    return {
        "ns": line.ns.number if line.ns else None,
        "ew": line.ew.number if line.ew else None,
        "ns_tricks": line.ns_tricks,
        "ns_revokes": line.ns_revokes,
        "ew_revokes": line.ew_revokes,
        "ns_award": line.ns_award,
        "ew_award": line.ew_award,
        "law": line.law,
        "status": line.status,
        "entered_via": line.entered_via,
        "entered_by": line.entered_by,
        "entered_side": line.entered_side,
        "confirmed_by": line.confirmed_by,
        "checked_side": line.checked_side,
        "checked_how": line.checked_how,
    }


def line_keep_version(line: SlipLine, *, change: str, reason: str, via: str, by: str, user: Any) -> None:
    """Keep the line as it stands, with what replaces it, who, from where and why."""
    SlipLineVersion.objects.create(
        line=line,
        session=line.session,
        tray_number=line.tray.number,
        table_number=line.table.number,
        version=line.version,
        data=line_snapshot(line),
        change=change,
        reason=reason,
        changed_via=via,
        changed_by=by[:80],
        changed_user=user if getattr(user, "is_authenticated", False) else None,
    )


def log_line(
    session: Session, line: SlipLine, action: str, *, user: Any = None, actor: str = "", **data: Any
) -> None:
    """Record a change to a line in the club's action log, naming its tray and table."""
    log_action(
        club=session.club,
        session=session,
        user=user,
        actor=actor,
        action=action,
        tray=line.tray.number,
        table=line.table.number,
        **data,
    )
