"""A session's results for a simultaneous event, from the command line.

    python manage.py export_results SESSION_ID --pbn heat.pbn   # every slip as a PBN 2.1 ScoreTable

The session must be a closed or published pairs session; the file is the
club's heat, as the director's close page downloads it
(``scoring.selectors.heat``), for ``python manage.py sim score``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.selectors.heat import NotAHeat, heat_site, session_result_lines, session_results_pbn
from tournaments.models import Session


class Command(BaseCommand):
    help = "Write a session's results as a PBN 2.1 file with a ScoreTable per board (a simultaneous heat)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int, help="the session's id (as in its pages' addresses)")
        parser.add_argument("--pbn", type=Path, required=True, help="write the results to this PBN file")

    def handle(self, *args: Any, **options: Any) -> None:
        session = Session.objects.select_related("club").filter(pk=options["session"]).first()
        if session is None:
            raise CommandError(f"There is no session {options['session']}.")
        try:
            body = session_results_pbn(session=session, site=heat_site(session))
        except NotAHeat as exc:
            raise CommandError(exc.message) from None
        try:
            options["pbn"].write_bytes(body)
        except OSError as exc:
            raise CommandError(f"Cannot write {options['pbn']}: {exc.strerror}") from None
        rows = len(session_result_lines(session=session))
        self.stdout.write(f"Wrote {rows} result{'s' if rows != 1 else ''} to {options['pbn']}.")
