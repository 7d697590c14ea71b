"""Print the links a newcomer needs: director login, a table's entry link, public standings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from entry.demo import DEMO_PASSWORD, demo_links


class Command(BaseCommand):
    help = "Print the demo club's links."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--password-file",
            type=Path,
            help="the demo director's password is in this file, if it exists (seed_demo --password-file)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path | None = options["password_file"]
        password = path.read_text().strip() if path and path.is_file() else DEMO_PASSWORD
        self.stdout.write("\nclubwhist is starting. Open:")
        for line in demo_links(settings.SITE_URL, password=password):
            self.stdout.write(line)
        self.stdout.write("")
