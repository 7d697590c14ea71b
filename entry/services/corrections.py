"""The director's changes to a slip: a correction, an adjusted score (average, average-plus or -minus).

Corrections never overwrite: the old version is kept first, with who, when,
from where and why (``lines.line_keep_version``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from entry.services.lines import (
    AWARDS,
    check_revokes,
    check_tricks,
    find_tray,
    line_keep_version,
    line_store,
    lock_line,
    lock_session,
    log_line,
    new_line,
    seating_for,
    slips_changed,
)
from scoring.models import SlipLine, Via
from scoring.scorers.irregularities import IRREGULARITIES
from tournaments.models import ResultChange, Session, Table
from tournaments.services.club import log_action
from tournaments.services.errors import NotFound, UserError
from tournaments.services.sessions import result_change_record
from tournaments.services.text import free_text


def _check_correction(
    reason: str, ns_tricks: Any, ns_award: str, ew_award: str, ns_revokes: int | None, ew_revokes: int | None
) -> int | None:
    """A correction the director can make: a reason; tricks, or awards to both sides; revokes with tricks."""
    if not free_text(reason, label="A reason"):
        raise UserError("Give a reason for the correction.", field="reason")
    for label, award in (("ns_award", ns_award), ("ew_award", ew_award)):
        if award and award not in AWARDS:
            raise UserError(f"Unknown award {award!r}.", field=label)
    if bool(ns_award) != bool(ew_award):
        raise UserError("Award both sides, or neither.", field="ns_award")
    check_revokes(ns_revokes=ns_revokes, ew_revokes=ew_revokes)
    if ns_award and (ns_revokes or ew_revokes):
        # Law X applies to tricks played; an adjusted score replaces them.
        raise UserError(
            "A table given an adjusted score has no revokes.",
            field="ns_revokes" if ns_revokes else "ew_revokes",
        )
    tricks = None if ns_tricks in (None, "") else check_tricks(ns_tricks)
    if tricks is None and not ns_award:
        raise UserError("Give the N-S tricks, or an award to both sides.", field="ns_tricks")
    return tricks


def open_for_directing(session: Session, doing: str) -> None:
    """The director changes results (a correction, an award, a law, a tray made void) while the session
    runs or is closed, and while its published results are provisional (a correction, shown on them);
    final results only after reopening, with a reason."""
    if session.provisional():
        return
    if session.status == Session.Status.PUBLISHED:
        raise UserError(f"The results are final; reopen them, with a reason, before {doing}.", field="reason")
    if session.status not in (Session.Status.RUNNING, Session.Status.CLOSED):
        raise UserError(f"The session is not started; start it before {doing}.")


#: What a law that decides the score leaves of the table's line, in the results' words.
LAW_EFFECT_WORDS = {"average": "the average", "average-always": "the average", "new-deal": "a new deal"}


def line_words(line: SlipLine) -> str:
    """A line's figures as the public results say them: "N-S 9, E-W 4", an award to each side, revokes,
    a law applied ("Law V, Sec. 1: the average")."""
    law = IRREGULARITIES.get(line.law or "")
    if law is not None and law.effect in LAW_EFFECT_WORDS:
        return f"{law.law}: {LAW_EFFECT_WORDS[law.effect]}"
    if line.ns_award:
        said = f"N-S {line.get_ns_award_display().lower()}, E-W {line.get_ew_award_display().lower()}"
    else:
        said = f"N-S {line.ns_tricks}, E-W {13 - (line.ns_tricks or 0)}"
    revokes = [
        f"{n} {side} revoke{'s' if n > 1 else ''}"
        for side, n in (("N-S", line.ns_revokes), ("E-W", line.ew_revokes))
        if n
    ]
    return ", ".join([said, *revokes, *([law.law] if law is not None else [])])


@transaction.atomic
def result_correct(
    *,
    line: SlipLine,
    reason: str,
    ns_tricks: Any = None,
    ns_award: str = "",
    ew_award: str = "",
    ns_revokes: int | None = None,
    ew_revokes: int | None = None,
    via: str = Via.DIRECTOR,
    by: str = "",
    user: Any = None,
    checked: tuple[str, str] = ("", SlipLine.Checked.DIRECTOR),
) -> SlipLine:
    """The director changes a line: tricks, an award, revokes. The old version is kept; ``checked``: how
    it is confirmed (a side and ``SlipLine.Checked``: the director's own, or a dispute settled)."""
    line = lock_line(line)
    session = line.session
    open_for_directing(session, "correcting a result")
    tricks = _check_correction(reason, ns_tricks, ns_award, ew_award, ns_revokes, ew_revokes)
    before = line_words(line)
    line_keep_version(line, change="corrected", reason=reason.strip(), via=via, by=by, user=user)
    line.ns_tricks, line.ns_award, line.ew_award = tricks, ns_award, ew_award
    if ns_award:
        line.ns_revokes = line.ew_revokes = 0
    else:
        line.ns_revokes = line.ns_revokes if ns_revokes is None else ns_revokes
        line.ew_revokes = line.ew_revokes if ew_revokes is None else ew_revokes
    line.version += 1
    line.status, line.claimed = SlipLine.Status.CONFIRMED, None
    line.confirmed_by, line.confirmed_at = by or "director", timezone.now()
    (line.checked_side, line.checked_how), line.confirmed_device = checked, ""
    line.save()
    log_line(session, line, "result.correct", user=user, reason=reason.strip())
    _shown_if_published(session, line, before=before, reason=reason, user=user)
    slips_changed(session)
    return line


def _shown_if_published(session: Session, line: SlipLine, *, before: str, reason: str, user: Any) -> None:
    """A correction to published (provisional) results is kept to be shown on them: what, when, why."""
    shown_if_published(
        session,
        line.tray.number,
        line.table.number,
        before=before,
        after=line_words(line),
        reason=reason,
        user=user,
    )


def shown_if_published(
    session: Session, tray: int, table: int | None, *, before: str, after: str, reason: str, user: Any
) -> None:
    """A change to published (provisional) results, kept to be shown on them as a correction: its tray
    (and table: a line; none: the whole tray), its words before and after, when, why."""
    if session.status != Session.Status.PUBLISHED:
        return
    change = {"tray_number": tray, "table_number": table, "before": before, "after": after}
    result_change_record(
        session=session, kind=ResultChange.Kind.CORRECTED, reason=reason, user=user, **change
    )


#: A table's line on a tray before it had one, in the results' words.
NO_RESULT = "no result"


@transaction.atomic
def result_award(
    *,
    session: Session,
    table_number: int,
    tray_number: int,
    ns_award: str,
    ew_award: str,
    reason: str,
    user: Any = None,
    by: str = "",
) -> SlipLine:
    """Award an adjusted score (average, average-plus/minus) to a table on a tray."""
    session = lock_session(session.pk)
    table = Table.objects.filter(session=session, number=table_number).first()
    if table is None:
        raise NotFound(f"There is no table {table_number}.")
    open_for_directing(session, "awarding a score")
    tray = find_tray(session, tray_number)
    line = SlipLine.objects.filter(tray=tray, table=table).first()
    if line is not None:
        return result_correct(
            line=line, reason=reason, ns_award=ns_award, ew_award=ew_award, user=user, by=by
        )
    if not free_text(reason, label="A reason"):
        raise UserError("Give a reason for the award.", field="reason")
    if ns_award not in AWARDS or ew_award not in AWARDS:
        raise UserError("Choose an award for each side.", field="ns_award")
    seating = seating_for(table, tray, round_number=None)
    line = new_line(session, seating, table, tray, via=Via.DIRECTOR, by=by or "director", user=user)
    line.ns_tricks, line.ns_award, line.ew_award = None, ns_award, ew_award
    line.status, line.confirmed_by, line.confirmed_at = (
        SlipLine.Status.CONFIRMED,
        by or "director",
        timezone.now(),
    )
    line.checked_how = SlipLine.Checked.DIRECTOR
    line_store(line, seating, None)
    shown_if_published(
        session, tray.number, table.number, before=NO_RESULT, after=line_words(line), reason=reason, user=user
    )
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="result.award",
        tray=tray.number,
        table=table.number,
        ns=ns_award,
        ew=ew_award,
        reason=reason,
    )
    return line


def line_for(*, session: Session, table_number: int, tray_number: int) -> SlipLine:
    """The current line of a table on a tray, or NotFound."""
    line = SlipLine.objects.filter(
        session=session, table__number=table_number, tray__number=tray_number
    ).first()
    if line is None:
        raise NotFound(f"Table {table_number} has no result on tray {tray_number}.")
    return line
