"""A session's personal score cards, from the command line.

    python manage.py score_cards SESSION_ID --pdf cards.pdf   # every card, one page each
    python manage.py score_cards SESSION_ID --send            # e-mail each player with an address
    python manage.py score_cards SESSION_ID --send --again    # once they were sent: every card again

The session must be closed or published (the cards carry the final scores). E-mail goes through the
settings' mail backend (the console unless EMAIL_HOST is set); each send is recorded, and a second one
needs ``--again`` (``scoring.services.score_cards``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.models import Via
from scoring.score_cards_pdf import score_cards_pdf
from scoring.selectors.score_cards import session_score_cards
from scoring.services.score_cards import score_cards_send
from tournaments.models import Session
from tournaments.services.errors import UserError


class Command(BaseCommand):
    help = "Print a session's score cards as a PDF, or e-mail each player theirs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int, help="the session's id (as in its pages' addresses)")
        parser.add_argument("--pdf", type=Path, help="write every card to this PDF file")
        parser.add_argument(
            "--send", action="store_true", help="e-mail each player the card of their entrant"
        )
        parser.add_argument(
            "--again", action="store_true", help="with --send: send every card again, once they were sent"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        session = Session.objects.select_related("club").filter(pk=options["session"]).first()
        if session is None:
            raise CommandError(f"There is no session {options['session']}.")
        if not options["pdf"] and not options["send"]:
            raise CommandError("Say what to do: --pdf FILE, --send, or both.")
        if session.status not in (Session.Status.CLOSED, Session.Status.PUBLISHED):
            raise CommandError("Close the session first: the score cards carry the final scores.")
        if options["pdf"]:
            cards = session_score_cards(session=session)
            options["pdf"].write_bytes(score_cards_pdf(session=session, cards=cards))
            self.stdout.write(
                f"Wrote {len(cards)} score card{'s' if len(cards) != 1 else ''} to {options['pdf']}."
            )
        if options["send"]:
            try:
                sent = score_cards_send(session=session, via=Via.CLI, again=options["again"])
                self.stdout.write(str(sent))
            except UserError as exc:
                raise CommandError(exc.message) from None
