"""Movements designed to order for a club, and the ones it keeps (the engine: ``movements.design``).

A **design** is asked for by size (so many pairs, rounds and deals a
round; or so many individual players) and a time the director chooses.
``design_ask`` checks the request whole, ``design_begin`` records it in the
cache, and the search runs off the request (``tasks.design_start``), in a
child process of its own bounded in time and memory (``design_runner``):
``design_run`` keeps its progress in the cache under the design's id (the
share of the time used; the Qf and the fairness of the best movement found
so far by the designer's order) and, once over, the movement found, why the
search ended (``stop_reason``), its peak memory, and the book's movements
that fit the ask as well or better (offered first). The cache key is the
club's own: another club's director reads nothing. One search at a time per
club; a search can be stopped early, keeping the best found; a search that
stops answering (its process or server gone) is reported failed once past
its time, and never holds up the club's next one.

A movement **kept** is the club's own (``ClubMovement``): the movement JSON
with its figures (Qf, s.d.) and their words, its fair play's words after
the balance's (each pair's deals and sit-outs, the meetings), then its
notes; a session of its size is offered it beside the book's systems, and
``session_seat_by_club_movement`` seats the session by it through
``movement_fix`` like any other movement.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any
from uuid import uuid4

from django.core.cache import cache
from django.db import IntegrityError, transaction

from ..models import Club, ClubMovement, ScoringMethod, Session
from ..movements import Movement
from ..movements.balance import balance
from ..movements.design import DESIGNED, MAX_PAIR_TABLES, MAX_PLAYERS, NO_CYCLIC_PLAYERS
from ..movements.fair_play import fair_play
from ..movements.limits import MAX_DEALS
from .club import log_action
from .club_jobs import job_load, job_save
from .design_runner import DESIGN_GRACE_SECONDS, Reason
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
#: The longest a design may wait for the designer before it is reported failed (the process that was to
#: run it gone): the designer runs the searches of every club on the server one after another, at most
#: ``tasks.DESIGNS_WAITING_MOST`` (6) of the longest (``MAX_SECONDS`` and the grace) before it, 750 s.
DESIGN_QUEUE_SECONDS = 900
#: How long past its seconds and the grace a running search may go unheard before it is reported failed.
DESIGN_SILENT_SECONDS = 30


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
    #: The Qf of the best movement found so far by the designer's order (None before the first report);
    #: once done, the Qf of the movement found.
    qf: float | None = None
    #: The movement found (its JSON), once done.
    movement: dict[str, Any] | None = None
    error: str = ""
    started: float = 0.0
    #: What the designer says of the movement found: balanced, or the best found (and why).
    notes: tuple[str, ...] = ()
    #: The fairness of the best movement found so far (``fair_play``, as JSON), then of the found.
    fairness: dict[str, Any] | None = None
    #: Why the search ended (``design_runner.Reason``), once over.
    stop_reason: str = ""
    #: The search's peak memory, its own process's resident set, in MB; and its running time in seconds.
    peak_mb: float | None = None
    took: float | None = None
    #: The book's movements that fit the ask as well as the movement found or better, as JSON, best first.
    book: tuple[dict[str, Any], ...] = ()
    #: When the search's process began (``time.time``): a search long unheard since is reported failed.
    running_since: float = 0.0

    @property
    def finished(self) -> bool:
        """Whether the search is over (done, or failed)."""
        return self.state in ("done", "failed")

    @property
    def said(self) -> str:
        """How far it is, as the page says it: "Searching… 40% of the time; Qf so far 88.2 (…)"."""
        if self.state == "failed":
            return f"The search stopped: {self.error}"
        if self.state == "done":
            return "Done: the best movement found is below."
        if self.state == "queued":
            return "Waiting for the designer (another search is under way)."
        best = "" if self.qf is None else f"; Qf so far {self.qf:.1f}{fairness_brief(self.fairness)}"
        return f"Searching… {round(100 * self.used)}% of the time{best}"

    @property
    def ended(self) -> str:
        """Why the search ended, once it has, in a sentence."""
        took = f"{self.took:.1f}" if self.took is not None else "?"
        return {
            Reason.FINISHED: f"The search ended on its own, after {took} seconds.",
            Reason.STOPPED: f"The search was stopped when you asked, after {took} seconds.",
            Reason.DEADLINE: f"The search was stopped at its deadline: its {self.ask.seconds} seconds and "
            f"{DESIGN_GRACE_SECONDS} of grace.",
            Reason.MEMORY: "The search was ended at its memory limit.",
            Reason.CRASHED: "The search's process ended without an answer.",
            Reason.REFUSED: "The designer could not serve the ask.",
        }.get(self.stop_reason, "")

    def found(self) -> Movement | None:
        """The movement found, once done."""
        return replace(Movement.from_json(self.movement), notes=self.notes) if self.movement else None


def fairness_brief(fairness: dict[str, Any] | None) -> str:
    """The fairness of a movement in a few words: " (sit-outs 0 to 1 a pair; no two pairs meet twice;
    none meet in consecutive rounds)"; "" when not measured."""
    if not fairness:
        return ""
    low, high = fairness["sitouts_spread"]
    unit = "pair" if "twice" in fairness else "player"
    parts = [f"sit-outs {low if low == high else f'{low} to {high}'} a {unit}"]
    if "twice" in fairness:
        twice, consecutive = len(fairness["twice"]), len(fairness["consecutive"])
        several = twice > 1
        parts.append(
            f"{twice} pair{'s' if several else ''} of pairs meet{'' if several else 's'} more than once"
            if twice
            else "no two pairs meet twice"
        )
        parts.append(
            "none meet in consecutive rounds"
            if not consecutive
            else f"{consecutive} meeting{'s' if consecutive > 1 else ''} in consecutive rounds"
        )
    return f" ({'; '.join(parts)})"


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


