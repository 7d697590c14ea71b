"""Celery tasks of the scoring side. Tasks take ids, read through selectors, and call a service.

Standings are recomputed after changes, **coalesced** per session: a
change queues a recompute only when none is queued yet (a "queued" flag in
the shared cache, set when queuing, cleared when the recompute starts
reading), and a per-session lock lets one recompute run at a time. So
however fast the tables send, a session has at most one recompute running
and one waiting behind it, and the waiting one reads every change made
before it starts: the last snapshot is complete. A queued recompute starts
``STANDINGS_GATHER_SECONDS`` after the change that queued it (half a
second), so a round's burst of sends is read by a few recomputes, not one
after another for as long as the burst lasts.

Without a broker (the laptop default, tasks eager) nothing is queued while
a session runs: the director's pages compute the standings when they read
them (``session_snapshot(fresh=True)``), so a send never waits for a
recompute of the whole session.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from uuid import uuid4

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from .hand_records import deals_missing_double_dummy, session_double_dummy
from .selectors.slips import all_played
from .selectors.standings import modern_percentages
from .services.standings import standings_compute

#: A queued flag outlives any wait for the lock; should its task be lost, it lapses and a change queues again.
QUEUED_SECONDS = 300
#: A recompute holds its session's lock at most this long (a worker that died lets go by itself).
LOCK_SECONDS = 120
#: How often a waiting recompute looks whether the one running is done.
LOCK_POLL_SECONDS = 0.02
#: Caches whose flags and locks only one process sees: no coalescing across processes with them.
LOCAL_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


def queued_key(session_id: int) -> str:
    """The cache key of a session's "a recompute is queued" flag."""
    return f"clubwhist:standings:queued:{session_id}"


def lock_key(session_id: int) -> str:
    """The cache key of a session's "a recompute is running" lock."""
    return f"clubwhist:standings:computing:{session_id}"


@shared_task(ignore_result=True)
def recompute_standings(session_id: int) -> None:
    """Recompute a session's standings snapshot (and, off the pages' path, what they show beside it)."""
    with one_at_a_time(session_id):
        cache.delete(queued_key(session_id))  # changes from now on queue the next recompute
        snapshot = standings_compute(session_id=session_id)
        if snapshot is not None and snapshot.session.status != "running":
            modern_percentages(session=snapshot.session, snapshot=snapshot)  # warms the pages' cache
    hand_records_when_played(session_id)


def hand_records_when_played(session_id: int, seating_version: int | None = None) -> None:
    """Once every tray is played, solve the deals still missing their hand records (off the pages' path)."""
    played = all_played(session_id=session_id, seating_version=seating_version)
    if played and deals_missing_double_dummy(session_id=session_id):
        compute_double_dummy.delay(session_id)


@contextmanager
def one_at_a_time(session_id: int) -> Iterator[None]:
    """Hold the session's recompute lock, waiting while another recompute of it runs."""
    key, token = lock_key(session_id), uuid4().hex
    while not cache.add(key, token, LOCK_SECONDS):
        time.sleep(LOCK_POLL_SECONDS)
    try:
        yield
    finally:
        if cache.get(key) == token:
            cache.delete(key)


def queue_standings(
    session_id: int, *, running: bool, seating_version: int | None = None, owes_more: bool = False
) -> None:
    """Recompute the standings once the current transaction commits, unless one is already queued.

    Without a broker, a running session's standings are left to the
    director's pages, which compute them when they read them; only the
    hand records are solved once the last tray is played. ``owes_more``:
    the table that sent still owes a tray, so the session is not all played
    and that count is not made (most sends of an evening).
    ``robust``: if queuing fails, the error is logged and the slip line that
    was saved stays saved.
    """
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


@shared_task
def ping(value: int) -> int:
    """A trivial task: proves a real worker takes tasks from the broker."""
    return value + 1


@shared_task(ignore_result=True)
def compute_double_dummy(session_id: int) -> None:
    """Solve the session's deals double dummy for the hand records (endplay)."""
    session_double_dummy(session_id=session_id)


def queue_double_dummy(session_id: int) -> None:
    """Solve the session's missing hand records once the current transaction commits."""
    transaction.on_commit(lambda: compute_double_dummy.delay(session_id))
