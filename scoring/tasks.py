"""Celery tasks of the scoring side. Tasks take ids, fetch, and call a service."""

from __future__ import annotations

from celery import shared_task
from django.db import transaction


@shared_task(ignore_result=True)
def recompute_standings(session_id: int) -> None:
    """Recompute a session's standings snapshot."""
    from .services.standings import standings_compute

    standings_compute(session_id=session_id)


def queue_standings(session_id: int) -> None:
    """Recompute the standings once the current transaction commits."""
    transaction.on_commit(lambda: recompute_standings.delay(session_id))


@shared_task
def ping(value: int) -> int:
    """A trivial task: proves a real worker takes tasks from the broker."""
    return value + 1
