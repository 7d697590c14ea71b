"""Standings recomputed after changes, coalesced per session: the one policy, and the place to read it.

Every change to a session's slips is announced (``scoring.signals``) by the service that made it; this
module hears it and decides what follows, once the transaction commits:

- **With a broker** (production: Celery on Redis), the change queues a recompute only when none is
  queued yet: a *queued* flag in the shared cache, set when queuing and cleared when the recompute
  starts reading. A queued recompute starts ``STANDINGS_GATHER_SECONDS`` after the change that queued
  it (half a second), so a round's burst of sends is read by a few recomputes, not one after another
  for as long as the burst lasts. However fast the tables send, a session has at most one recompute
  running and one waiting behind it, and the waiting one reads every change made before it starts:
  the last snapshot is complete.
- **Without a broker** (the laptop default, tasks eager), nothing is queued while a session runs: the
  director's pages score the slips when they read them (``scoring.selectors.standings``), so a send
  never waits for a recompute of the whole session; only the hand records are solved, once a table's
  send leaves the session all played. A closed session's changes recompute at once.

**One lock.** A recompute holds its session's row ``FOR NO KEY UPDATE`` from before it reads the slips
until its snapshot is stored (``services.standings.standings_compute``): two recomputes of a session,
or a recompute and anything of the director's (``FOR UPDATE``), take turns, while the tables' sends,
which only share the row (``FOR KEY SHARE``), go on; a send made meanwhile leaves the snapshot stale,
as its version says, and queues the next. The queued flag is a flag, not a lock: should its task be
lost, it lapses after ``QUEUED_SECONDS`` and a change queues again. With a cache only one process sees
(``LOCAL_CACHES``), there is no flag and every change queues its own recompute.

**Its time.** A recompute in a worker stops at ``STANDINGS_SOFT_SECONDS`` (its worker process is killed at
``STANDINGS_HARD_SECONDS``), for while it holds the lock the director's every action waits: its transaction
is rolled back, so the lock is let go and nothing half is stored; its queued flag is cleared, so the next
change queues the next recompute; and it is logged as an error.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from infra.reads import keeps_reads
from scoring.selectors.slips import all_played
from scoring.selectors.standings import modern_percentages
from scoring.services.standings import standings_compute
from scoring.signals import hand_records_wanted, slips_changed
from scoring.tasks import queue_double_dummy, solve_for_checks, solve_missing_hand_records
from tournaments.locks import hold_for_recompute

logger = logging.getLogger(__name__)

#: A queued flag outlives any wait for the lock; should its task be lost, it lapses and a change queues again.
QUEUED_SECONDS = 300
#: Caches whose flags only one process sees: no coalescing across processes with them.
LOCAL_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


def queued_key(session_id: int) -> str:
    """The cache key of a session's "a recompute is queued" flag."""
    return f"clubwhist:standings:queued:{session_id}"


@shared_task(
    ignore_result=True,
    soft_time_limit=settings.STANDINGS_SOFT_SECONDS,
    time_limit=settings.STANDINGS_HARD_SECONDS,
)
@keeps_reads  # an edge: what its reads offer (the pages' percentages too) is kept as it returns
def recompute_standings(session_id: int) -> None:
    """Recompute a session's standings snapshot (and, off the pages' path, what they show beside it)."""
    try:
        with transaction.atomic():
            hold_for_recompute(session_id)  # its turn: the one lock
            cache.delete(queued_key(session_id))  # changes from now on queue the next recompute
            snapshot = standings_compute(session_id=session_id)
    except SoftTimeLimitExceeded:  # its transaction is rolled back: the lock is let go
        _stopped(session_id, "nothing of it was stored")
        return
    try:
        if snapshot is not None and snapshot.session.status != "running":
            modern_percentages(session=snapshot.session, snapshot=snapshot)  # warms the pages' cache
        hand_records_when_played(session_id)
    except SoftTimeLimitExceeded:
        _stopped(session_id, "its snapshot was stored")


def _stopped(session_id: int, kept: str) -> None:
    """A recompute past its soft time limit: its queued flag cleared (the next change queues), logged."""
    cache.delete(queued_key(session_id))
    logger.error(
        "the standings recompute of session %s ran past its %g s (STANDINGS_SOFT_SECONDS) and was stopped: "
        "%s; the next change queues the next recompute",
        session_id,
        settings.STANDINGS_SOFT_SECONDS,
        kept,
    )


def hand_records_when_played(session_id: int, seating_version: int | None = None) -> None:
    """Once every tray is played, solve the deals still missing their hand records (off the pages' path)."""
    if all_played(session_id=session_id, seating_version=seating_version):
        solve_missing_hand_records(session_id)


def on_slips_changed(
    sender: Any,
    *,
    session_id: int,
    running: bool,
    seating_version: int | None = None,
    owes_more: bool = False,
    **kwargs: Any,
) -> None:
    """Recompute the standings once the current transaction commits, unless one is already queued.

    ``owes_more``: the table that sent still owes a tray, so the session is not all played and that
    count is not made (most sends of an evening). ``robust``: if queuing fails, the error is logged and
    the slip line that was saved stays saved.
    """
    if running:  # the scorer's eye wants the double dummy as the lines arrive (once in a while)
        transaction.on_commit(lambda: solve_for_checks(session_id), robust=True)
    if settings.CELERY_TASK_ALWAYS_EAGER and running:
        if not owes_more:
            transaction.on_commit(lambda: hand_records_when_played(session_id, seating_version), robust=True)
        return
    transaction.on_commit(lambda: _queue(session_id), robust=True)


def _queue(session_id: int) -> None:
    """Queue a recompute, or leave it to the one already queued (it has not started reading yet)."""
    if _shared_cache() and not cache.add(queued_key(session_id), 1, QUEUED_SECONDS):
        return
    recompute_standings.apply_async((session_id,), countdown=settings.STANDINGS_GATHER_SECONDS)


def _shared_cache() -> bool:
    """Whether flags in the cache are seen by every web process and worker (or tasks run in-process)."""
    return settings.CELERY_TASK_ALWAYS_EAGER or settings.CACHES["default"]["BACKEND"] not in LOCAL_CACHES


def on_hand_records_wanted(sender: Any, *, session_id: int, **kwargs: Any) -> None:
    """Solve the session's deals once the current transaction commits (the director published them)."""
    queue_double_dummy(session_id)


def connect() -> None:
    """Hear what the services announce (``ScoringConfig.ready``)."""
    slips_changed.connect(on_slips_changed, dispatch_uid="scoring.recompute")
    hand_records_wanted.connect(on_hand_records_wanted, dispatch_uid="scoring.recompute.hands")
