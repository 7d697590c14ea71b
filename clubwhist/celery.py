"""The Celery app. Without CELERY_BROKER_URL every task runs eagerly, in-process."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubwhist.settings")

app = Celery("clubwhist")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
