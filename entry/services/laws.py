"""The director applies a law at a table: recorded on that table's slip line, with its history.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, Laws pp. 61-62; the
codes and what each does to the score are ``scorers.irregularities``):

- **cards left in the tray** on the original play (Law III, Sec. 2 (d),
  ``III.2d``): a new deal; on the overplay (Law V, Sec. 2, ``V.2``): the
  table takes the average score for the deal.
- **a wrong trump card** turned on the overplay (Law IV, Secs. 8-9:
  ``IV.8`` corrected before play, the score stands; ``IV.9`` found after
  play began, the table takes the average, a new deal under three tables);
  a wrong trump recorded on the slip (Law IV, Sec. 10: ``IV.10-next`` found
  at the next table, a new deal; ``IV.10`` played with it at other tables,
  the original table takes the average, a new deal under three tables).
- **irregular hands on the overplay** (Law V, Sec. 1, ``V.1``): rectified
  and passed on; the table takes the average, a new deal under three tables.

One action serves them all (``law_record``): the director names the table,
the tray, the law and why. A law that decides the table's score (an average
or a new deal) needs no tricks, so a table that did not play the tray gets
a line carrying only the law; a law that leaves the score standing
(``IV.8``) is recorded on a line already sent. The line keeps every earlier
version (who, when, why), as any correction does, and the scores are
recomputed. Clearing the law from a line that carries nothing else removes
the line, its last version kept.

The revoke (Law X) stays where it was: revokes counted on the line
(``results.result_correct``), the penalty applied by the scorer.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from entry.services.corrections import NO_RESULT, line_words, open_for_directing, shown_if_published
from entry.services.lines import (
    find_tray,
    line_keep_version,
    line_store,
    log_line,
    new_line,
    seating_for,
    slips_changed,
)
from scoring.models import SlipLine, Via
from scoring.scorers.irregularities import IRREGULARITIES, Irregularity
from tournaments.locks import lock_session, locked
from tournaments.models import Seating, Session, Table, Tray
from tournaments.services.errors import NotFound, UserError

#: The laws the director may record, in the book's order.
LAWS: tuple[Irregularity, ...] = tuple(IRREGULARITIES.values())


def law_of(code: str | None) -> Irregularity | None:
    """The law of a code on a line, or None."""
    return IRREGULARITIES.get(code or "")


def law_name(code: str | None) -> str:
    """ "Law V, Sec. 1 (irregular hands on the overplay)", or blank."""
    law = law_of(code)
    return law.name if law is not None else ""


def _check_law(code: Any) -> str | None:
    """A known law's code, or None to clear; anything else is refused by name."""
    if code in (None, ""):
        return None
    if code not in IRREGULARITIES:
        known = ", ".join(IRREGULARITIES)
        raise UserError(f"Unknown law {code!r}; the laws a line may carry are {known}.", field="law")
    return str(code)


def _decides(code: str | None) -> bool:
    """Whether the law decides the table's score itself (an average or a new deal)."""
    law = law_of(code)
    return law is not None and law.effect != "record"


@transaction.atomic
def law_record(
    *,
    session: Session,
    table_number: Any,
    tray_number: Any,
    law: Any,
    reason: str,
    user: Any = None,
    by: str = "",
    via: str = Via.DIRECTOR,
) -> SlipLine | None:
    """Apply a law at a table on a tray (or clear it): the line carries it, its history kept.

    Returns the line, or None when clearing removed a line that carried
    only the law.
    """
    session = lock_session(session.pk, defer=())
    open_for_directing(session, "applying a law")
    code = _check_law(law)
    if not (reason or "").strip():
        raise UserError("Say what happened at the table: the reason is kept with the line.", field="reason")
    table, tray = _table(session, table_number), find_tray(session, tray_number)
    line = locked(SlipLine.objects.all()).filter(tray=tray, table=table).first()
    if line is None:
        return _new_line(session, table, tray, code, reason.strip(), user=user, by=by, via=via)
    return _on_line(line, code, reason.strip(), user=user, by=by, via=via)


