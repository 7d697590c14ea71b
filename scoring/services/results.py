"""Traveling-slip lines: submit from a table, confirm, dispute, correct, award.

Every rule about a result lives here; the table page, the director's pages,
the API and the CLI all call these functions. The database has the last
word (constraints on ``SlipLine`` and ``SlipSeat``); a race between two
phones at one table is settled by the unique (tray, table) constraint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from tournaments.models import EntrantKind, Seating, Session, Table, Tray
from tournaments.services.club import log_action
from tournaments.services.errors import Conflict, NotFound, UserError

from ..models import SlipLine, SlipLineVersion, SlipSeat, Via
from ..selectors.rounds import table_round
from ..tasks import queue_standings

AWARDS = ("average", "average-plus", "average-minus")
#: The most revokes a side may be charged with on one deal (the table page's limit).
MAX_REVOKES = 3


@dataclass(frozen=True)
class SubmitOutcome:
    """What became of a submission: stored, a replay of one stored, or refused."""

    line: SlipLine
    created: bool
    replayed: bool = False


def check_tricks(value: Any, *, field: str = "ns_tricks") -> int:
    """N-S tricks must be a whole number from 0 to 13."""
    try:
        tricks = int(value)
        if str(value).strip() != str(tricks):
            raise ValueError
    except (TypeError, ValueError):
        raise UserError("Tricks must be a whole number from 0 to 13.", field=field) from None
    if not 0 <= tricks <= 13:
        raise UserError(f"Tricks must be from 0 to 13, not {tricks}.", field=field)
    return tricks


def _seating_for(table: Table, tray: Tray, *, round_number: int | None) -> Seating:
    """The seating at which this table plays this tray (in the given round, if any)."""
    qs = Seating.objects.filter(table=table, seating_trays__tray=tray).select_related("round", "ns", "ew")
    if round_number is not None:
        qs = qs.filter(round__number=round_number)
    seating = qs.first()
    if seating is None:
        where = f" in round {round_number}" if round_number else ""
        raise UserError(f"Tray {tray.number} is not played at table {table.number}{where}.", field="tray")
    return seating


def _find_tray(session: Session, number: Any) -> Tray:
    try:
        return Tray.objects.get(session=session, number=int(number))
    except (Tray.DoesNotExist, TypeError, ValueError):
        raise UserError(f"There is no tray {number} in this session.", field="tray") from None


def _slip_seats(line: SlipLine, seating: Seating) -> list[SlipSeat]:
    """The entrants on this line, for the database's 'once per slip' rule."""
    session = line.session
    team = session.entrant_kind == EntrantKind.FOURS
    seats: list[SlipSeat] = []
    for side, entrant in (("NS", seating.ns), ("EW", seating.ew)):
        if entrant is not None:
            seats.append(SlipSeat(line=line, tray=line.tray, entrant=entrant, side=side if team else ""))
    for seat in seating.seats.filter(entrant__isnull=False):
        seats.append(SlipSeat(line=line, tray=line.tray, entrant=seat.entrant))
    return seats


def _bump(session: Session) -> None:
    """Count a change to the session's slips and recompute its standings after commit."""
    Session.objects.filter(pk=session.pk).update(results_version=F("results_version") + 1)
    queue_standings(session.pk)


