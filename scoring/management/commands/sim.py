"""Simultaneous whist for the organiser: score many clubs' heats as one field.

    python manage.py sim score METHOD HEAT.pbn [HEAT.pbn ...]          # CSV, best first
    python manage.py sim score METHOD HEAT.pbn [HEAT.pbn ...] --json   # the scores JSON
    python manage.py sim score METHOD HEAT.pbn ... --check [--club NAME ...] [--clubs FILE]

Each file is one club's heat: PBN 2.1 with a ``ScoreTable`` per board, the
club named by its ``[Site]`` tag (``tournaments/pbn/results.py``). METHOD is
matchpoints, trick or exponent (``scoring/scorers/field.py`` says what each
means across a field). The CSV is ``rank,club,pair,direction,percentage,
club_rank``, one line per pair (``club_rank`` the pair's place at its club
in its club field: N-S or E-W of a Mitchell whose pairs kept their
direction, p. 31), a club's name or pair id a spreadsheet would run as a
formula written as text (``scoring.exports.spreadsheet_cell``: a heat's
``[Site]`` and pair ids are the clubs' own); ``--json`` prints the scores
JSON of docs/design.md with entrants keyed "<club>/<pair>". A file that cannot be read
or scored stops the command with one line naming it, and exit code 2.

``--check`` runs the organiser's checks before publishing
(``scoring/scorers/field_checks.py``): lines that look entered with the
directions swapped, a club's deal that does not fit the field, a heat
swapped throughout, and, given the clubs taking part (``--club`` once per
club, or ``--clubs`` a file of one name a line; either implies
``--check``), a club that has not sent. Each flag is printed to stderr as
one line, ``check: <kind>: <sentence>``, after the ranking; with
``--json`` they are a ``checks`` list in the JSON instead (kind, club,
deal, table, round, ns, ew, text). Flags are advice: the ranking is
printed as usual and the exit code stays 0.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.exports import spreadsheet_cell
from scoring.scorers.field import FIELD_METHODS, Field, Heat
from scoring.scorers.field_checks import check_field
from scoring.scorers.field_io import field_csv, field_json
from scoring.scorers.types import ScoringError
from scoring.sim_files import read_heat
from tournaments.pbn.results import ResultsFileError

BAD_INPUT = 2
#: The largest list of clubs ``--clubs`` reads, a name a line: some thousands of clubs. Each heat is read
#: up to the ``PBN_MAX_BYTES`` setting (``scoring.sim_files``).
CLUBS_MAX_BYTES = 100_000


class Command(BaseCommand):
    help = (
        "Simultaneous whist: score clubs' heats (PBN results files) as one field; --check flags what "
        "looks wrong before publishing (swapped directions, a deal or heat that does not fit the field, "
        "a club that has not sent)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        actions = parser.add_subparsers(dest="action", required=True)
        score = actions.add_parser(
            "score",
            help="score heats as one field",
            description="Score heats as one field and print the ranking (CSV, or --json). With --check, "
            "or --club/--clubs naming the clubs taking part, the organiser's checks follow: one line "
            "'check: <kind>: <sentence>' each on stderr, or a 'checks' list in the JSON. Flags do not "
            "change the exit code.",
        )
        score.add_argument("method", help=f"one of: {', '.join(FIELD_METHODS)}")
        score.add_argument("heats", nargs="+", metavar="HEAT.pbn", help="a club's results file")
        score.add_argument("--json", action="store_true", help="print the scores JSON")
        score.add_argument(
            "--check",
            action="store_true",
            help="also flag what looks wrong before publishing (stderr; a 'checks' list with --json)",
        )
        score.add_argument(
            "--club", action="append", default=[], metavar="NAME", help="a club taking part (implies --check)"
        )
        score.add_argument(
            "--clubs", metavar="FILE", help="the clubs taking part, one a line (implies --check)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        method: str = options["method"]
        if method not in FIELD_METHODS:
            raise CommandError(
                f"unknown method {method!r}; a field is scored by {', '.join(FIELD_METHODS)}",
                returncode=BAD_INPUT,
            )
        heats = _heats(options["heats"])
        field = Field(method)
        for path, heat in heats.items():
            try:
                field.add(heat)
            except ScoringError as exc:
                raise CommandError(f"{path}: {exc}", returncode=BAD_INPUT) from exc
        clubs = _clubs(options["club"], options["clubs"])
        flags = check_field(heats.values(), clubs) if options["check"] or clubs is not None else None
        try:
            scores = field.standings()
            if options["json"]:
                data = field_json(scores, field.deal_scores())
                if flags is not None:
                    data["checks"] = [asdict(f) for f in flags]
                self.stdout.write(json.dumps(data, indent=2))
            else:
                self.stdout.write(_guarded(field_csv(scores)), ending="")
                for flag in flags or ():
                    self.stderr.write(f"check: {flag.kind}: {flag.text}")
        except ScoringError as exc:
            raise CommandError(str(exc), returncode=BAD_INPUT) from exc


def _guarded(text: str) -> str:
    """The CSV again, each cell through the formula guard: text as text, numbers as they are."""
    out = io.StringIO()
    rows = csv.reader(io.StringIO(text, newline=""))
    csv.writer(out, lineterminator="\n").writerows([spreadsheet_cell(c) for c in row] for row in rows)
    return out.getvalue()


def _heats(paths: list[str]) -> dict[str, Heat]:
    """Each file's heat by its path; a second heat from one club is refused."""
    heats: dict[str, Heat] = {}
    sources: dict[str, str] = {}
    for path in paths:
        heat = _heat(path)
        if heat.club in sources:
            raise CommandError(
                f"{path}: a second heat from {heat.club!r} (the first is {sources[heat.club]})",
                returncode=BAD_INPUT,
            )
        sources[heat.club] = path
        heats[path] = heat
    return heats


def _clubs(named: list[str], path: str | None) -> list[str] | None:
    """The clubs taking part from ``--club`` and ``--clubs`` (None if neither was given)."""
    if not named and path is None:
        return None
    clubs = list(named)
    if path is not None:
        try:
            with open(path, "rb") as handle:
                data = handle.read(CLUBS_MAX_BYTES + 1)
            if len(data) > CLUBS_MAX_BYTES:
                raise CommandError(
                    f"the list of clubs {path} is larger than {CLUBS_MAX_BYTES:,} bytes (CLUBS_MAX_BYTES)",
                    returncode=BAD_INPUT,
                )
            clubs += [line.strip() for line in data.decode("utf-8").splitlines() if line.strip()]
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read the list of clubs {path}: {exc}", returncode=BAD_INPUT) from exc
    return clubs


def _heat(path: str) -> Heat:
    """One file's heat, or the command's one-line error."""
    try:
        return read_heat(path)
    except ResultsFileError as exc:
        raise CommandError(" ".join(str(exc).split()), returncode=BAD_INPUT) from exc
