"""Directions a player reads: where an entrant sits in the round now and the next, sit-outs included.

Terms (Barney, 1900):

- a **stop**: where an entrant is in one round: a table and a side
  (North-South or East-West; for a player of a movement seated one by one,
  a seat), with the trays played there; or **sits out** (an odd movement:
  the pair takes the average, p. 38).
- the **directions** from a round: that round's stop and the next, in words
  read at a glance, and, when the next round is a sit-out, the stop after it:
  "Round 3: Table 4, North-South, trays 7-8. Next: sit out round 4; then
  round 5, Table 2, East-West." The book's movement card says the same thing
  round by round ("Go next to Table 4, East", p. 39).

Everything comes from the ``Movement`` alone. Nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from whist.cards import SEAT_NAME

from .types import Movement, TableAssignment

SIDE_WORDS = {"NS": "North-South", "EW": "East-West"}


@dataclass(frozen=True)
class Stop:
    """Where an entrant is in one round: a table and side (or seat), its trays; ``table`` None: sits out."""

    round: int
    table: int | None
    side: str = ""
    trays: tuple[int, ...] = ()

    @property
    def sits_out(self) -> bool:
        """Whether the entrant sits out this round."""
        return self.table is None

    @property
    def place(self) -> str:
        """ "Table 4, North-South", or "" when sitting out."""
        return "" if self.table is None else f"Table {self.table}, {self.side}"


def tray_words(trays: Iterable[int]) -> str:
    """ "tray 7", "trays 7-8", "trays 1, 8", "trays 1-16" (runs of two or more joined by a dash)."""
    ordered = sorted(set(trays))
    if not ordered:
        return ""
    parts: list[str] = []
    start = 0
    for i in range(1, len(ordered) + 1):
        if i == len(ordered) or ordered[i] != ordered[i - 1] + 1:
            run = ordered[start:i]
            parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
            start = i
    return f"tray{'s' if len(ordered) > 1 else ''} {', '.join(parts)}"


def _found(t: TableAssignment, who: int, side: str, kind: str) -> str:
    """Where ``who`` sits at this table: "North-South", "East-West", a seat's name, or "" if not here.

    ``side`` ("NS", "EW") picks one pair of a team, whose two pairs sit apart (p. 48)."""
    if t.seats is not None:
        return next((SEAT_NAME[s] for s, p in t.seats.items() if p == who), "")
    if t.ns == who and (kind != "team" or side in ("", "NS")):
        return SIDE_WORDS["NS"]
    if t.ew == who and (kind != "team" or side in ("", "EW")):
        return SIDE_WORDS["EW"]
    return ""


def stop(m: Movement, who: int, number: int, side: str = "") -> Stop:
    """Where entrant (or player) ``who`` is in round ``number``."""
    for t in m.rounds[number - 1].tables:
        found = _found(t, who, side, m.entrant_kind)
        if found:
            return Stop(number, t.table, found, tuple(t.trays))
    return Stop(number, None)


def route(m: Movement, who: int, side: str = "") -> list[Stop]:
    """Every round's stop of an entrant, in order."""
    return [stop(m, who, r.number, side) for r in m.rounds]


def now_words(s: Stop) -> str:
    """ "Round 3: Table 4, North-South, trays 7-8", or "Round 4: sit out"."""
    if s.sits_out:
        return f"Round {s.round}: sit out"
    trays = tray_words(s.trays)
    return f"Round {s.round}: {s.place}{', ' + trays if trays else ''}"


def next_words(stops: list[Stop], after: int) -> str:
    """Where the entrant goes after round ``after``: "Next: round 4, Table 2, East-West", "Next: sit
    out round 4; then round 5, Table 2, East-West", "Last round"."""
    if after >= len(stops):
        return "Last round"
    here, there = stops[after - 1], stops[after]
    if not there.sits_out:
        stay = "stay at " if there.place == here.place else ""
        return f"Next: round {there.round}, {stay}{there.place}"
    later = next((s for s in stops[after:] if not s.sits_out), None)
    then = f"; then round {later.round}, {later.place}" if later else "; then the session is over for you"
    return f"Next: sit out round {there.round}{then}"


def directions(m: Movement, who: int, from_round: int, side: str = "") -> str:
    """The round ``from_round`` and the next for an entrant, in one or two sentences (module docstring)."""
    if not m.rounds:
        return ""
    if from_round > len(m.rounds):
        return "All rounds played."
    stops = route(m, who, side)
    now = stops[max(from_round, 1) - 1]
    return f"{now_words(now)}. {next_words(stops, now.round)}."
