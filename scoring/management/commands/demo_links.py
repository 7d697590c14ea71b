"""Print the links a newcomer needs: director login, a table's entry link, public standings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from scoring.demo import demo_links


class Command(BaseCommand):
    help = "Print the demo club's links."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write("\nclubwhist is starting. Open:")
        for line in demo_links(settings.SITE_URL):
            self.stdout.write(line)
        self.stdout.write("")
