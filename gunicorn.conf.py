"""gunicorn's settings for clubwhist, read by any ``gunicorn`` started from this directory.

What every deployment wants, in one place for all three launchers (``make
club``, the Dockerfile, docker-compose.yml): the access log never shows a
table's link (infra.logs), each worker opens its cache and broker
connections before its first request (infra.warm), gunicorn warns as it
starts when its workers would each count the rate limits alone
(infra.checks), and the bounds on a request below, stated rather than left
to gunicorn's defaults. Binding, workers and log files stay on the command
line (``GUNICORN_CMD_ARGS`` may override any of these).

What bounds a slow request:

- **sync workers** (the Dockerfile and compose): ``timeout``. A sync worker
  serves one request at a time and tells the master it is alive only between
  requests; one still busy after ``timeout`` seconds is killed and replaced,
  its client's connection dropped.
- **threads** (``make club``, ``gthread``): the worker's main loop tells the
  master it is alive whatever its threads are doing, so ``timeout`` ends no
  request. A request is bounded by what it waits on: on PostgreSQL each
  statement by ``DB_STATEMENT_TIMEOUT_MS`` and each lock by
  ``DB_LOCK_TIMEOUT_MS``; on SQLite a write by its 20-second lock wait;
  a request to another server by its own timeout (infra.outbound).
  Nothing ends a thread that computes for ever: the engines refuse sizes
  they cannot serve quickly (tournaments.movements.limits).
"""

from typing import Any

logger_class = "infra.logs.MaskedGunicornLogger"

#: Seconds a worker may go without telling the master it is alive before it is killed (a sync worker:
#: one request's longest time). As long as the longest SQL statement may run (DB_STATEMENT_TIMEOUT_MS).
timeout = 30
#: Seconds a worker has to finish the requests it is serving once told to stop (a restart, a deploy).
graceful_timeout = 30
#: Seconds a connection is kept open for the next request (threads only; a sync worker closes it).
keepalive = 2
#: The longest request line (method, path and query; bytes): longer is refused with 400.
limit_request_line = 4094
#: The most header fields a request may have: more is refused with 431.
limit_request_fields = 100
#: The longest header field (name and value; bytes): longer is refused with 431.
limit_request_field_size = 8190


def when_ready(server: Any) -> None:
    """The master is listening: warn if its workers would each count the rate limits alone."""
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubwhist.settings")
    from infra.checks import unshared_cache

    problem = unshared_cache(int(server.cfg.workers))
    if problem is not None:
        server.log.warning("Warning: %s", problem)


def post_worker_init(worker: Any) -> None:
    """The worker has loaded the app: make it ready for its first request."""
    from infra.warm import start_warming

    start_warming()
