"""``python manage.py movement FAMILY [--pairs N | --tables N | --teams N | --players N]``.

A system of one size (Narragansett, Harvard, two teams, four-pair,
mnemonic) runs without a size; ``narragansett --teams 2`` is its two teams.
The whist drive (``progressive --variant first|second|second-alt --players
N``) prints its first change: the later ones follow the results.

Prints a movement of the book's systems (Barney, 1900, pp. 24-59) as the
movement JSON of DESIGN.md (``--json``, with ``"analysis"`` added by
``--analyse``) or as a table of rounds by tables. A size, deal count or
variant the system cannot serve is reported with the book's reason on stderr,
and the command exits non-zero.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.movements import FAMILIES, MovementUserError
from tournaments.movements.drive_json import next_change_json
from tournaments.movements.render import movement_command


class Command(BaseCommand):
    help = "Generate a movement of one of the book's systems (as JSON or a table)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("family", help=f"one of: {', '.join(sorted(FAMILIES))}")
        size = parser.add_mutually_exclusive_group()
        for unit in ("pairs", "tables", "teams", "players"):
            size.add_argument(f"--{unit}", type=int, help=f"number of {unit}")
        parser.add_argument("--deals", type=int, help="number of deals (default: the book's minimum)")
        parser.add_argument("--variant", help="a modification, form or plan of the system")
        parser.add_argument("--json", action="store_true", help="print the movement JSON")
        parser.add_argument("--analyse", action="store_true", help="add the analysis")
        parser.add_argument(
            "--results",
            help="a whist drive's change (round JSON) with its results: print the next change as JSON",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["results"]:
            self.stdout.write(self._next_change(options["variant"] or "first", options["results"]))
            return
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

    def _next_change(self, method: str, path: str) -> str:
        """The next change of a whist drive (p. 24) from a file of the last change and its results."""
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
            return json.dumps(next_change_json(method, data), indent=2) + "\n"
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}") from exc
        except json.JSONDecodeError as exc:
            raise CommandError(f"{path} is not JSON: {exc}") from exc
        except MovementUserError as exc:
            raise CommandError(str(exc)) from exc
