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
from typing import Any

import pytest
from django.db import connection

from entry.services.results import result_submit
from scoring import recompute
from scoring.models import ScoreSnapshot, SlipLine
from scoring.selectors.standings import session_snapshot
from scoring.services import standings as standings_service
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
