"""Four-pair matches: pairs compared in groups, a double score of matches and tricks.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 27-28):

- **four-pair match**: four pairs, "the players of the first pair 1 and 2; of
  the second, 3 and 4; of the third, 5 and 6, and of the fourth, 7 and 8",
  at two tables; every deal is played at one table and replayed at the other.
- **comparison**: "The two North and South pairs (1 and 2, 3 and 4) are
  compared with each other, as are also the two East and West pairs (5 and 6,
  7 and 8)"; the Table of Changes (p. 28) keeps one comparison for eight
  deals. Here a comparison (a **match**) is each run of consecutive deals on
  which the same two pairs sit the same way at the two tables.
- **double score**: "The pairs having the higher aggregate score on this
  comparison score a match won, and also the number of tricks made by them in
  excess of those made by the pairs in comparison with them ... In case of a
  tie, each pair scores a half match." "The pair having the highest match
  score wins; in case of a tie in match scores, the pair having the higher
  trick score wins."

``four-pair`` reads the pairs from ``seats`` (N and S, E and W are partners;
pair k is players 2k - 1 and 2k unless ``Slips.teams`` maps pair -> players),
or from ``ns``/``ew`` as pair numbers when the lines carry no seats. The score
of a pair on a deal is its score less that of the pair compared with it; its
total is its match score (1 a match won, 1/2 tied), with ``extra["tricks"]``
the tricks gained in matches won and ``extra["net_tricks"]`` its net gain.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .teams_lines import (
    ResolvedDeal,
    SideOf,
    resolve_deal,
    standings,
    team_entrants,
    team_sides,
    uses_seats,
)
from .types import DealScores, Scores, SlipError, SlipResult, Slips

ZERO = Fraction(0)
HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Comparison:
    """Two pairs that sat the same way on one deal, and what each scored."""

    deal: int
    way: str
    scores: tuple[tuple[int, Fraction], tuple[int, Fraction]]

    @property
    def key(self) -> tuple[str, frozenset[int]]:
        """Which way, and which two pairs: the same key on consecutive deals is one match."""
        return self.way, frozenset(pair for pair, _ in self.scores)


def default_pairs(slips: Slips) -> dict[int, tuple[int, ...]]:
    """Pair k is players 2k - 1 and 2k (p. 27), for every player on the slips."""
    players = {p for d in slips.deals for r in d.results if r.seats for p in r.seats.values()}
    top = (max(players) + 1) // 2 if players else 0
    return {k: (2 * k - 1, 2 * k) for k in range(1, top + 1)}


def _named(result: SlipResult) -> tuple[int, int]:
    return result.ns, result.ew


def comparisons(resolved: ResolvedDeal) -> tuple[Comparison, ...]:
    """The N-S comparison and the E-W comparison of a deal played at both tables."""
    lines = resolved.lines
    if len(lines) > 2:
        raise SlipError(
            f"deal {resolved.deal}: a four-pair match plays a deal at two tables,"
            f" the slip has {len(lines)} lines"
        )
    if len(lines) < 2:
        return ()
    first, second = lines
    if len({first.ns, first.ew, second.ns, second.ew}) != 4:
        raise SlipError(f"deal {resolved.deal}: a pair holds the deal at both tables")
    return (
        Comparison(
            resolved.deal,
            "N-S",
            ((first.ns, first.ns_score), (second.ns, second.ns_score)),
        ),
        Comparison(
            resolved.deal,
            "E-W",
            ((first.ew, first.ew_score), (second.ew, second.ew_score)),
        ),
    )


def matches(found: list[Comparison]) -> list[list[Comparison]]:
    """Group each way's comparisons into runs of consecutive deals with the same pairs."""
    runs: list[list[Comparison]] = []
    for way in ("N-S", "E-W"):
        current: list[Comparison] = []
        for comparison in sorted((c for c in found if c.way == way), key=lambda c: c.deal):
            if current and current[-1].key != comparison.key:
                runs.append(current)
                current = []
            current.append(comparison)
        if current:
            runs.append(current)
    return runs


def score_four_pair(slips: Slips) -> Scores:
    """Four-pair matches (pp. 27-28): matches won, then tricks gained."""
    pairs = slips.teams or default_pairs(slips)
    side_of: SideOf = team_sides(slips, pairs) if uses_seats(slips) else _named
    found: list[Comparison] = []
    deals: list[DealScores] = []
    checks: dict[str, bool] = {}
    on_lines: set[int] = set()
    for deal in slips.deals:
        scores: dict[int, Fraction] = {}
        resolved = resolve_deal(deal, side_of)
        if resolved is not None:
            on_lines |= {p for ln in resolved.lines for p in (ln.ns, ln.ew)}
            deal_comparisons = comparisons(resolved)
            checks[f"deal {deal.deal}: played at both tables"] = bool(deal_comparisons)
            for c in deal_comparisons:
                (p, p_score), (q, q_score) = c.scores
                scores[p], scores[q] = p_score - q_score, q_score - p_score
            found.extend(deal_comparisons)
        deals.append(DealScores(deal.deal, dict(sorted(scores.items()))))
    entrants = team_entrants(slips, pairs if uses_seats(slips) else None, on_lines)
    figures = {e: {"matches_won": ZERO, "tricks": ZERO, "net_tricks": ZERO} for e in entrants}
    runs = matches(found)
    for run in runs:
        aggregate: dict[int, Fraction] = {}
        for c in run:
            for pair, score in c.scores:
                aggregate[pair] = aggregate.get(pair, ZERO) + score
        (p, p_total), (q, q_total) = sorted(aggregate.items())
        for me, mine, theirs in ((p, p_total, q_total), (q, q_total, p_total)):
            row = figures.setdefault(me, {"matches_won": ZERO, "tricks": ZERO, "net_tricks": ZERO})
            row["net_tricks"] += mine - theirs
            if mine > theirs:
                row["matches_won"] += 1
                row["tricks"] += mine - theirs
            elif mine == theirs:
                row["matches_won"] += HALF
    totals = {e: figures[e]["matches_won"] for e in entrants}
    return Scores(
        method="four-pair",
        deals=tuple(deals),
        entrants=standings(
            entrants,
            totals,
            plus_minus=None,
            extra=figures,
            rank_by={e: (totals[e], figures[e]["tricks"]) for e in entrants},
        ),
        summary={"matches": Fraction(len(runs))},
        checks=checks,
    )
