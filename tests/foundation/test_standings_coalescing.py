"""Standings recomputes are coalesced: many sends, few recomputes, and the last snapshot complete.

A change queues a recompute only when none is waiting; the waiting one,
once it starts, reads every change made before it; a session's recomputes
run one at a time. Here the broker is a list (or a queue that worker
threads take from), so what is queued can be counted.
"""

from __future__ import annotations

import datetime as dt
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from scoring import recompute
from scoring.models import ScoreSnapshot, SlipLine
from scoring.selectors.standings import session_snapshot
from scoring.services import standings as standings_service
from tests.sends import result_submit
from tournaments.models import Club, Session
from tournaments.selectors import slips_version
from tournaments.services import club as club_services
from tournaments.services import seating, sessions

PAIRS, DEALS = 14, 14  # a Mitchell of seven tables, two trays a round: 98 results


def mitchell_session(club: Club) -> Session:
    """A running session of seven tables and seven rounds, seated by the engine's Mitchell."""
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 2), title="Seven tables")
    people = [club_services.player_create(club=club, name=f"Member {i}") for i in range(2 * PAIRS)]
    for a, b in zip(people[0::2], people[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="mitchell", deals=DEALS)
    return sessions.session_start(session=session)


def sends(session: Session) -> list[Callable[[], Any]]:
    """Every result of the session, round by round, each a call that stores it."""
    out = []
    for rnd in session.rounds.order_by("number"):
        for seat in rnd.seatings.select_related("table").order_by("table__number"):
            for tray in seat.trays.order_by("number"):
                tricks = (tray.number * 3 + seat.table.number) % 14
                out.append(
                    lambda t=seat.table, n=tray.number, r=rnd.number, k=tricks: result_submit(
                        table=t, tray_number=n, ns_tricks=k, round_number=r, as_director=True
                    )
                )
    return out


def complete(snapshot: ScoreSnapshot, session: Session) -> bool:
    """The snapshot was computed from every line stored, and scores each of them both ways."""
    session.refresh_from_db()
    scored = {(int(d["deal"]), int(e)) for d in snapshot.scores["deals"] for e in d["scores"]}
    lines = SlipLine.objects.filter(session=session).values_list("tray__number", "ns__number", "ew__number")
    return snapshot.source_version == slips_version(session_id=session.pk) and all(
        (tray, ns) in scored and (tray, ew) in scored for tray, ns, ew in lines
    )


@pytest.fixture
def queued_by_list(settings: Any, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A broker (a list of queued session ids) and a cache that this one process shares with its worker."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(recompute, "LOCAL_CACHES", ())
    queued: list[int] = []
    monkeypatch.setattr(
        recompute.recompute_standings, "apply_async", lambda args, countdown: queued.append(*args)
    )
    return queued


@pytest.mark.django_db
def test_a_round_of_sends_queues_one_recompute_and_it_reads_them_all(
    club: Club, queued_by_list: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    session = mitchell_session(club)
    every = sends(session)
    per_round = len(every) // 7
    recomputes = 0
    for start in range(0, len(every), per_round):
        with django_capture_on_commit_callbacks(execute=True):
            for send in every[start : start + per_round]:
                send()
        assert queued_by_list == [session.pk]  # fourteen sends, one recompute queued
        recompute.recompute_standings(queued_by_list.pop())
        recomputes += 1
        assert complete(ScoreSnapshot.objects.filter(session=session).latest(), session)
    assert recomputes == 7 and len(every) == 98


@pytest.mark.django_db
def test_sends_while_a_recompute_waits_add_nothing_to_the_queue(
    club: Club, queued_by_list: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    session = mitchell_session(club)
    every = sends(session)
    with django_capture_on_commit_callbacks(execute=True):
        every[0]()
    assert queued_by_list == [session.pk]
    with django_capture_on_commit_callbacks(execute=True):
        for send in every[1:30]:
            send()
    assert queued_by_list == [session.pk]  # the queued recompute has not started: it will read these too
    recompute.recompute_standings(queued_by_list.pop())
    with django_capture_on_commit_callbacks(execute=True):
        every[30]()
    assert queued_by_list == [session.pk]  # it has started: the next change queues again


@pytest.mark.django_db
def test_without_a_broker_a_running_session_s_sends_leave_the_standings_to_the_director(
    club: Club, django_capture_on_commit_callbacks: Any
) -> None:
    session = mitchell_session(club)
    with django_capture_on_commit_callbacks(execute=True):  # only the hand records' check runs after each
        for send in sends(session)[:20]:
            send()
    assert not ScoreSnapshot.objects.filter(session=session).exists()
    session.refresh_from_db()
    snapshot = session_snapshot(session=session, fresh=True)
    assert snapshot is not None and complete(snapshot, session)


@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="SQLite's shared in-memory test database locks whole tables between threads; "
    "this runs on PostgreSQL (.ci/run)",
)
@pytest.mark.django_db(transaction=True)
def test_two_workers_never_recompute_one_session_at_once_and_the_last_snapshot_is_complete(
    club: Club, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(recompute, "LOCAL_CACHES", ())
    broker: queue.Queue[int | None] = queue.Queue()
    monkeypatch.setattr(
        recompute.recompute_standings, "apply_async", lambda args, countdown: broker.put(*args)
    )
    running, most, ran = [0], [0], [0]
    lock = threading.Lock()
    compute = standings_service.standings_compute

    def watched(*, session_id: int) -> ScoreSnapshot | None:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            return compute(session_id=session_id)
        finally:
            with lock:
                running[0] -= 1
                ran[0] += 1

    monkeypatch.setattr(recompute, "standings_compute", watched)

    def worker() -> None:
        while (session_id := broker.get()) is not None:
            recompute.recompute_standings(session_id)
        connection.close()

    workers = [threading.Thread(target=worker) for _ in range(2)]
    for w in workers:
        w.start()
    session = mitchell_session(club)
    every = sends(session)
    for send in every:
        send()
        assert broker.qsize() <= 1  # at most one waiting; the flag keeps the rest out
    for _ in workers:
        broker.put(None)
    for w in workers:
        w.join(timeout=60)
    assert most[0] == 1 and 1 <= ran[0] < len(every)
    assert complete(ScoreSnapshot.objects.filter(session=session).latest(), session)


def soft_limit_while_waiting(session_id: int) -> None:
    """The worker's soft time limit strikes while the recompute waits for its turn (the session's row)."""
    raise SoftTimeLimitExceeded()


def soft_limit_once_scored(*, session_id: int) -> ScoreSnapshot | None:
    """It strikes once the recompute has scored the session and written its snapshot, before the commit."""
    standings_service.standings_compute(session_id=session_id)
    raise SoftTimeLimitExceeded()


@pytest.mark.parametrize(
    ("where", "stopped"),
    [("hold_for_recompute", soft_limit_while_waiting), ("standings_compute", soft_limit_once_scored)],
)
@pytest.mark.django_db
def test_a_recompute_past_its_time_limit_stores_nothing_says_so_and_the_next_change_queues_again(
    club: Club,
    queued_by_list: list[int],
    django_capture_on_commit_callbacks: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    where: str,
    stopped: Callable[..., Any],
) -> None:
    """Issue: a recompute had no time limit, and a stuck one kept the session's row, which every action of
    the director's waits for. Past its soft limit (``STANDINGS_SOFT_SECONDS``) it stops: its transaction
    rolled back (the row let go, no snapshot half made), its queued flag cleared, the stop logged."""
    session = mitchell_session(club)
    every = sends(session)
    with django_capture_on_commit_callbacks(execute=True):
        every[0]()
    assert queued_by_list == [session.pk]
    with monkeypatch.context() as limited:
        limited.setattr(recompute, where, stopped)
        recompute.recompute_standings(queued_by_list.pop())  # the worker runs it; the limit strikes
    assert not ScoreSnapshot.objects.filter(session=session).exists()
    assert cache.get(recompute.queued_key(session.pk)) is None
    assert connection.savepoint_ids == [], "its transaction is over: the session's row is let go"
    [record] = [r for r in caplog.records if r.name == "scoring.recompute"]
    said = f"ran past its {settings.STANDINGS_SOFT_SECONDS:g} s (STANDINGS_SOFT_SECONDS) and was stopped"
    assert record.levelname == "ERROR" and said in record.getMessage()
    with django_capture_on_commit_callbacks(execute=True):
        every[1]()
    assert queued_by_list == [session.pk], "the next change queues the next recompute"
    recompute.recompute_standings(queued_by_list.pop())
    assert complete(ScoreSnapshot.objects.filter(session=session).latest(), session)


def test_each_job_stops_at_its_own_time_limits_named_in_the_settings() -> None:
    """A worker stops each task at its soft limit and kills it at its hard one (the prefork pool keeps
    them): the settings name them, and any task without its own has the settings' default."""
    from clubwhist.celery import app
    from scoring.tasks import compute_double_dummy
    from tournaments.tasks import import_roster

    limits = {
        recompute.recompute_standings: ("STANDINGS_SOFT_SECONDS", "STANDINGS_HARD_SECONDS"),
        compute_double_dummy: ("SOLVE_SOFT_SECONDS", "SOLVE_HARD_SECONDS"),
        import_roster: ("ROSTER_IMPORT_SOFT_SECONDS", "ROSTER_IMPORT_HARD_SECONDS"),
    }
    for task, (soft, hard) in limits.items():
        assert (task.soft_time_limit, task.time_limit) == (getattr(settings, soft), getattr(settings, hard))
        assert 0 < task.soft_time_limit < task.time_limit
    assert (app.conf.task_soft_time_limit, app.conf.task_time_limit) == (
        settings.CELERY_TASK_SOFT_TIME_LIMIT,
        settings.CELERY_TASK_TIME_LIMIT,
    )
    assert settings.STANDINGS_SOFT_SECONDS < 30, "the director's request waiting behind it is answered"
    root = Path(__file__).resolve().parents[2]
    compose = (root / "docker-compose.yml").read_text()
    make = (root / "Makefile").read_text()
    assert "command: celery -A clubwhist worker --loglevel=info --pool=prefork\n" in compose
    assert "\t$(VENV)/bin/celery -A clubwhist worker --loglevel=info --pool=prefork\n" in make
