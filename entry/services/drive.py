"""The whist drive at play: results from the tables, and each change seated from them (p. 24).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 24):

- **result** of a deal at a drive table: which side won, and the **points
  made**, the winners' tricks over six (seven tricks win one point, thirteen
  seven). The tables send either that or the N-S tricks; the slip line
  keeps the N-S tricks (N-S winning by p points took 6 + p; losing by p
  took 7 - p: ``send.rules.drive_tricks``), so every rule of a result holds here
  too, and the opponents may check it or dispute it as at any table.
- **the next change**: when every table of the change in play has sent its
  result, the engine (``movements.drive.next_change``) decides the next one
  by the book's method and ``tournaments.services.drive`` seats it, once:
  two results arriving together cannot seat it twice (the database holds
  one round of a number). A revoke moves tricks (Law X, Sec. 4) before the
  winners are known, as the scorer counts it. After the last planned change
  nothing more is seated; the director closes the drive and reads the
  prize list.
- A result corrected after the next change was seated corrects the scores,
  not the seating: the players have already moved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from entry.selectors.drive import Place, player_place
from entry.selectors.phone import Phone
from entry.send import DIRECTOR_ENTRY, Sender, Standing, SubmitOutcome, send_of, submit
from entry.send.rules import drive_place, drive_tricks
from entry.services.phones import phone_confirm, phone_dispute, refuse_in_doubt
from entry.services.results import result_confirm
from scoring.models import SlipLine, Via
from scoring.scorers.laws import transfer_revoke_tricks
from tournaments.link_reads import SessionRead
from tournaments.locks import lock_session
from tournaments.models import Drive, DriveChange, Seating, Session, Table
from tournaments.movements import MovementUserError
from tournaments.movements.drive import TableResult, next_change
from tournaments.services.drive import drive_seat_change, sexes_of, stored_seating
from tournaments.services.errors import UserError


def change_results(*, change: DriveChange) -> dict[int, TableResult] | None:
    """Every table's result of a change (after the revoke law), or None while one is missing."""
    lines = SlipLine.objects.filter(round=change.round).values_list(
        "table__number", "ns_tricks", "ns_revokes", "ew_revokes"
    )
    results = {}
    for table, tricks, ns_revokes, ew_revokes in lines:
        if tricks is None:
            return None
        after, _, _ = transfer_revoke_tricks(tricks, ns_revokes, ew_revokes)
        results[table] = TableResult.from_tricks(table, after)
    return results if len(results) == len(change.seating) else None


@transaction.atomic
def drive_advance(*, session: Session | SessionRead, user: Any = None) -> DriveChange | None:
    """Seat the next change once every table of this one has sent; None while waiting or at the end."""
    session = lock_session(session.pk, defer=())
    drive = Drive.objects.filter(session=session).first()
    if drive is None or session.status != Session.Status.RUNNING:
        return None
    last = DriveChange.objects.filter(session=session).select_related("round").order_by("-number").first()
    if last is None or last.number >= drive.changes:
        return None
    results = change_results(change=last)
    if results is None:
        return None
    try:
        change = next_change(
            drive.method,
            stored_seating(last),
            results,
            sexes=sexes_of(session) if drive.method != "first" else None,  # type: ignore[arg-type]
            exchange_at_head=drive.exchange_at_head,
            number=last.number + 1,
        )
    except MovementUserError as exc:
        raise UserError(f"The next change cannot be seated: {exc}.") from None
    record = {str(t): {"winner": r.winner, "points": r.points} for t, r in sorted(results.items())}
    try:
        with transaction.atomic():
            return drive_seat_change(session=session, change=change, results=record, user=user)
    except IntegrityError:  # seated meanwhile by the table that sent at the same moment
        return DriveChange.objects.filter(session=session, number=last.number + 1).first()


@dataclass(frozen=True)
class DriveSent:
    """A drive table's result as stored, and the change it seated, if it was the last to come in."""

    outcome: SubmitOutcome
    seated: DriveChange | None


def _place(phone: Phone) -> Place:
    """Where the phone's player sits in the change in play, or a refusal (a phone in doubt acts on
    nothing)."""
    refuse_in_doubt(phone)
    a_drive = Drive.objects.filter(session_id=phone.session.pk).exists()
    return drive_place(player_place(phone=phone) if a_drive else None, a_drive=a_drive)


def drive_submit(
    *,
    phone: Phone,
    winner: Any = None,
    points: Any = None,
    ns_tricks: Any = None,
    device: str = "",
    idempotency_key: str | None = None,
) -> DriveSent:
    """A player's phone sends his table's result; the last table's seats the next change."""
    place = _place(phone)
    table = Seating.objects.select_related("table").get(pk=place.seating_id).table
    tricks = drive_tricks(winner=winner, points=points, ns_tricks=ns_tricks)
    body = {"tray": place.deal, "ns_tricks": tricks, "idempotency_key": idempotency_key}
    sent = send_of(body, device=device)
    sender = Sender(Via.TABLE, phone.actor(place.side), side=place.side)
    standing = Standing(phone_round=place.change)
    outcome = submit(sent, table=table, sender=sender, standing=standing, session=phone.session)
    return DriveSent(outcome, drive_advance(session=phone.session))


def drive_check(*, phone: Phone, version: int | None = None) -> SlipLine:
    """The other side agrees with the result sent from its table (at the version it saw): on a phone of
    its own when it holds one, else on the sender's handed across (``services.phones``)."""
    place = _place(phone)
    return phone_confirm(phone=phone, tray_number=place.deal, version=version)


def drive_dispute(*, phone: Phone, winner: Any = None, points: Any = None) -> SlipLine:
    """The other side disagrees: its own count (the side that won, the points made) goes to the director."""
    place = _place(phone)
    claimed = drive_tricks(winner=winner, points=points)
    return phone_dispute(phone=phone, tray_number=place.deal, claimed=claimed)


def drive_enter(
    *,
    session: Session,
    table_number: Any,
    winner: Any = None,
    points: Any = None,
    ns_tricks: Any = None,
    user: Any = None,
) -> DriveSent:
    """The director enters a table's result of the change in play (checked); the last seats the next."""
    last = DriveChange.objects.filter(session=session).select_related("round").order_by("-number").first()
    table = Table.objects.filter(session=session, number=_number(table_number)).first()
    if last is None or table is None:
        raise UserError(f"There is no table {table_number} in this drive.", field="table")
    by = getattr(user, "get_username", lambda: "director")() or "director"
    tray = last.round.seatings.get(table=table).seating_trays.get().tray.number
    tricks = drive_tricks(winner=winner, points=points, ns_tricks=ns_tricks)
    sent = send_of({"tray": tray, "ns_tricks": tricks, "round": last.number})
    outcome = submit(sent, table=table, sender=Sender(Via.DIRECTOR, by, user), standing=DIRECTOR_ENTRY)
    result_confirm(line=outcome.line, by=by, via=Via.DIRECTOR, as_director=True)
    return DriveSent(outcome, drive_advance(session=session, user=user))


def _number(value: Any) -> int:
    try:
        return int(str(value))
    except ValueError:
        raise UserError(f"There is no table {value!r}.", field="table") from None
