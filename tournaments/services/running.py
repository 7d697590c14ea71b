"""Running a session: substitutions, table links, and who moves the room on.

These changes touch only the seating side (``Seat``, ``Table``,
``Session``); anything that reads or writes slip lines lives in
``entry.services.directing`` (scoring may import tournaments, never the
other way round). A substitution changes the seats, never the entrant: the
pair keeps its number and its scores (the movement is never recomputed);
in a movement of players (individuals, a whist drive, teams of six or
eight) the substitute takes the book's number of the player it plays for
(``Seat.plays_for``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Case, F, Value, When
from django.utils import timezone

from tournaments.locks import lock_session

from ..clock import MAX_CHANGE_MINUTES, MAX_MINUTES_PER_TRAY
from ..models import EntrantLink, Player, Round, Seat, Session, Table
from ..models.seating import new_table_token
from .club import log_action
from .errors import UserError
from .mnemonic import overplay_table
from .sessions import require_status

Status = Session.Status


def _check_substitute(session: Session, player_out: Player, player_in: Player, from_round: int) -> None:
    """Refuse a substitution the director can fix: who, and from which round."""
    if player_in.club_id != session.club_id:
        raise UserError("The substitute must be on this club's roster.", field="player_in")
    if player_in.pk == player_out.pk:
        raise UserError("Choose a different player as the substitute.", field="player_in")
    if not player_in.active:
        raise UserError(
            f"{player_in.name} is not an active player; reactivate them first.", field="player_in"
        )
    last = session.rounds.count()
    if not 1 <= from_round <= last:
        raise UserError(f"Choose a round from 1 to {last}.", field="from_round")


@transaction.atomic
def seat_substitute(
    *, session: Session, player_out: Player, player_in: Player, from_round: int, user: Any = None
) -> int:
    """Put a substitute in every seat a player holds from a round onwards; returns the seats changed."""
    session = lock_session(session.pk, defer=())
    require_status(session, Status.RUNNING, doing="substitute a player")
    _check_substitute(session, player_out, player_in, from_round)
    later = Seat.objects.filter(round__session=session, round__number__gte=from_round)
    seats = later.filter(player=player_out)
    if not seats.exists():
        raise UserError(f"{player_out.name} has no seat from round {from_round} on.", field="player_out")
    busy = later.filter(player=player_in).select_related("round").order_by("round__number").first()
    if busy is not None:
        raise UserError(f"{player_in.name} already plays in round {busy.round.number}.", field="player_in")
    changed = seats.update(player=player_in, plays_for=_plays_for(player_in))
    seating_changed(session)
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="seat.substitute",
        player_out=player_out.pk,
        player_in=player_in.pk,
        from_round=from_round,
        seats=changed,
        text=f"{player_in.name} for {player_out.name} from round {from_round}",
    )
    return changed


def _plays_for(player_in: Player) -> Case:
    """A seat's ``plays_for`` once ``player_in`` sits in it: the player the movement seated there (kept
    through a second substitute), or None when that player comes back."""
    return Case(
        When(plays_for=player_in, then=Value(None)),
        When(plays_for__isnull=True, then=F("player")),
        default=F("plays_for"),
    )


def seating_changed(session: Session) -> None:
    """Count a change to who sits where, so that what was kept of the old seating is read again."""
    Session.objects.filter(pk=session.pk).update(seating_version=F("seating_version") + 1)


@transaction.atomic
def table_revoke_link(*, table: Table, user: Any = None) -> Table:
    """Stop a table's link from working (a lost phone, a link shared too widely)."""
    table.token_revoked = True
    table.save(update_fields=["token_revoked"])
    session = table.session
    log_action(club=session.club, session=session, user=user, action="table.revoke_link", table=table.number)
    return table


