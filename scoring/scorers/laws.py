"""The laws that turn a traveling slip into the scores a method compares.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **revoke** (Law X, Sec. 4, p. 65): two tricks go from the revoking side to
  its adversaries for the first revoke, one more for each further revoke by
  the same side on that deal, never more than the offenders won; no side can
  score more than 13. "The revoking player and his partner can not score more
  than the average on the deal": the law does not say which average, and the
  book elsewhere takes the average of the scores made the same way of the
  table on that deal (pp. 32, 45). Here that average is taken of the scores
  as they stand after the tricks are moved and before any side is held to
  it; the match system uses its own rounded average (p. 45).
- **average score for the deal** (Law IV, Secs. 9-10, pp. 61-62; Law V,
  p. 62): a table whose play is spoiled takes the average; "if less than
  three tables are in play, there must be a new deal", so such a deal is
  **void** and nobody scores on it. The director may also declare a deal
  void.
- **adjusted score** (modern practice): the director's award to one side of
  a table in place of its tricks, ``average``, ``average-plus`` or
  ``average-minus``. As rule 11 directs for averages (p. 44), the award is
  entered on the slip as a score before anything else is worked out: the
  average of the scores made that way by the tables that played, plus one
  trick, that average, or that average less one trick (kept within 0..13).
  What each award is then worth under each method (avg: the average of the
  side's way of the tables; top: the top score of that way, p. 42):

  ============ ================== ==================== ====================
  method       average            average-plus         average-minus
  ============ ================== ==================== ====================
  trick        0                  +1 trick             -1 trick
  howell       loss top - avg     loss top - (avg + 1) loss top - (avg - 1)
  individual   as howell          as howell            as howell
  exponent     gain from lowest   the same, of avg + 1 the same, of avg - 1
  match        1                  2                    0
  matchpoints  50% of a top       60% of a top         40% of a top
  ============ ================== ==================== ====================

  (An avg + 1 above the played top becomes the top; losses are then counted
  from it, as rule 11 enters averages before anything else; the exponent
  gain is equated with the rest.) Under match and matchpoints the award is
  given directly and the tables that played are compared among themselves
  (matchpoints factored up by Neuberg's formula).

  An entrant that did not play (a sit-out, a phantom's opponent) and is
  listed under ``averages`` gets the method's average for the deal (pp. 42,
  44, 46: no gain or loss by tricks, the average loss, the average equated
  gain, a match score of 1, half a top), and one trick better or worse for
  an ``average-plus`` / ``average-minus`` (60% / 40% of a top, 2 / 0 in
  match scores).

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from .exact import whole
from .irregularities import IRREGULARITIES, new_deal, takes_average
from .types import AverageAward, Award, DealSlip, SlipResult

THIRTEEN = Fraction(13)
HALF_DEAL = Fraction(13, 2)
#: What an award is worth above the average, in tricks.
AWARD_TRICKS: dict[Award, int] = {"average": 0, "average-plus": 1, "average-minus": -1}
#: Fewer tables than this cannot give an average to a spoiled table (Law IV, Sec. 9).
MIN_TABLES_FOR_AVERAGE = 3

Averager = Callable[[Sequence[int]], Fraction]


@dataclass(frozen=True, slots=True)
class LawLine:
    """One slip line after the laws: each side's score, as it is compared."""

    line: SlipResult
    ns_score: Fraction
    ew_score: Fraction
    #: Tricks moved from each side for its revokes (Law X, Sec. 4).
    ns_moved: int = 0
    ew_moved: int = 0
    #: The side was held to the average for revoking.
    ns_capped: bool = False
    ew_capped: bool = False

    @property
    def ns(self) -> int:
        """The N-S entrant."""
        return self.line.ns

    @property
    def ew(self) -> int:
        """The E-W entrant."""
        return self.line.ew

    @property
    def played(self) -> bool:
        """True unless the table was given an adjusted score instead."""
        return self.line.adjusted is None


@dataclass(frozen=True)
class LawDeal:
    """A deal's slip after the laws: lines with scores, averages, or void."""

    deal: int
    lines: tuple[LawLine, ...]
    averages: tuple[AverageAward, ...]
    #: The average of the N-S (E-W) scores made by the tables that played.
    average_ns: Fraction
    average_ew: Fraction
    #: Why nobody scores on the deal, or None.
    void: str | None = None

    @property
    def played(self) -> tuple[LawLine, ...]:
        """The lines of tables that played the deal (no adjusted score)."""
        return tuple(ln for ln in self.lines if ln.played)

    @property
    def tables(self) -> int:
        """Tables in play: every line on the slip; a bye is not a table (p. 44)."""
        return len(self.lines)


def exact_average(scores: Sequence[int]) -> Fraction:
    """The average of scores made one way of the tables (p. 32); 6 1/2 if none."""
    return Fraction(sum(scores), len(scores)) if scores else HALF_DEAL


def revoke_penalty(revokes: int) -> int:
    """Tricks a side gives up for its revokes on one deal: 2, then 1 more each."""
    return revokes + 1 if revokes > 0 else 0


