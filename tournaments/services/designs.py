"""Movements designed to order for a club, and the ones it keeps (the engine: ``movements.design``).

A **design** is asked for by size (so many pairs, rounds and deals a
round; or so many individual players) and a time the director chooses.
``design_ask`` checks the request whole, ``design_begin`` records it in the
cache, and the search runs off the request (``tasks.design_start``):
``design_run`` keeps its progress in the cache under the design's id (the
share of the time used, the Qf of the best movement found so far) and, once
done, the movement found. The cache key is the club's own: another club's
director reads nothing. One search at a time per club; a search can be
stopped early, keeping the best found.

A movement **kept** is the club's own (``ClubMovement``): the movement JSON
with its figures (Qf, s.d.) and their words; a session of its size is
offered it beside the book's systems, and ``session_seat_by_club_movement``
seats the session by it through ``movement_fix`` like any other movement.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any
from uuid import uuid4

from django.core.cache import cache
from django.db import IntegrityError, transaction

from ..models import Club, ClubMovement, ScoringMethod, Session
from ..movements import Movement, MovementUserError
from ..movements.balance import balance
from ..movements.design import (
    DESIGNED,
    MAX_PAIR_TABLES,
    MAX_PLAYERS,
    NO_CYCLIC_PLAYERS,
    design_pairs,
    design_players,
)
from ..movements.limits import MAX_DEALS
from .club import log_action
from .club_jobs import job_load, job_save
from .errors import NotFound, UserError
from .seating import check_one_line_a_tray, movement_fix
from .sessions import require_status
from .text import column_text

#: The time a director may give a search, in seconds.
MIN_SECONDS, MAX_SECONDS = 5, 120
#: The most deals a round the designer plays at a table.
MAX_DEALS_PER_ROUND = 8
#: The most rounds a designed movement of pairs plays.
MAX_ROUNDS = 2 * MAX_PAIR_TABLES
#: How long a design stays readable in the cache after its last step.
DESIGN_KEEP_SECONDS = 3600
#: The progress is written at most this often (and the stop asked for read as often).
PROGRESS_EVERY_SECONDS = 0.25


@dataclass(frozen=True)
class DesignAsk:
    """What the director asks the designer for: pairs (with rounds, deals a round) or players."""

    kind: str
    entrants: int
    rounds: int
    deals_per_round: int
    seconds: int

    @property
    def said(self) -> str:
        """ "6 pairs, 5 rounds of 1 deal" or "13 individual players"."""
        if self.kind == ClubMovement.Kind.PLAYERS:
            return f"{self.entrants} individual players"
        deals = "deal" if self.deals_per_round == 1 else "deals"
        return f"{self.entrants} pairs, {self.rounds} rounds of {self.deals_per_round} {deals}"


@dataclass(frozen=True)
class Design:
    """How a design stands (kept in the cache under its id): queued, running, done or failed."""

    id: str
    ask: DesignAsk
    state: str = "queued"
    #: The share of the search's time used, 0 to 1.
    used: float = 0.0
    #: The Qf of the best movement found so far (None before the first report).
    qf: float | None = None
    #: The movement found (its JSON), once done.
    movement: dict[str, Any] | None = None
    error: str = ""
    started: float = 0.0
    #: What the designer says of the movement found: balanced, or the best found (and why).
    notes: tuple[str, ...] = ()

    @property
    def finished(self) -> bool:
        """Whether the search is over (done, or failed)."""
        return self.state in ("done", "failed")

    @property
    def said(self) -> str:
        """How far it is, as the page says it: "Searching… 40% of the time; Qf so far 88.2"."""
        if self.state == "failed":
            return f"The search stopped: {self.error}"
        if self.state == "done":
            return "Done: the best movement found is below."
        if self.state == "queued":
            return "Waiting for the designer (another search is under way)."
        best = "" if self.qf is None else f"; Qf so far {self.qf:.1f}"
        return f"Searching… {round(100 * self.used)}% of the time{best}"

    def found(self) -> Movement | None:
        """The movement found, once done."""
        return replace(Movement.from_json(self.movement), notes=self.notes) if self.movement else None


def _whole(value: Any, field: str, label: str, low: int, high: int) -> int:
    """A whole number from a form or a request, within bounds, or a ``UserError`` on its field."""
    raw = str(value if value is not None else "").strip()
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 6):
        raise UserError(f"{label} must be a whole number from {low} to {high}.", field=field)
    number = int(raw)
    if not low <= number <= high:
        raise UserError(f"{label} must be from {low} to {high}.", field=field)
    return number


def design_ask(
    *,
    kind: Any,
    pairs: Any = None,
    players: Any = None,
    rounds: Any = None,
    deals_per_round: Any = 1,
    seconds: Any = 30,
) -> DesignAsk:
    """Check a request for a design whole: the sizes the designer seats, the rounds, the time."""
    time_given = _whole(seconds, "seconds", "The time to search (seconds)", MIN_SECONDS, MAX_SECONDS)
    if kind == ClubMovement.Kind.PLAYERS:
        count = _whole(players, "players", "The number of players", 8, MAX_PLAYERS)
        if count % 4 not in (0, 1):
            raise UserError(
                f"An individual movement seats a multiple of four players, or one more (one sits out each "
                f"round): {count} is neither.",
                field="players",
            )
        if count in NO_CYCLIC_PLAYERS:
            raise UserError(f"{NO_CYCLIC_PLAYERS[count]}.", field="players")
        return DesignAsk(
            ClubMovement.Kind.PLAYERS, count, count - 1 if count % 4 == 0 else count, 1, time_given
        )
    if kind != ClubMovement.Kind.PAIRS:
        raise UserError("Choose pairs or individual players.", field="kind")
    count = _whole(
        pairs, "pairs", f"The number of pairs (up to {MAX_PAIR_TABLES} tables)", 4, 2 * MAX_PAIR_TABLES
    )
    played = _whole(rounds, "rounds", "The number of rounds", 2, MAX_ROUNDS)
    deals = _whole(deals_per_round, "deals_per_round", "Deals a round", 1, MAX_DEALS_PER_ROUND)
    sets = max(played, (count + 1) // 2)
    if sets * deals > MAX_DEALS:
        raise UserError(
            f"That is {sets * deals} deals; the app plays at most {MAX_DEALS} in a session: "
            "fewer rounds or fewer deals a round.",
            field="deals_per_round",
        )
    return DesignAsk(ClubMovement.Kind.PAIRS, count, played, deals, time_given)


def _running_key(club_id: int) -> str:
    return f"clubwhist:design-running:{club_id}"


def _stop_key(club_id: int, design_id: str) -> str:
    return f"clubwhist:design-stop:{club_id}:{design_id}"


def _save(club_id: int, design: Design) -> Design:
    """Keep a design's progress in the cache, shared by the web processes and the workers."""
    job_save("design", club_id, design.id, design, DESIGN_KEEP_SECONDS)
    return design


