"""The side that sent a line corrects it before the other side has checked it (a mis-tap undone at the
table).

The book has the slip "checked by one of the East and West players and
taken up before the players and trays are changed" (p. 55): until that
check, the line is its sender's own to put right (N-S's, or E-W's when
E-W's phone sent it). Once E-W have checked it (or
disputed it, which takes it to the director), only the director changes
it (``corrections.result_correct``). Like every change, the old version is
kept first, with who, when, from where and why.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from entry.selectors.phone import Phone, line_sides, phone_line, phone_side
from entry.send.rules import decide_amend, must
from entry.services.lines import check_revokes, check_tricks, line_keep_version, log_line, slips_changed
from entry.services.phones import refuse_in_doubt
from scoring.models import SlipLine, Via
from tournaments.locks import locked
from tournaments.services.errors import Conflict, UserError


@transaction.atomic
def result_amend(
    *,
    line: SlipLine,
    ns_tricks: Any,
    ns_revokes: int | None = None,
    ew_revokes: int | None = None,
    version: int | None = None,
    by: str = "",
    via: str = Via.TABLE,
) -> SlipLine:
    """N-S change their count (and revokes) on a line E-W have not checked yet; the old version is kept."""
    line = locked(SlipLine.objects.select_related("session", "tray", "table")).get(pk=line.pk)
    if not line.session.accepts_results:
        raise UserError("The session is not running: ask the director to correct the result.")
    if version is not None and version != line.version:
        raise Conflict("The result changed since you saw it; look again before correcting it.")
    if line.status == SlipLine.Status.CONFIRMED:
        raise Conflict("This result has been checked; only the director can correct it now.")
    if line.status == SlipLine.Status.DISPUTED:
        raise Conflict("This result is disputed; the director will settle it.")
    if line.ns_award:
        raise UserError("The director gave this tray an adjusted score; ask the director.")
    tricks = check_tricks(ns_tricks)
    check_revokes(ns_revokes=ns_revokes, ew_revokes=ew_revokes)
    revokes = (
        line.ns_revokes if ns_revokes is None else ns_revokes,
        line.ew_revokes if ew_revokes is None else ew_revokes,
    )
    if (tricks, *revokes) == (line.ns_tricks, line.ns_revokes, line.ew_revokes):
        return line  # a repeated correction: nothing to change
    reason = f"{by or 'N-S'}: corrected before the other side's check, N-S {line.ns_tricks} -> {tricks}"
    line_keep_version(line, change="amended", reason=reason, via=via, by=by, user=None)
    line.ns_tricks, (line.ns_revokes, line.ew_revokes) = tricks, revokes
    line.version += 1
    line.save(update_fields=["ns_tricks", "ns_revokes", "ew_revokes", "version", "updated_at"])
    log_line(
        line.session,
        line,
        "result.amend",
        actor=by or f"table {line.table.number}",
        ns_tricks=tricks,
    )
    slips_changed(line.session)
    return line


def phone_amend(
    *,
    phone: Phone,
    tray_number: Any,
    ns_tricks: Any,
    ns_revokes: int | None,
    ew_revokes: int | None,
    version: int | None,
) -> SlipLine:
    """A phone corrects its side's count on a tray: only the side that sent it (``rules.decide_amend``)."""
    refuse_in_doubt(phone, tray_too=True)
    line = phone_line(phone=phone, tray_number=tray_number)
    side = phone_side(phone, line_sides(line))
    must(decide_amend(tray=line.tray.number, sent_by=line.entered_side, amender=side))
    return result_amend(
        line=line,
        ns_tricks=ns_tricks,
        ns_revokes=ns_revokes,
        ew_revokes=ew_revokes,
        version=version,
        by=phone.actor(side),
    )
