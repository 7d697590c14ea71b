"""Traveling-slip lines from the tables: the opponents' check or dispute (a send is ``entry.send``'s).

Every rule about a result lives in the services; the phone page, the
director's pages, the API and the CLI all call them. ``via`` says only where
an entry came from; ``as_director`` says which rules apply: a table's
opponents may check or dispute only while the session runs; the director
settles disputes. The line itself is made and kept by ``lines``; the
director's corrections and awards are in ``corrections``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from entry.disputes import sender_of
from entry.selectors.rounds import table_round
from entry.send import TABLE_SCOPE, SubmitOutcome, table_scope
from entry.send.rows import LineRow
from entry.send.rules import KEY_LENGTH, SIDE_WORDS, check_tricks, submission_key
from entry.services.corrections import line_for, result_award, result_correct
from entry.services.lines import AWARDS, MAX_REVOKES, line_keep_version, lock_line, log_line, slips_changed
from scoring.models import SlipLine, Via
from tournaments.services.errors import Conflict, UserError

#: What a check records beside its status: the side, how, and the phone.
CHECK_FIELDS = ("checked_side", "checked_how", "confirmed_device")


def table_may_still(line: SlipLine) -> None:
    """The opponents at the table act only while the session runs."""
    if not line.session.accepts_results:
        raise UserError("The session is not running.")


@dataclass(frozen=True)
class Checker:
    """Who checks a line at the table: the side, how (``SlipLine.Checked``: on its own phone, or on the
    sending side's handed across), and the phone (its device id)."""

    side: str
    how: str
    device: str = ""


@transaction.atomic
def result_confirm(
    *,
    line: SlipLine | LineRow,
    by: str = "",
    via: str = Via.TABLE,
    version: int | None = None,
    as_director: bool = False,
    checker: Checker | None = None,
) -> SlipLine:
    """The other side agrees with the line as it stands (at the version seen), ``checker`` says who and
    on which phone; or the director confirms it."""
    line = lock_line(line)
    if not as_director:
        table_may_still(line)  # first: once closed, a phone is told nothing of the line
    if version is not None and version != line.version:
        raise Conflict("The result changed since you saw it; look again before confirming.")
    if line.status == SlipLine.Status.CONFIRMED:
        return line
    if not as_director and line.status == SlipLine.Status.DISPUTED:
        raise Conflict("This result is disputed; the director will settle it.")
    line.status, line.claimed = SlipLine.Status.CONFIRMED, None
    line.confirmed_by, line.confirmed_at = by[:80], timezone.now()
    who = checker or Checker("", SlipLine.Checked.DIRECTOR if as_director else "")
    line.checked_side, line.checked_how, line.confirmed_device = who.side, who.how, who.device[:64]
    line.save(
        update_fields=["status", "claimed", "confirmed_by", "confirmed_at", *CHECK_FIELDS, "updated_at"]
    )
    return line


@transaction.atomic
def result_dispute(
    *, line: SlipLine, claimed: Any, by: str = "", via: str = Via.TABLE, as_director: bool = False
) -> SlipLine:
    """The opponents disagree: their count is kept on the line, which goes to the director's live board."""
    line = lock_line(line)
    tricks = check_tricks(claimed, field="claimed")
    if not as_director:
        table_may_still(line)
        if line.status == SlipLine.Status.DISPUTED:
            return line  # a repeated dispute: already with the director
        if line.status == SlipLine.Status.CONFIRMED:
            raise Conflict("This result was already checked; ask the director to correct it.")
    if tricks == line.ns_tricks:
        sender = SIDE_WORDS[sender_of(line.entered_side)]
        raise UserError(
            f"{sender} sent N-S {tricks} too: the same count is no dispute. Check the result instead.",
            field="claimed",
        )
    reason = f"{by or 'opponents'} claim N-S {tricks}"
    line_keep_version(line, change="disputed", reason=reason, via=via, by=by, user=None)
    line.status, line.claimed = SlipLine.Status.DISPUTED, tricks
    line.version += 1
    line.save(update_fields=["status", "claimed", "version", "updated_at"])
    log_line(
        line.session,
        line,
        "result.dispute",
        actor=by or f"table {line.table.number}",
        claimed=tricks,
        stored=line.ns_tricks,
    )
    return line


__all__ = [
    "AWARDS",
    "CHECK_FIELDS",
    "KEY_LENGTH",
    "MAX_REVOKES",
    "TABLE_SCOPE",
    "Checker",
    "SubmitOutcome",
    "line_for",
    "result_award",
    "result_confirm",
    "result_correct",
    "result_dispute",
    "slips_changed",
    "submission_key",
    "table_round",
    "table_scope",
]
