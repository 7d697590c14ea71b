"""``python manage.py movement FAMILY [--pairs N | --tables N | --teams N | --players N]``.

A system of one size (Narragansett, Harvard, two teams, four-pair,
mnemonic) runs without a size; ``narragansett --teams 2`` is its two teams.
The whist drive (``progressive --variant first|second|second-alt --players
N``) prints its first change: the later ones follow the results.

``movement balance --input MOVEMENT.json`` (``-`` for stdin) prints how fair
any movement JSON is: the amount of competition of every two pairs as a
matrix, its mean, s.d. and Qf, and the arrow switch that balances a Mitchell
best (``--json``: keys ``mean``, ``sd``, ``qf``, ``competition``). ``movement
design --pairs N --rounds R [--deals-per-round B] [--seconds S]`` (or
``--players N``) searches for a movement of that size and prints its JSON
(``--json``: with its figures under ``"balance"`` and ``"fairness"``, and
under ``"book"`` the book's movements that fit the size and rounds as fairly
or more, best first). A generated
movement takes ``--switch 1,2`` (or ``--switch best``) to arrow-switch rounds.

Prints a movement of the book's systems (Barney, 1900, pp. 24-59) as the
movement JSON of docs/design.md (``--json``, with ``"analysis"`` added by
``--analyse``) or as a table of rounds by tables. A size, deal count or
variant the system cannot serve is reported with the book's reason on stderr,
and the command exits non-zero.
"""

from __future__ import annotations

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.management.jsonfile import read_json
from tournaments.movements import FAMILIES, MovementUserError
from tournaments.movements.balance_text import balance_json, balance_text, design, design_json, dumps
from tournaments.movements.design_book import book_fits
from tournaments.movements.drive_json import next_change_json
from tournaments.movements.render import movement_command
from tournaments.movements.types import Movement


class Command(BaseCommand):
    help = "Generate a movement of one of the book's systems (as JSON or a table)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "family", help=f"one of: {', '.join(sorted(FAMILIES))}; or balance, design (see --help)"
        )
        size = parser.add_mutually_exclusive_group()
        for unit in ("pairs", "tables", "teams", "players"):
            size.add_argument(f"--{unit}", type=int, help=f"number of {unit}")
        parser.add_argument("--deals", type=int, help="number of deals (default: the book's minimum)")
        parser.add_argument("--variant", help="a modification, form or plan of the system")
        parser.add_argument("--json", action="store_true", help="print the movement JSON")
        parser.add_argument("--analyse", action="store_true", help="add the analysis")
        parser.add_argument("--input", help="balance: a movement JSON file (- for stdin)")
        parser.add_argument("--rounds", type=int, help="design: the number of rounds")
        parser.add_argument("--deals-per-round", type=int, default=1, help="design: deals a round")
        parser.add_argument("--seconds", type=float, default=30, help="design: the time to search")
        parser.add_argument("--switch", help="arrow-switch these rounds (1,2) or the best ones (best)")
        parser.add_argument(
            "--results",
            help="a whist drive's change (round JSON) with its results: print the next change as JSON",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["results"]:
            self.stdout.write(self._next_change(options["variant"] or "first", options["results"]))
            return
        try:
            if options["family"] in ("balance", "design"):
                self.stdout.write(self._balance_or_design(options), ending="")
                return
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
                switch=options["switch"],
            )
        except MovementUserError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(text, ending="")

    def _next_change(self, method: str, path: str) -> str:
        """The next change of a whist drive (p. 24) from a file of the last change and its results."""
        data = read_json(path)
        try:
            return json.dumps(next_change_json(method, data), indent=2) + "\n"
        except MovementUserError as exc:
            raise CommandError(str(exc)) from exc

    def _balance_or_design(self, options: dict[str, Any]) -> str:
        """``movement balance`` of a file, or ``movement design`` of a size."""
        if options["family"] == "design":
            if not options["players"] and not (options["pairs"] and options["rounds"]):
                raise CommandError("design needs --pairs N --rounds R, or --players N")
            m = design(options)
            if not options["json"]:
                return dumps(m.to_json())
            return dumps({**design_json(m), "book": [fit.to_json() for fit in book_fits(m)]})
        if not options["input"]:
            raise CommandError("balance needs --input MOVEMENT.json (- for stdin)")
        m = Movement.from_json(read_json(options["input"]))
        return dumps(balance_json(m)) if options["json"] else balance_text(m)
