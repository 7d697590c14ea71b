"""Celery tasks of the scoring side. Tasks take ids, read through selectors, and call a service."""

from __future__ import annotations

from celery import shared_task
from django.db import transaction

from .hand_records import deals_missing_double_dummy, session_double_dummy
from .selectors.slips import all_played
from .selectors.standings import modern_percentages
from .services.standings import standings_compute


@shared_task(ignore_result=True)
def recompute_standings(session_id: int) -> None:
    """Recompute a session's standings snapshot (and, off the pages' path, what they show beside it)."""
    snapshot = standings_compute(session_id=session_id)
    if snapshot is not None and snapshot.session.status != "running":
        modern_percentages(session=snapshot.session, snapshot=snapshot)  # warms the pages' cache
    if all_played(session_id=session_id) and deals_missing_double_dummy(session_id=session_id):
        compute_double_dummy.delay(session_id)


def queue_standings(session_id: int) -> None:
    """Recompute the standings once the current transaction commits.

    ``robust``: if scoring fails (a bug), the error is logged with its
    traceback and the slip line that was saved stays saved.
    """
    transaction.on_commit(lambda: recompute_standings.delay(session_id), robust=True)


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
