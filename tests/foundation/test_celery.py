"""Without a broker, tasks run eagerly in-process."""

from __future__ import annotations

from django.conf import settings

from scoring.tasks import ping


def test_tasks_run_eagerly_without_a_broker() -> None:
    assert settings.CELERY_TASK_ALWAYS_EAGER
    assert ping.delay(41).get(timeout=5) == 42
