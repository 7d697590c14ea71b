"""The round timer: one clock for the session, with one deadline for each round (modern practice).

Terms:

- **minutes a tray** and **minutes for the change**: the director's two
  settings (a club's usual seven and a half minutes a deal, and a minute or
  two for the players and trays to move; the book times nothing). A round
  of k trays lasts k times the minutes a tray; the change follows it.
- a round **begins** when the director starts the session (round 1) or the
  next round, or restarts the clock; a round the director did not begin
  follows the last one, one round and change later. The director's start of
  a later round ends the rounds before it, however much of their time was left.
- a round's **deadline**: when its play should be over: the end of its play
  by the timer, or, without a timer, when the director began a later round.
  It is the same for every table, phone and screen; it never moves with the
  results (so a phone learns nothing of other tables from it). A table is
  **late** only once the deadline of a round it still owes a tray of has passed.
- **phase**: ``playing`` until the end of play (a table that reached the
  round early plays it too, with more time left), ``change`` until the change
  is over, then ``over``.

The server gives the rounds' times (``RoundClock``); the pages count down
from them. Nothing here reads the database: ``session_clock`` takes plain values.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: The longest the director may give a tray, and the change (the database holds the same bounds).
MAX_MINUTES_PER_TRAY = 60
MAX_CHANGE_MINUTES = 30


@dataclass(frozen=True)
class RoundClock:
    """A round's times: when it begins, when play should end (its deadline), when the change is over."""

    round: int
    trays: int
    minutes_per_tray: int
    change_minutes: int
    starts_at: dt.datetime
    ends_at: dt.datetime
    change_ends_at: dt.datetime

    def phase(self, now: dt.datetime) -> str:
        """playing, change or over."""
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


@dataclass(frozen=True)
class SessionClock:
    """The session's one clock: every round's times (with a timer) and every round's deadline."""

    rounds: Mapping[int, RoundClock] = field(default_factory=dict)
    deadlines: Mapping[int, dt.datetime] = field(default_factory=dict)
    #: Round -> when the director began it.
    begun: Mapping[int, dt.datetime] = field(default_factory=dict)

    def round_at(self, now: dt.datetime) -> int:
        """The round the clock is in at ``now``: the last to have begun by then, by the timer or, without
        one, by the director (0 before the first)."""
        starts = {n: c.starts_at for n, c in self.rounds.items()} or self.begun
        return max((n for n, at in starts.items() if at <= now), default=0)

    def of(self, number: int) -> RoundClock | None:
        """A round's times; None without a timer."""
        return self.rounds.get(number)

    def late(self, number: int, now: dt.datetime) -> bool:
        """Whether the deadline of round ``number`` has passed (a table still owing it is late)."""
        deadline = self.deadlines.get(number)
        return deadline is not None and now >= deadline

    def words(self, number: int, now: dt.datetime, *, playing: bool = False) -> str:
        """A round's clock in a few words (``playing``: for a table still playing it, whose time is
        over once play is: "Round 3 is 2 min over time", never "Change")."""
        clock = self.of(number)
        if playing and clock is not None and now >= clock.ends_at:
            return f"Round {number} is {int((now - clock.ends_at).total_seconds()) // 60} min over time"
        return clock_words(clock, now)


def _play(trays: int, minutes_per_tray: int) -> dt.timedelta:
    return dt.timedelta(minutes=minutes_per_tray * max(trays, 1))


def _next_begun(begun: Mapping[int, dt.datetime], number: int, starts: dt.datetime) -> dt.datetime | None:
    """When the director began the first round after ``number`` (if after ``starts``): it ends round
    ``number`` then."""
    later = [begun[n] for n in sorted(begun) if n > number]
    return later[0] if later and later[0] > starts else None


def session_clock(
    *,
    rounds: int,
    trays: int,
    minutes_per_tray: int,
    change_minutes: int,
    begun: Mapping[int, dt.datetime],
) -> SessionClock:
    """Every round's clock and deadline, from the rounds the director began (the module docstring)."""
    if not begun:
        return SessionClock()
    if minutes_per_tray <= 0:  # no timer: a round is over when the director begins a later one
        stops = {n: _next_begun(begun, n, begun.get(n, begun[min(begun)])) for n in range(1, rounds + 1)}
        return SessionClock(deadlines={n: s for n, s in stops.items() if s is not None}, begun=begun)
    play, change = _play(trays, minutes_per_tray), dt.timedelta(minutes=change_minutes)
    clocks: dict[int, RoundClock] = {}
    starts = begun[min(begun)]
    for number in range(min(begun), rounds + 1):
        starts = begun.get(number, starts)
        stop = _next_begun(begun, number, starts)
        ends, over = starts + play, starts + play + change
        if stop is not None:
            ends, over = min(ends, stop), min(over, stop)
        clocks[number] = RoundClock(
            number, max(trays, 1), minutes_per_tray, change_minutes, starts, ends, over
        )
        starts = over
    return SessionClock(rounds=clocks, deadlines={n: c.ends_at for n, c in clocks.items()}, begun=begun)


def round_clock(
    *,
    round_number: int,
    trays: int,
    minutes_per_tray: int,
    change_minutes: int,
    begun: Mapping[int, dt.datetime],
) -> RoundClock | None:
    """The clock of one round (``session_clock``'s); None without a timer or a begun round."""
    if round_number < 1 or not any(r <= round_number for r in begun):
        return None
    clock = session_clock(
        rounds=round_number,
        trays=trays,
        minutes_per_tray=minutes_per_tray,
        change_minutes=change_minutes,
        begun=begun,
    )
    return clock.of(round_number)


def clock_words(clock: RoundClock | None, now: dt.datetime) -> str:
    """The clock in a few words, for a page without JavaScript: "12 min left in round 3"."""
    if clock is None:
        return ""
    phase, left = clock.phase(now), clock.seconds_left(now)
    minutes = max(0, (left + 59) // 60)
    if phase == "playing":
        return f"{minutes} min left in round {clock.round}"
    if phase == "change":
        return f"Change: {minutes} min to move on"
    return f"Round {clock.round} is {(-left) // 60} min over time"
