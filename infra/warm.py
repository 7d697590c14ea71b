"""A web process made ready before its first request: the cache's client, and the broker's connection.

Django opens the cache and Celery its broker connection on first use, and
the first use imports the Redis client's modules: under a club night's
burst that first send, in each gunicorn worker, cost a twentieth of the
whole burst's CPU (py-spy over ``bench/bench_table_entry.py``'s send).
gunicorn starts ``warm_process`` in each worker once it has loaded the app
(``post_worker_init`` in ``gunicorn.conf.py``), in a thread of its own: a
cache or broker that is slow to answer never holds the worker's start past
gunicorn's timeout, and one that is down is only logged; the worker's
requests answer as they would have.
"""

from __future__ import annotations

import logging
import threading

from celery import current_app as app
from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)


def warm_process() -> bool:
    """Touch the cache, and the broker when tasks are queued (not run in-process): whether both answered."""
    try:
        cache.get("clubwhist:warm")
        if not settings.CELERY_TASK_ALWAYS_EAGER:
            app.finalize(auto=True)  # the tasks' registry, else made by the first task queued
            _ = app.backend  # the result backend's modules (each thread makes its own)
            with app.producer_or_acquire() as producer:
                producer.connection.ensure_connection(max_retries=1)
    except Exception:  # a warm-up never stops a worker from starting
        logger.warning("The cache or the broker did not answer the worker's warm-up.", exc_info=True)
        return False
    return True


def start_warming() -> threading.Thread:
    """``warm_process`` in a thread of its own, beside the worker's start."""
    thread = threading.Thread(target=warm_process, name="clubwhist-warm", daemon=True)
    thread.start()
    return thread