def transfer_revoke_tricks(ns_tricks: int, ns_revokes: int, ew_revokes: int) -> tuple[int, int, int]:
    """(N-S tricks after the law, tricks moved from N-S, from E-W), Law X Sec. 4."""
    moved_ns = min(revoke_penalty(ns_revokes), ns_tricks)
    moved_ew = min(revoke_penalty(ew_revokes), 13 - ns_tricks)
    return ns_tricks - moved_ns + moved_ew, moved_ns, moved_ew


def void_reason(deal: DealSlip) -> str | None:
    """Why a deal is void (the director, a law's new deal, too few tables to average), or None."""
    if deal.void:
        return "the director declared the deal void"
    for ln in deal.results:
        if new_deal(ln.law):
            return f"{IRREGULARITIES[ln.law or ''].name} at table {ln.table}: there must be a new deal"
    spoiled = any(_spoiled(ln) for ln in deal.results)
    if spoiled and len(deal.results) < MIN_TABLES_FOR_AVERAGE:
        return (
            "a table needed the average with fewer than three tables in play, "
            "so there must be a new deal (Law IV, Secs. 9-10; Law V, Sec. 1)"
        )
    if deal.results and all(takes_average(ln.law) for ln in deal.results):
        return "no table played the deal, so there is no average to give (Law V, Sec. 2)"
    return None


def _spoiled(line: SlipResult) -> bool:
    """The table takes an average that needs three tables (Law IV, Secs. 9-10; Law V, Sec. 1)."""
    if line.law is not None and IRREGULARITIES[line.law].effect == "average-always":
        return False
    return line.adjusted is not None or takes_average(line.law)


def with_law_awards(deal: DealSlip) -> DealSlip:
    """The slip with every table a law gives the average entered as ``average`` both ways."""
    if not any(takes_average(ln.law) and ln.adjusted is None for ln in deal.results):
        return deal
    lines = tuple(
        replace(ln, adjusted=("average", "average")) if takes_average(ln.law) and ln.adjusted is None else ln
        for ln in deal.results
    )
    return replace(deal, results=lines)


def plain_tricks(deal: DealSlip) -> list[int] | None:
    """Each line's N-S tricks when no law touches the deal (no revoke, award or law; not void), else None.

    Such a deal's scores are its tricks as they stand: ``apply_laws`` would
    move nothing and hold nobody to an average, so a method may score it
    from these whole numbers directly.
    """
    if deal.void or not deal.results:
        return None
    tricks = []
    for ln in deal.results:
        if (
            ln.ns_tricks is None
            or ln.ns_revokes
            or ln.ew_revokes
            or ln.adjusted is not None
            or ln.law is not None
        ):
            return None
        tricks.append(ln.ns_tricks)
    return tricks


def apply_laws(deal: DealSlip, averager: Averager = exact_average) -> LawDeal:
    """Move revoke tricks, hold revokers to the average, enter adjusted scores."""
    deal = with_law_awards(deal)
    reason = void_reason(deal)
    if reason is not None:
        return LawDeal(deal.deal, (), deal.averages, HALF_DEAL, HALF_DEAL, reason)
    moved = [_moved(ln) for ln in deal.results if ln.adjusted is None]
    avg_ns = averager([m[0] for m in moved])
    avg_ew = averager([13 - m[0] for m in moved])
    it = iter(moved)
    lines = tuple(
        _adjusted(ln, avg_ns, avg_ew) if ln.adjusted else _played(ln, next(it), avg_ns, avg_ew)
        for ln in deal.results
    )
    return LawDeal(deal.deal, lines, deal.averages, avg_ns, avg_ew)


def _moved(line: SlipResult) -> tuple[int, int, int]:
    """A played line's N-S tricks after revoke transfers, and the tricks moved."""
    assert line.ns_tricks is not None  # validate.check_slips guarantees it
    if not (line.ns_revokes or line.ew_revokes):
        return line.ns_tricks, 0, 0
    return transfer_revoke_tricks(line.ns_tricks, line.ns_revokes, line.ew_revokes)


def _played(line: SlipResult, moved: tuple[int, int, int], avg_ns: Fraction, avg_ew: Fraction) -> LawLine:
    """A played line: hold each revoking side to the average of its way."""
    ns, from_ns, from_ew = moved
    ns_score, ew_score = whole(ns), whole(13 - ns)
    ns_cap = line.ns_revokes > 0 and ns_score > avg_ns
    ew_cap = line.ew_revokes > 0 and ew_score > avg_ew
    return LawLine(
        line,
        avg_ns if ns_cap else ns_score,
        avg_ew if ew_cap else ew_score,
        from_ns,
        from_ew,
        ns_cap,
        ew_cap,
    )


def _adjusted(line: SlipResult, avg_ns: Fraction, avg_ew: Fraction) -> LawLine:
    """An adjusted table, entered as the average of each way +-1 trick (rule 11)."""
    assert line.adjusted is not None
    ns_award, ew_award = line.adjusted
    return LawLine(line, award_score(avg_ns, ns_award), award_score(avg_ew, ew_award))


def award_score(average: Fraction, award: Award) -> Fraction:
    """The score entered for an award: the average +-1 trick, within 0..13."""
    return min(THIRTEEN, max(Fraction(0), average + AWARD_TRICKS[award]))
