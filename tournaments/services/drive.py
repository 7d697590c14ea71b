"""The whist drive's seating: the first change drawn by lot, each later change as the engine decides it.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 24-25):

- **whist drive**: progressive whist with partners changed, the First or
  Second Method (``drive``): players, not pairs, tables of four, one deal a
  table at every change.
- **seat the players by lot** (p. 24): the app draws the first change. In
  the First Method anyone may sit anywhere; in the Second Method every side
  is a lady and a gentleman (ladies North and East, gentlemen South and
  West), so the roster must say who is which (``Player.sex``) and there
  must be as many of each.
- **change**: decided by ``entry.services.drive`` from the results the
  tables send and written here, once, as a ``Round`` with its seatings,
  seats and one new tray a table (deal ``(c - 1) n + t`` at table t), and a
  ``DriveChange`` keeping the seating and every player's move.

The Third and Fourth Methods (partners kept) seat pairs by the ordinary
movement (``seating.movement_fix``); only the scoring is the drive's.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from random import Random
from typing import Any

from django.db import transaction

from tournaments.locks import lock_session

from ..models import (
    Deal,
    Drive,
    DriveChange,
    Entrant,
    EntrantKind,
    Round,
    ScoringMethod,
    Seat,
    SeatedEntrant,
    Seating,
    SeatingTray,
    Session,
    Sex,
    Tray,
)
from ..movements import Movement
from ..movements.drive import DRIVE_METHODS, Change
from ..movements.types import SEATS
from .club import log_action
from .errors import UserError
from .running import seating_changed
from .seating import dealer_for, movement_fix
from .sessions import require_status

#: The scoring methods of progressive whist (p. 24).
DRIVE_SCORING = (ScoringMethod.POINTS, ScoringMethod.COUNTERS)
MAX_CHANGES = 200
MAX_PRIZES = 50
#: Table -> seat -> player (the entrant's number).
DriveSeating = Mapping[int, Mapping[str, int]]


def _players(session: Session) -> list[Entrant]:
    """The session's players (individual entrants), with their roster entries."""
    return list(
        session.entrants.filter(kind=Entrant.Kind.PLAYER, is_phantom=False)
        .prefetch_related("members__player")
        .order_by("number")
    )


def sexes_of(session: Session) -> dict[int, str]:
    """Player number -> "lady", "gentleman" or "" as the roster says (the Second Method, p. 24)."""
    out = {}
    for entrant in _players(session):
        members = list(entrant.members.all())
        out[entrant.number] = members[0].player.sex if members else ""
    return out


def _check_options(method: str, changes: Any, scoring_method: str, prizes: Any) -> None:
    """The director's choices, each refused by name."""
    if method not in DRIVE_METHODS:
        raise UserError(
            "A whist drive is played by the First or the Second Method (p. 24): first, second or second-alt.",
            field="method",
        )
    if isinstance(changes, bool) or not isinstance(changes, int) or not 1 <= changes <= MAX_CHANGES:
        raise UserError(f"Play 1 to {MAX_CHANGES} changes.", field="changes")
    if scoring_method not in DRIVE_SCORING:
        raise UserError("Score a whist drive by points or by counters (p. 24).", field="scoring_method")
    if isinstance(prizes, bool) or not isinstance(prizes, int) or not 1 <= prizes <= MAX_PRIZES:
        raise UserError(f"Give 1 to {MAX_PRIZES} prizes.", field="prizes")


def _tables(players: int) -> int:
    """Tables of four for this many players: at least two, nobody left over."""
    if players % 4:
        short = 4 - players % 4
        raise UserError(
            f"A whist drive seats four at every table: {players} players leave {players % 4} over "
            f"({short} more make another table).",
            field="players",
        )
    if players < 8:
        raise UserError("A whist drive needs at least two tables: eight players (p. 24).", field="players")
    return players // 4