def _table(session: Session, number: Any) -> Table:
    try:
        return Table.objects.get(session=session, number=int(number))
    except (Table.DoesNotExist, TypeError, ValueError):
        raise NotFound(f"There is no table {number}.") from None


def _new_line(
    session: Session, table: Table, tray: Tray, code: str | None, reason: str, *, user: Any, by: str, via: str
) -> SlipLine:
    """A table that has sent nothing: a line carrying the law alone, when the law decides the score."""
    if not Seating.objects.filter(table=table, seating_trays__tray=tray).exists():
        raise UserError(f"Table {table.number} does not play tray {tray.number}.", field="table")
    seating = seating_for(table, tray, round_number=None)
    if code is None:
        raise UserError(
            f"Table {table.number} has no result on tray {tray.number}: there is no law to clear."
        )
    if not _decides(code):
        raise UserError(
            f"{law_name(code)} leaves the score standing: enter table {table.number}'s result on tray "
            f"{tray.number} first, then record the law on it.",
            field="law",
        )
    line = new_line(
        session,
        seating,
        table,
        tray,
        via=via,
        by=by or "director",
        user=user,
        ns_tricks=None,
        law=code,
        status=SlipLine.Status.CONFIRMED,
        confirmed_by=(by or "director")[:80],
        confirmed_at=timezone.now(),
        checked_how=SlipLine.Checked.DIRECTOR,
    )
    line = line_store(line, seating, None)  # the line, its entrants' places, and the one bump
    _log(session, line, code, reason, user)
    shown_if_published(
        session, tray.number, table.number, before=NO_RESULT, after=line_words(line), reason=reason, user=user
    )
    return line


def _on_line(
    line: SlipLine, code: str | None, reason: str, *, user: Any, by: str, via: str
) -> SlipLine | None:
    """Put the law on a line already sent (or take it off), keeping the version it replaces."""
    session = line.session
    if code == line.law:
        return line
    before = line_words(line)
    if code is None and line.ns_tricks is None and not line.ns_award:
        line_keep_version(line, change="removed", reason=reason, via=via, by=by, user=user)
        _log(session, line, None, reason, user)
        _shown(line, before=before, after=NO_RESULT, reason=reason, user=user)
        line.delete()
        slips_changed(session)
        return None
    if code is not None and not _decides(code) and line.ns_tricks is None and not line.ns_award:
        raise UserError(
            f"{law_name(code)} leaves the score standing, and table {line.table.number} has no tricks on "
            f"tray {line.tray.number}: correct the line with its tricks first.",
            field="law",
        )
    line_keep_version(line, change="law", reason=reason, via=via, by=by, user=user)
    line.law = code
    if _decides(code):
        # The law gives the average or a new deal: revokes and awards no longer count (kept above).
        line.ns_revokes = line.ew_revokes = 0
        line.ns_award = line.ew_award = ""
    line.version += 1
    line.status = SlipLine.Status.CONFIRMED
    line.confirmed_by = (by or "director")[:80]
    line.confirmed_at = timezone.now()
    line.checked_side, line.checked_how, line.confirmed_device = "", SlipLine.Checked.DIRECTOR, ""
    line.save()
    _log(session, line, code, reason, user)
    _shown(line, before=before, after=line_words(line), reason=reason, user=user)
    slips_changed(session)
    return line


def _shown(line: SlipLine, *, before: str, after: str, reason: str, user: Any) -> None:
    """A law applied to published (provisional) results is a correction, shown on them."""
    shown_if_published(
        line.session,
        line.tray.number,
        line.table.number,
        before=before,
        after=after,
        reason=reason,
        user=user,
    )


def _log(session: Session, line: SlipLine, code: str | None, reason: str, user: Any) -> None:
    log_line(
        session,
        line,
        "result.law",
        user=user,
        law=code,
        name=law_name(code) or "law cleared",
        reason=reason,
    )
