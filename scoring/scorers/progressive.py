"""Progressive whist scoring: points and counters, and the prize list (p. 24).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 24):

- **progressive whist** is not duplicate: each table deals afresh and
  nothing is compared. A slip here carries one line per table that played
  the deal (usually one: every table of a drive plays its own deal).
- **points made** on a deal: the winners' tricks over six (the side that
  took seven or more of the thirteen wins; American whist counts no honours).
- ``points``: "It is preferable and more in accordance with the regular game
  to record the points made on each deal for the winners, scoring the losers
  as zero (0)." The total is the sum; ``plus_minus`` is the book's other way
  of keeping the card, "a column of 'gains' for the winners and ... of
  'losses' for the losers; at the conclusion, the losses are deducted from
  the winnings".
- ``counters``: "Each player starts with the same number, usually
  twenty-five; after each deal, each of the losers pays one of the winners a
  counter for each point won." A player's total is the counters in hand: 25,
  plus the points won, less the points lost; the counters of all the players
  always add up to 25 each.
- the methods serve partners changed (the First and Second Methods: lines
  name the four players by seat) and partners kept (the Third and Fourth
  Methods: lines name the N-S and E-W pairs) alike; a pair's total is what
  each of its two players holds.
- **prize list**: the highest score first. The book names no tie-break for
  progressive whist; tied players share the higher place (1, 2, 2, 4), as
  everywhere in the book's scoring, and cut for the prize (modern practice).

There is no average in a game that is not duplicate: adjusted scores are
refused, and a pair listed under ``averages`` (sitting out, p. 25) scores
nothing for that deal. A revoke moves tricks as Law X, Sec. 4 says (p. 65)
before the winners are known; nobody is held to an average.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from .common import rank, transfer_revoke_tricks
from .explain import find_deal, not_scored
from .fmt import mixed, signed
from .method import Method
from .types import DealScores, EntrantTotal, Explanation, Scores, SlipError, SlipResult, Slips

POINTS = "points"
COUNTERS = "counters"
#: Counters each player starts with, "usually twenty-five" (p. 24).
START = Fraction(25)
ZERO = Fraction(0)


@dataclass(frozen=True)
class Hand:
    """One table's play of a deal as progressive whist scores it."""

    deal: int
    line: SlipResult
    ns_tricks: int
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    points: int

    def partner(self, entrant: int) -> int | None:
        """An entrant's partner on the line, when the line names players by seat."""
        side = self.winners if entrant in self.winners else self.losers
        others = [p for p in side if p != entrant]
        return others[0] if others else None

    def opponents(self, entrant: int) -> tuple[int, ...]:
        """Who sat against the entrant."""
        return self.losers if entrant in self.winners else self.winners


#: The four seats of a table, each held by one player.
FOUR_SEATS = frozenset("NESW")


