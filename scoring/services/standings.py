"""Standings: score a session's slips with the engine and keep the result as a snapshot.

The bridge between the database and ``scoring.scorers`` (docs/conventions.md, "One bridge to each engine"):
the slips are read by ``scoring.selectors.slips``, ``standings_compute``
scores them and writes one ``ScoreSnapshot`` row, so every page reads one
consistent whole. Reads of the snapshots live in
``scoring.selectors.standings``.
"""

from __future__ import annotations

from django.db import transaction

from scoring.models import ScoreSnapshot
from scoring.scorers import score, scores_to_json
from scoring.selectors.slips import session_slips
from tournaments.locks import hold_for_recompute
from tournaments.models import Session
from tournaments.selectors import slips_version

#: The newest snapshots kept of a session; older ones are pruned once as many again have gathered.
KEEP_SNAPSHOTS = 3


#: What scoring a session reads of its row (the rest, the movement above all, is left in the database).
SCORED_FIELDS = (
    "status",
    "scoring_method",
    "entrant_kind",
    "movement_family",
    "declared_trump",
    "seating_version",
    "results_version",
)


def _newest(session_id: int) -> list[tuple[int, int]]:
    """The session's newest snapshots (id, source version), newest first."""
    snapshots = ScoreSnapshot.objects.filter(session_id=session_id).order_by("-computed_at", "-id")
    return list(snapshots.values_list("id", "source_version")[: 2 * KEEP_SNAPSHOTS])


def standings_compute(*, session_id: int, wait_turn: bool = True) -> ScoreSnapshot | None:
    """Score the session now and store the result as its newest snapshot.

    One recompute of a session runs at a time: it holds the session's row
    (``hold_for_recompute``, the recompute's one lock, ``scoring.recompute``)
    before reading (``wait_turn``; a caller that already holds the session's
    row, as closing does, passes False) and in any case before storing.

    A snapshot only moves forward: the slips are read after their version
    (``slips_version``: the session's count and its tables'), so they are at
    least that new; the write holds the session's row against other
    recomputes and, when a recompute that read newer slips has already
    stored its snapshot, keeps that one and stores nothing. Two recomputes
    finishing out of order leave the newer as the newest.
    """
    with transaction.atomic():
        if wait_turn:
            hold_for_recompute(session_id)
        session = Session.objects.only(*SCORED_FIELDS).get(pk=session_id)
        version = slips_version(session_id=session_id)
        slips = session_slips(session=session)
        if not slips.deals:
            return None
        scores = score(session.scoring_method, slips)
        if not wait_turn:
            hold_for_recompute(session_id)  # its turn to store, at least
        kept = _newest(session_id)
        if kept and kept[0][1] > version:
            return ScoreSnapshot.objects.get(pk=kept[0][0])
        snapshot = ScoreSnapshot.objects.create(
            session=session,
            method=session.scoring_method,
            source_version=version,
            scores=scores_to_json(scores),
        )
        if len(kept) == 2 * KEEP_SNAPSHOTS:  # prune in batches, not one row each recompute
            ScoreSnapshot.objects.filter(pk__in=[pk for pk, _ in kept[KEEP_SNAPSHOTS - 1 :]]).delete()
    return snapshot
