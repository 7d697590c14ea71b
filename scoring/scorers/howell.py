"""The original Howell system of scoring: losses from the top score (p. 42).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 42):

- **top score**: the most tricks made on the deal by a pair sitting one way
  of the tables; N-S and E-W each have their own ("top scores: 8 (N. & S.),
  7 (E. & W.)" on the specimen slip).
- **loss**: "the variation of their score from the top score", i.e. the top
  score of the pair's side less its own score; never negative.
- **tabulating sheet**: each pair's losses on all the deals. "The pair having
  the smallest total of losses is the winner of the match."
- **average loss**: the average of all the losses on a deal, both sides
  together. A pair that sits out "should be recorded as '1' ... since this is
  the average loss on the deal" of the specimen slip (losses 0, 1, 2, 2, 0,
  2, 0, 1). Plus/minus: "ascertain the average loss and compare the totals
  of each pair with this average"; here a smaller loss is plus.
- **gains above the lowest**: the book allows these instead of losses; "the
  result is in substance the same, and is identical if a plus and minus
  score is worked out" (``gains_plus_minus`` shows it: each table's scores
  make 13, so both sides' top less lowest is the same).

Averages, adjusted scores and revokes: see ``laws.py``; a table's adjusted
score is entered before the top is found, as rule 11 (p. 44) directs for
averages. This module imports nothing from Django.
"""

from __future__ import annotations

from fractions import Fraction

from .common import AWARD_TRICKS, DealResult, LawDeal, apply_laws, build_scores, mean
from .explain import (
    find_deal,
    law_sentences,
    listing,
    opening,
    own_score,
    seating_sentence,
    way_scores,
)
from .fmt import mixed
from .method import Method
from .types import Explanation, Scores, Slips

NAME = "howell"


def score_deal(law: LawDeal) -> DealResult:
    """Each pair's loss from the top score of its side; sit-outs the average loss."""
    res = DealResult(law.deal)
    if law.void is not None or not law.lines:
        return res
    top_ns = max(ln.ns_score for ln in law.lines)
    top_ew = max(ln.ew_score for ln in law.lines)
    for ln in law.lines:
        res.scores[ln.ns] = top_ns - ln.ns_score
        res.scores[ln.ew] = top_ew - ln.ew_score
    res.average = mean(res.scores.values())
    for award in law.averages:
        res.scores[award.entrant] = res.average - AWARD_TRICKS[award.award]
    return res


def score(slips: Slips) -> Scores:
    """Score a session by losses from the top; the smallest total wins."""
    results = (score_deal(apply_laws(d)) for d in slips.deals)
    return build_scores(NAME, slips, results, higher_is_better=False)


def gain_deal(law: LawDeal) -> DealResult:
    """Each pair's gain above the lowest score of its side (p. 42, last paragraph)."""
    res = DealResult(law.deal)
    if law.void is not None or not law.lines:
        return res
    low_ns = min(ln.ns_score for ln in law.lines)
    low_ew = min(ln.ew_score for ln in law.lines)
    for ln in law.lines:
        res.scores[ln.ns] = ln.ns_score - low_ns
        res.scores[ln.ew] = ln.ew_score - low_ew
    res.average = mean(res.scores.values())
    for award in law.averages:
        res.scores[award.entrant] = res.average + AWARD_TRICKS[award.award]
    return res


def gains_plus_minus(slips: Slips) -> dict[int, Fraction | None]:
    """Plus/minus worked from gains above the lowest instead of losses (p. 42)."""
    results = (gain_deal(apply_laws(d)) for d in slips.deals)
    scores = build_scores("howell-gains", slips, results, higher_is_better=True)
    return {t.entrant: t.plus_minus for t in scores.entrants}


def explain(slips: Slips, entrant: int, deal: int) -> Explanation:
    """The top score an entrant's was measured from, and its loss."""
    law = apply_laws(find_deal(slips, deal))
    res = score_deal(law)
    start = opening(
        NAME,
        law,
        entrant,
        res.scores.get(entrant),
        worth=lambda v: f"a loss of {mixed(v)} (p. 42)",
        figures=lambda v: {"loss": v, "average loss": res.average},
    )
    if isinstance(start, Explanation):
        return start
    ln, side, value = start.line, start.side, start.value
    figures = {"loss": value, "average loss": res.average}
    scores = way_scores(law, side)
    top = max(scores.values())
    sentences = [
        seating_sentence(ln, side, deal),
        *law_sentences(law, ln, side),
        f"The {side} scores on this deal were {listing(scores)}; the top score is {mixed(top)}.",
        f"Your loss is the top score less yours: {mixed(top)} - "
        f"{mixed(own_score(ln, side))} = {mixed(value)} (p. 42).",
        f"The average loss on the deal is {mixed(res.average)}.",
    ]
    figures[f"top {side}"] = top
    return Explanation(NAME, entrant, deal, value, tuple(sentences), figures, scores)


METHOD = Method(
    name=NAME,
    title="Original Howell (losses from the top score)",
    pages="p. 42",
    kind="pairs",
    higher_is_better=False,
    has_plus_minus=True,
    scorer=score,
    explainer=explain,
    summary="Each pair's loss from the top score of its side; the smallest total wins.",
)
