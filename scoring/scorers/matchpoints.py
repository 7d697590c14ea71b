"""Matchpoints: the modern pairs scoring, beside the book's methods.

The book does not know matchpoints; it compares each score only with the
scores made the same way of the tables on the same deal (pp. 32, 42-46).
Matchpoints keep that comparison and count it as a modern club does:

- **matchpoints** of a pair on a deal: 2 for each pair of its own side
  (N-S or E-W) that it beat on that deal, 1 for each it tied with.
- **top**: the most a pair can get, 2 x (times played - 1), the count taken
  from the most-played tray of the session.
- **Neuberg's formula**: when a tray was played fewer times than the
  most-played tray (a fouled table, a phantom, a tray short of tables), each
  score on it is factored up: ((MP + 1) x expected / actual) - 1, in exact
  fractions, where *expected* is the most-played tray's count of results and
  *actual* is this tray's.
- **adjusted scores** (``laws.py``): average 50%, average-plus 60%,
  average-minus 40% of the top; an adjusted table is not matchpointed against
  (the tray counts one result fewer, and Neuberg factors the rest). A sit-out
  listed under averages gets 50% (the book's "average", pp. 42, 44, 46).
- **percentage**: a pair's matchpoints over the tops of the deals it was
  scored on; pairs are ranked by it, so a pair that played fewer deals is not
  behind for that. Plus/minus is matchpoints against 50% of each top.

Revokes: the trick penalty and the hold to the side's average (Law X,
Sec. 4) are applied before the scores are compared. This module imports
nothing from Django.
"""

from __future__ import annotations

import math
from collections import Counter
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
from .laws import LawLine
from .method import Method
from .types import Award, Explanation, Scores, Slips

NAME = "matchpoints"
ZERO = Fraction(0)
HUNDRED = Fraction(100)
#: An adjusted or average award as a share of the top.
AWARD_SHARE: dict[Award, Fraction] = {
    "average": Fraction(1, 2),
    "average-plus": Fraction(3, 5),
    "average-minus": Fraction(2, 5),
}


def neuberg(mp: Fraction, expected: int, actual: int) -> Fraction:
    """Neuberg's formula in 2-per-beat units: ((MP + 1) x expected / actual) - 1."""
    return (mp + 1) * expected / actual - 1


