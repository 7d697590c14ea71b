"""Setting a session up before the start: entrants in bulk, phantoms, the movement pick.

Builds on ``sessions`` and ``seating``; a late pair added after the movement
was chosen re-seats the session by the same movement when the movement can
serve the new number, and otherwise clears the seating and says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from ..models import Deal, Entrant, Player, ScoringMethod, Session
from ..movements import Movement
from ..movements.design import DESIGNED
from .club import log_action
from .drive import drive_refit
from .errors import FieldErrors, UserError
from .pack_deals import pack_deals_held
from .seating import clear_seating, movement_fix
from .sessions import (
    KIND_SHAPE,
    check_entrant_room,
    entrant_create,
    entrant_delete,
    next_number,
    require_status,
)
from .teams import is_teams_session, teams_drop_empty

#: A row of the entrants form: its number on the page, and the players chosen.
Row = tuple[int, Sequence[Player | None]]


def _twice(rows: Sequence[Row]) -> dict[int, str]:
    """Row number -> the refusal of a player chosen in an earlier row too."""
    first: dict[int, int] = {}
    out: dict[int, str] = {}
    for number, chosen in rows:
        for player in chosen:
            if player is None:
                continue
            if player.pk in first and first[player.pk] != number:
                out.setdefault(number, f"Already entered in row {first[player.pk]}: {player.name}.")
            first.setdefault(player.pk, number)
    return out


@transaction.atomic
def entrants_add(
    *, session: Session, rows: Sequence[Row], teams: Mapping[int, Any] | None = None, user: Any = None
) -> list[Entrant]:
    """Enter several pairs (or teams) at once; all or none, and every refused row is named.

    ``teams`` gives each row's team in a session of teams of more than eight (pp. 56-59).
    """
    if not rows:
        kind, _ = KIND_SHAPE[session.entrant_kind]
        which = (
            f"the players of at least one {kind}" if kind != Entrant.Kind.PLAYER else "at least one player"
        )
        raise UserError(f"Choose {which}.", field="r1_1")
    added: list[Entrant] = []
    errors: dict[str, str] = {}
    twice = _twice(rows)
    for number, chosen in rows:
        people = [p for p in chosen if p is not None]
        try:
            if number in twice:
                raise UserError(twice[number])
            with transaction.atomic():
                team = (teams or {}).get(number)
                added.append(entrant_create(session=session, players=people, team=team, user=user))
        except UserError as exc:
            place = "team" if exc.field == "team" else "1"
            errors[f"r{number}_{place}"] = exc.message
    if errors:
        raise FieldErrors(errors)
    movement_refit(session=session, user=user)
    return added


@transaction.atomic
def phantom_add(*, session: Session, user: Any = None) -> Entrant:
    """Add a phantom pair: an entrant with no players; its opponents sit out (p. 38)."""
    require_status(session, Session.Status.DRAFT, doing="add a phantom")
    kind, _ = KIND_SHAPE[session.entrant_kind]
    if kind != Entrant.Kind.PAIR:
        raise UserError("Only a pairs session takes a phantom pair.", field="phantom")
    check_entrant_room(session, field="phantom")
    entrant = Entrant.objects.create(
        session=session, kind=kind, number=next_number(session, kind), label="Phantom", is_phantom=True
    )
    log_action(
        club=session.club, session=session, user=user, action="entrant.phantom", entrant=entrant.number
    )
    movement_refit(session=session, user=user)
    return entrant


@transaction.atomic
def entrant_withdraw(*, entrant: Entrant, user: Any = None) -> None:
    """Withdraw an entrant before the start; the higher numbers close the gap."""
    session = entrant.session
    kind, number = entrant.kind, entrant.number
    entrant_delete(entrant=entrant, user=user)
    if is_teams_session(session):
        teams_drop_empty(session=session)
    for later in session.entrants.filter(kind=kind, number__gt=number).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])
    movement_refit(session=session, user=user)


def movement_refit(*, session: Session, user: Any = None) -> Movement | None:
    """After the entrants changed: seat them again by the chosen movement, or clear it."""
    if not session.movement_family:
        return None
    params = session.movement_params or {}
    try:
        with transaction.atomic():
            if drive_refit(session=session, user=user) is not None:  # a whist drive draws afresh
                session.refresh_from_db()
                return Movement.from_json(session.movement_json)
            if session.movement_family == DESIGNED:  # the club's own movement: seats its size, or none
                return movement_fix(
                    session=session, movement=Movement.from_json(session.movement_json), user=user
                )
            return movement_fix(
                session=session,
                family=session.movement_family,
                variant=session.movement_variant or None,
                deals=params.get("deals"),
                user=user,
            )
    except UserError:
        movement_clear(session=session, user=user)
        return None


@transaction.atomic
def movement_clear(*, session: Session, user: Any = None) -> None:
    """Forget the movement: no tables, rounds or trays until one is chosen again."""
    require_status(session, Session.Status.DRAFT, doing="change the movement")
    clear_seating(session)
    Session.objects.filter(pk=session.pk).update(
        movement_family="", movement_variant="", movement_params={}, movement_json={}, trays_count=0
    )
    session.refresh_from_db()
    log_action(club=session.club, session=session, user=user, action="movement.clear")


@transaction.atomic
def session_setup_choose(
    *,
    session: Session,
    family: str,
    variant: str = "",
    deals: int | None = None,
    scoring_method: str,
    user: Any = None,
) -> Movement:
    """The director's pick on the set-up page: the scoring method, then the movement."""
    require_status(session, Session.Status.DRAFT, doing="change the movement")
    if scoring_method not in ScoringMethod.values:
        raise UserError(f"Unknown scoring method {scoring_method!r}.", field="scoring_method")
    if not family:
        raise UserError("Choose a movement: one of the recommendations, or another below.", field="family")
    session.scoring_method = scoring_method
    session.save(update_fields=["scoring_method", "updated_at"])
    return movement_fix(session=session, family=family, variant=variant or None, deals=deals, user=user)


@transaction.atomic
def deals_clear(*, session: Session, user: Any = None) -> int:
    """Forget the dealt hands and trumps: the players deal at the table and record the trump."""
    require_status(session, Session.Status.DRAFT, doing="clear the deals")
    pack_deals_held(session, doing="left unknown", field="deal")
    count = Deal.objects.filter(tray__session=session).update(
        hands="", trump=session.declared_trump, double_dummy=None
    )
    log_action(club=session.club, session=session, user=user, action="trays.clear", trays=count)
    return count
