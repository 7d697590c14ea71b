"""The round timer: how long a round lasts, when it began, and the time left (modern practice).

Terms:

- **minutes a tray** and **minutes for the change**: the director's two
  settings (a club's usual seven and a half minutes a deal, and a minute or
  two for the players and trays to move; the book times nothing). A round
  of k trays lasts k times the minutes a tray; the change follows it.
- a round **begins** when the director starts the session (round 1) or the
  next round, or restarts the clock; a round the director did not begin
  follows the last one that was begun, one round and change later; but a round
  the tables **reached** sooner (they move on by themselves, and finished the
  one before early) begins when they reached it: the clock follows the play
  and never counts down to a round already being played.
- **phase**: before the round begins, ``waiting``; then ``playing`` until its
  end, ``change`` until the change is over, then ``over``.

The server gives the round's times (``RoundClock``); the pages count down
from them. Nothing here reads the database: ``round_clock`` takes plain values.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The longest the director may give a tray, and the change (the database holds the same bounds).
MAX_MINUTES_PER_TRAY = 60
MAX_CHANGE_MINUTES = 30


@dataclass(frozen=True)
class RoundClock:
    """A round's times: when it begins, when play should end, when the change is over."""

    round: int
    trays: int
    minutes_per_tray: int
    change_minutes: int
    starts_at: dt.datetime
    ends_at: dt.datetime
    change_ends_at: dt.datetime

    def phase(self, now: dt.datetime) -> str:
        """waiting, playing, change or over."""
        if now < self.starts_at:
            return "waiting"
        if now < self.ends_at:
            return "playing"
        return "change" if now < self.change_ends_at else "over"

    def seconds_left(self, now: dt.datetime) -> int:
        """Seconds to the end of play (or of the change, once play is over); negative once both are."""
        target = self.ends_at if now < self.ends_at else self.change_ends_at
        return int((target - now).total_seconds())

    def to_json(self, now: dt.datetime) -> dict[str, Any]:
        """The clock as the pages and the API give it: ISO times and the server's now."""
        return {
            "round": self.round,
            "trays": self.trays,
            "minutes_per_tray": self.minutes_per_tray,
            "change_minutes": self.change_minutes,
            "starts_at": self.starts_at.isoformat(),
            "ends_at": self.ends_at.isoformat(),
            "change_ends_at": self.change_ends_at.isoformat(),
            "now": now.isoformat(),
            "phase": self.phase(now),
            "seconds_left": self.seconds_left(now),
        }


def round_clock(
    *,
    round_number: int,
    trays: int,
    minutes_per_tray: int,
    change_minutes: int,
    begun: Mapping[int, dt.datetime],
    reached: Mapping[int, dt.datetime] | None = None,
) -> RoundClock | None:
    """The clock of a round, from the rounds the director began and those the tables reached early.

    ``reached``: round -> when the tables got to it (finished the round before); a round the director did
    not begin starts then if that is sooner than the clock would start it. None without a timer or a
    begun round.
    """
    if minutes_per_tray <= 0 or round_number < 1 or not any(r <= round_number for r in begun):
        return None
    play = dt.timedelta(minutes=minutes_per_tray * max(trays, 1))
    change = dt.timedelta(minutes=change_minutes)
    early = reached or {}
    starts = begun[min(begun)]
    for number in range(min(begun) + 1, round_number + 1):
        scheduled = starts + play + change
        starts = begun.get(number, min(scheduled, early.get(number, scheduled)))
    return RoundClock(
        round=round_number,
        trays=max(trays, 1),
        minutes_per_tray=minutes_per_tray,
        change_minutes=change_minutes,
        starts_at=starts,
        ends_at=starts + play,
        change_ends_at=starts + play + change,
    )


def clock_words(clock: RoundClock | None, now: dt.datetime) -> str:
    """The clock in a few words, for a page without JavaScript: "12 min left in round 3"."""
    if clock is None:
        return ""
    phase, left = clock.phase(now), clock.seconds_left(now)
    minutes = max(0, (left + 59) // 60)
    if phase == "waiting":
        return f"Round {clock.round} begins at {clock.starts_at:%H:%M}"
    if phase == "playing":
        return f"{minutes} min left in round {clock.round}"
    if phase == "change":
        return f"Change: {minutes} min to move on"
    return f"Round {clock.round} is {(-left) // 60} min over time"
