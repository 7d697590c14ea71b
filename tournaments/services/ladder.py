"""The season ladder's rule, as the club chooses it: who is ranked, and which sessions count.

The book's club tournaments rank players over a series of sessions (p. 46);
it says nothing of players who come once. A club chooses its own rule:

- **attendance** (``min_sessions``): a player is ranked once they have played
  at least this many of the series' sessions; the others are listed below
  the ladder, not yet ranked (blank: everybody is ranked from the first);
- **best of** (``best_of``): only each player's best N sessions count
  (blank: every session counts). "Best N of M" is both: N counted of the
  M sessions of the season, ranked from N sessions played.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournaments.locks import locked

from ..models import Series
from .club import log_action
from .errors import UserError

#: The most sessions a rule may name (a season of weekly sessions for years).
MOST = 500


def _count(value: Any, field: str) -> int | None:
    """A whole number of sessions from 1 to ``MOST``, or None for blank."""
    if value is None or str(value).strip() == "":
        return None
    try:
        number = int(str(value).strip())
    except ValueError:
        raise UserError("Give a whole number of sessions, or leave it blank.", field=field) from None
    if not 1 <= number <= MOST:
        raise UserError(f"Give a number of sessions from 1 to {MOST}, or leave it blank.", field=field)
    return number


@transaction.atomic
def series_ladder_rule(*, series: Series, min_sessions: Any, best_of: Any, user: Any = None) -> Series:
    """Set the ladder's attendance rule and how many of each player's best sessions count."""
    least, best = _count(min_sessions, "min_sessions"), _count(best_of, "best_of")
    series = locked(Series.objects.all()).get(pk=series.pk)
    series.min_sessions, series.best_of = least, best
    series.save(update_fields=["min_sessions", "best_of"])
    log_action(
        club=series.club,
        user=user,
        action="series.ladder_rule",
        series=series.pk,
        min_sessions=least,
        best_of=best,
    )
    return series