@transaction.atomic
def result_submit(
    *,
    table: Table,
    tray_number: Any,
    ns_tricks: Any,
    via: str = Via.TABLE,
    by: str = "",
    device: str = "",
    idempotency_key: str | None = None,
    ns_revokes: int = 0,
    ew_revokes: int = 0,
    user: Any = None,
    round_number: int | None = None,
    phone_round: int | None = None,
) -> SubmitOutcome:
    """Store one table's result on one tray, once.

    A replay of the same idempotency key returns the stored line. A second
    send for a tray this table already sent raises ``Conflict`` carrying the
    stored line, so the page can show both values. From a table, only trays
    of the table's current round are taken (``phone_round``: the round of
    the entrant a phone follows, which may be ahead of its new table's);
    the director may enter any.
    """
    key = (idempotency_key or "").strip()[:64] or None
    if key:
        existing = SlipLine.objects.filter(idempotency_key=key).first()
        if existing is not None:
            if existing.table_id != table.pk:
                raise UserError("That submission key belongs to another table.", field="idempotency_key")
            return SubmitOutcome(line=existing, created=False, replayed=True)
    # Fresh status; the movement JSON (large: every round of every table) is not needed here.
    session = Session.objects.defer("movement_json", "movement_params").get(pk=table.session_id)
    if not session.accepts_results:
        raise UserError(f"The session is {session.get_status_display().lower()}; results are not taken now.")
    tricks = check_tricks(ns_tricks)
    for label, value in (("ns_revokes", ns_revokes), ("ew_revokes", ew_revokes)):
        if not isinstance(value, int) or not 0 <= value <= MAX_REVOKES:
            raise UserError("Revokes must be 0 to 3.", field=label)
    tray = _find_tray(session, tray_number)
    if via == Via.TABLE:
        current = phone_round if phone_round is not None else table_round(table=table)
        seating = _seating_for(table, tray, round_number=None)
        if seating.round.number > current:
            raise UserError(f"Tray {tray.number} is not at table {table.number} this round.", field="tray")
        if seating.round.number < current and not session.tables_advance:
            raise UserError(
                f"Round {seating.round.number} is over; ask the director to enter tray {tray.number}."
            )
        if round_number is not None and round_number != seating.round.number:
            raise UserError(f"Round {round_number} is over or not begun at this table.", field="round")
    else:
        seating = _seating_for(table, tray, round_number=round_number)
    stored = SlipLine.objects.filter(tray=tray, table=table).first()
    if stored is not None:
        raise Conflict(
            f"Tray {tray.number} was already sent from table {table.number}: "
            f"N-S {stored.ns_tricks}." + ("" if stored.ns_tricks == tricks else f" You sent {tricks}."),
            field="ns_tricks",
        ).with_line(stored, tricks)
    line = SlipLine(
        session=session,
        tray=tray,
        round=seating.round,
        table=table,
        ns=seating.ns,
        ew=seating.ew,
        ns_tricks=tricks,
        ns_revokes=ns_revokes,
        ew_revokes=ew_revokes,
        entered_via=via,
        entered_by=by[:80],
        entered_user=user if getattr(user, "is_authenticated", False) else None,
        device=device[:64],
        idempotency_key=key,
    )
    try:
        with transaction.atomic():
            line.save()
            SlipSeat.objects.bulk_create(_slip_seats(line, seating))
    except IntegrityError:
        stored = SlipLine.objects.filter(tray=tray, table=table).first()
        if stored is None:
            raise UserError(f"An entrant at this table already has a result on tray {tray.number}.") from None
        raise Conflict(
            f"Tray {tray.number} was just sent from another phone at table {table.number}: "
            f"N-S {stored.ns_tricks}.",
            field="ns_tricks",
        ).with_line(stored, tricks) from None
    _bump(session)
    return SubmitOutcome(line=line, created=True)


def _snapshot(line: SlipLine) -> dict[str, Any]:
    return {
        "ns": line.ns.number if line.ns else None,
        "ew": line.ew.number if line.ew else None,
        "ns_tricks": line.ns_tricks,
        "ns_revokes": line.ns_revokes,
        "ew_revokes": line.ew_revokes,
        "ns_award": line.ns_award,
        "ew_award": line.ew_award,
        "status": line.status,
        "entered_via": line.entered_via,
        "entered_by": line.entered_by,
        "confirmed_by": line.confirmed_by,
    }


def _keep_version(line: SlipLine, *, change: str, reason: str, via: str, by: str, user: Any) -> None:
    SlipLineVersion.objects.create(
        line=line,
        session=line.session,
        tray_number=line.tray.number,
        table_number=line.table.number,
        version=line.version,
        data=_snapshot(line),
        change=change,
        reason=reason,
        changed_via=via,
        changed_by=by[:80],
        changed_user=user if getattr(user, "is_authenticated", False) else None,
    )


@transaction.atomic
def result_confirm(
    *, line: SlipLine, by: str = "", via: str = Via.TABLE, version: int | None = None
) -> SlipLine:
    """The opponents agree with the line as it stands (at the version they saw)."""
    line = SlipLine.objects.select_for_update().select_related("session").get(pk=line.pk)
    if version is not None and version != line.version:
        raise Conflict("The result changed since you saw it; look again before confirming.")
    if line.status == SlipLine.Status.CONFIRMED:
        return line
    if not line.session.accepts_results and via == Via.TABLE:
        raise UserError("The session is not running.")
    if line.status == SlipLine.Status.DISPUTED and via == Via.TABLE:
        raise Conflict("This result is disputed; the director will settle it.")
    line.status = SlipLine.Status.CONFIRMED
    line.confirmed_by = by[:80]
    line.confirmed_at = timezone.now()
    line.save(update_fields=["status", "confirmed_by", "confirmed_at", "updated_at"])
    return line


@transaction.atomic
def result_dispute(*, line: SlipLine, claimed: Any, by: str = "", via: str = Via.TABLE) -> SlipLine:
    """The opponents disagree: the line goes to the director's live board."""
    line = SlipLine.objects.select_for_update().select_related("session", "tray", "table").get(pk=line.pk)
    tricks = check_tricks(claimed, field="claimed")
    if via == Via.TABLE:
        if not line.session.accepts_results:
            raise UserError("The session is not running.")
        if line.status == SlipLine.Status.DISPUTED:
            return line  # a repeated dispute: already with the director
        if line.status == SlipLine.Status.CONFIRMED:
            raise Conflict("This result was already checked by E-W; ask the director to correct it.")
    _keep_version(
        line, change="disputed", reason=f"{by or 'opponents'} claim N-S {tricks}", via=via, by=by, user=None
    )
    line.status = SlipLine.Status.DISPUTED
    line.version += 1
    line.save(update_fields=["status", "version", "updated_at"])
    log_action(
        club=line.session.club,
        session=line.session,
        actor=by or f"table {line.table.number}",
        action="result.dispute",
        tray=line.tray.number,
        table=line.table.number,
        claimed=tricks,
        stored=line.ns_tricks,
    )
    return line


