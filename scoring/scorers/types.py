"""Plain data for scoring: traveling slips in, exact scores out.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 42-46):

- **traveling slip** (traveller): the record that goes with a deal, one line
  per table that played it: the N-S entrant, the E-W entrant and the tricks
  N-S took (E-W took 13 less). The book's slips are shown on pp. 42, 45, 46.
- **average**: an entrant that did not play the deal but is given the
  average for it, as the book gives a sitting-out pair (pp. 42, 44, 46) or a
  table whose play was spoiled (Law IV, Secs. 9-10; Law V).
- **tables in play**: the tables that played the deal, not counting a bye
  (p. 44, note to rule 12).
- **adjusted score**: the director's award to one side of a table in place of
  the tricks: ``average``, ``average-plus`` or ``average-minus`` (modern
  practice; see ``laws.py`` for what each is worth under each method).

Every number is a ``fractions.Fraction``; nothing here rounds unless the book
says so. This module imports nothing from Django; the whole package must not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from whist.cards import SEATS as SEATS
from whist.cards import Seat as Seat

Award = Literal["average", "average-plus", "average-minus"]
AWARDS: tuple[Award, ...] = ("average", "average-plus", "average-minus")


class ScoringError(Exception):
    """Base of the package's errors."""


class SlipError(ScoringError, ValueError):
    """A malformed or impossible slip; the message names the deal and the line.

    E.g. "deal 4, line 2 (table 3): N-S tricks 14 is outside 0..13".
    """


class UnknownMethodError(ScoringError, ValueError):
    """A scoring method name that is not in ``METHODS``."""


@dataclass(frozen=True)
class SlipResult:
    """One line of a traveling slip: one table's play of one deal.

    ``ns`` and ``ew`` are entrant numbers (pairs; for team methods, team
    numbers: the N-S pair of team ``ns`` against the E-W pair of team ``ew``).
    For individual matches ``seats`` names the player in each seat.
    ``ns_tricks`` is None only when both sides have an ``adjusted`` award.
    ``ns_revokes`` / ``ew_revokes`` count revokes established against that
    side (Law X, Sec. 4); the scorer applies the penalty.
    """

    table: int
    ns: int
    ew: int
    ns_tricks: int | None
    ns_revokes: int = 0
    ew_revokes: int = 0
    seats: Mapping[Seat, int] | None = None
    #: (award to N-S, award to E-W) in place of the tricks, or None.
    adjusted: tuple[Award, Award] | None = None
    #: The law the director applied at this table (``irregularities.py``),
    #: e.g. "V.1" for irregular hands on the overplay; None if none.
    law: str | None = None

    @property
    def ew_tricks(self) -> int | None:
        """Tricks taken by E-W: 13 less the N-S tricks."""
        return None if self.ns_tricks is None else 13 - self.ns_tricks


@dataclass(frozen=True)
class AverageAward:
    """An entrant that takes the average of a deal it did not play."""

    entrant: int
    reason: str = "sat out"
    award: Award = "average"


@dataclass(frozen=True)
class DealSlip:
    """The whole traveling slip of one deal."""

    deal: int
    results: tuple[SlipResult, ...]
    averages: tuple[AverageAward, ...] = ()
    #: The trump card turned ("KC"), or a suit declared for the deal ("S").
    trump: str | None = None
    #: The director declared the deal void (e.g. fouled with fewer than three
    #: tables, Law IV Sec. 9): nobody scores on it.
    void: bool = False


@dataclass(frozen=True)
class Slips:
    """All the slips of a session, and the entrants to be ranked."""

    entrants: tuple[int, ...]
    deals: tuple[DealSlip, ...]
    #: For team methods: team number -> its pair or player numbers, when the
    #: slips name pairs rather than teams. Empty for pair methods.
    teams: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    #: A suit declared trumps for the sitting, no card turned (Law IV, Sec. 11;
    #: p. 26), e.g. "S"; None when a trump card is turned on every deal.
    declared_trump: str | None = None


@dataclass(frozen=True)
class DealScores:
    """Each entrant's score on one deal (for ``howell``, its loss)."""

    deal: int
    scores: Mapping[int, Fraction]


@dataclass(frozen=True)
class EntrantTotal:
    """One entrant's line of the standings."""

    entrant: int
    total: Fraction
    plus_minus: Fraction | None
    rank: int
    #: Extra exact figures a method reports (e.g. team "tricks" beside
    #: "match", matchpoint "percent", exponent "average_total_gain").
    extra: Mapping[str, Fraction] = field(default_factory=dict)


@dataclass(frozen=True)
class Scores:
    """The result of scoring a session by one method."""

    method: str
    deals: tuple[DealScores, ...]
    entrants: tuple[EntrantTotal, ...]
    #: Method-wide figures (e.g. exponent "average_total_gain").
    summary: Mapping[str, Fraction] = field(default_factory=dict)
    #: The book's tests that were checked and their outcome, by name
    #: (e.g. "match test 2 on deal 4": False); reported, not enforced.
    checks: Mapping[str, bool] = field(default_factory=dict)


@dataclass(frozen=True)
class Explanation:
    """Why an entrant's score on a deal came out as it did, for people to read.

    ``compared_with`` maps the entrants whose scores this one was measured
    against to their scores on the deal (tricks, after the laws);
    ``figures`` holds the named figures of the working (e.g. "average N-S").
    """

    method: str
    entrant: int
    deal: int
    score: Fraction | None
    sentences: tuple[str, ...]
    figures: Mapping[str, Fraction] = field(default_factory=dict)
    compared_with: Mapping[int, Fraction] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The sentences as one paragraph."""
        return " ".join(self.sentences)
