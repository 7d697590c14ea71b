"""The bridge between the movement engine and the database (docs/conventions.md, "One bridge to each engine").

``movement_fix`` reads the session's entrants, asks the engine for a
movement (or takes a director's own), and writes tables, rounds, trays and
every seating once; the app never recomputes it mid-session.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Sum

from tournaments.locks import lock_session
from whist.cards import left_of

from .. import movements
from ..models import (
    Deal,
    Drive,
    Entrant,
    EntrantKind,
    EntrantLink,
    Player,
    Round,
    ScoringMethod,
    Seat,
    SeatedEntrant,
    Seating,
    SeatingTray,
    Session,
    Table,
    Tray,
)
from ..movements import Movement, MovementUserError
from ..movements.balance_text import keeps_directions
from ..movements.design import arrow_switch, best_switch
from ..movements.drive import seats_by_results
from ..movements.limits import SEAT_MAX_TABLES, check_size
from ..selectors import player_numbers
from . import mnemonic
from .club import log_action
from .errors import UserError, sentence
from .pack_deals import pack_deals_kept, pack_deals_put_back
from .sessions import KIND_SHAPE, require_status
from .teams import is_teams_session, teams_arrange


def dealer_for(tray_number: int) -> str:
    """The dealer of a tray: North on tray 1, then round the table."""
    return left_of("N", tray_number - 1)


#: Why a whist drive's movement is not picked like another: its later changes follow the results.
DRIVE_BY_ITS_SETUP = (
    "The First and Second Methods are decided by the results (p. 24): set the session up as a "
    "whist drive, and the app seats each change as the tables send their results."
)


def movement_generate(
    *, session: Session, family: str, variant: str | None = None, deals: int | None = None
) -> Movement:
    """Ask the engine for a movement that seats this session's entrants."""
    kind, _ = KIND_SHAPE[session.entrant_kind]
    fam = movements.FAMILIES.get(family)
    if fam is None:
        raise UserError(f"Unknown movement {family!r}.", field="family")
    if seats_by_results(family, variant):
        raise UserError(DRIVE_BY_ITS_SETUP, field="variant")
    count = _movement_unit_count(session, fam.kind_of(variant))
    sizes = {"pair": "pairs", "team": "teams", "player": "players"}
    size = {sizes[fam.kind_of(variant)]: count}
    try:
        check_size(deals=deals, most_tables=SEAT_MAX_TABLES, **size)
        return movements.generate(family, variant=variant or None, deals=deals, **size)
    except MovementUserError as exc:
        raise UserError(str(exc), field="family") from None


def _movement_unit_count(session: Session, unit: str) -> int:
    """How many of what the movement seats (pairs, teams or players) the session has."""
    kind, size = KIND_SHAPE[session.entrant_kind]
    entrants = session.entrants.filter(kind=kind).count()
    if unit == kind:
        return entrants
    if unit == "player":
        return entrants * size
    raise UserError(f"This movement seats {unit}s; the session's entrants are {kind}s.", field="family")


@transaction.atomic
def movement_fix(
    *,
    session: Session,
    family: str | None = None,
    variant: str | None = None,
    deals: int | None = None,
    movement: Movement | None = None,
    user: Any = None,
) -> Movement:
    """Seat the session by a movement: write tables, rounds, trays, seatings."""
    session = lock_session(session.pk, defer=())
    require_status(session, Session.Status.DRAFT, doing="change the movement")
    if movement is None and not family:
        raise UserError("Choose a movement.", field="family")
    if is_teams_session(session):
        teams_arrange(session=session, family=movement.family if movement else str(family))
    movement = _chosen(session, movement, family=str(family), variant=variant, deals=deals)
    expected = _movement_unit_count(session, movement.entrant_kind)
    if movement.entrants != expected:
        raise UserError(
            f"The movement seats {movement.entrants} {movement.entrant_kind}s; the session has {expected}.",
            field="family",
        )
    if is_teams_session(session):
        check_one_line_a_tray(movement)
    kept = pack_deals_kept(session, movement.trays)  # a simultaneous event's deals stay on their trays
    clear_seating(session)
    try:
        with transaction.atomic():
            _write_seating(session, movement)
            pack_deals_put_back(session, kept)
            if movement.family == mnemonic.FAMILY:
                mnemonic.overplay_seats(session)
    except IntegrityError as exc:
        raise UserError(f"The movement seats someone or some tray twice in one round ({exc}).") from None
    session.movement_family = movement.family
    session.movement_variant = movement.variant or ""
    session.movement_params = {"family": movement.family, "variant": movement.variant, "deals": deals}
    session.movement_json = movement.to_json()
    session.trays_count = movement.trays
    first = movement.rounds[0].tables[0] if movement.rounds and movement.rounds[0].tables else None
    session.deals_per_round = len(first.trays) if first else 1
    session.seating_version += 1
    if movement.family == mnemonic.FAMILY:  # one table: the comparison of its two plays is the only score
        session.scoring_method = ScoringMethod.MNEMONIC
    session.save()
    if not seats_by_results(movement.family, movement.variant):
        drive_end(session, user)
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="movement.fix",
        family=movement.family,
        variant=movement.variant,
        trays=movement.trays,
    )
    return movement


