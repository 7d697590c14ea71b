"""Standings: score a session's slips with the engine and keep the result as a snapshot.

The bridge between the database and ``scoring.scorers`` (STYLE.md pointer 4):
the slips are read by ``scoring.selectors.slips``, ``standings_compute``
scores them and writes one ``ScoreSnapshot`` row, so every page reads one
consistent whole. Reads of the snapshots live in
``scoring.selectors.standings``.
"""

from __future__ import annotations

from django.db import connection, transaction

from tournaments.models import Session
from tournaments.selectors import slips_version

from ..models import ScoreSnapshot
from ..scorers import score, scores_to_json
from ..selectors.slips import session_slips
from .locks import lock_session_for_snapshot

#: The newest snapshots kept of a session; older ones are pruned once as many again have gathered.
KEEP_SNAPSHOTS = 3


#: The first key of the PostgreSQL advisory lock that lets one recompute of a session run at a time.
RECOMPUTE_LOCK = 0x5C0E


def _one_at_a_time(session_id: int) -> None:
    """Wait until no other recompute of this session is running (PostgreSQL; SQLite has one writer anyway).

    The lock is the transaction's: it is let go when the recompute commits.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [RECOMPUTE_LOCK, session_id])


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


def _locked_newest(session_id: int) -> list[tuple[int, int]]:
    """Hold the session's row against other recomputes and the director (``lock_session_for_snapshot``),
    then list its newest snapshots (id, source version), newest first: as SQL, where the ORM's compiling
    cost more than the query.
    """
    lock_session_for_snapshot(session_id)
    snapshots = ScoreSnapshot._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id, source_version FROM {snapshots} WHERE session_id = %s"
            " ORDER BY computed_at DESC, id DESC LIMIT %s",
            [session_id, 2 * KEEP_SNAPSHOTS],
        )
        return cursor.fetchall()


def standings_compute(*, session_id: int, wait_turn: bool = True) -> ScoreSnapshot | None:
    """Score the session now and store the result as its newest snapshot.

    One recompute of a session runs at a time (``wait_turn``; a caller that
    already holds the session's row lock, as closing does, passes False:
    a recompute waiting for that row cannot be running its scoring).

    A snapshot only moves forward: the slips are read after their version
    (``slips_version``: the session's count and its tables'), so they are at
    least that new; the write holds the session's row against other
    recomputes and, when a recompute that read newer slips has already
    stored its snapshot, keeps that one and stores nothing. Two recomputes
    finishing out of order leave the newer as the newest.
    """
    with transaction.atomic():
        if wait_turn:
            _one_at_a_time(session_id)
        session = Session.objects.only(*SCORED_FIELDS).get(pk=session_id)
        version = slips_version(session_id=session_id)
        slips = session_slips(session=session)
        if not slips.deals:
            return None
        scores = score(session.scoring_method, slips)
        kept = _locked_newest(session_id)
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
