"""Each gunicorn worker opens its cache (and broker) before its first request (``infra.warm``).

The first send in a worker otherwise imported the Redis client's modules
and built Celery's registry and result backend while a phone waited. A
cache that is down is logged, and the worker starts all the same.
"""

from __future__ import annotations

import logging
import runpy
import socket
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache

from infra.warm import start_warming, warm_process

ROOT = Path(__file__).resolve().parents[2]


def test_gunicorn_warms_each_worker_from_the_repositorys_config() -> None:
    """gunicorn.conf.py, read by any gunicorn started here (make club, the entry bench), names the hook."""
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["post_worker_init"].__name__ == "post_worker_init"
    assert "start_warming()" in (ROOT / "gunicorn.conf.py").read_text()


def test_the_warm_up_touches_the_cache_and_leaves_nothing_in_it() -> None:
    """(With a broker, CI's Celery step makes the same warm-up first: ``manage.py celery_smoke``.)"""
    assert warm_process()
    assert cache.get("clubwhist:warm") is None


def test_a_cache_that_is_down_is_logged_and_the_worker_starts(
    settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.CACHES = {
        "default": {"BACKEND": "infra.cache.RedisCache", "LOCATION": f"redis://127.0.0.1:{port}/0"}
    }
    with caplog.at_level(logging.WARNING, logger="infra.warm"):
        assert not warm_process()  # does not raise
    assert "did not answer the worker's warm-up" in caplog.text


def test_the_warm_up_runs_beside_the_workers_start() -> None:
    """A thread of its own: a slow cache or broker never holds a worker past gunicorn's timeout."""
    thread = start_warming()
    assert thread.daemon
    thread.join(timeout=30)
    assert not thread.is_alive()