def draw_seating(
    numbers: list[int], method: str, sexes: Mapping[int, str], *, rng: Random | None = None
) -> dict[int, dict[str, int]]:
    """The first change by lot (p. 24); Second Method: ladies North and East, gentlemen South and West."""
    draw = rng or secrets.SystemRandom()
    n = len(numbers) // 4
    if method == "first":
        order = list(numbers)
        draw.shuffle(order)
        return {t: dict(zip(SEATS, order[4 * (t - 1) : 4 * t], strict=True)) for t in range(1, n + 1)}
    ladies = [p for p in numbers if sexes.get(p) == Sex.LADY]
    gentlemen = [p for p in numbers if sexes.get(p) == Sex.GENTLEMAN]
    if len(ladies) != 2 * n or len(gentlemen) != 2 * n:
        unknown = len(numbers) - len(ladies) - len(gentlemen)
        raise UserError(
            f"The Second Method seats a lady and a gentleman on every side (p. 24): {2 * n} of each for "
            f"{n} tables, not {len(ladies)} ladies and {len(gentlemen)} gentlemen"
            + (f" ({unknown} not marked on the roster)." if unknown else "."),
            field="players",
        )
    draw.shuffle(ladies)
    draw.shuffle(gentlemen)
    return {
        t: {
            "N": ladies[2 * t - 2],
            "E": ladies[2 * t - 1],
            "S": gentlemen[2 * t - 2],
            "W": gentlemen[2 * t - 1],
        }
        for t in range(1, n + 1)
    }


def first_movement(seating: DriveSeating, method: str, changes: int) -> Movement:
    """The first change as movement JSON; the later ones follow the results (p. 24)."""
    n = len(seating)
    change = Change(1, seating, {})  # type: ignore[arg-type]
    return Movement(
        family="progressive",
        variant=method,
        entrants=4 * n,
        tables=n,
        trays=n,
        rounds=(change.round(),),
        entrant_kind="player",
        source="p. 24: Progressive Whist, partners changed (a whist drive)",
        notes=(f"{changes} changes planned; each change after the first is decided by the results",),
    )


@transaction.atomic
def drive_setup(
    *,
    session: Session,
    method: str,
    changes: Any,
    scoring_method: str = ScoringMethod.POINTS,
    exchange_at_head: bool = False,
    prizes: Any = 3,
    booby: bool = False,
    rng: Random | None = None,
    user: Any = None,
) -> Drive:
    """Make a draft session of players a whist drive: its options, and the first change drawn by lot."""
    session = lock_session(session.pk, defer=())
    require_status(session, Session.Status.DRAFT, doing="set up the whist drive")
    if session.entrant_kind != EntrantKind.INDIVIDUALS:
        raise UserError(
            "A whist drive seats players one by one: make a session of individuals (p. 24).", field="method"
        )
    _check_options(method, changes, scoring_method, prizes)
    numbers = [e.number for e in _players(session)]
    n = _tables(len(numbers))
    seating = draw_seating(numbers, method, sexes_of(session), rng=rng)
    session.scoring_method = scoring_method
    session.tables_advance = True
    session.save(update_fields=["scoring_method", "tables_advance", "updated_at"])
    drive, _ = Drive.objects.update_or_create(
        session=session,
        defaults={
            "method": method,
            "changes": changes,
            "exchange_at_head": bool(exchange_at_head),
            "prizes": prizes,
            "booby": bool(booby),
        },
    )
    movement_fix(  # the drive's options first: only a drive is seated by a drive's movement
        session=session, movement=first_movement(seating, method, changes), user=user
    )
    Session.objects.filter(pk=session.pk).update(
        movement_params={"family": "progressive", "variant": method, "deals": n * changes}
    )
    first = Round.objects.get(session=session, number=1)
    DriveChange.objects.create(session=session, round=first, number=1, seating=_json(seating))
    log_action(
        club=session.club, session=session, user=user, action="drive.setup", method=method, changes=changes
    )
    return drive


def _json(seating: DriveSeating) -> dict[str, dict[str, int]]:
    """A seating as JSON (string table numbers)."""
    return {str(t): {s: int(row[s]) for s in SEATS} for t, row in sorted(seating.items())}


