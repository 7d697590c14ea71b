"""Celery tasks of the scoring side that are not the standings' (``scoring.recompute`` has those, with
the coalescing policy). Tasks take ids, read through selectors, and call a service.

**The double-dummy solve.** However many things ask for it (the last send of the evening, the director
publishing or changing a deal, a page showing the hand records), a session's solve is queued once at a
time: a guard in the cache, taken when it is queued (``cache.add``) and let go when it has solved every deal.
Each solve has ``SOLVE_SOFT_SECONDS``: it begins no deal past them (in a worker, the worker's soft limit
stops it too, and its process is killed at ``SOLVE_HARD_SECONDS``), so neither a worker nor the solver
thread is ever held for ever. A deal's answer is written whole or not at all; the deals solved are kept,
the stop is logged, and the guard is left to lapse: a session whose solve ran out of time is tried again
at most once in ``DD_QUEUE_GUARD_SECONDS``, by the next thing that asks.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import Future, ThreadPoolExecutor

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.cache import cache
from django.db import OperationalError, connections, transaction

from scoring.hand_records import (
    DoubleDummy,
    SolveOverTime,
    deals_missing_double_dummy,
    session_double_dummy,
    solve,
)


@shared_task
def ping(value: int) -> int:
    """A trivial task: proves a real worker takes tasks from the broker."""
    return value + 1


logger = logging.getLogger(__name__)

#: Without a broker (``make run``, ``make club``) the solver runs on this one thread of the process, so the
#: request that finished the play (or opened the hand records) answers at once; with a broker, a worker.
#: The solver's library (DDS) is not safe in two threads at once (it ends the process): every solve of a
#: process goes through this thread (``solve_one``).
_SOLVER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="clubwhist-solver")


def solve_one(*, hands: str, trump_card: str, dealer: str) -> DoubleDummy:
    """One deal solved on the solver thread, waited for (the demo's pars); never beside another solve."""
    return _SOLVER.submit(solve, hands=hands, trump_card=trump_card, dealer=dealer).result()


#: A session's solve is queued once until it has solved every deal; the guard outlives a solve's hard time
#: limit and a wait in the queue, and a solve that stopped or failed is tried again at most this often.
DD_QUEUE_GUARD_SECONDS = 600


def solve_guard_key(session_id: int) -> str:
    """The cache key of a session's "a solve is queued or under way" guard."""
    return f"clubwhist:dd-queued:{session_id}"


@shared_task(
    ignore_result=True,
    soft_time_limit=settings.SOLVE_SOFT_SECONDS,
    time_limit=settings.SOLVE_HARD_SECONDS,
)
def compute_double_dummy(session_id: int) -> None:
    """Solve the session's deals double dummy for the hand records (endplay), within the solve's time."""
    _solve(session_id, time.monotonic() + settings.SOLVE_SOFT_SECONDS)


def _solve(session_id: int, until: float) -> None:
    """Solve until done, then let the guard go; stopped at ``until`` (or the soft limit), log it."""
    try:
        session_double_dummy(session_id=session_id, until=until)
    except (SolveOverTime, SoftTimeLimitExceeded):
        logger.error(
            "the double-dummy solve of session %s ran past its %g s (SOLVE_SOFT_SECONDS) and was stopped "
            "between deals: the deals solved are kept, the rest wait for the next solve",
            session_id,
            settings.SOLVE_SOFT_SECONDS,
        )
        return
    cache.delete(solve_guard_key(session_id))


def _solve_off_the_request(session_id: int) -> None:
    """Hand the solve to a worker, or with no broker to the process's solver thread; never to the request.

    A session of 28 deals takes the solver seconds: run in the request (eager Celery), the evening's last
    send waited for it. ``SOLVE_IN_BACKGROUND`` off (the test suite's settings) solves in the caller, as eager
    Celery does, so a test reads the answer at once. A solve already queued or under way is not queued again.
    """
    if not cache.add(solve_guard_key(session_id), 1, DD_QUEUE_GUARD_SECONDS):
        return
    if settings.CELERY_TASK_ALWAYS_EAGER and settings.SOLVE_IN_BACKGROUND:
        _SOLVER.submit(_solve_on_thread, session_id)
        return
    try:
        compute_double_dummy.delay(session_id)
    except Exception:  # not queued (the broker did not answer): the next to ask may queue it
        if not settings.CELERY_TASK_ALWAYS_EAGER:
            cache.delete(solve_guard_key(session_id))
        raise


#: The solver thread tries again this many times, this many seconds apart and more, when the database is
#: busy with a request's write (SQLite locks it whole); each try solves only the deals still missing.
SOLVE_TRIES = 5
SOLVE_PAUSE_SECONDS = 0.5


def _solve_on_thread(session_id: int) -> None:
    """The solver thread's job: solve within the solve's time, log a failure (no request is there to show
    it), free the connection."""
    until = time.monotonic() + settings.SOLVE_SOFT_SECONDS
    try:
        for attempt in range(1, SOLVE_TRIES + 1):
            try:
                _solve(session_id, until)
                return
            except OperationalError:
                if attempt == SOLVE_TRIES:
                    raise
                connections.close_all()
                time.sleep(SOLVE_PAUSE_SECONDS * attempt)
    except Exception:
        logger.exception("the double-dummy solve of session %s failed", session_id)
    finally:
        connections.close_all()


def solver_idle() -> Future[None]:
    """A future done once the solver thread has finished what was handed to it before (tests, commands)."""
    return _SOLVER.submit(lambda: None)


def solve_missing_hand_records(session_id: int) -> None:
    """Queue the solver for the session's deals still missing their double-dummy tricks, if any."""
    if deals_missing_double_dummy(session_id=session_id):
        _solve_off_the_request(session_id)


def checks_guard_key(session_id: int) -> str:
    """The cache key of a running session's "the checks asked for the double dummy" guard."""
    return f"clubwhist:dd-checks:{session_id}"


def solve_for_checks(session_id: int) -> None:
    """During play the scorer's eye wants each deal's double dummy: once in ``DD_QUEUE_GUARD_SECONDS`` a
    session's send asks, and the deals still missing it are solved off the request (one cache add a send;
    ``CHECKS_SOLVE_DURING_PLAY`` off leaves them to the end of play, as before)."""
    if not settings.CHECKS_SOLVE_DURING_PLAY:
        return
    if cache.add(checks_guard_key(session_id), 1, DD_QUEUE_GUARD_SECONDS):
        solve_missing_hand_records(session_id)


def solve_hand_records_once(session_id: int) -> None:
    """Before a page shows a session's hand records: queue the solver once for the deals still without
    their double-dummy tricks (the page shows them once solved; the test suite's settings solve them here)."""
    solve_missing_hand_records(session_id)


def queue_double_dummy(session_id: int) -> None:
    """Solve the session's missing hand records once the current transaction commits."""
    transaction.on_commit(lambda: _solve_off_the_request(session_id))
