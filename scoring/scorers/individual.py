"""Individual matches: the deficiency scored against the players (pp. 27, 31).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 27, 30-31):

- **individual match**: partners change at every arrangement (Howell's table
  of changes for eight players, p. 27; twelve and sixteen players, pp.
  30-31); each slip line names the player in each seat (``seats``). The
  entrants are the players.
- **comparison**: "Compare the aggregate north and south scores at one table
  with those made at the other; score any deficiency against the players
  making it. Do the same with the east and west scores" (p. 27). The deals
  compared are those of one arrangement: deals played by the same
  partnerships, each against the same opponents (found from the seats).
- **deficiency**: the top aggregate of a side in the comparison less a
  partnership's own aggregate, charged to both its players. With twelve
  players (three tables) "the score is made up in a similar manner" (p. 30):
  against the top aggregate. On each deal the deficiency is shown against
  the partnership(s) that made the top aggregate, deal by deal, so that the
  deals of the comparison add up to it (on a single deal it is simply the
  top score less one's own).
- **winner**: "the player against whom the least tricks are scored as
  lost"; plus/minus is against the average deficiency of the deal.

Averages, adjusted scores and revokes as in ``laws.py`` (an adjusted table is
entered before the comparison). A player listed under averages is charged
the average deficiency of the deal. This module imports nothing from Django.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from fractions import Fraction

from .common import AWARD_TRICKS, DealResult, LawDeal, LawLine, apply_laws, build_scores, mean
from .explain import (
    Side,
    find_deal,
    law_sentences,
    opening,
    seating_sentence,
)
from .fmt import mixed
from .method import Method
from .types import Explanation, Scores, Slips

NAME = "individual"
Partnership = frozenset[int]
Key = frozenset[tuple[Partnership, Partnership]]


def partnerships(ln: LawLine) -> tuple[Partnership, Partnership]:
    """The N-S and the E-W partnership of a line, from its seats."""
    seats = ln.line.seats
    if seats is None:  # validate.check_slips requires seats for this method
        return frozenset((ln.ns,)), frozenset((ln.ew,))
    return frozenset((seats["N"], seats["S"])), frozenset((seats["E"], seats["W"]))


def comparison_key(law: LawDeal) -> Key:
    """Deals with the same key were played by the same partnerships, same opponents."""
    return frozenset(partnerships(ln) for ln in law.lines)


def group_deals(laws: Iterable[LawDeal]) -> list[list[LawDeal]]:
    """The comparisons: deals played by the same arrangement, in slip order."""
    groups: dict[Key, list[LawDeal]] = defaultdict(list)
    for law in laws:
        if law.void is None and law.lines:
            groups[comparison_key(law)].append(law)
    return list(groups.values())


def side_scores(law: LawDeal, side: int) -> dict[Partnership, Fraction]:
    """Each partnership's score one way of the tables (0 N-S, 1 E-W) on a deal."""
    return {partnerships(ln)[side]: (ln.ns_score, ln.ew_score)[side] for ln in law.lines}


def charge_comparison(group: Sequence[LawDeal], results: dict[int, DealResult]) -> None:
    """Charge each player the deficiency of its side's aggregate, deal by deal."""
    for side in (0, 1):
        by_deal = [side_scores(law, side) for law in group]
        aggregate = {p: sum((d[p] for d in by_deal), Fraction(0)) for p in by_deal[0]}
        top = max(aggregate.values())
        leaders = [p for p, total in aggregate.items() if total == top]
        for law, scores in zip(group, by_deal, strict=True):
            reference = mean(scores[p] for p in leaders)
            for partnership, made in scores.items():
                for player in partnership:
                    results[law.deal].scores[player] = reference - made


def score_results(slips: Slips) -> tuple[list[LawDeal], list[DealResult]]:
    """The deals after the laws and each player's deficiency on each."""
    laws = [apply_laws(d) for d in slips.deals]
    results = {law.deal: DealResult(law.deal) for law in laws}
    for group in group_deals(laws):
        charge_comparison(group, results)
    for law in laws:
        res = results[law.deal]
        if not res.scores:
            continue
        res.average = mean(res.scores.values())
        for award in law.averages:
            res.scores[award.entrant] = res.average - AWARD_TRICKS[award.award]
    return laws, [results[law.deal] for law in laws]


def score(slips: Slips) -> Scores:
    """Score an individual match; the least tricks lost wins."""
    _, results = score_results(slips)
    return build_scores(NAME, slips, results, higher_is_better=False)


def explain(slips: Slips, entrant: int, deal: int) -> Explanation:
    """The comparison a player's deficiency on a deal came from."""
    find_deal(slips, deal)
    laws, results = score_results(slips)
    law = next(x for x in laws if x.deal == deal)
    res = next(r for r in results if r.deal == deal)
    start = opening(
        NAME,
        law,
        entrant,
        res.scores.get(entrant),
        worth=lambda v: f"a deficiency of {mixed(v)}",
        figures=lambda v: {"deficiency": v, "average deficiency": res.average},
        seat=player_seat,
    )
    if isinstance(start, Explanation):
        return start
    ln, side, value = start.line, start.side, start.value
    index = 0 if side == "N-S" else 1
    partnership = partnerships(ln)[index]
    group = next(g for g in group_deals(laws) if law in g)
    sentences = [
        seating_sentence(ln, side, deal),
        *law_sentences(law, ln, side),
        *_comparison_sentences(group, index, partnership, value),
    ]
    figures = {"deficiency": value, "average deficiency": res.average}
    return Explanation(NAME, entrant, deal, value, tuple(sentences), figures)


def player_seat(law: LawDeal, player: int) -> tuple[LawLine, Side] | None:
    """The line a player sat at on the deal, and which way; None if absent."""
    for ln in law.lines:
        for index, partnership in enumerate(partnerships(ln)):
            if player in partnership:
                return ln, ("N-S" if index == 0 else "E-W")
    return None


def _comparison_sentences(
    group: Sequence[LawDeal], side: int, mine: Partnership, value: Fraction
) -> list[str]:
    """The aggregates compared and the deficiency charged (p. 27)."""
    by_deal = [side_scores(law, side) for law in group]
    aggregate = {p: sum((d[p] for d in by_deal), Fraction(0)) for p in by_deal[0]}
    way = ("north and south", "east and west")[side]
    deals = ", ".join(str(law.deal) for law in group)
    shown = "; ".join(f"{' & '.join(map(str, sorted(p)))}: {mixed(t)}" for p, t in aggregate.items())
    top = max(aggregate.values())
    return [
        f"Deals {deals} were played by the same partnerships; the aggregate {way} "
        f"scores were {shown} (p. 27).",
        f"Your side's aggregate {mixed(aggregate[mine])} is {mixed(top - aggregate[mine])} "
        f"short of the top {mixed(top)}; on this deal that comes to {mixed(value)} "
        "tricks lost against you.",
    ]


METHOD = Method(
    name=NAME,
    title="Individual match (deficiency against the players)",
    pages="pp. 27, 30-31",
    kind="individuals",
    higher_is_better=False,
    has_plus_minus=True,
    scorer=score,
    explainer=explain,
    summary="Each partnership's aggregate against the best of its side; least lost wins.",
)