def design_status(*, club: Club, design_id: str) -> Design | None:
    """A design of this club's, as it stands, or None (an unknown id, another club's, or long over)."""
    kept = job_load("design", club.pk, design_id)
    return _loaded(kept) if kept else None


def _loaded(kept: dict[str, Any]) -> Design:
    """A design as the cache keeps it (its tuples as lists)."""
    return Design(**{**kept, "ask": DesignAsk(**kept["ask"]), "notes": tuple(kept.get("notes", ()))})


def design_begin(*, club: Club, ask: DesignAsk) -> Design:
    """Record a design as queued; refused while another search of the club's is under way."""
    design = Design(id=uuid4().hex, ask=ask, started=time.time())
    running = cache.get(_running_key(club.pk))
    if running:
        current = design_status(club=club, design_id=running)
        if current is not None and not current.finished:
            raise UserError(
                "A search of the club's is under way: wait for it to finish, or stop it.", field="kind"
            )
    cache.set(_running_key(club.pk), design.id, ask.seconds + 60)
    return _save(club.pk, design)


def design_stop(*, club: Club, design_id: str) -> Design:
    """Ask a running search to stop now; it keeps the best movement found so far."""
    design = design_status(club=club, design_id=design_id)
    if design is None:
        raise NotFound("There is no such design of this club's.")
    if not design.finished:
        cache.set(_stop_key(club.pk, design.id), 1, DESIGN_KEEP_SECONDS)
    return design


def design_run(*, design_id: str, club_id: int) -> Design:
    """Run a design begun by ``design_begin``: its progress, then the movement found, in the cache."""
    kept = job_load("design", club_id, design_id)
    if not kept:
        return Design(id=design_id, ask=DesignAsk("pairs", 0, 0, 1, 0), state="failed", error="it was lost")
    design = replace(_loaded(kept), state="running")
    _save(club_id, design)
    last = [0.0]

    def report(used: float, qf: float) -> bool:
        """Kept now and then; True when the director asked the search to stop."""
        if time.monotonic() - last[0] < PROGRESS_EVERY_SECONDS:
            return False
        last[0] = time.monotonic()
        _save(club_id, replace(design, used=min(1.0, used), qf=qf))
        return bool(cache.get(_stop_key(club_id, design_id)))

    try:
        found = _search(design.ask, report)
    except MovementUserError as exc:
        return _save(club_id, replace(design, state="failed", error=str(exc)))
    except Exception:
        _save(club_id, replace(design, state="failed", error="an error on the server."))
        raise
    finally:
        cache.delete(_running_key(club_id))
    qf = float(balance(found).summary.qf)
    done = replace(design, state="done", used=1.0, qf=qf, movement=found.to_json(), notes=found.notes)
    return _save(club_id, done)


