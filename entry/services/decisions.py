"""The director's decisions in one click: a dispute settled for one side's figure; an unconfirmed line.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 42, and modern practice):

- a line is **disputed** when the side checking it at the table (E-W when
  N-S sent it, N-S when E-W did) counts the N-S tricks differently; the
  director hears both and **accepts N-S's figure** or **E-W's figure**,
  whichever side sent (``entry.disputes``: the sender's figure is the line as
  entered, the disputer's is its claim).
- a line is **unconfirmed** when one side sent it and nobody at the table
  checked it; before the session closes the director decides each: **confirm as
  entered**, or **correct** it to another figure.

Every decision is a correction that keeps the line's history: the version it
replaces is stored with who decided, when, and why (``corrections.result_correct``
and ``lines.line_keep_version``), and the action log says what was decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from entry.disputes import Figures
from entry.services.corrections import result_correct
from entry.services.lines import check_tricks, line_keep_version, log_line
from scoring.models import SlipLine, Via
from tournaments.locks import locked
from tournaments.services.errors import Conflict, UserError

SIDES = {"ns": "N-S", "ew": "E-W"}
DECISIONS = ("confirm", "correct")


@dataclass(frozen=True)
class Decision:
    """What the director decided of one unconfirmed line: confirm it as entered, or correct it."""

    line: int
    action: str
    ns_tricks: Any = None


@transaction.atomic
def dispute_settle(*, line: SlipLine, accept: str, user: Any = None, by: str = "") -> SlipLine:
    """Settle a dispute by accepting one side's figure (``accept``: "ns" or "ew", the side, whichever
    sent the line); the line is confirmed, its ``checked_side`` the side accepted, and its history kept."""
    line = locked(SlipLine.objects.select_related("session", "tray", "table")).get(pk=line.pk)
    if accept not in SIDES:
        raise UserError("Accept N-S's figure or E-W's.", field="accept")
    if line.status != SlipLine.Status.DISPUTED:
        raise Conflict(
            f"Table {line.table.number}'s result on tray {line.tray.number} is no longer disputed."
        )
    figures, side = Figures.of(line.entered_side, line.ns_tricks, line.claimed), accept.upper()
    tricks = figures.of_side(side)
    if tricks is None:
        raise UserError(f"{SIDES[accept]}'s figure is not known; correct the line instead.", field="accept")
    settled = result_correct(
        line=line,
        reason=figures.settled(side),
        ns_tricks=tricks,
        ns_revokes=line.ns_revokes,
        ew_revokes=line.ew_revokes,
        by=by or "director",
        user=user,
        checked=(side, SlipLine.Checked.SETTLED),
    )
    log_line(
        line.session,
        line,
        "result.settle",
        user=user,
        accepted=accept,
        sent_by=figures.sender.lower(),
        ns_tricks=tricks,
    )
    return settled


@transaction.atomic
def line_confirm_as_entered(*, line: SlipLine, reason: str = "", user: Any = None, by: str = "") -> SlipLine:
    """The director confirms an unconfirmed line as its side entered it; the unconfirmed version is kept."""
    line = locked(SlipLine.objects.select_related("session", "tray", "table")).get(pk=line.pk)
    if line.status != SlipLine.Status.ENTERED:
        state = line.get_status_display().lower()
        raise Conflict(f"Table {line.table.number}'s result on tray {line.tray.number} is {state}.")
    why = reason.strip() or "Confirmed as entered by the director."
    line_keep_version(line, change="confirmed", reason=why, via=Via.DIRECTOR, by=by or "director", user=user)
    line.version += 1
    line.status = SlipLine.Status.CONFIRMED
    line.confirmed_by = (by or "director")[:80]
    line.confirmed_at = timezone.now()
    line.checked_side, line.checked_how = "", SlipLine.Checked.DIRECTOR
    fields = [
        "status",
        "version",
        "confirmed_by",
        "confirmed_at",
        "checked_side",
        "checked_how",
        "updated_at",
    ]
    line.save(update_fields=fields)
    log_line(
        line.session,
        line,
        "result.confirm",
        user=user,
        reason=why,
    )
    return line


def line_decide(*, line: SlipLine, decision: Decision, user: Any = None, by: str = "") -> SlipLine:
    """Apply one decision to an unconfirmed line: confirm it as entered, or correct it to a figure."""
    field = f"line-{line.pk}"
    if decision.action == "confirm":
        return line_confirm_as_entered(
            line=line, reason="Confirmed as entered at the close.", user=user, by=by
        )
    if decision.action != "correct":
        raise UserError("Confirm the line as entered, or correct it.", field=field)
    if line.status != SlipLine.Status.ENTERED:
        raise Conflict(
            f"Table {line.table.number}'s result on tray {line.tray.number} is no longer unconfirmed."
        )
    tricks = check_tricks(decision.ns_tricks, field=f"tricks-{line.pk}")
    return result_correct(
        line=line,
        reason=f"Corrected at the close from N-S {line.ns_tricks} to N-S {tricks}.",
        ns_tricks=tricks,
        ns_revokes=line.ns_revokes,
        ew_revokes=line.ew_revokes,
        by=by or "director",
        user=user,
    )
