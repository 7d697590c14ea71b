"""Celery tasks of the club's side: a roster imported batch by batch, a movement designed, their progress
in the cache.

The roster page and the API check the whole file in the request (a file
refused whole adds nobody, and says why next to its field), then hand the
writing to ``import_roster``: in batches, each its own short transaction,
so that the phones sending results are never kept waiting for long, and
the progress kept in the cache under the import's id ("Imported 600 of
2,000 players"), which the page polls and the API points to.

Without a broker (the laptop default) the task runs eagerly, in the request
that sent the file, as the project's other tasks do; so it does when the
cache is each process's own, where a worker's progress could not be seen.

A club imports one file at a time: a lock in the cache (``cache.add``),
taken before the file is read and let go when its import ends, however it
ends (it lapses after ``ROSTER_IMPORT_LOCK_SECONDS`` should its worker be
killed); a second file meanwhile is refused (``Conflict``: the API's 409, a
page's error next to the file). An import stops at
``ROSTER_IMPORT_SOFT_SECONDS`` (between batches, or at the worker's soft
time limit; its process is killed at ``ROSTER_IMPORT_HARD_SECONDS``) and
says so: "failed", with what it had added.

A design (``design_start``) never runs in the request, which would wait
the seconds the director gave the search: it goes to a worker under the
same condition, and otherwise to the process's one designer thread (at most
``DESIGNS_WAITING_MOST`` waiting); either runs the search in a process of
its own, bounded in time and memory, and the designer page polls its
progress in the cache.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any
from uuid import uuid4

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.cache import cache

from .models import Club
from .services.club import (
    RosterImport,
    roster_import_begin,
    roster_import_over_time,
    roster_import_run,
    roster_import_status,
)
from .services.design_progress import design_run
from .services.designs import Design, DesignAsk, design_begin
from .services.errors import Conflict, UserError

#: Caches only one process sees: an import's progress written by a worker would not reach the pages.
LOCAL_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


#: A club's import lock outlives an import's hard time limit and a wait in the queue; should its worker be
#: killed, it lapses and the club imports again.
ROSTER_IMPORT_LOCK_SECONDS = 600
#: What a second import of a club's roster is told while one is under way.
IMPORT_UNDER_WAY = (
    "An import of this club's roster is under way: send the file again once it has finished "
    "(the roster's import page shows how far it has gone)."
)


def import_lock_key(club_id: int) -> str:
    """The cache key of a club's "an import is under way" lock."""
    return f"clubwhist:roster-import-lock:{club_id}"


@shared_task(
    ignore_result=True,
    soft_time_limit=settings.ROSTER_IMPORT_SOFT_SECONDS,
    time_limit=settings.ROSTER_IMPORT_HARD_SECONDS,
)
def import_roster(import_id: str, club_id: int, text: str, user_id: int | None) -> None:
    """Write a checked roster file in batches, its progress in the cache under ``import_id``, within the
    import's time; then let the club's next import in."""
    until = time.monotonic() + settings.ROSTER_IMPORT_SOFT_SECONDS
    try:
        roster_import_run(import_id=import_id, club_id=club_id, text=text, user_id=user_id, until=until)
    except SoftTimeLimitExceeded:
        roster_import_over_time(club_id=club_id, import_id=import_id)
    finally:
        _unlock(club_id, import_id)


def _unlock(club_id: int, import_id: str) -> None:
    """Let the club's next import in, if the lock is still this import's."""
    if cache.get(import_lock_key(club_id)) == import_id:
        cache.delete(import_lock_key(club_id))


def on_a_worker() -> bool:
    """Whether an import is queued for a worker: there is a broker, and a cache every process shares."""
    return not settings.CELERY_TASK_ALWAYS_EAGER and settings.CACHES["default"]["BACKEND"] not in LOCAL_CACHES


def roster_import_start(*, club: Club, text: str, user: Any) -> RosterImport:
    """Check the whole file (``UserError``: refused whole, nobody added), then import it as a task.

    Run here, the import is over when this returns (a refusal met while
    writing is a ``UserError`` too); queued for a worker, it is ``queued``
    and ``roster_import_status`` says how far it has gone. While the club
    has an import under way, ``Conflict``.
    """
    import_id = uuid4().hex
    if not cache.add(import_lock_key(club.pk), import_id, ROSTER_IMPORT_LOCK_SECONDS):
        raise Conflict(IMPORT_UNDER_WAY, field="file")
    try:
        begun = roster_import_begin(club=club, text=text, import_id=import_id)
        args = (import_id, club.pk, text, user.pk if getattr(user, "is_authenticated", False) else None)
        if on_a_worker():
            import_roster.apply_async(args)
            return begun
        import_roster.apply(args)
    except BaseException:
        _unlock(club.pk, import_id)
        raise
    done = roster_import_status(club=club, import_id=import_id) or begun
    if done.state == "failed":
        raise UserError(done.error, field="file")
    return done


# --- The designer: a movement searched for off the request ------------------------------------------

logger = logging.getLogger(__name__)

#: Without a worker the designer runs on this one thread of the process (searches queue behind each other),
#: so the request that asked for a design answers at once and the page polls its progress. The search
#: itself runs in a process of its own (``design_runner``), which the thread waits for and kills if due.
_DESIGNER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="clubwhist-designer")
#: The most designs of every club waiting for the designer thread at once (each club has one at most): a
#: design beyond is refused, so that none waits long enough to be reported lost.
DESIGNS_WAITING_MOST = 6
_waiting = {"count": 0}
_waiting_lock = threading.Lock()


@shared_task(ignore_result=True)
def design_movement(design_id: str, club_id: int) -> None:
    """Search for the movement a design asks for, its progress and the movement found in the cache."""
    design_run(design_id=design_id, club_id=club_id)


def _design_on_thread(design_id: str, club_id: int) -> None:
    """The designer thread's job: run the search, log a failure (no request is there to show it)."""
    try:
        design_run(design_id=design_id, club_id=club_id)
    except Exception:
        logger.exception("the design %s of club %s failed", design_id, club_id)
    finally:
        with _waiting_lock:
            _waiting["count"] -= 1


def design_start(*, club: Club, ask: DesignAsk) -> Design:
    """Begin a design and hand its search to a worker, or with none to the designer thread; never to the
    request (a search takes the seconds the director gave it). The database is not touched by the search."""
    if on_a_worker():
        begun = design_begin(club=club, ask=ask)
        design_movement.apply_async((begun.id, club.pk))
        return begun
    with _waiting_lock:
        if _waiting["count"] >= DESIGNS_WAITING_MOST:
            raise UserError(
                "The designer is busy with other clubs' searches: try again in a few minutes.", field="kind"
            )
        begun = design_begin(club=club, ask=ask)
        _waiting["count"] += 1
    _DESIGNER.submit(_design_on_thread, begun.id, club.pk)
    return begun


def designer_idle() -> Future[None]:
    """A future done once the designer thread has finished what was handed to it before (tests)."""
    return _DESIGNER.submit(lambda: None)
