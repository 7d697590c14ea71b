"""``python manage.py movement FAMILY --pairs N | --tables N | --teams N | --players N``.

Prints a movement of the book's systems (Barney, 1900, pp. 24-59) as the
movement JSON of DESIGN.md (``--json``, with ``"analysis"`` added by
``--analyse``) or as a table of rounds by tables. A size, deal count or
variant the system cannot serve is reported with the book's reason on stderr,
and the command exits non-zero.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.movements import FAMILIES, MovementUserError
from tournaments.movements.render import movement_command


class Command(BaseCommand):
    help = "Generate a movement of one of the book's systems (as JSON or a table)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("family", help=f"one of: {', '.join(sorted(FAMILIES))}")
        size = parser.add_mutually_exclusive_group(required=True)
        for unit in ("pairs", "tables", "teams", "players"):
            size.add_argument(f"--{unit}", type=int, help=f"number of {unit}")
        parser.add_argument("--deals", type=int, help="number of deals (default: the book's minimum)")
        parser.add_argument("--variant", help="a modification, form or plan of the system")
        parser.add_argument("--json", action="store_true", help="print the movement JSON")
        parser.add_argument("--analyse", action="store_true", help="add the analysis")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = movement_command(
                options["family"],
                pairs=options["pairs"],
                tables=options["tables"],
                teams=options["teams"],
                players=options["players"],
                deals=options["deals"],
                variant=options["variant"],
                as_json=options["json"],
                analyse_it=options["analyse"],
            )
        except MovementUserError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(text, ending="")
