"""Plain data for a simultaneous field: heats in, each pair's two placings out (``field.py``).

- **heat**: one club's play of the simultaneous deals, in its own session
  with its own movement; named by the club.
- **line**: one table's play of one deal in a heat: the deal, the N-S pair,
  the E-W pair, and N-S's tricks; or, in place of the tricks, an artificial
  score given to each side as a percentage of the top (an average: 50, an
  average-plus: 60, an average-minus: 40, or another figure). A pair that
  sat out a deal has no line on it: it is left blank, never given an
  average.
- **pair key**: (club, pair id). Pair ids are the club's own ("3", "12A");
  two clubs' pair 3 are two pairs of the field.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .types import ScoringError

#: (club, pair id).
PairKey = tuple[str, str]
TRICKS = range(14)
HUNDRED = Fraction(100)


class FieldError(ScoringError, ValueError):
    """A heat that cannot be scored; the message names the club, the deal and the line."""


@dataclass(frozen=True, slots=True)
class FieldLine:
    """One table's play of one deal in a heat (``ns_tricks`` None: the percentages stand in)."""

    deal: int
    ns: str
    ew: str
    ns_tricks: int | None
    ns_percent: Fraction | None = None
    ew_percent: Fraction | None = None
    #: Where the heat's file says the line was played, if it says (the organiser's checks name them).
    table: int | None = None
    round: int | None = None

    @property
    def artificial(self) -> bool:
        """An artificial score stands in place of the tricks."""
        return self.ns_tricks is None


@dataclass(frozen=True)
class Heat:
    """One club's results of the simultaneous deals."""

    club: str
    lines: tuple[FieldLine, ...]


@dataclass(frozen=True)
class PairStanding:
    """One pair's line of the field's standings.

    ``score`` is what the method ranks by: the percentage for matchpoints,
    the total for trick and exponent. ``rank`` is the place in the whole
    field, ``club_rank`` the place in its own heat scored alone and
    ``club_score`` its score there (the same figure, over its club's tables
    only: the club's own result of the night by the method).
    """

    club: str
    pair: str
    direction: str
    score: Fraction
    total: Fraction
    plus_minus: Fraction
    rank: int
    club_rank: int
    extra: Mapping[str, Fraction] = field(default_factory=dict)
    club_score: Fraction = Fraction(0)

    @property
    def key(self) -> PairKey:
        """(club, pair id)."""
        return (self.club, self.pair)


@dataclass(frozen=True)
class FieldScores:
    """The field scored by one method: the standings, best first, and the method-wide figures."""

    method: str
    standings: tuple[PairStanding, ...]
    summary: Mapping[str, Fraction] = field(default_factory=dict)


@dataclass(frozen=True)
class FieldDealScores:
    """Each pair's score on one deal (matchpoints after Neuberg's factoring; trick; equated gain)."""

    deal: int
    scores: Mapping[PairKey, Fraction]


def check_heat(heat: Heat) -> None:
    """Raise ``FieldError`` for the first impossible thing in a heat."""
    if not heat.club.strip():
        raise FieldError("a heat needs its club's name")
    seen: set[tuple[int, str]] = set()
    for index, line in enumerate(heat.lines, start=1):
        deal, ns, ew = line.deal, line.ns, line.ew
        plain = line.ns_tricks in TRICKS and line.ns_percent is None and line.ew_percent is None
        if not plain or deal < 1 or not ns or not ew or ns == ew or (deal, ns) in seen or (deal, ew) in seen:
            _check_line(f"{heat.club}, deal {deal}, line {index}", line, seen)
        seen.add((deal, ns))
        seen.add((deal, ew))


def _check_line(where: str, line: FieldLine, seen: set[tuple[int, str]]) -> None:
    """Name what is wrong with a line the quick test did not pass (it may be a plain artificial score)."""
    if line.deal < 1:
        raise FieldError(f"{where}: the deal number must be 1 or more")
    if not line.ns or not line.ew or line.ns == line.ew:
        raise FieldError(f"{where}: N-S {line.ns!r} and E-W {line.ew!r} must be two pairs")
    for pair in (line.ns, line.ew):
        if (line.deal, pair) in seen:
            raise FieldError(f"{where}: pair {pair} plays the deal twice")
    _check_result(where, line)


def _check_result(where: str, line: FieldLine) -> None:
    """Tricks 0..13, or an artificial percentage for each side from 0 to 100."""
    if line.ns_tricks is not None:
        if line.ns_tricks not in TRICKS:
            raise FieldError(f"{where}: N-S tricks {line.ns_tricks} is outside 0..13")
        if line.ns_percent is not None or line.ew_percent is not None:
            raise FieldError(f"{where}: both tricks and an artificial score")
        return
    for side, value in (("N-S", line.ns_percent), ("E-W", line.ew_percent)):
        if value is None:
            raise FieldError(f"{where}: no tricks and no artificial score for {side}")
        if not 0 <= value <= HUNDRED:
            raise FieldError(f"{where}: the artificial score {value}% for {side} is outside 0..100")


def directions(heat: Heat) -> dict[str, str]:
    """Each pair's way of the tables in the heat: "NS", "EW", or "NS/EW" (arrow-switched, a Howell)."""
    ns = {line.ns for line in heat.lines}
    ew = {line.ew for line in heat.lines}
    out = dict.fromkeys(ns, "NS")
    out.update((pair, "NS/EW" if pair in ns else "EW") for pair in ew)
    return out
