"""Warm up as a web worker does, send one task through the broker and wait for a real worker's answer
(CI's smoke test)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from infra.warm import warm_process
from scoring.tasks import ping


class Command(BaseCommand):
    help = "Prove a Celery worker takes tasks from the broker."

    def handle(self, *args: Any, **options: Any) -> None:
        if settings.CELERY_TASK_ALWAYS_EAGER:
            raise CommandError("CELERY_BROKER_URL is not set: tasks would run eagerly, not in a worker.")
        if not warm_process():
            raise CommandError("The cache or the broker did not answer the warm-up a web worker makes.")
        result = ping.delay(41)
        try:
            value = result.get(timeout=60)
        except Exception as exc:  # the worker did not answer: say so plainly
            raise CommandError(f"No answer from a worker: {exc}") from exc
        if value != 42:
            raise CommandError(f"The worker answered {value!r}, not 42.")
        broker = settings.CELERY_BROKER_URL
        self.stdout.write(f"Celery task {result.id} ran in a worker via {broker}: 41 + 1 = {value}")
