"""The director's answers to the scorer's eye (``entry.selectors.checks``): swap, correct, mark right.

A swap exchanges the line's N-S and E-W counts (N-S had entered E-W's: N
becomes 13 - N) and a correction sets the count the director gives; both go
through ``corrections.result_correct``, so the old version is kept in the
line's history with the reason, and the standings are made again. Marking a
line right changes nothing but keeps the answer, with who and when, for the
line as it stands: a later change to the line asks again. Only a check the
line has now can be answered; a missing line is entered as any other.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from entry.selectors.checks import session_checks
from entry.services.corrections import open_for_directing, result_correct
from entry.services.lines import lock_line
from scoring.models import CheckAnswer, SlipLine, Via
from tournaments.models import Session
from tournaments.services.errors import NotFound, UserError

ANSWERS = ("swap", "correct", "right")
REASONS = {
    "swap": "The scorer's check: N-S had entered E-W's count ({kind}); swapped.",
    "correct": "The scorer's check ({kind}): corrected.",
}


@transaction.atomic
def check_answer(
    *,
    session: Session,
    line_id: int,
    kind: str,
    answer: str,
    ns_tricks: Any = None,
    user: Any = None,
    via: str = Via.DIRECTOR,
) -> SlipLine:
    """Answer the check of ``kind`` on a line of the session: swap, correct (with ``ns_tricks``), or right."""
    if answer not in ANSWERS:
        raise UserError(f"An answer is one of {', '.join(ANSWERS)}.", field="answer")
    line = SlipLine.objects.filter(session=session, pk=line_id).first()
    if line is None:
        raise NotFound("The session has no such line.")
    line = lock_line(line)
    if not any(c.line_id == line.pk and c.check.kind == kind for c in session_checks(session=session)):
        raise UserError(
            f"Table {line.table.number}, tray {line.tray.number} has no {kind} check now: it may have "
            "been answered or changed since the page was drawn.",
            field="kind",
        )
    by = getattr(user, "username", "") or "director"
    if answer == "right":
        open_for_directing(session, "answering a check")  # as a correction: while provisional, else reopened
        return _keep(line, kind, CheckAnswer.Answer.RIGHT, user, by, via)
    if answer == "swap":
        if line.ns_tricks is None:
            raise UserError("The line has no count to swap.", field="answer")
        ns_tricks = 13 - line.ns_tricks
    elif ns_tricks is None:
        raise UserError("Give the N-S tricks of the correction.", field="ns_tricks")
    reason = REASONS[answer].format(kind=kind.replace("_", " "))
    line = result_correct(line=line, reason=reason, ns_tricks=ns_tricks, via=via, by=by, user=user)
    done = CheckAnswer.Answer.SWAPPED if answer == "swap" else CheckAnswer.Answer.CORRECTED
    return _keep(line, kind, done, user, by, via)


def _keep(line: SlipLine, kind: str, answer: str, user: Any, by: str, via: str) -> SlipLine:
    """Keep the answer for the line's version (a second answer to the same version is the first's)."""
    try:
        with transaction.atomic():
            CheckAnswer.objects.create(
                session=line.session,
                line=line,
                line_version=line.version,
                kind=kind,
                answer=answer,
                answered_by=by,
                answered_user=user if getattr(user, "pk", None) else None,
                answered_via=via,
            )
    except IntegrityError:
        pass
    return line
