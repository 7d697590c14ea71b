"""Build the demo club through the services (only into an empty database with --if-empty)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.demo import build_demo, demo_exists


class Command(BaseCommand):
    help = "Build the demo club: players, a published Howell and a Mitchell in progress."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--if-empty", action="store_true", help="do nothing if the demo club exists")

    def handle(self, *args: Any, **options: Any) -> None:
        if demo_exists():
            if options["if_empty"]:
                self.stdout.write("The demo club is already here; keeping its data.")
                return
            self.stderr.write("The demo club already exists.")
            raise SystemExit(1)
        demo = build_demo()
        self.stdout.write(
            self.style.SUCCESS(
                f"Built {demo.club.name}: {demo.club.players.count()} players, "
                f"'{demo.published.title}' (published) and '{demo.running.title}' (in progress)."
            )
        )
