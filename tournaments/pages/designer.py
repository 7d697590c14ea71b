"""What the designer's page shows: the form, a design's progress or the movement it found, the club's own.

Reads only; the designs and the kept movements are written by
``services.designs``. The movement found is shown as the session's
movement page shows a movement: its figures in words, the shaded matrix of
the amounts of competition, and its diagram; beside the Qf, its fair play
(each pair's deals and sit-outs, the pairs meeting twice or in consecutive
rounds: ``fair_play``); and before it the book's movements that fit
the ask as well or better.
"""

from __future__ import annotations

from typing import Any

from ..display import plural
from ..models import Club, ClubMovement, Session
from ..movements import Movement
from ..movements.analysis import analyse
from ..movements.fair_play import fair_play
from ..selectors import club_movements
from ..services.designs import MAX_DEALS_PER_ROUND, MAX_ROUNDS, MAX_SECONDS, MIN_SECONDS, Design, unplayable
from ..services.errors import UserError
from .setup import diagram_html, fairness

#: The form's first values: a usual evening of six tables of pairs.
INITIAL = {
    "kind": "pairs",
    "pairs": "12",
    "rounds": "8",
    "deals_per_round": "3",
    "players": "12",
    "seconds": "30",
}
#: The form's fields, as the page posts them.
FIELDS = ("kind", "pairs", "rounds", "deals_per_round", "players", "seconds")
#: The most digits of the session a designer was opened from (``?session=``) the page reads: every id
#: of 18 digits is below the database's 64-bit keys; anything longer is no session.
SESSION_DIGITS = 18


def form_values(data: Any = None) -> dict[str, str]:
    """The form's values: as posted (each a short text), or the first ones."""
    if data is None:
        return dict(INITIAL)
    return {name: str(data.get(name, ""))[:20] for name in FIELDS}


def asked(design: Design) -> dict[str, str]:
    """The form filled with what a design asked for, to ask again (longer, say)."""
    ask = design.ask
    values = {**form_values(), "kind": ask.kind, "seconds": str(ask.seconds)}
    if ask.kind == "players":
        return {**values, "players": str(ask.entrants)}
    return {
        **values,
        "pairs": str(ask.entrants),
        "rounds": str(ask.rounds),
        "deals_per_round": str(ask.deals_per_round),
    }


def refusal(exc: UserError, fields: tuple[str, ...] = FIELDS) -> dict[str, str]:
    """A service's refusal, keyed by the field it names (or 'form' above the form)."""
    return {exc.field if exc.field in fields else "form": exc.message}


def session_back(*, club: Club, value: Any) -> Session | None:
    """The club's session the designer was opened from (``session``, carried from its movement page), to
    lead the director back to it; None for no id, not an id, or another club's session."""
    raw = str(value or "")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= SESSION_DIGITS):
        return None
    return Session.objects.filter(club=club, pk=int(raw)).first()


def designer_context(
    *,
    club: Club,
    design: Design | None = None,
    values: dict[str, str] | None = None,
    errors: dict[str, str] | None = None,
    keep_errors: dict[str, str] | None = None,
    back: Session | None = None,
) -> dict[str, Any]:
    """Everything the designer's page shows; ``back``, the session to lead back to (else the director's
    home)."""
    found = design.found() if design is not None else None
    return {
        "club": club,
        "back": back,
        "design": design,
        "found": found_facts(found) if found is not None else None,
        "values": values or (asked(design) if design is not None else form_values()),
        "errors": errors or {},
        "keep_errors": keep_errors or {},
        "kept": club_movements(club=club),
        "limits": {
            "seconds": (MIN_SECONDS, MAX_SECONDS),
            "rounds": MAX_ROUNDS,
            "deals": MAX_DEALS_PER_ROUND,
        },
    }


def found_facts(movement: Movement) -> dict[str, Any]:
    """The movement found: its sizes, its notes (balanced, or the best found), its fairness and diagram."""
    analysis = analyse(movement)
    unit = "player" if movement.entrant_kind == "player" else "pair"
    fair = fair_play(movement)
    return {
        "unit": unit,
        "entrants": movement.entrants,
        "tables": movement.tables,
        "rounds": len(movement.rounds),
        "trays": movement.trays,
        "sitouts": max(analysis.sitouts_per_round, default=0),
        "notes": movement.notes,
        "unplayable": unplayable(movement),
        "fairness": fairness(movement),
        "fair": fair,
        "fair_rows": [(e, fair.deals[e], fair.sitouts[e]) for e in fair.entrants],
        "diagram": diagram_html(movement),
    }


def progress_json(design: Design) -> dict[str, Any]:
    """A design's progress for ``designer.js`` to poll."""
    return {
        "state": design.state,
        "finished": design.finished,
        "used": round(design.used, 3),
        "qf": None if design.qf is None else round(design.qf, 2),
        "said": design.said,
        "stop_reason": design.stop_reason,
    }


def seated_message(kept: ClubMovement, movement: Movement) -> str:
    """ "Seated by the club's movement “Friday six”: 3 tables, 5 rounds, 5 trays." """
    return (
        f"Seated by the club's movement “{kept.name}”: {plural(movement.tables, 'table')}, "
        f"{plural(len(movement.rounds), 'round')}, {plural(movement.trays, 'tray')}."
    )
