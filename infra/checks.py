"""System checks of the deployment as a whole: what one setting alone cannot say is wrong.

**One cache for every worker.** The throttles count requests in the cache
(``infra.security``): with a cache each process keeps for itself (Django's
local-memory cache, the default without ``CACHE_URL``), every one of
gunicorn's workers counts on its own, and every rate is as many times
looser as there are workers. ``python manage.py check --deploy`` warns when
``WEB_CONCURRENCY`` (gunicorn's workers, when the command line names none)
is more than one; gunicorn itself warns as it starts, from the number of
workers it really runs (``gunicorn.conf.py``). One worker with threads, as
``make club`` runs without Redis, keeps one count and stays quiet.
"""

from __future__ import annotations

import os
from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register

#: Caches that only the process holding them sees (a dummy cache keeps nothing at all).
PROCESS_LOCAL_CACHES = frozenset(
    {
        "django.core.cache.backends.locmem.LocMemCache",
        "django.core.cache.backends.dummy.DummyCache",
    }
)


def unshared_cache(workers: int) -> str | None:
    """What is wrong with the rate limits when so many processes serve with the default cache, or None."""
    backend = str(settings.CACHES["default"]["BACKEND"])
    if workers <= 1 or backend not in PROCESS_LOCAL_CACHES:
        return None
    return (
        f"The cache is each process's own ({backend.rsplit('.', 1)[-1]}) and {workers} workers serve:"
        f" each counts the rate limits alone, so every rate lets {workers} times as many requests through."
        " Set CACHE_URL to a Redis every worker shares, or serve with one worker and threads (as make club"
        " does without Redis)."
    )


def configured_workers(environ: dict[str, str] | None = None) -> int:
    """gunicorn's workers as the environment names them (``WEB_CONCURRENCY``, gunicorn's default: 1)."""
    value = (os.environ if environ is None else environ).get("WEB_CONCURRENCY", "").strip()
    return int(value) if value.isdigit() else 1


@register(Tags.caches, Tags.security, deploy=True)
def rate_limits_shared(app_configs: Any = None, **kwargs: Any) -> list[Warning]:
    """``check --deploy``: the throttles' cache is shared by every worker ``WEB_CONCURRENCY`` names."""
    problem = unshared_cache(configured_workers())
    if problem is None:
        return []
    return [Warning(problem, id="clubwhist.W001")]
