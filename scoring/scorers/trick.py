"""The trick method: each score against the average of its own side (p. 32).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 31-32):

- **side**: the pairs that sat the same way of the tables on a deal, N-S or
  E-W. Their scores are compared only with each other.
- **average** of a side: "the total of the north and south scores is
  obtained and divided by the number of tables, giving an average north and
  south score. Each north and south score is compared with this average. The
  same course is pursued with the east and west scores" (p. 32). The book
  calls this "the method usually employed".
- **trick score** of a pair on a deal: its tricks less the average of its
  side on that deal; plus is good. Summed over the deals it is the pair's
  plus/minus, which is its total here.

The book's worked example (p. 32, a five-table Mitchell of twenty deals)
compares session totals with the average of the totals and rounds that
average to a whole trick (724 / 5 = 144.8 is written 145; 576 / 5 = 115.2 is
written 115), printing +2, +2, 0, -3, -5, +4, +6, -3, -4, +1. The engine keeps
the exact figures (+2 1/5 for pair 1); ``book_rounded_results`` reproduces the
printed ones. Adjusted and average scores: see ``laws.py`` (0, +1, -1 trick).

This module imports nothing from Django.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from .common import (
    AWARD_TRICKS,
    DealResult,
    LawDeal,
    apply_laws,
    build_scores,
    exact_sum,
    plain_tricks,
    whole,
)
from .explain import (
    find_deal,
    law_sentences,
    listing,
    opening,
    own_score,
    seating_sentence,
    way_scores,
)
from .fmt import mixed, signed
from .method import Method
from .types import DealSlip, Explanation, Scores, Slips

NAME = "trick"


def score_deal(law: LawDeal) -> DealResult:
    """Each entrant's tricks less the average of its side on one deal."""
    res = DealResult(law.deal)
    if law.void is not None or not law.lines:
        return res
    for ln in law.lines:
        res.scores[ln.ns] = ln.ns_score - law.average_ns
        res.scores[ln.ew] = ln.ew_score - law.average_ew
    for award in law.averages:
        res.scores[award.entrant] = Fraction(AWARD_TRICKS[award.award])
    return res


def score(slips: Slips) -> Scores:
    """Score a session by the trick method."""
    results = []
    made: dict[int, list[Fraction | int]] = {}
    averages: dict[int, list[Fraction]] = {}
    for deal in slips.deals:
        tricks = plain_tricks(deal)
        if tricks is not None:
            results.append(_score_plain(deal, tricks, made, averages))
            continue
        law = apply_laws(deal)
        results.append(score_deal(law))
        for ln in law.lines if law.void is None else ():
            made.setdefault(ln.ns, []).append(ln.ns_score)
            averages.setdefault(ln.ns, []).append(law.average_ns)
            made.setdefault(ln.ew, []).append(ln.ew_score)
            averages.setdefault(ln.ew, []).append(law.average_ew)
    extra = {e: {"tricks": exact_sum(v), "average": exact_sum(averages[e])} for e, v in made.items()}
    return build_scores(NAME, slips, results, higher_is_better=True, extra=extra)


def _score_plain(
    deal: DealSlip,
    tricks: list[int],
    made: dict[int, list[Fraction | int]],
    averages: dict[int, list[Fraction]],
) -> DealResult:
    """A deal no law touches, from its whole tricks: one fraction per distinct score, not per pair."""
    tables, total = len(tricks), sum(tricks)
    average_ns, average_ew = Fraction(total, tables), Fraction(13 * tables - total, tables)
    ns_worth = {t: Fraction(t * tables - total, tables) for t in set(tricks)}
    ew_worth = {t: -v for t, v in ns_worth.items()}
    res = DealResult(deal.deal)
    for ln, t in zip(deal.results, tricks, strict=True):
        res.scores[ln.ns] = ns_worth[t]
        res.scores[ln.ew] = ew_worth[t]
        made.setdefault(ln.ns, []).append(t)
        averages.setdefault(ln.ns, []).append(average_ns)
        made.setdefault(ln.ew, []).append(13 - t)
        averages.setdefault(ln.ew, []).append(average_ew)
    for award in deal.averages:
        res.scores[award.entrant] = whole(AWARD_TRICKS[award.award])
    return res


def side_results(totals: Mapping[int, int]) -> dict[int, Fraction]:
    """Each pair's total against the exact average of its side's totals (p. 32)."""
    average = Fraction(sum(totals.values()), len(totals))
    return {pair: total - average for pair, total in totals.items()}


def book_average(totals: Mapping[int, int]) -> int:
    """A side's average rounded to a whole trick, as the book prints it (p. 32).

    The book rounds 144.8 to 145 and 115.2 to 115; it has no half, which is
    rounded up here.
    """
    average = Fraction(sum(totals.values()), len(totals))
    return math.floor(average + Fraction(1, 2))


def book_rounded_results(totals: Mapping[int, int]) -> dict[int, int]:
    """Each pair's total against the rounded average: the printed results of p. 32."""
    average = book_average(totals)
    return {pair: total - average for pair, total in totals.items()}


def explain(slips: Slips, entrant: int, deal: int) -> Explanation:
    """Which scores an entrant's was compared with on a deal, and the result."""
    law = apply_laws(find_deal(slips, deal))
    start = opening(
        NAME,
        law,
        entrant,
        score_deal(law).scores.get(entrant),
        worth=lambda v: f"{signed(v)} tricks",
        figures=lambda v: {"score": v},
    )
    if isinstance(start, Explanation):
        return start
    ln, side, value = start.line, start.side, start.value
    avg = law.average_ns if side == "N-S" else law.average_ew
    scores = way_scores(law, side)
    sentences = [
        seating_sentence(ln, side, deal),
        *law_sentences(law, ln, side),
        f"The {side} scores on this deal were {listing(scores)}; the average of the "
        f"tables that played is {mixed(avg)} (p. 32).",
        f"Your score is {mixed(own_score(ln, side))} less {mixed(avg)}: {signed(value)}.",
    ]
    figures = {"score": value, f"average {side}": avg, "tricks": own_score(ln, side)}
    return Explanation(NAME, entrant, deal, value, tuple(sentences), figures, scores)


METHOD = Method(
    name=NAME,
    title="Trick score (plus and minus against the average)",
    pages="pp. 31-32",
    kind="pairs",
    higher_is_better=True,
    has_plus_minus=True,
    scorer=score,
    explainer=explain,
    summary="Each score against the average of those who sat the same way on the deal.",
)