def running_key(club_id: int) -> str:
    return f"clubwhist:design-running:{club_id}"


def stop_key(club_id: int, design_id: str) -> str:
    return f"clubwhist:design-stop:{club_id}:{design_id}"


def design_save(club_id: int, design: Design) -> Design:
    """Keep a design's progress in the cache, shared by the web processes and the workers."""
    job_save("design", club_id, design.id, design, DESIGN_KEEP_SECONDS)
    return design


def design_status(*, club: Club, design_id: str) -> Design | None:
    """A design of this club's, as it stands, or None (an unknown id, another club's, or long over).
    A design long queued, or running long past its time, is reported failed: its process is gone."""
    kept = job_load("design", club.pk, design_id)
    if not kept:
        return None
    design = design_loaded(kept)
    silent = _silent(design, time.time())
    return design_save(club.pk, replace(design, state="failed", error=silent)) if silent else design


def _silent(design: Design, now: float) -> str:
    """Why a design unfinished so long must have been lost, or "" while it may still be under way."""
    if design.state == "queued" and now - design.started > DESIGN_QUEUE_SECONDS:
        return (
            f"the designer did not take it up within {DESIGN_QUEUE_SECONDS // 60} minutes (the server may "
            "have restarted). Search again."
        )
    longest = design.ask.seconds + DESIGN_GRACE_SECONDS + DESIGN_SILENT_SECONDS
    if design.state == "running" and now - design.running_since > longest:
        return "the designer stopped answering (the server may have restarted). Search again."
    return ""


def design_loaded(kept: dict[str, Any]) -> Design:
    """A design as the cache keeps it (its tuples as lists)."""
    return Design(
        **{
            **kept,
            "ask": DesignAsk(**kept["ask"]),
            "notes": tuple(kept.get("notes", ())),
            "book": tuple(kept.get("book", ())),
        }
    )


def design_begin(*, club: Club, ask: DesignAsk) -> Design:
    """Record a design as queued; refused while another search of the club's is under way."""
    design = Design(id=uuid4().hex, ask=ask, started=time.time())
    running = cache.get(running_key(club.pk))
    if running:
        current = design_status(club=club, design_id=running)
        if current is not None and not current.finished:
            raise UserError(
                "A search of the club's is under way: wait for it to finish, or stop it.", field="kind"
            )
    longest = DESIGN_QUEUE_SECONDS + ask.seconds + DESIGN_GRACE_SECONDS + DESIGN_SILENT_SECONDS
    cache.set(running_key(club.pk), design.id, longest)
    return design_save(club.pk, design)


def design_stop(*, club: Club, design_id: str) -> Design:
    """Ask a running search to stop now; it keeps the best movement found so far."""
    design = design_status(club=club, design_id=design_id)
    if design is None:
        raise NotFound("There is no such design of this club's.")
    if not design.finished:
        cache.set(stop_key(club.pk, design.id), 1, DESIGN_KEEP_SECONDS)
    return design


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
                words=[*figures.words(), *fair_play(movement).words(), *movement.notes],
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