def check_one_line_a_tray(movement: Movement) -> None:
    """Refuse a plan in which a table plays a tray twice: its slip keeps one line a table (p. 42)."""
    first: dict[tuple[int, int], int] = {}
    for mround in movement.rounds:
        for t in mround.tables:
            for tray in t.trays:
                earlier = first.setdefault((t.table, tray), mround.number)
                if earlier != mround.number:
                    raise UserError(
                        f"This plan has table {t.table} play tray {tray} twice (rounds {earlier} and "
                        f"{mround.number}); a traveling slip keeps one line a table. Choose another plan.",
                        field="family",
                    )


def _chosen(
    session: Session, movement: Movement | None, *, family: str, variant: str | None, deals: int | None
) -> Movement:
    """The movement to seat by: the one given, else the engine's of the family; one table's played apart
    (mnemonic duplicate); a whist drive's only as its set-up seats it (``services.drive.drive_setup``
    keeps the drive's options first)."""
    if movement is None:
        movement = movement_generate(session=session, family=family, variant=variant, deals=deals)
    if mnemonic.is_one_table(movement):
        movement = mnemonic.plays_apart(movement)
    drive = seats_by_results(movement.family, movement.variant)
    if drive and not Drive.objects.filter(session=session).exists():
        raise UserError(DRIVE_BY_ITS_SETUP, field="movement")
    return movement


def drive_end(session: Session, user: Any = None) -> None:
    """A session seated by a movement that is not a drive's is no longer a whist drive: its drive's
    options go, and the log says so (``selectors.seated_by_results`` tells a drive by its movement)."""
    if Drive.objects.filter(session=session).delete()[0]:
        log_action(club=session.club, session=session, user=user, action="drive.end")


def clear_seating(session: Session) -> None:
    """Delete the tables, rounds and trays; the tables' counts of sends pass to the session's, so that
    the slips' version (``slips_version``) still only grows."""
    sent = Table.objects.filter(session=session).aggregate(n=Sum("results_version"))["n"] or 0
    if sent:
        session.results_version += sent
        Session.objects.filter(pk=session.pk).update(results_version=F("results_version") + sent)
    Round.objects.filter(session=session).delete()
    Table.objects.filter(session=session).delete()
    Tray.objects.filter(session=session).delete()


def _write_seating(session: Session, movement: Movement) -> None:
    tables = {
        t.number: t
        for t in Table.objects.bulk_create(
            Table(session=session, number=n) for n in range(1, movement.tables + 1)
        )
    }
    trays = {
        t.number: t
        for t in Tray.objects.bulk_create(
            Tray(session=session, number=n) for n in range(1, movement.trays + 1)
        )
    }
    Deal.objects.bulk_create(
        Deal(tray=t, dealer=dealer_for(n), trump=session.declared_trump) for n, t in trays.items()
    )
    kind, _ = KIND_SHAPE[session.entrant_kind]
    entrants = {e.number: e for e in session.entrants.filter(kind=kind).prefetch_related("members__player")}
    numbered = (
        {p.number: (p.entrant, p.player) for p in player_numbers(session=session)}
        if movement.entrant_kind == "player"
        else {}
    )
    for mround in movement.rounds:
        rnd = Round.objects.create(session=session, number=mround.number)
        for assignment in mround.tables:
            if assignment.table not in tables:
                raise UserError(
                    f"Round {mround.number} uses table {assignment.table}, which the movement lacks."
                )
            ns = entrants.get(assignment.ns) if assignment.ns is not None else None
            ew = entrants.get(assignment.ew) if assignment.ew is not None else None
            seating = Seating.objects.create(round=rnd, table=tables[assignment.table], ns=ns, ew=ew)
            SeatingTray.objects.bulk_create(
                SeatingTray(seating=seating, round=rnd, tray=trays[t], order=i)
                for i, t in enumerate(assignment.trays, start=1)
            )
            _write_seats(session, rnd, seating, assignment, numbered)
    _write_links(session)


