"""Movement previews and recommendations, as the API and the set-up page serve them: bounded and cached.

Anyone may ask for a preview or a recommendation (the public API), so the
sizes are checked against the app's limits (``movements.limits``) before
an engine runs, and each answer, a refusal included, is kept in the cache
(shared by every web process in production): the same question costs the
engines once a day, however often it is asked. A whist drive's next change
is bounded the same way (``check_change``) but not kept: each change sent
carries its own results, so the same question seldom comes twice.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.cache import cache

from . import movements
from .movements import MovementUserError
from .movements.analysis import analyse
from .movements.drive_json import next_change_json
from .movements.limits import MAX_DEALS, MAX_PLAYERS, check_change, check_size
from .movements.recommend import SESSION_UNITS, Recommendation, recommend

#: How long an answer is kept: the engines are pure, so only a new release changes one.
PREVIEW_SECONDS = 24 * 3600


def _cached(kind: str, question: Any, compute: Any) -> Any:
    """The cached answer to a question, or computes it; a refusal is kept and raised again."""
    digest = hashlib.sha256(json.dumps(question, sort_keys=True).encode()).hexdigest()
    key = f"movements:{kind}:{digest}"
    answer = cache.get(key)
    if answer is None:
        try:
            answer = ("ok", compute())
        except MovementUserError as exc:
            answer = ("refused", str(exc))
        cache.set(key, answer, PREVIEW_SECONDS)
    if answer[0] == "refused":
        raise MovementUserError(answer[1])
    return answer[1]


def movement_preview(
    *, family: str, analysis: bool = False, variant: str | None = None, deals: int | None = None, **sizes: int
) -> dict[str, Any]:
    """The movement JSON of a family for a size (``pairs=``, ``tables=``...), with its analysis if asked."""
    check_size(deals=deals, **sizes)

    def compute() -> dict[str, Any]:
        movement = movements.generate(family, variant=variant, deals=deals, **sizes)
        body = movement.to_json()
        if analysis:
            body["analysis"] = analyse(movement).to_json()
        return body

    question = {"family": family, "variant": variant, "deals": deals, "analysis": analysis, **sizes}
    body: dict[str, Any] = _cached("preview", question, compute)
    return body


def recommendation_problem(*, session_kind: str, entrants: int, deals: int) -> str | None:
    """Why a session of this size is beyond what the app recommends for, or None."""
    _, players_each = SESSION_UNITS.get(session_kind, ("pair", 2))
    players = entrants * (players_each or 2)
    if players > MAX_PLAYERS:
        return f"at most {MAX_PLAYERS // (players_each or 2)} entrants of this kind ({MAX_PLAYERS} players)"
    if deals > MAX_DEALS:
        return f"at most {MAX_DEALS} deals"
    return None


def movement_recommendations(*, session_kind: str, entrants: int, deals: int) -> list[Recommendation]:
    """Every movement that serves the session, best first (``MovementUserError`` beyond the limits)."""
    problem = recommendation_problem(session_kind=session_kind, entrants=entrants, deals=deals)
    if problem is not None:
        raise MovementUserError(problem)
    question = {"kind": session_kind, "entrants": entrants, "deals": deals}
    recs: list[Recommendation] = _cached(
        "recommend",
        question,
        lambda: recommend(session_kind=session_kind, entrants=entrants, deals_available=deals),
    )
    return recs


def drive_next_change(*, method: str, change: dict[str, Any]) -> dict[str, Any]:
    """A whist drive's next change from a change and its results (``MovementUserError`` beyond the limits)."""
    check_change(change)
    return next_change_json(method, change)