def stored_seating(change: DriveChange) -> dict[int, dict[str, int]]:
    """A stored change's seating: table -> seat -> player number."""
    return {int(t): {s: int(p) for s, p in row.items()} for t, row in change.seating.items()}


@transaction.atomic
def drive_seat_change(
    *, session: Session, change: Change, results: Mapping[str, Any], user: Any = None
) -> DriveChange:
    """Write a change the engine decided: its round, one new tray a table, the seats, and the moves."""
    n = change.tables
    rnd = Round.objects.create(session=session, number=change.number)
    tables = {t.number: t for t in session.tables.all()}
    players = {e.number: e for e in _players(session)}
    sitting = _sitting(session, change.number - 1)
    for assignment in change.round().tables:
        tray = Tray.objects.create(session=session, number=assignment.trays[0])
        Deal.objects.create(tray=tray, dealer=dealer_for(tray.number), trump=session.declared_trump)
        seating = Seating.objects.create(round=rnd, table=tables[assignment.table])
        SeatingTray.objects.create(seating=seating, round=rnd, tray=tray, order=1)
        _seat(rnd, seating, assignment.seats or {}, players, sitting)
    movement = dict(session.movement_json)
    movement["rounds"] = [*movement.get("rounds", []), change.round().to_json()]
    movement["trays"] = n * change.number
    Session.objects.filter(pk=session.pk).update(movement_json=movement, trays_count=n * change.number)
    seating_changed(session)
    log_action(club=session.club, session=session, user=user, action="drive.change", change=change.number)
    return DriveChange.objects.create(
        session=session,
        round=rnd,
        number=change.number,
        seating=_json(change.seating),
        moves=[change.moves[p].to_json() for p in sorted(change.moves)],
        results=dict(results),
    )


def _sitting(session: Session, change: int) -> dict[int, tuple[int | None, int | None]]:
    """Entrant id -> (player id, plays_for id) of who sat for it in a change: a substitute goes on
    playing for the player it replaced (``services.running.seat_substitute``) in the changes drawn after."""
    rows = Seat.objects.filter(round__session=session, round__number=change, entrant__isnull=False)
    return {
        entrant: (player, plays_for)
        for entrant, player, plays_for in rows.values_list("entrant_id", "player_id", "plays_for_id")
    }


def _seat(
    rnd: Round,
    seating: Seating,
    seats: Mapping[str, int],
    players: Mapping[int, Entrant],
    sitting: Mapping[int, tuple[int | None, int | None]],
) -> None:
    """The four players in their seats, each an entrant seated at this table this change (or the
    substitute who sat for it last change)."""
    rows, seated = [], []
    for direction, number in seats.items():
        entrant = players[number]
        sat = sitting.get(entrant.pk)
        player_id, plays_for_id = sat if sat is not None else (_member(entrant), None)
        rows.append(
            Seat(
                seating=seating,
                round=rnd,
                direction=direction,
                player_id=player_id,
                plays_for_id=plays_for_id,
                entrant=entrant,
            )
        )
        seated.append(SeatedEntrant(round=rnd, seating=seating, entrant=entrant))
    Seat.objects.bulk_create(rows)
    SeatedEntrant.objects.bulk_create(seated)


def _member(entrant: Entrant) -> int | None:
    """The player entered as this entrant (an individual has one)."""
    member = entrant.members.first()
    return member.player_id if member else None


def drive_refit(*, session: Session, user: Any = None) -> Drive | None:
    """After the players changed before the start: draw the drive again with its options, or say why not."""
    drive = Drive.objects.filter(session=session).first()
    if drive is None:
        return None
    return drive_setup(
        session=session,
        method=drive.method,
        changes=drive.changes,
        scoring_method=session.scoring_method,
        exchange_at_head=drive.exchange_at_head,
        prizes=drive.prizes,
        booby=drive.booby,
        user=user,
    )