def _search(ask: DesignAsk, report: Any) -> Movement:
    """The engine, for the size asked."""
    if ask.kind == ClubMovement.Kind.PLAYERS:
        return design_players(ask.entrants, seconds=ask.seconds, progress=report)
    return design_pairs(ask.entrants, ask.rounds, ask.deals_per_round, seconds=ask.seconds, progress=report)


# --- The club's own movements ----------------------------------------------------------------------


def club_movement_create(*, club: Club, name: Any, movement: Movement, user: Any = None) -> ClubMovement:
    """Keep a movement as the club's own under a name (unique in the club), with its figures."""
    name = column_text(name, ClubMovement, "name", label="The movement's name")
    if not name:
        raise UserError("Give the movement a name.", field="name")
    if movement.entrant_kind not in ("pair", "player"):
        raise UserError("The club keeps movements of pairs or of individual players.", field="name")
    _check_playable(movement)
    figures = balance(movement)
    first = movement.rounds[0].tables[0] if movement.rounds and movement.rounds[0].tables else None
    try:
        with transaction.atomic():
            kept = ClubMovement.objects.create(
                club=club,
                name=name,
                kind=ClubMovement.Kind.PAIRS
                if movement.entrant_kind == "pair"
                else ClubMovement.Kind.PLAYERS,
                entrants=movement.entrants,
                rounds=len(movement.rounds),
                trays=movement.trays,
                deals_per_round=len(first.trays) if first else 1,
                movement_json=replace(movement, variant=None).to_json(),
                qf=round(float(figures.summary.qf), 4),
                sd=round(figures.summary.sd, 4),
                words=[*figures.words(), *movement.notes],
            )
    except IntegrityError:
        raise UserError(
            f"The club already has a movement called “{name}”: choose another name.", field="name"
        ) from None
    log_action(club=club, user=user, action="club_movement.keep", name=name, entrants=movement.entrants)
    return kept


def unplayable(movement: Movement) -> str:
    """Why a traveling slip could not hold the movement (p. 42): an entrant or a table playing a tray
    twice; "" when it can."""
    seen: set[tuple[int, int]] = set()
    for rnd in movement.rounds:
        for t in rnd.tables:
            who = list(t.seats.values()) if t.seats else [e for e in (t.ns, t.ew) if e is not None]
            for e, tray in ((e, tray) for tray in t.trays for e in who):
                if (e, tray) in seen:
                    return f"In this movement {movement.entrant_kind} {e} plays tray {tray} twice."
                seen.add((e, tray))
    try:
        check_one_line_a_tray(movement)
    except UserError as exc:
        return exc.message
    return ""


def _check_playable(movement: Movement) -> None:
    """Refuse to keep a movement a traveling slip cannot hold."""
    problem = unplayable(movement)
    if problem:
        raise UserError(f"{problem} Search again, for longer, and keep a movement without it.", field="name")


def club_movement_keep(*, club: Club, design_id: str, name: Any, user: Any = None) -> ClubMovement:
    """Keep the movement a finished design found as the club's own."""
    design = design_status(club=club, design_id=design_id)
    if design is None:
        raise NotFound("There is no such design of this club's (a design is kept for an hour).")
    found = design.found()
    if found is None:
        raise UserError("The search has not finished: keep its movement once it is done.", field="name")
    return club_movement_create(club=club, name=name, movement=found, user=user)


def club_movement_delete(*, club_movement: ClubMovement, user: Any = None) -> None:
    """Forget a kept movement; sessions seated by it keep their own copy."""
    log_action(club=club_movement.club, user=user, action="club_movement.delete", name=club_movement.name)
    club_movement.delete()


def club_movement_get(*, club: Club, pk: Any) -> ClubMovement:
    """A movement the club keeps, or ``NotFound``."""
    raw = str(pk).strip()
    found = (
        ClubMovement.objects.filter(club=club, pk=int(raw)).first()
        if raw.isascii() and raw.isdigit() and len(raw) <= 18
        else None
    )
    if found is None:
        raise NotFound("The club keeps no such movement.")
    return found


def session_seat_by_club_movement(
    *, session: Session, club_movement: ClubMovement, scoring_method: str | None = None, user: Any = None
) -> Movement:
    """Seat a draft session by one of the club's movements (and its scoring method, if given)."""
    require_status(session, Session.Status.DRAFT, doing="change the movement")
    if club_movement.club_id != session.club_id:
        raise NotFound("The club keeps no such movement.")
    if scoring_method is not None:
        if scoring_method not in ScoringMethod.values:
            raise UserError(f"Unknown scoring method {scoring_method!r}.", field="scoring_method")
        session.scoring_method = scoring_method
        session.save(update_fields=["scoring_method", "updated_at"])
    movement = replace(
        Movement.from_json(club_movement.movement_json), family=DESIGNED, variant=club_movement.name
    )
    movement = movement_fix(session=session, movement=movement, user=user)
    Session.objects.filter(pk=session.pk).update(
        movement_params={"club_movement": club_movement.pk, "name": club_movement.name}
    )
    return movement
