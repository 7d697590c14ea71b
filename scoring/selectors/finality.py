"""Whether a session's published results are provisional or final, in the words every page and file says.

Publishing makes the results *provisional* for the club's hours; then they
are *final* (``scoring.visibility.provisional_until``: the clock decides, no
job). The changes made to them after publishing (a correction while
provisional, a reopening) are listed with when and why
(``scoring.visibility.result_changes_seen``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db.models import Max
from django.utils import dateformat, timezone

from scoring.models import ScoreCardSend
from scoring.visibility import ChangeSeen, Sight, provisional_until, result_changes_seen
from tournaments.link_reads import SessionRead
from tournaments.models import ResultChange, Session

#: How a moment is said to the public: the site's local date and time, its zone named.
MOMENT_FORMAT = "l j F Y, H:i T"


def local_words(moment: dt.datetime) -> str:
    """A moment in the site's local time: "Tuesday 1 December 2026, 20:00 GMT"."""
    return dateformat.format(timezone.localtime(moment), MOMENT_FORMAT)


def change_words(change: ChangeSeen) -> str:
    """One change as the results say it: what, when, why."""
    when = local_words(change.at)
    if change.kind == ResultChange.Kind.REOPENED:
        said = "The final results were reopened" if change.was_final else "The results were reopened"
        return f"{said} on {when}: {change.reason}"
    where = f"Tray {change.tray}" + (f", table {change.table}" if change.table is not None else "")
    what = f" from {change.before} to {change.after}" if change.after else ""
    return f"{where} corrected{what} on {when}: {change.reason}"


@dataclass(frozen=True)
class Finality:
    """What the public is told: provisional until when (``until``; ``None``: final), and the changes."""

    until: dt.datetime | None
    changes: list[ChangeSeen]

    @property
    def final(self) -> bool:
        """Whether the results are final."""
        return self.until is None

    @property
    def words(self) -> str:
        """ "Provisional until Tuesday 1 December 2026, 20:00 GMT", or "Final"."""
        return "Final" if self.until is None else f"Provisional until {local_words(self.until)}"

    @property
    def changes_said(self) -> list[str]:
        """Each change in words, oldest first."""
        return [change_words(change) for change in self.changes]

    def as_json(self) -> dict[str, Any]:
        """The API's and results.json's fields: ``provisional_until`` (ISO, null once final), ``final``,
        ``results_status`` (the words), ``changes``."""
        return {
            "provisional_until": self.until.isoformat() if self.until else None,
            "final": self.final,
            "results_status": self.words,
            "changes": [_change_json(change) for change in self.changes],
        }


def _change_json(change: ChangeSeen) -> dict[str, Any]:
    """One change for a file or the API."""
    return {
        "kind": change.kind,
        "at": change.at.isoformat(),
        "reason": change.reason,
        "tray": change.tray,
        "table": change.table,
        "before": change.before,
        "after": change.after,
        "said": change_words(change),
    }


def session_finality(
    *, session: Session | SessionRead, sight: Sight, now: dt.datetime | None = None
) -> Finality | None:
    """The finality a viewer with this sight is told of (``None``: the session is not published, or the
    viewer does not see its standings)."""
    if session.status != Session.Status.PUBLISHED or not (sight.standings or sight.per_deal):
        return None
    return Finality(
        until=provisional_until(session, now), changes=result_changes_seen(session=session, sight=sight)
    )


def sent_before_correction(*, session: Session) -> dict[str, bool]:
    """What the director is offered again after a correction to published results (never sent by itself):
    ``cards_again``, the score cards were e-mailed before it; ``heat_again``, a simultaneous event's heat
    was sent to the organiser before it."""
    corrected = ResultChange.objects.filter(session_id=session.pk, kind=ResultChange.Kind.CORRECTED)
    last = corrected.aggregate(at=Max("at"))["at"]
    if last is None:
        return {"cards_again": False, "heat_again": False}
    cards = ScoreCardSend.objects.filter(session_id=session.pk).aggregate(at=Max("sent_at"))["at"]
    return {
        "cards_again": cards is not None and cards < last,
        "heat_again": session.sim_sent_at is not None and session.sim_sent_at < last,
    }
