"""Scoring Mnemonic Duplicate: each deal's original play against its overplay (pp. 25-28, 66).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **the comparison**: the same four players play each deal twice, "each
  side receiving the cards originally held by their adversaries" (p. 26), so
  "any difference in the result between the original and the duplicate play
  will indicate the relative value of the play of the respective sides"
  (p. 25). On a deal, the players who held the N-S cards on the original
  play gain their N-S tricks less the N-S tricks of the adversaries who
  held the same cards on the overplay; the others gain as much less. The E-W
  scores are "complemental" (p. 28): counting them too would count the same
  difference twice.
- **slips**: a deal's slip has two lines, each naming the four players by
  seat: table 1 is the original play, table 2 the overplay (the one table
  plays twice; the slip's "table" names the play).
- **total**: the tricks gained over the deals; ``extra["match"]`` counts 2
  for a deal gained, 1 for a deal tied, as the little matches of p. 49.
  With partners kept (pp. 25-26) a pair's two players score alike; with the
  individual record of the note on p. 26 each player's total is his own.
- **irregularities**: "In case of the discovery of an irregularity in the
  hands, there must always be a new deal" (p. 66): a line marked with any
  law that changes the score makes the deal void. A revoke moves tricks as
  Law X, Sec. 4 says, the revoking side held to the average of the two plays.

This module imports nothing from Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .common import rank
from .explain import find_deal, not_scored
from .fmt import mixed, signed
from .irregularities import IRREGULARITIES
from .laws import LawDeal, apply_laws
from .method import Method
from .types import DealScores, DealSlip, EntrantTotal, Explanation, Scores, SlipError, Slips

NAME = "mnemonic"
ZERO = Fraction(0)


@dataclass(frozen=True)
class Comparison:
    """One deal's two plays: who held the N-S cards each time, and their tricks."""

    deal: int
    first: tuple[int, int]
    second: tuple[int, int]
    first_tricks: Fraction
    second_tricks: Fraction

    @property
    def gain(self) -> Fraction:
        """What the original N-S holders gained on the deal."""
        return self.first_tricks - self.second_tricks


def _void(deal: DealSlip) -> str | None:
    """Why a deal has no comparison: void, or an irregularity at the one table (p. 66)."""
    if deal.void:
        return "the director declared the deal void"
    for ln in deal.results:
        if ln.law is not None and IRREGULARITIES[ln.law].effect != "record":
            rule = IRREGULARITIES[ln.law]
            return f"{rule.name} at the single table: there must always be a new deal (p. 66)"
    if len(deal.results) < 2:
        return "the deal has not yet been overplayed"
    return None


def check_plays(deal: DealSlip) -> None:
    """Two plays by the same four players, each holding the other side's cards the second time."""
    if _void(deal) is not None:
        return
    lines = sorted(deal.results, key=lambda ln: ln.table)
    if [ln.table for ln in lines] != [1, 2] or any(ln.seats is None for ln in lines):
        raise SlipError(
            f"deal {deal.deal}: a single table's slip has the original play (table 1) "
            "and the overplay (table 2), by seat"
        )
    a, b = (ln.seats or {} for ln in lines)
    ns_first, ns_second = {a["N"], a["S"]}, {b["N"], b["S"]}
    if set(a.values()) != set(b.values()) or ns_first & ns_second:
        raise SlipError(
            f"deal {deal.deal}: on the overplay each player holds a hand an adversary held (p. 66)"
        )


def compare(deal: DealSlip) -> Comparison | None:
    """The deal's comparison after the laws, or None when there is none."""
    if _void(deal) is not None:
        return None
    check_plays(deal)
    law: LawDeal = apply_laws(deal)
    first, second = sorted(law.lines, key=lambda ln: ln.line.table)
    holders = [(ln.line.seats or {}) for ln in (first, second)]
    return Comparison(
        deal.deal,
        (holders[0]["N"], holders[0]["S"]),
        (holders[1]["N"], holders[1]["S"]),
        first.ns_score,
        second.ns_score,
    )


def deal_scores(c: Comparison) -> dict[int, Fraction]:
    """Each player's gain on the deal."""
    return {**{p: c.gain for p in c.first}, **{p: -c.gain for p in c.second}}


def score(slips: Slips) -> Scores:
    """Tricks gained by each player over the deals, and the match count (pp. 25-28)."""
    totals = {e: ZERO for e in slips.entrants}
    matches = {e: ZERO for e in slips.entrants}
    deals = []
    for deal in slips.deals:
        c = compare(deal)
        scores = deal_scores(c) if c is not None else {}
        for p, v in scores.items():
            totals[p] += v
            matches[p] += 2 if v > 0 else 1 if v == 0 else 0
        deals.append(DealScores(deal.deal, dict(sorted(scores.items()))))
    ranks = rank(totals, higher_is_better=True)
    return Scores(
        method=NAME,
        deals=tuple(deals),
        entrants=tuple(
            EntrantTotal(e, totals[e], totals[e], ranks[e], {"match": matches[e]})
            for e in sorted(slips.entrants, key=lambda e: (ranks[e], e))
        ),
    )


def explain(slips: Slips, entrant: int, deal: int) -> Explanation:
    """Which play of the deal an entrant's was compared with, and the gain."""
    slip = find_deal(slips, deal)
    reason = _void(slip)
    c = compare(slip)
    if c is None or entrant not in c.first + c.second:
        return not_scored(NAME, entrant, deal, reason or "you did not play it")
    value = deal_scores(c)[entrant]
    held_first = entrant in c.first
    mine, theirs = (c.first, c.second) if held_first else (c.second, c.first)
    when = ("original play", "overplay") if held_first else ("overplay", "original play")
    made = (c.first_tricks, c.second_tricks) if held_first else (c.second_tricks, c.first_tricks)
    sentences = (
        f"On deal {deal} you held the N-S cards on the {when[0]} with {_and(mine, entrant)} "
        f"and took {mixed(made[0])} tricks.",
        f"On the {when[1]} {_and(theirs)} held the same cards and took {mixed(made[1])}.",
        f"The difference is your score: {signed(value)} (pp. 25-26); the E-W cards tell the same "
        "difference the other way and are not counted twice (p. 28).",
    )
    figures = {"gain": value, "tricks": made[0], "their tricks": made[1]}
    return Explanation(NAME, entrant, deal, value, sentences, figures, {p: made[1] for p in theirs})


def _and(players: tuple[int, int], me: int | None = None) -> str:
    """'your partner 3', or '2 & 4'."""
    if me is not None:
        return f"your partner {next(p for p in players if p != me)}"
    return " & ".join(map(str, players))


METHOD = Method(
    name=NAME,
    title="Mnemonic Duplicate: the original play against the overplay",
    pages="pp. 25-28, 66",
    kind="single-table",
    higher_is_better=True,
    has_plus_minus=True,
    scorer=score,
    explainer=explain,
    summary="Four players at one table; each deal's N-S tricks on the original play against "
    "those of the adversaries holding the same cards on the overplay.",
)
