"""Standings: score a session's slips with the engine and keep the result as a snapshot.

The bridge between the database and ``scoring.scorers`` (STYLE.md pointer 4):
the slips are read by ``scoring.selectors.slips``, ``standings_compute``
scores them and writes one ``ScoreSnapshot`` row, so every page reads one
consistent whole. Reads of the snapshots live in
``scoring.selectors.standings``.
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Session

from ..models import ScoreSnapshot
from ..scorers import score, scores_to_json
from ..selectors.slips import session_slips

KEEP_SNAPSHOTS = 3


def standings_compute(*, session_id: int) -> ScoreSnapshot | None:
    """Score the session now and store the result as its newest snapshot.

    A snapshot only moves forward: the slips are read after the session's
    ``results_version``, so they are at least that new; the write locks the
    session's row and, when a recompute that read newer slips (or the same)
    has already stored its snapshot, keeps that one and stores nothing. Two
    recomputes finishing out of order leave the newer as the newest.
    """
    session = Session.objects.get(pk=session_id)
    version = session.results_version
    slips = session_slips(session=session)
    if not slips.deals:
        return None
    scores = score(session.scoring_method, slips)
    with transaction.atomic():
        Session.objects.select_for_update().only("pk").get(pk=session_id)
        newest = ScoreSnapshot.objects.filter(session_id=session_id).order_by("-computed_at", "-id").first()
        if newest is not None and newest.source_version > version:
            return newest
        snapshot = ScoreSnapshot.objects.create(
            session=session,
            method=session.scoring_method,
            source_version=version,
            scores=scores_to_json(scores),
        )
        stale = ScoreSnapshot.objects.filter(session=session).order_by("-computed_at", "-id")[KEEP_SNAPSHOTS:]
        ScoreSnapshot.objects.filter(pk__in=[s.pk for s in stale]).delete()
    return snapshot
