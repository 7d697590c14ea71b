"""A real Celery worker (prefork, on a throw-away redis-server) stops a standings recompute at its soft time
limit, and takes the next one.

The recompute is held past its limit the way a stuck one would be: the test holds the session's row, which
the recompute waits for. The limits travel with each task's message (the sender's settings; shortened
here to a second); the worker reads the test's PostgreSQL database. Without redis-server, or on SQLite
(whose test database is in memory), it is skipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from celery import Celery
from django.db import connection, transaction

from scoring.models import ScoreSnapshot
from tests.infra.club_process import free_port
from tests.sends import result_submit
from tournaments.models import Session

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,  # half a minute: a worker started, a recompute held past its limit
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed"),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the worker reads the test database"),
]


@pytest.fixture
def redis_url() -> Iterator[str]:
    """A throw-away redis-server on 127.0.0.1."""
    port = free_port()
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    yield f"redis://127.0.0.1:{port}"
    server.terminate()
    server.wait(10)


@pytest.fixture
def worker_log(redis_url: str, tmp_path: Path) -> Iterator[Path]:
    """A prefork worker of one process on that broker and the test's database; what it logged."""
    db = connection.settings_dict
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL")}
    env.update(
        DATABASE_URL=f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        CELERY_BROKER_URL=f"{redis_url}/0",
        CACHE_URL=f"{redis_url}/1",
        CELERY_LOG_LEVEL="INFO",
        CLUBWHIST_VAR_DIR=str(tmp_path),
    )
    log = tmp_path / "worker.log"
    args = ["-m", "celery", "-A", "clubwhist", "worker", "--pool=prefork", "--concurrency=1"]
    quiet = ["--loglevel=info", "--without-mingle", "--without-gossip", "--without-heartbeat"]
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [sys.executable, *args, *quiet],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for(log, "ready.")
        yield log
    finally:
        worker.terminate()
        worker.wait(30)


def wait_for(log: Path, text: str, count: int = 1) -> None:
    """Wait until the worker has logged ``text`` ``count`` times (a minute at most)."""
    deadline = time.monotonic() + 60
    while log.read_text(errors="replace").count(text) < count:
        assert time.monotonic() < deadline, f"the worker did not log {text!r}:\n{log.read_text()[-3000:]}"
        time.sleep(0.1)


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_stops_a_recompute_at_its_soft_limit_and_runs_the_next(
    running_session: Session, redis_url: str, worker_log: Path
) -> None:
    session = running_session
    table = session.tables.order_by("number").first()
    assert table is not None
    result_submit(table=table, tray_number=1, ns_tricks=7, round_number=1, as_director=True)
    recompute = "scoring.recompute.recompute_standings"
    # A sender of its own, never the current app: the project's tasks stay eager for the other tests.
    with Celery("sender", broker=f"{redis_url}/0", set_as_current=False) as broker:
        with transaction.atomic():
            Session.objects.select_for_update().get(pk=session.pk)  # the recompute waits for the row
            broker.send_task(recompute, args=[session.pk], soft_time_limit=1, time_limit=30)
            wait_for(worker_log, "Soft time limit (1s) exceeded")
        wait_for(worker_log, "was stopped: nothing of it was stored")
        assert not ScoreSnapshot.objects.filter(session=session).exists()
        broker.send_task(recompute, args=[session.pk], soft_time_limit=1, time_limit=30)
        wait_for(worker_log, f"Task {recompute}[", count=4)  # each received, then over
    assert ScoreSnapshot.objects.filter(session=session).exists(), "the next recompute ran whole"