def matchpoint(scores: Sequence[Fraction]) -> list[Fraction]:
    """2 for each score beaten, 1 for each tie (oneself left out), in order."""
    # Compare whole numbers over a common denominator: exact, and fast.
    common = math.lcm(*(s.denominator for s in scores)) if scores else 1
    keys = [s.numerator * (common // s.denominator) for s in scores]
    counts = Counter(keys)
    below: dict[int, int] = {}
    seen = 0
    for key in sorted(counts):
        below[key] = seen
        seen += counts[key]
    return [Fraction(2 * below[k] + counts[k] - 1) for k in keys]


def score_deal(law: LawDeal, most: int) -> DealResult:
    """Matchpoints on one deal, factored to the most-played tray's top."""
    top = 2 * max(most - 1, 0)
    res = DealResult(law.deal, average=Fraction(top, 2))
    if law.void is not None or not law.lines:
        return res
    played = law.played
    actual = len(played)
    for side in ("ns", "ew"):
        values = [ln.ns_score if side == "ns" else ln.ew_score for ln in played]
        for ln, mp in zip(played, matchpoint(values), strict=True):
            who = ln.ns if side == "ns" else ln.ew
            res.scores[who] = neuberg(mp, most, actual) if actual < most else mp
    for ln in law.lines:
        if ln.line.adjusted is not None:
            res.scores[ln.ns] = AWARD_SHARE[ln.line.adjusted[0]] * top
            res.scores[ln.ew] = AWARD_SHARE[ln.line.adjusted[1]] * top
    for award in law.averages:
        res.scores[award.entrant] = AWARD_SHARE[award.award] * top
    return res


def most_played(laws: Sequence[LawDeal]) -> int:
    """The count of results on the most-played tray (void deals left out)."""
    return max((law.tables for law in laws if law.void is None), default=0)


def score(slips: Slips) -> Scores:
    """Score a session by matchpoints; ranked by percentage."""
    laws = [apply_laws(d) for d in slips.deals]
    most = most_played(laws)
    results = [score_deal(law, most) for law in laws]
    tops: dict[int, list[Fraction]] = {e: [] for e in slips.entrants}
    made: dict[int, list[Fraction]] = {e: [] for e in slips.entrants}
    for res in results:
        for entrant, value in res.scores.items():
            if entrant in tops:
                tops[entrant].append(2 * res.average)
                made[entrant].append(value)
    top_sum = {e: exact_sum(v) for e, v in tops.items()}
    made_sum = {e: exact_sum(v) for e, v in made.items()}
    percent = {e: HUNDRED * made_sum[e] / t if t else HUNDRED / 2 for e, t in top_sum.items()}
    extra = {e: {"percent": percent[e], "tops": top_sum[e]} for e in top_sum}
    return build_scores(
        NAME,
        slips,
        results,
        higher_is_better=True,
        rank_by=percent,
        extra=extra,
        summary={"top": Fraction(2 * max(most - 1, 0)), "most_played": Fraction(most)},
    )


def explain(slips: Slips, entrant: int, deal: int) -> Explanation:
    """Whom an entrant beat and tied on a deal, and Neuberg's factoring."""
    laws = [apply_laws(d) for d in slips.deals]
    most = most_played(laws)
    law = next(x for x in laws if x.deal == find_deal(slips, deal).deal)
    res = score_deal(law, most)
    top = 2 * res.average
    start = opening(
        NAME,
        law,
        entrant,
        res.scores.get(entrant),
        worth=lambda v: f"{mixed(v)} of a top of {mixed(top)}",
        figures=lambda v: {"matchpoints": v, "top": top},
    )
    if isinstance(start, Explanation):
        return start
    ln, side, value = start.line, start.side, start.value
    figures = {"matchpoints": value, "top": top}
    column = way_scores(law, side)
    sentences = [seating_sentence(ln, side, deal), *law_sentences(law, ln, side)]
    if ln.played:
        sentences += _count_sentences(law, ln, side, most, value, top)
    else:
        sentences.append(f"The award is worth {mixed(value)} of a top of {mixed(top)}.")
    return Explanation(NAME, entrant, deal, value, tuple(sentences), figures, column)


def _count_sentences(
    law: LawDeal, ln: LawLine, side: Side, most: int, value: Fraction, top: Fraction
) -> list[str]:
    """Beaten and tied, and the factoring when the tray was played fewer times."""
    mine = own_score(ln, side)
    others = {(x.ns if side == "N-S" else x.ew): own_score(x, side) for x in law.played if x is not ln}
    beaten = sum(1 for v in others.values() if v < mine)
    tied = sum(1 for v in others.values() if v == mine)
    raw = 2 * beaten + tied
    out = [
        f"The other {side} scores were {listing(others)}.",
        f"You beat {beaten} and tied {tied}: {raw} matchpoints.",
    ]
    actual = len(law.played)
    if actual < most:
        out.append(
            f"The tray has {actual} results, fewer than the {most} of the most-played tray, "
            f"so Neuberg's formula gives ({raw} + 1) x {most}/{actual} - 1 = {mixed(value)}."
        )
    out.append(f"That is {mixed(value)} of a top of {mixed(top)}.")
    return out


METHOD = Method(
    name=NAME,
    title="Matchpoints (modern; Neuberg for trays played fewer times)",
    pages="pp. 32, 42-46 (the comparison); modern practice",
    kind="pairs",
    higher_is_better=True,
    has_plus_minus=True,
    scorer=score,
    explainer=explain,
    summary="2 for each pair of one's side beaten on the deal, 1 for each tie.",
)