def _write_seats(
    session: Session,
    rnd: Round,
    seating: Seating,
    assignment: movements.TableAssignment,
    numbered: dict[int, tuple[Entrant | None, Player | None]],
) -> None:
    seats: list[Seat] = []
    seated: list[SeatedEntrant] = []
    if assignment.seats is not None:
        for direction, number in assignment.seats.items():
            entrant, player = numbered.get(number, (None, None))
            seats.append(
                Seat(seating=seating, round=rnd, direction=direction, player=player, entrant=entrant)
            )
            if entrant is not None:
                seated.append(SeatedEntrant(round=rnd, seating=seating, entrant=entrant))
    else:
        # Teams of four seat their pairs by role; pairs (and the pairs of larger teams) in order.
        team = session.entrant_kind not in (EntrantKind.PAIRS, EntrantKind.TEAMS)
        for side, entrant, dirs in (("NS", seating.ns, "NS"), ("EW", seating.ew, "EW")):
            if entrant is None:
                continue
            seated.append(
                SeatedEntrant(round=rnd, seating=seating, entrant=entrant, side=side if team else "")
            )
            seats.extend(_side_seats(seating, rnd, entrant, dirs, team))
    Seat.objects.bulk_create(seats)
    SeatedEntrant.objects.bulk_create(seated)


def _write_links(session: Session) -> None:
    """Each real entrant (each pair of a team of four) seated by the movement gets its own link, once."""
    seated = SeatedEntrant.objects.filter(round__session=session, entrant__is_phantom=False)
    wanted = set(seated.values_list("entrant_id", "side"))
    have = set(EntrantLink.objects.filter(session=session).values_list("entrant_id", "side"))
    EntrantLink.objects.bulk_create(
        EntrantLink(session=session, entrant_id=e, side=side) for e, side in sorted(wanted - have)
    )


def _side_seats(seating: Seating, rnd: Round, entrant: Entrant, dirs: str, team: bool) -> Iterable[Seat]:
    members = list(entrant.members.all())
    if team:
        by_role = {m.role: m.player for m in members}
        people = [by_role.get(d) for d in dirs]
    else:
        people = [m.player for m in members] + [None, None]
    for direction, player in zip(dirs, people[:2], strict=True):
        yield Seat(seating=seating, round=rnd, direction=direction, player=player)


def movement_switch(*, session: Session, rounds: list[int] | None, user: Any = None) -> Movement:
    """Arrow-switch rounds of the session's movement (N-S play E-W in them): a Mitchell becomes one
    field with one winner. ``rounds`` None: the switch that balances it best. Before the start only,
    like any change of movement; the rounds switched are kept in the movement's parameters."""
    if not session.movement_json:
        raise UserError("Choose a movement first.", field="rounds")
    current = Movement.from_json(session.movement_json)
    if not keeps_directions(current):
        raise UserError(
            "Every pair already changes direction in this movement: there are no fixed lines to switch "
            "(to undo a switch, choose the movement again).",
            field="rounds",
        )
    try:
        chosen = best_switch(current).rounds if rounds is None else tuple(rounds)
        if not chosen:
            raise UserError("No switch balances this movement better than none.", field="rounds")
        switched = arrow_switch(current, chosen)
    except MovementUserError as exc:
        raise UserError(sentence(str(exc)), field="rounds") from None
    params = dict(session.movement_params or {})
    movement_fix(session=session, movement=switched, user=user)
    session.refresh_from_db()
    session.movement_params = {**params, "switch": list(chosen)}
    session.save(update_fields=["movement_params"])
    return switched
