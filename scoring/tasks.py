"""Celery tasks of the scoring side that are not the standings' (``scoring.recompute`` has those, with
the coalescing policy). Tasks take ids, read through selectors, and call a service.
"""

from __future__ import annotations

from celery import shared_task
from django.core.cache import cache
from django.db import transaction

from scoring.hand_records import deals_missing_double_dummy, session_double_dummy


@shared_task
def ping(value: int) -> int:
    """A trivial task: proves a real worker takes tasks from the broker."""
    return value + 1


@shared_task(ignore_result=True)
def compute_double_dummy(session_id: int) -> None:
    """Solve the session's deals double dummy for the hand records (endplay)."""
    session_double_dummy(session_id=session_id)


def solve_missing_hand_records(session_id: int) -> None:
    """Queue the solver for the session's deals still missing their double-dummy tricks, if any."""
    if deals_missing_double_dummy(session_id=session_id):
        compute_double_dummy.delay(session_id)


#: A session's solve is queued at most once in this long by the pages that show its hand records.
DD_QUEUE_GUARD_SECONDS = 300


def solve_hand_records_once(session_id: int) -> None:
    """Before a page shows a session's hand records: queue the solver once for the deals still without
    their double-dummy tricks (eager Celery, with no broker, has solved them by the time this returns)."""
    if deals_missing_double_dummy(session_id=session_id) and cache.add(
        f"clubwhist:dd-queued:{session_id}", 1, DD_QUEUE_GUARD_SECONDS
    ):
        compute_double_dummy.delay(session_id)


def queue_double_dummy(session_id: int) -> None:
    """Solve the session's missing hand records once the current transaction commits."""
    transaction.on_commit(lambda: compute_double_dummy.delay(session_id))
