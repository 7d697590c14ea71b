"""Why is my score this? An entrant's score on one deal, told in sentences.

For the "why is my score this" page: which scores the entrant's was compared
with (the scores made the same way of the tables on that deal, pp. 32, 42,
45), the figures of the working (top score, lowest score, average, exponent),
and what the laws did first (revoke penalty, Law X Sec. 4; an adjusted or
average score, Law IV Secs. 9-10; a void deal). Each method module supplies
its own explainer (``registry.explain`` dispatches to it); this module holds
the pieces they share, first of all the ``opening`` of every account.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .fmt import mixed
from .irregularities import IRREGULARITIES
from .laws import LawDeal, LawLine
from .types import DealSlip, Explanation, Scores, SlipError, Slips

Side = Literal["N-S", "E-W"]


@dataclass(frozen=True)
class Seated:
    """Where an entrant sat on a deal and its score: the rest of its account follows."""

    line: LawLine
    side: Side
    value: Fraction


SeatFinder = Callable[[LawDeal, int], tuple[LawLine, Side] | None]


def _no_figures(value: Fraction) -> dict[str, Fraction]:
    """No figures beyond the score."""
    return {}


def opening(
    method: str,
    law: LawDeal,
    entrant: int,
    value: Fraction | None,
    *,
    worth: Callable[[Fraction], str] = mixed,
    figures: Callable[[Fraction], Mapping[str, Fraction]] = _no_figures,
    seat: SeatFinder | None = None,
) -> Explanation | Seated:
    """The opening every account shares: a void deal, no score, a sit-out, or the seat.

    A finished ``Explanation`` for an entrant that has no score on the deal
    (a void deal, Law IV Secs. 9-10; not on the slip) or that took the
    average without playing (pp. 42, 44, 46), where ``worth`` words the
    average; otherwise where the entrant sat, for the method to go on.
    """
    if law.void is not None or value is None:
        return unscored(method, law, entrant)
    found = (seat or seat_of)(law, entrant)
    if found is None:
        text = sat_out_sentence(law, entrant, worth(value)) or ""
        return Explanation(method, entrant, law.deal, value, (text,), dict(figures(value)))
    return Seated(found[0], found[1], value)


def unscored(method: str, law: LawDeal, entrant: int) -> Explanation:
    """An entrant with no score on a deal: void, or neither played nor averaged."""
    why = law.void or "you neither played it nor were given an average"
    return not_scored(method, entrant, law.deal, why)


def plain_account(method: str, scores: Scores, entrant: int, deal: int) -> Explanation:
    """A method without its own explainer: just the score it gave."""
    for ds in scores.deals:
        if ds.deal == deal and entrant in ds.scores:
            value = ds.scores[entrant]
            text = f"Under the {method} method your score on deal {deal} is {mixed(value)}."
            return Explanation(method, entrant, deal, value, (text,))
    return not_scored(method, entrant, deal, "you have no score on it")


def find_deal(slips: Slips, deal: int) -> DealSlip:
    """The slip of a deal, or ``SlipError``."""
    for ds in slips.deals:
        if ds.deal == deal:
            return ds
    raise SlipError(f"there is no slip for deal {deal}")


def not_scored(method: str, entrant: int, deal: int, why: str) -> Explanation:
    """An entrant with no score on the deal, and why."""
    return Explanation(method, entrant, deal, None, (f"Deal {deal} is not scored for you: {why}.",))


def seat_of(law: LawDeal, entrant: int) -> tuple[LawLine, Side] | None:
    """The line an entrant sat at on the deal, and which way; None if absent."""
    for ln in law.lines:
        if ln.ns == entrant:
            return ln, "N-S"
        if ln.ew == entrant:
            return ln, "E-W"
    return None


def way_scores(law: LawDeal, side: Side) -> dict[int, Fraction]:
    """The scores made one way of the tables on the deal, by entrant."""
    if side == "N-S":
        return {ln.ns: ln.ns_score for ln in law.lines}
    return {ln.ew: ln.ew_score for ln in law.lines}


def own_score(ln: LawLine, side: Side) -> Fraction:
    """A side's score on its line."""
    return ln.ns_score if side == "N-S" else ln.ew_score


def listing(scores: Mapping[int, Fraction]) -> str:
    """'8 (1), 6 (3), 6 (4)': scores with their entrants."""
    return ", ".join(f"{mixed(v)} ({e})" for e, v in scores.items())


def seating_sentence(ln: LawLine, side: Side, deal: int) -> str:
    """Where the entrant sat and what it made."""
    other = opponents(ln, side)
    if not ln.played:
        return f"On deal {deal} your table ({ln.line.table}) was given an adjusted score."
    return (
        f"On deal {deal} you sat {side} at table {ln.line.table} against {other} "
        f"and your side's score was {mixed(own_score(ln, side))}."
    )


def opponents(ln: LawLine, side: Side) -> str:
    """Who sat against a side: an entrant, or two players when seats are given."""
    seats = ln.line.seats
    if seats is None:
        return str(ln.ew if side == "N-S" else ln.ns)
    if side == "N-S":
        return f"{seats['E']} & {seats['W']}"
    return f"{seats['N']} & {seats['S']}"


def law_sentences(law: LawDeal, ln: LawLine, side: Side) -> list[str]:
    """What the laws did to the line before it was compared."""
    out: list[str] = []
    line = ln.line
    if line.law is not None:
        out.append(law_applied(law, ln, side))
    elif line.adjusted is not None:
        award = line.adjusted[0 if side == "N-S" else 1]
        avg = law.average_ns if side == "N-S" else law.average_ew
        out.append(
            f"The director awarded your side {award}, entered as {mixed(own_score(ln, side))} "
            f"tricks (the {side} average {mixed(avg)}, rule 11, p. 44)."
        )
    moved = {"N-S": (ln.ns_moved, ln.ew_moved), "E-W": (ln.ew_moved, ln.ns_moved)}[side]
    if moved[0]:
        out.append(f"Your side's revokes moved {moved[0]} tricks to the adversaries (Law X, Sec. 4).")
    if moved[1]:
        out.append(f"The adversaries' revokes moved {moved[1]} tricks to your side (Law X, Sec. 4).")
    if (ln.ns_capped, ln.ew_capped)[0 if side == "N-S" else 1]:
        out.append("A revoking side can score no more than the average, so you were held to it.")
    return out


def law_applied(law: LawDeal, ln: LawLine, side: Side) -> str:
    """The law the director applied at the entrant's table, by name, and what it did."""
    rule = IRREGULARITIES[ln.line.law or ""]
    if rule.effect == "record":
        return f"At your table the director applied {rule.name} (p. {rule.page}); the score stands."
    avg = law.average_ns if side == "N-S" else law.average_ew
    return (
        f"At your table the director applied {rule.name} (p. {rule.page}): your table takes the "
        f"average score for the deal, entered as {mixed(own_score(ln, side))} tricks "
        f"(the {side} average {mixed(avg)}, rule 11, p. 44)."
    )


def sat_out_sentence(law: LawDeal, entrant: int, worth: str) -> str | None:
    """The sentence for an entrant listed under averages, or None."""
    for award in law.averages:
        if award.entrant == entrant:
            return (
                f"You did not play deal {law.deal} ({award.reason}) and take "
                f"the {award.award} of the deal: {worth}."
            )
    return None
