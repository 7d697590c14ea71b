"""The book's methods across a simultaneous field, the plain way: one traveling slip per deal for the field.

This is the reference the fast pool (``field_tricks.py``, which ``Field``
uses) is held to by the tests: it scores by definition, through the club's
own scorers, and is slow on a large field.

The trick method (p. 32) and the exponent system (pp. 43-45) compare the
tables that played a deal with each other; across a field, every table of
every heat that played the deal is one of them. So the field is scored by
building one ``Slips`` over the pooled lines (each pair an entrant, each
table its own line) and handing it to the registered scorer unchanged:

- **trick**: each pair's tricks less the average of its side over every
  table of the field that played the deal.
- **exponent**: gains counted from the lowest score of the side in the whole
  field, the lesser column equated over the field's tables in play (T is
  the field's count); the largest total of equated gains wins.

An artificial score is the method's award: 50% the average, 60%
average-plus, 40% average-minus (``laws.py``); another percentage has no
meaning under these methods and is refused. The slips are rebuilt from the
heats' cached lines for each scoring: these methods do not re-score in part.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from itertools import count

from .field_matchpoints import PairFigures
from .field_types import FieldError, FieldLine, PairKey
from .registry import get_method
from .types import AverageAward, Award, DealSlip, Scores, SlipResult, Slips

AWARD_BY_PERCENT: dict[Fraction, Award] = {
    Fraction(50): "average",
    Fraction(60): "average-plus",
    Fraction(40): "average-minus",
}


def award_for(method: str, club: str, line: FieldLine, percent: Fraction | None) -> Award:
    """The award an artificial percentage stands for, or ``FieldError`` naming the club and deal."""
    award = AWARD_BY_PERCENT.get(Fraction(percent or 0))
    if award is None:
        raise FieldError(
            f"{club}, deal {line.deal}: an artificial score of {percent}% has no meaning under "
            f"the {method} method; it takes 40, 50 or 60%"
        )
    return award


class PoolSlips:
    """Every heat's lines as slip lines, kept per heat and pooled into one ``Slips`` to score."""

    def __init__(self, method: str) -> None:
        self.method = method
        self._scorer = get_method(method)
        self.heats: dict[str, dict[int, tuple[list[SlipResult], list[AverageAward]]]] = {}
        self._tables = count(1)
        self._last: Scores | None = None

    def add(self, club: str, lines: Iterable[FieldLine], index: Mapping[PairKey, int]) -> None:
        """Turn a heat's lines into slip lines, each table numbered once for the whole field."""
        deals: dict[int, tuple[list[SlipResult], list[AverageAward]]] = {}
        for line in lines:
            results, averages = deals.setdefault(line.deal, ([], []))
            ns, ew = index[(club, line.ns)], index[(club, line.ew)]
            if line.ns_tricks is not None:
                results.append(SlipResult(next(self._tables), ns, ew, line.ns_tricks))
                continue
            for pair, percent in ((ns, line.ns_percent), (ew, line.ew_percent)):
                averages.append(
                    AverageAward(pair, "artificial score", award_for(self.method, club, line, percent))
                )
        self.heats[club] = deals
        self._last = None

    def check(self, club: str, lines: Iterable[FieldLine]) -> None:
        """Refuse an artificial score the method gives no meaning (before anything is changed)."""
        for line in lines:
            if line.ns_tricks is None:
                award_for(self.method, club, line, line.ns_percent)
                award_for(self.method, club, line, line.ew_percent)

    def remove(self, club: str) -> None:
        """Forget a heat's lines."""
        del self.heats[club]
        self._last = None

    def scores(self, pairs: Iterable[int]) -> Scores:
        """The pooled slips scored by the method."""
        if self._last is None:
            pooled: dict[int, tuple[list[SlipResult], list[AverageAward]]] = {}
            for deals in self.heats.values():
                for deal, (results, averages) in deals.items():
                    into = pooled.setdefault(deal, ([], []))
                    into[0].extend(results)
                    into[1].extend(averages)
            slips = Slips(
                tuple(sorted(pairs)),
                tuple(DealSlip(d, tuple(r), tuple(a)) for d, (r, a) in sorted(pooled.items())),
            )
            self._last = self._scorer.score(slips)
        return self._last

    def club_figures(self, club: str) -> dict[int, PairFigures]:
        """Each pair's figures in its own heat scored alone by the method (as ``figures`` gives them)."""
        deals = self.heats[club]
        pairs = {x for results, _ in deals.values() for r in results for x in (r.ns, r.ew)}
        pairs.update(a.entrant for _, averages in deals.values() for a in averages)
        slips = Slips(
            tuple(sorted(pairs)),
            tuple(DealSlip(d, tuple(r), tuple(a)) for d, (r, a) in sorted(deals.items())),
        )
        return {
            t.entrant: PairFigures(t.total, t.total, t.plus_minus or Fraction(0), t.rank, dict(t.extra))
            for t in self._scorer.score(slips).entrants
        }

    def summary(self) -> dict[str, Fraction]:
        """The method-wide figures of the last scoring."""
        return dict(self._last.summary) if self._last is not None else {}

    def figures(self, pairs: Iterable[int]) -> dict[int, PairFigures]:
        """Each pair's total, plus/minus and rank as the method gives them."""
        scores = self.scores(pairs)
        return {
            t.entrant: PairFigures(t.total, t.total, t.plus_minus or Fraction(0), t.rank, dict(t.extra))
            for t in scores.entrants
        }

    def deal_scores(self, pairs: Iterable[int]) -> dict[int, dict[int, Fraction]]:
        """Each pair's score on each deal."""
        return {d.deal: dict(d.scores) for d in self.scores(pairs).deals}
