"""Helpers every scoring method shares: averages, plus/minus, ranking.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **side average**: the total of the scores made one way of the tables
  (N-S, or E-W) on a deal, divided by the tables in play (p. 32; pp. 44-45).
- **the average of a deal** under a method: what a pair that did not play
  is given (pp. 42, 44, 46): no gain or loss under the trick method, the
  average loss (p. 42), the average equated gain (rule 12, p. 44), a match
  score of one (p. 46), half a top in matchpoints.
- **plus/minus**: a total compared with the average, positive for the
  better (p. 42: "ascertain the average loss and compare the totals of each
  pair with this average"). Here it is summed deal by deal, each score
  against the average of its own deal, so that it stays fair when entrants
  have played different numbers of deals; when everybody is scored on every
  deal it is exactly the book's total against the average total.
- **rank**: 1 for the best; tied entrants share the higher place (1, 2, 2,
  4). The book ranks by total (the smallest total of losses wins, p. 42; the
  largest total of gains, p. 44). When the entrants were not all scored on
  the same deals a total is no fair measure, so they are ranked by
  plus/minus instead.

The laws (revokes, adjusted scores, void deals) are in ``laws.py`` and are
re-exported here. This module imports nothing from Django.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .exact import exact_sum, whole
from .laws import (
    AWARD_TRICKS,
    LawDeal,
    LawLine,
    apply_laws,
    award_score,
    exact_average,
    plain_tricks,
    revoke_penalty,
    transfer_revoke_tricks,
    void_reason,
)
from .types import DealScores, EntrantTotal, Scores, Slips

__all__ = [
    "AWARD_TRICKS",
    "DealResult",
    "LawDeal",
    "LawLine",
    "apply_laws",
    "award_score",
    "build_scores",
    "exact_average",
    "exact_sum",
    "mean",
    "plain_tricks",
    "rank",
    "revoke_penalty",
    "transfer_revoke_tricks",
    "void_reason",
    "whole",
]

ZERO = Fraction(0)


@dataclass
class DealResult:
    """One deal as a method scored it, before the standings are made up."""

    deal: int
    scores: dict[int, Fraction] = field(default_factory=dict)
    #: The average of the deal under the method (what a sit-out is given).
    average: Fraction = ZERO
    checks: dict[str, bool] = field(default_factory=dict)


def mean(values: Iterable[Fraction], empty: Fraction = ZERO) -> Fraction:
    """The exact average of some scores; ``empty`` if there are none."""
    items = list(values)
    if not items:
        return empty
    return exact_sum(items) / len(items)


def rank(keys: Mapping[int, Fraction], *, higher_is_better: bool) -> dict[int, int]:
    """Rank 1 for the best; ties share the higher place (1, 2, 2, 4).

    The keys are compared as whole numbers over their common denominator:
    exactly as the fractions compare, without a fraction comparison each time.
    """
    scale = math.lcm(*{v.denominator for v in keys.values()}) if keys else 1
    scaled = {entrant: v.numerator * (scale // v.denominator) for entrant, v in keys.items()}
    place: dict[int, int] = {}
    for index, value in enumerate(sorted(scaled.values(), reverse=higher_is_better), start=1):
        place.setdefault(value, index)
    return {entrant: place[value] for entrant, value in scaled.items()}


def build_scores(
    method: str,
    slips: Slips,
    results: Iterable[DealResult],
    *,
    higher_is_better: bool,
    rank_by: Mapping[int, Fraction] | None = None,
    extra: Mapping[int, Mapping[str, Fraction]] | None = None,
    summary: Mapping[str, Fraction] | None = None,
    checks: Mapping[str, bool] | None = None,
) -> Scores:
    """Totals, plus/minus and ranks from the deals' scores."""
    results = list(results)
    sign = 1 if higher_is_better else -1
    made: dict[int, list[Fraction]] = {e: [] for e in slips.entrants}
    scored: dict[int, list[int]] = {e: [] for e in slips.entrants}
    for index, res in enumerate(results):
        for entrant, value in res.scores.items():
            values = made.get(entrant)
            if values is not None:
                values.append(value)
                scored[entrant].append(index)
    totals = {e: exact_sum(v) for e, v in made.items()}
    plus_minus = _plus_minus(sign, totals, _averages(results, scored))
    if rank_by is not None:
        ranks = rank(rank_by, higher_is_better=higher_is_better)
    elif _same_deals(results, scored):
        ranks = rank(totals, higher_is_better=higher_is_better)
    else:
        ranks = rank(plus_minus, higher_is_better=True)
    all_checks = {name: ok for res in results for name, ok in res.checks.items()}
    all_checks.update(checks or {})
    extra = extra or {}
    return Scores(
        method=method,
        deals=tuple(DealScores(r.deal, dict(sorted(r.scores.items()))) for r in results),
        entrants=tuple(
            EntrantTotal(e, totals[e], plus_minus[e], ranks[e], dict(extra.get(e, {})))
            for e in sorted(slips.entrants, key=lambda e: (ranks[e], e))
        ),
        summary=dict(summary or {}),
        checks=all_checks,
    )


def _averages(results: list[DealResult], scored: Mapping[int, list[int]]) -> dict[int, Fraction]:
    """Each entrant's deals' averages added up (once for all who were scored on the same deals)."""
    by_deals: dict[tuple[int, ...], Fraction] = {}
    out: dict[int, Fraction] = {}
    for entrant, indices in scored.items():
        key = tuple(indices)
        found = by_deals.get(key)
        if found is None:
            found = by_deals[key] = exact_sum(results[i].average for i in key)
        out[entrant] = found
    return out


def _plus_minus(
    sign: int, totals: Mapping[int, Fraction], averages: Mapping[int, Fraction]
) -> dict[int, Fraction]:
    """sign * (total - average) for each entrant, each made as one fraction."""
    out: dict[int, Fraction] = {}
    for entrant, total in totals.items():
        average = averages[entrant]
        tn, td, an, ad = total.numerator, total.denominator, average.numerator, average.denominator
        out[entrant] = (
            whole(sign * (tn - an)) if td == ad == 1 else Fraction(sign * (tn * ad - an * td), td * ad)
        )
    return out


def _same_deals(results: list[DealResult], scored: Mapping[int, list[int]]) -> bool:
    """True when every entrant was scored on the same deals."""
    orders = {tuple(indices) for indices in scored.values()}
    if len(orders) <= 1:
        return True
    sets = [{results[i].deal for i in indices} for indices in orders]
    return all(s == sets[0] for s in sets)
