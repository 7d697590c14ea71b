"""The match system of scoring: 2, 1 or 0 against the average (pp. 45-46).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 45-46):

- **average** of a side on a deal: the total of its column divided by the
  tables in play, rounded as the book directs: "if the quotient contains a
  fraction differing from a whole number by not more than one-third, take
  the nearest whole number"; a fraction "greater than one-third and less
  than two-thirds" is recorded as one-half (``book_round``).
- **match score**: two for a pair making more than the average of its side,
  one for making the average, nothing for less. (The older form scored 1,
  1/2, 0, p. 46.) A pair that sits out is recorded as one, "the average
  score of the deal".
- **tests** (p. 46), computed and reported in ``Scores.checks``, not
  enforced: (1) the two columns add to thirteen times the tables in play;
  (2) the match scores add to the number of pairs. The editor notes that
  test 2 always holds under the rounding rule, the two rounded averages
  adding to 13 (checked: they always do, and each table's two pairs then
  score 2 + 0 or 1 + 1). What is true of test 2: it holds when "the number
  of pairs" counts the pairs scored on the deal, a sit-out's one included;
  against the pairs in play (twice the tables) each sit-out puts it one
  over, and a pair neither on the slip nor given the average one under.
  It fails when the laws break a table's 13: a revoking side held to the
  average (Law X, Sec. 4) or adjusted scores of average-plus or -minus
  (worth 2 and 0, ``laws.py``). Test 1 fails only for the revoke hold.

A revoking side is held to this rounded average (it scores 1 at most).
This module imports nothing from Django.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from .common import DealResult, LawDeal, apply_laws, build_scores, exact_sum
from .explain import (
    Side,
    find_deal,
    law_sentences,
    listing,
    opening,
    own_score,
    seating_sentence,
    way_scores,
)
from .fmt import mixed
from .laws import LawLine, exact_average
from .method import Method
from .types import Award, Explanation, Scores, Slips

NAME = "match"
ONE, TWO, ZERO = Fraction(1), Fraction(2), Fraction(0)
THIRD, HALF = Fraction(1, 3), Fraction(1, 2)
#: An adjusted or average award in match scores.
AWARD_MATCH: dict[Award, Fraction] = {"average": ONE, "average-plus": TWO, "average-minus": ZERO}


def book_round(quotient: Fraction) -> Fraction:
    """Within one-third of a whole number: that number; otherwise the half (p. 45)."""
    whole = math.floor(quotient)
    part = quotient - whole
    if part <= THIRD:
        return Fraction(whole)
    if part >= 1 - THIRD:
        return Fraction(whole + 1)
    return whole + HALF


def match_average(scores: Sequence[int]) -> Fraction:
    """A column's total over the tables in play, rounded the book's way."""
    return book_round(exact_average(scores))


def match_score(made: Fraction, average: Fraction) -> Fraction:
    """2 above the average, 1 at it, 0 below (p. 45)."""
    return TWO if made > average else ONE if made == average else ZERO


def score_deal(law: LawDeal) -> DealResult:
    """Each pair's match score on one deal, and the book's two tests."""
    res = DealResult(law.deal, average=ONE)
    if law.void is not None or not law.lines:
        return res
    for ln in law.lines:
        if ln.line.adjusted is not None:
            res.scores[ln.ns] = AWARD_MATCH[ln.line.adjusted[0]]
            res.scores[ln.ew] = AWARD_MATCH[ln.line.adjusted[1]]
        else:
            res.scores[ln.ns] = match_score(ln.ns_score, law.average_ns)
            res.scores[ln.ew] = match_score(ln.ew_score, law.average_ew)
    for award in law.averages:
        res.scores[award.entrant] = AWARD_MATCH[award.award]
    played = law.played
    columns = exact_sum(x for ln in played for x in (ln.ns_score, ln.ew_score))
    res.checks[f"match test 1 on deal {law.deal}"] = columns == 13 * len(played)
    matches = exact_sum(res.scores.values())
    res.checks[f"match test 2 on deal {law.deal}"] = matches == len(res.scores)
    return res


def prepare(slips: Slips) -> list[LawDeal]:
    """The slips after the laws, with the match system's rounded averages."""
    return [apply_laws(d, match_average) for d in slips.deals]


def score(slips: Slips) -> Scores:
    """Score a session by matches; the largest total wins."""
    results = (score_deal(law) for law in prepare(slips))
    return build_scores(NAME, slips, results, higher_is_better=True)


def explain(slips: Slips, entrant: int, deal: int) -> Explanation:
    """The rounded average an entrant's score was compared with, and the result."""
    law = apply_laws(find_deal(slips, deal), match_average)
    start = opening(
        NAME,
        law,
        entrant,
        score_deal(law).scores.get(entrant),
        worth=lambda v: f"a match score of {mixed(v)} (p. 46)",
        figures=lambda v: {"match score": v},
    )
    if isinstance(start, Explanation):
        return start
    ln, side, value = start.line, start.side, start.value
    average = law.average_ns if side == "N-S" else law.average_ew
    column = way_scores(law, side)
    made = [_before_cap(x, side) for x in law.played]
    total = sum(made, ZERO)
    sentences = [
        seating_sentence(ln, side, deal),
        *law_sentences(law, ln, side),
        f"The {side} scores were {listing(column)}.",
        f"Their total {mixed(total)} over {len(made)} tables in play is "
        f"{mixed(total / len(made)) if made else '-'}, recorded as the average "
        f"{mixed(average)} (p. 45).",
        _verdict(ln.line.adjusted is not None, own_score(ln, side), average, value),
    ]
    figures = {"match score": value, f"average {side}": average}
    return Explanation(NAME, entrant, deal, value, tuple(sentences), figures, column)


def _before_cap(ln: LawLine, side: Side) -> Fraction:
    """A side's score after the revoke transfer, before it was held to the average."""
    ns = Fraction(ln.line.ns_tricks or 0) - ln.ns_moved + ln.ew_moved
    return ns if side == "N-S" else 13 - ns


def _verdict(adjusted: bool, made: Fraction, average: Fraction, value: Fraction) -> str:
    """The sentence that gives the match score."""
    if adjusted:
        return f"An adjusted score is worth {mixed(value)} in match scores."
    word = "more than" if value == TWO else "the same as" if value == ONE else "less than"
    return f"Your {mixed(made)} is {word} the average, so your match score is {mixed(value)}."


METHOD = Method(
    name=NAME,
    title="Match (2, 1, 0 against the average)",
    pages="pp. 45-46",
    kind="pairs",
    higher_is_better=True,
    has_plus_minus=True,
    scorer=score,
    explainer=explain,
    summary="Two above the rounded average of one's side, one at it, none below.",
)