@transaction.atomic
def table_new_link(*, table: Table, user: Any = None) -> Table:
    """Issue a table a new private link; the old one stops working at once.

    Not to a mnemonic overplay: a bare link to it could send the overplay before the original play is in.
    """
    if table.number == overplay_table(table.session):
        raise UserError(
            f"Table {table.number} is the overplay of Table 1 (mnemonic duplicate, p. 26): it has no link of "
            "its own; the players' own links send the overplay."
        )
    table.token = new_table_token()
    table.token_revoked = False
    table.save(update_fields=["token", "token_revoked"])
    session = table.session
    log_action(club=session.club, session=session, user=user, action="table.new_link", table=table.number)
    return table


@transaction.atomic
def entrant_revoke_link(*, link: EntrantLink, user: Any = None) -> EntrantLink:
    """Stop an entrant's own link from working; phones that followed it must claim again."""
    link.revoked = True
    link.save(update_fields=["revoked"])
    session = link.session
    log_action(
        club=session.club, session=session, user=user, action="entrant.revoke_link", entrant=str(link.entrant)
    )
    return link


@transaction.atomic
def entrant_new_link(*, link: EntrantLink, user: Any = None) -> EntrantLink:
    """Issue an entrant a new private link; the old one stops working at once."""
    link.token = new_table_token()
    link.revoked = False
    link.save(update_fields=["token", "revoked"])
    session = link.session
    log_action(
        club=session.club, session=session, user=user, action="entrant.new_link", entrant=str(link.entrant)
    )
    return link


@transaction.atomic
def session_tables_advance(
    *, session: Session, on: bool, room_round: int | None = None, user: Any = None
) -> Session:
    """Let tables move on by themselves when their round is done, or wait for the director.

    Switching it off holds the room at ``room_round`` (the round most tables
    have reached, which the live board knows), so no table is sent back.
    """
    session = lock_session(session.pk, defer=())
    require_status(session, Status.DRAFT, Status.RUNNING, doing="change how tables advance")
    session.tables_advance = on
    if not on and session.status == Status.RUNNING:
        last = session.rounds.count()
        session.current_round = min(max(room_round or session.current_round, 1), last)
    session.save(update_fields=["tables_advance", "current_round", "updated_at"])
    log_action(club=session.club, session=session, user=user, action="session.tables_advance", on=on)
    return session


def _minutes(value: Any, *, field: str, most: int, label: str) -> int:
    """A whole number of minutes from 0 to ``most``, or a refusal next to the field."""
    try:
        minutes = int(str(value).strip() or "0")
    except (TypeError, ValueError):
        raise UserError(f"{label} must be a whole number of minutes.", field=field) from None
    if not 0 <= minutes <= most:
        raise UserError(f"{label}: from 0 to {most} minutes, not {minutes}.", field=field)
    return minutes


@transaction.atomic
def session_timer_set(
    *, session: Session, minutes_per_tray: Any, change_minutes: Any, user: Any = None
) -> Session:
    """Set the round timer: minutes a tray and minutes for the change (0 minutes a tray: no timer)."""
    session = lock_session(session.pk, defer=())
    require_status(session, Status.DRAFT, Status.RUNNING, doing="set the round timer")
    per_tray = _minutes(
        minutes_per_tray, field="minutes_per_tray", most=MAX_MINUTES_PER_TRAY, label="Minutes a tray"
    )
    change = _minutes(change_minutes, field="change_minutes", most=MAX_CHANGE_MINUTES, label="The change")
    session.minutes_per_tray, session.change_minutes = per_tray, change
    session.save(update_fields=["minutes_per_tray", "change_minutes", "updated_at"])
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="session.timer",
        per_tray=per_tray,
        change=change,
    )
    return session


@transaction.atomic
def round_clock_restart(*, session: Session, round_number: Any, user: Any = None) -> Round:
    """Begin a round's clock now (the room started late, or a round was replayed)."""
    session = lock_session(session.pk, defer=())
    require_status(session, Status.RUNNING, doing="restart the round's clock")
    try:
        rnd = session.rounds.get(number=int(round_number))
    except (Round.DoesNotExist, TypeError, ValueError):
        raise UserError(f"There is no round {round_number}.", field="round") from None
    rnd.started_at = timezone.now()
    rnd.save(update_fields=["started_at"])
    log_action(club=session.club, session=session, user=user, action="round.clock", round=rnd.number)
    return rnd
