"""Score a file of traveling slips by one method of the book.

    python manage.py score exponent --input slips.json          # the tabulating sheet
    python manage.py score exponent --input slips.json --json   # the scores JSON

The slips and scores JSON are the contracts of docs/design.md. A malformed or
impossible slip stops the command with an error naming the deal and line.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.scorers import (
    METHODS,
    ScoringError,
    render_sheet,
    score,
    scores_to_json,
    slips_from_json,
)
from tournaments.management.jsonfile import read_json


class Command(BaseCommand):
    help = "Score traveling slips (slips JSON) by a method: trick, howell, exponent, match, ..."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("method", help=f"one of: {', '.join(METHODS)}")
        parser.add_argument("--input", required=True, help="the slips JSON file ('-' for stdin)")
        parser.add_argument("--json", action="store_true", help="print the scores JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        method: str = options["method"]
        if method not in METHODS:
            raise CommandError(f"unknown scoring method {method!r}; known: {', '.join(METHODS)}")
        data = read_json(options["input"])
        try:
            slips = slips_from_json(data, method=method)
            scores = score(method, slips)
        except ScoringError as exc:
            raise CommandError(str(exc)) from exc
        if options["json"]:
            self.stdout.write(json.dumps(scores_to_json(scores), indent=2))
        else:
            self.stdout.write(render_sheet(scores, slips), ending="")
