"""gunicorn's settings for clubwhist, read by any ``gunicorn`` started from this directory.

Only what every deployment wants: the access log never shows a table's
link (infra.logs), and each worker opens its cache and broker
connections before its first request (infra.warm). Binding, workers and
log files stay on the command line.
"""

from typing import Any

logger_class = "infra.logs.MaskedGunicornLogger"


def post_worker_init(worker: Any) -> None:
    """The worker has loaded the app: make it ready for its first request."""
    from infra.warm import start_warming

    start_warming()