@transaction.atomic
def result_correct(
    *,
    line: SlipLine,
    reason: str,
    ns_tricks: Any = None,
    ns_award: str = "",
    ew_award: str = "",
    ns_revokes: int | None = None,
    ew_revokes: int | None = None,
    via: str = Via.DIRECTOR,
    by: str = "",
    user: Any = None,
) -> SlipLine:
    """The director changes a line: tricks, an award, revokes. The old version is kept."""
    line = SlipLine.objects.select_for_update().select_related("session", "tray", "table").get(pk=line.pk)
    session = line.session
    if session.status not in (Session.Status.RUNNING, Session.Status.CLOSED):
        raise UserError("The session is published or not started; reopen it before correcting a result.")
    if not reason.strip():
        raise UserError("Give a reason for the correction.", field="reason")
    for label, award in (("ns_award", ns_award), ("ew_award", ew_award)):
        if award and award not in AWARDS:
            raise UserError(f"Unknown award {award!r}.", field=label)
    if bool(ns_award) != bool(ew_award):
        raise UserError("Award both sides, or neither.", field="ns_award")
    for label, count in (("ns_revokes", ns_revokes), ("ew_revokes", ew_revokes)):
        if count is not None and (not isinstance(count, int) or not 0 <= count <= MAX_REVOKES):
            raise UserError(f"Revokes must be a whole number from 0 to {MAX_REVOKES}.", field=label)
        if count and ns_award:
            # Law X applies to tricks played; an adjusted score replaces them.
            raise UserError("A table given an adjusted score has no revokes.", field=label)
    tricks = None if ns_tricks in (None, "") else check_tricks(ns_tricks)
    if tricks is None and not ns_award:
        raise UserError("Give the N-S tricks, or an award to both sides.", field="ns_tricks")
    _keep_version(line, change="corrected", reason=reason.strip(), via=via, by=by, user=user)
    line.ns_tricks, line.ns_award, line.ew_award = tricks, ns_award, ew_award
    if ns_award:
        line.ns_revokes = line.ew_revokes = 0
    if ns_revokes is not None and not ns_award:
        line.ns_revokes = ns_revokes
    if ew_revokes is not None and not ns_award:
        line.ew_revokes = ew_revokes
    line.version += 1
    line.status = SlipLine.Status.CONFIRMED
    line.confirmed_by = by or "director"
    line.confirmed_at = timezone.now()
    line.save()
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="result.correct",
        tray=line.tray.number,
        table=line.table.number,
        reason=reason.strip(),
    )
    _bump(session)
    return line


@transaction.atomic
def result_award(
    *,
    session: Session,
    table_number: int,
    tray_number: int,
    ns_award: str,
    ew_award: str,
    reason: str,
    user: Any = None,
    by: str = "",
) -> SlipLine:
    """Award an adjusted score (average, average-plus/minus) to a table on a tray."""
    table = Table.objects.filter(session=session, number=table_number).first()
    if table is None:
        raise NotFound(f"There is no table {table_number}.")
    if session.status not in (Session.Status.RUNNING, Session.Status.CLOSED):
        raise UserError("The session is published or not started; reopen it before awarding a score.")
    tray = _find_tray(session, tray_number)
    line = SlipLine.objects.filter(tray=tray, table=table).first()
    if line is not None:
        return result_correct(
            line=line, reason=reason, ns_award=ns_award, ew_award=ew_award, user=user, by=by
        )
    if not reason.strip():
        raise UserError("Give a reason for the award.", field="reason")
    if ns_award not in AWARDS or ew_award not in AWARDS:
        raise UserError("Choose an award for each side.", field="ns_award")
    seating = _seating_for(table, tray, round_number=None)
    line = SlipLine.objects.create(
        session=session,
        tray=tray,
        round=seating.round,
        table=table,
        ns=seating.ns,
        ew=seating.ew,
        ns_tricks=None,
        ns_award=ns_award,
        ew_award=ew_award,
        entered_via=Via.DIRECTOR,
        entered_by=by or "director",
        status=SlipLine.Status.CONFIRMED,
        confirmed_by=by or "director",
        confirmed_at=timezone.now(),
    )
    SlipSeat.objects.bulk_create(_slip_seats(line, seating))
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="result.award",
        tray=tray.number,
        table=table.number,
        ns=ns_award,
        ew=ew_award,
        reason=reason,
    )
    _bump(session)
    return line


def line_for(*, session: Session, table_number: int, tray_number: int) -> SlipLine:
    """The current line of a table on a tray, or NotFound."""
    line = SlipLine.objects.filter(
        session=session, table__number=table_number, tray__number=tray_number
    ).first()
    if line is None:
        raise NotFound(f"Table {table_number} has no result on tray {tray_number}.")
    return line


__all__ = [
    "SubmitOutcome",
    "line_for",
    "result_award",
    "result_confirm",
    "result_correct",
    "result_dispute",
    "result_submit",
]
