"""The years a date or a time given from outside may fall in, said once for every door.

A session's date, a simultaneous event's days and its release time, a
pack's: each is a day of a club's calendar, this century or the next. A
year outside is a slip of the keyboard (0026 for 2026), and at the
calendar's edges it is worse: a time such as ``0001-01-01T00:00:00+05:00``
moved to UTC falls in year 0, which PostgreSQL stores and Python cannot
read back, so the row would answer nothing again. Every door refuses a
date or a time outside ``FIRST_YEAR`` to ``LAST_YEAR`` with a sentence
naming its field; the database refuses a release time outside them too
(a check constraint of ``sims.SimEvent`` and of ``tournaments.Session``),
whatever wrote it.

A time is judged at its instant in UTC, as it is stored: 2000-01-01T00:00
at +05:00 is 1999 in UTC, and is refused.

Pure Python: nothing of Django.
"""

from __future__ import annotations

import datetime as dt

#: The first year a date or a time given from outside may fall in (a session's date, an event's days,
#: a release time).
FIRST_YEAR = 2000
#: The last year a date or a time given from outside may fall in.
LAST_YEAR = 2100
#: The first instant a stored time may hold, in UTC (the database's check constraints use it).
EARLIEST = dt.datetime(FIRST_YEAR, 1, 1, tzinfo=dt.UTC)
#: The first instant past the range, in UTC.
BEYOND = dt.datetime(LAST_YEAR + 1, 1, 1, tzinfo=dt.UTC)
#: The range as a sentence says it.
RANGE_WORDS = f"between the years {FIRST_YEAR} and {LAST_YEAR}"


def date_in_range(day: dt.date) -> bool:
    """Whether a day falls in the years a client may give."""
    return FIRST_YEAR <= day.year <= LAST_YEAR


def moment_in_range(moment: dt.datetime) -> bool:
    """Whether an aware time falls, in UTC, in the years a client may give (a naive one: as written)."""
    if moment.tzinfo is None:
        return date_in_range(moment.date())
    return EARLIEST <= moment < BEYOND  # compared as instants: no year 0 is ever made