def sides(line: SlipResult) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(N-S, E-W): the four players by seat, or the two pairs."""
    if line.seats is not None:
        s = line.seats
        return (s["N"], s["S"]), (s["E"], s["W"])
    return (line.ns,), (line.ew,)


def hands(slips: Slips) -> Iterator[Hand]:
    """Every table's play of every deal that is not void, with its winners and points."""
    for deal in slips.deals:
        if deal.void:
            continue
        for index, line in enumerate(deal.results, start=1):
            if line.ns_tricks is None or line.adjusted is not None:
                raise SlipError(
                    f"deal {deal.deal}, line {index} (table {line.table}): progressive whist is "
                    "not duplicate and has no average; enter the tricks (p. 24)"
                )
            if line.seats is not None and not line.seats.keys() >= FOUR_SEATS:
                raise SlipError(
                    f"deal {deal.deal}, line {index} (table {line.table}): a seat has no player; progressive "
                    "whist is played four to a table (p. 24)"
                )
            ns_tricks, _, _ = transfer_revoke_tricks(line.ns_tricks, line.ns_revokes, line.ew_revokes)
            ns, ew = sides(line)
            won, lost = (ns, ew) if ns_tricks >= 7 else (ew, ns)
            yield Hand(deal.deal, line, ns_tricks, won, lost, abs(2 * ns_tricks - 13) // 2 + 1)


def hand_scores(hand: Hand, method: str) -> dict[int, Fraction]:
    """Each entrant's score on a hand: the points to the winners; 0, or minus them, to the losers."""
    lost = ZERO if method == POINTS else Fraction(-hand.points)
    return {**{e: Fraction(hand.points) for e in hand.winners}, **{e: lost for e in hand.losers}}


def _score(slips: Slips, method: str) -> Scores:
    """Totals, the book's plus-or-minus and ranks for ``points`` or ``counters``."""
    per_deal: dict[int, dict[int, Fraction]] = {d.deal: {} for d in slips.deals}
    gains = {e: ZERO for e in slips.entrants}
    losses = {e: ZERO for e in slips.entrants}
    for hand in hands(slips):
        per_deal[hand.deal].update(hand_scores(hand, method))
        for e in hand.winners:
            gains[e] += hand.points
        for e in hand.losers:
            losses[e] += hand.points
    start = START if method == COUNTERS else ZERO
    totals = {e: start + gains[e] - (losses[e] if method == COUNTERS else ZERO) for e in slips.entrants}
    ranks = rank(totals, higher_is_better=True)
    return Scores(
        method=method,
        deals=tuple(DealScores(d, dict(sorted(s.items()))) for d, s in per_deal.items()),
        entrants=tuple(
            EntrantTotal(
                e, totals[e], gains[e] - losses[e], ranks[e], {"gains": gains[e], "losses": losses[e]}
            )
            for e in sorted(slips.entrants, key=lambda e: (ranks[e], e))
        ),
        summary={"start": start, "counters": start * len(slips.entrants)} if method == COUNTERS else {},
    )


def score_points(slips: Slips) -> Scores:
    """The points made on each deal recorded for the winners, the losers 0 (p. 24)."""
    return _score(slips, POINTS)


def score_counters(slips: Slips) -> Scores:
    """Twenty-five counters each; the losers pay the winners a counter a point (p. 24)."""
    return _score(slips, COUNTERS)


def _explain(slips: Slips, entrant: int, deal: int, method: str) -> Explanation:
    """Where the entrant sat, who won, and what it scored."""
    find_deal(slips, deal)
    hand = next((h for h in hands(slips) if h.deal == deal and entrant in h.winners + h.losers), None)
    if hand is None:
        return not_scored(method, entrant, deal, "you did not play it (not duplicate: no average, p. 24)")
    value = hand_scores(hand, method)[entrant]
    won = entrant in hand.winners
    tricks = hand.ns_tricks if entrant in sides(hand.line)[0] else 13 - hand.ns_tricks
    sentences = [_seat_sentence(hand, entrant), _result_sentence(won, tricks, hand.points)]
    sentences.append(_worth_sentence(method, won, value))
    figures = {"points": Fraction(hand.points), "tricks": Fraction(tricks), "score": value}
    return Explanation(method, entrant, deal, value, tuple(sentences), figures)


def _seat_sentence(hand: Hand, entrant: int) -> str:
    """'On deal 7 you sat at table 3 with 12 as partner against 5 & 8.'"""
    partner = hand.partner(entrant)
    against = " & ".join(map(str, hand.opponents(entrant)))
    with_whom = f" with {partner} as partner" if partner is not None else ""
    return f"On deal {hand.deal} you sat at table {hand.line.table}{with_whom} against {against}."


def _result_sentence(won: bool, tricks: int, points: int) -> str:
    """Who won the deal and the points made."""
    if won:
        return f"Your side took {tricks} tricks, {points} over the book: it won the deal, {points} points."
    return f"Your side took {tricks} tricks; the adversaries won the deal with {points} points."


def _worth_sentence(method: str, won: bool, value: Fraction) -> str:
    """What the deal is worth under the method (p. 24)."""
    if method == POINTS:
        who = "the winners" if won else "the losers, who score 0"
        return (
            f"The points made are recorded for the winners: you were {who}, "
            f"so you score {mixed(value)} (p. 24)."
        )
    pays = "Each loser pays a winner a counter a point"
    if won:
        return f"{pays}: you receive {mixed(value)} counters (p. 24)."
    return f"{pays}: you pay {mixed(-value)} counters ({signed(value)}, p. 24)."


def explain_points(slips: Slips, entrant: int, deal: int) -> Explanation:
    """Why an entrant scored what it did on a deal under ``points``."""
    return _explain(slips, entrant, deal, POINTS)


def explain_counters(slips: Slips, entrant: int, deal: int) -> Explanation:
    """Why an entrant's counters changed as they did on a deal under ``counters``."""
    return _explain(slips, entrant, deal, COUNTERS)


METHODS: tuple[Method, ...] = (
    Method(
        name=POINTS,
        title="Progressive whist: points to the winners",
        pages="p. 24",
        kind="pairs",
        higher_is_better=True,
        has_plus_minus=True,
        scorer=score_points,
        explainer=explain_points,
        summary="The points made on each deal recorded for the winners, the losers 0.",
    ),
    Method(
        name=COUNTERS,
        title="Progressive whist: counters",
        pages="p. 24",
        kind="pairs",
        higher_is_better=True,
        has_plus_minus=True,
        scorer=score_counters,
        explainer=explain_counters,
        summary="Twenty-five counters each to start; the losers pay the winners a counter a point.",
    ),
)
