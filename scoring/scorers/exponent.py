"""The modified Howell or exponent system: equated gains (pp. 43-45).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 43-45):

- **gain**: a pair's score less the lowest score made the same way of the
  tables on the deal (rule 3). There is a N-S and an E-W **gain column**.
- **tables in play** (T): the tables that played the deal; "does not include
  a table where an odd pair sits bye" (rule 12).
- **equating** (rule 4): when the two gain columns add to different sums,
  every entry of the lesser column gets a fraction added: the difference of
  the sums over T. The book writes only the numerator, raised "like an
  'exponent'": ``2²`` is 2 with exponent 2, worth 2 2/4 at four tables.
  ``ExponentGain`` holds whole number, exponent and T.
- **equated gain**: the gain with its exponent; worth its gain less the
  average gain of its own column plus the same amount for everybody, hence
  "the same result as if the average of each side was taken" (p. 43).
- **tabulating sheet** (rules 5-7, 10): the equated gains by pair and deal;
  at the foot of each deal the **average equated gain** as its numerator,
  the total of the larger gain column (rule 9; the denominator is T). A
  pair's total adds its exponents and carries whole multiples of T into the
  whole numbers (rule 6). The **average total gain** is the total of the
  numerators over T (rule 10); plus/minus is against it (rule 7).
- **tests** (rules 8-10), reported in ``Scores.checks``: the two gain
  columns add to T times the highest gain; the equated gains of a deal add
  to twice its numerator; the numerators add to half the pairs' totals.
- **special cases**: averages (and adjusted scores, ``laws.py``) are entered
  before equating (rule 11); an odd pair gets 0 with exponent equal to the
  larger column's total, the deal's average, and is left out of equating and
  testing (rule 12). A revoking side held to the average (Law X, Sec. 4)
  breaks the 13 a table's scores add to, so test 8 may then fail.

When deals were played at different numbers of tables, totals are carried
over the least common multiple of the T's. This module imports nothing from
Django.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .common import AWARD_TRICKS, DealResult, LawDeal, apply_laws, build_scores, exact_sum, plain_tricks
from .exact import fraction, whole
from .explain import (
    find_deal,
    law_sentences,
    opening,
    own_score,
    seating_sentence,
    unscored,
    way_scores,
)
from .fmt import decimal, mixed, superscript
from .method import Method
from .types import DealSlip, Explanation, Scores, Slips

NAME = "exponent"
ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class ExponentGain:
    """An equated gain the book's way: a whole number and a raised numerator over T."""

    whole: Fraction
    exponent: Fraction
    tables: int

    @property
    def value(self) -> Fraction:
        """What it is worth: whole + exponent / tables."""
        return worth(self.whole, self.exponent, self.tables)

    @property
    def nests(self) -> bool:
        """Whether the notation would nest a fraction (a fractional gain or exponent): then a decimal."""
        return Fraction(self.whole).denominator != 1 or Fraction(self.exponent).denominator != 1

    def __str__(self) -> str:
        """The book's notation: "2²", "0⁴", "3"; a plain decimal where it would nest a fraction."""
        if self.nests:
            return decimal(self.value)
        raised = superscript(self.exponent) if self.exponent else ""
        return f"{mixed(self.whole)}{raised}"

    def mixed(self) -> str:
        """The value as a mixed number: "2 1/2"."""
        return mixed(self.value)

    @classmethod
    def carried(cls, gains: Iterable[ExponentGain]) -> ExponentGain:
        """Rule 6: add the exponents, carry whole multiples of T into the whole."""
        items = list(gains)
        tables = math.lcm(*(g.tables for g in items)) if items else 1
        whole = exact_sum(g.whole for g in items)
        raised = exact_sum(g.exponent * (tables // g.tables) for g in items)
        carry, rest = divmod(raised, tables)
        return cls(whole + carry, rest, tables)


def worth(gain: Fraction | int, exponent: Fraction | int, tables: int) -> Fraction:
    """gain + exponent / tables, exactly, made as one fraction (the gain itself when no exponent)."""
    if not exponent:
        return fraction(gain)
    denominator = gain.denominator * exponent.denominator * tables
    numerator = gain.numerator * exponent.denominator * tables + exponent.numerator * gain.denominator
    return Fraction(numerator, denominator)


#: The book calls the raised numerator an "exponent"; either name will do.
Exponent = ExponentGain


@dataclass(frozen=True)
class ExponentSlip:
    """One deal's slip worked out: gain columns, equating, the tests."""

    deal: int
    tables: int
    lowest_ns: Fraction
    lowest_ew: Fraction
    ns_total: Fraction
    ew_total: Fraction
    #: "N-S" or "E-W": the column that was equated; None if the sums agree.
    lesser: str | None
    #: The numerator added to each entry of the lesser column (rule 4).
    exponent: Fraction
    gains: Mapping[int, ExponentGain]
    #: Entrants given the deal's average (rule 12), left out of the tests.
    odd: tuple[int, ...]
    highest_gain: Fraction

    @property
    def numerator(self) -> Fraction:
        """The total of the larger gain column: the average gain's numerator (rule 9)."""
        return max(self.ns_total, self.ew_total)

    @property
    def average_gain(self) -> Fraction:
        """The average equated gain per pair: numerator / T."""
        return self.numerator / self.tables

    def test8(self) -> bool:
        """Rule 8: the gain columns add to T times the highest gain."""
        return self.ns_total + self.ew_total == self.tables * self.highest_gain

    def test9(self) -> bool:
        """Rule 9: the equated gains (odd pair left out) add to twice the numerator."""
        played = (g.value for e, g in self.gains.items() if e not in self.odd)
        return exact_sum(played) == 2 * self.numerator


@dataclass(frozen=True)
class ExponentSheet:
    """The tabulating sheet: the slips, the pairs' carried totals, rule 10."""

    slips: tuple[ExponentSlip, ...]
    totals: Mapping[int, ExponentGain]

    @property
    def numerators(self) -> Fraction:
        """The total of the average gains' numerators at the foot (rule 10)."""
        return sum((s.numerator for s in self.slips), ZERO)

    @property
    def average_total_gain(self) -> Fraction:
        """Rule 10: each deal's average equated gain, added up."""
        return sum((s.average_gain for s in self.slips), ZERO)

    def test10(self) -> bool:
        """Rule 10: the numerators add to half the pairs' totals, odd pair allowed for."""
        odd = exact_sum(s.gains[e].value for s in self.slips for e in s.odd)
        pairs = exact_sum(t.value for t in self.totals.values())
        return 2 * self.numerators == pairs - odd


def equate(law: LawDeal) -> ExponentSlip | None:
    """Work out one slip: gains from the lowest, the lesser column equated."""
    if law.void is not None or not law.lines:
        return None
    tables = len(law.lines)
    low_ns = min(ln.ns_score for ln in law.lines)
    low_ew = min(ln.ew_score for ln in law.lines)
    ns_gain = {ln.ns: ln.ns_score - low_ns for ln in law.lines}
    ew_gain = {ln.ew: ln.ew_score - low_ew for ln in law.lines}
    ns_total, ew_total = exact_sum(ns_gain.values()), exact_sum(ew_gain.values())
    larger, lesser = max(ns_total, ew_total), min(ns_total, ew_total)
    side = None if ns_total == ew_total else ("N-S" if ns_total < ew_total else "E-W")
    k = larger - lesser
    gains = {e: ExponentGain(g, k if side == "N-S" else ZERO, tables) for e, g in ns_gain.items()}
    gains.update({e: ExponentGain(g, k if side == "E-W" else ZERO, tables) for e, g in ew_gain.items()})
    for award in law.averages:
        gains[award.entrant] = ExponentGain(Fraction(AWARD_TRICKS[award.award]), larger, tables)
    highest = max(max(ns_gain.values()), max(ew_gain.values()))
    odd = tuple(a.entrant for a in law.averages)
    return ExponentSlip(law.deal, tables, low_ns, low_ew, ns_total, ew_total, side, k, gains, odd, highest)


def tabulate(slips: Slips) -> ExponentSheet:
    """The tabulating sheet of a session (rules 5, 6, 10)."""
    worked = [equate(apply_laws(d)) for d in slips.deals]
    done = tuple(s for s in worked if s is not None)
    by_pair: dict[int, list[ExponentGain]] = {e: [] for e in slips.entrants}
    for s in done:
        for entrant, gain in s.gains.items():
            by_pair.setdefault(entrant, []).append(gain)
    totals = {e: ExponentGain.carried(g) for e, g in by_pair.items() if e in slips.entrants}
    return ExponentSheet(done, totals)


@dataclass(slots=True)
class _Worked:
    """One deal's slip as the standings need it: the values, and the sheet's entries a total carries."""

    deal: int
    tables: int
    #: The larger column's total (rule 9): the average gain's numerator.
    numerator: Fraction | int
    scores: dict[int, Fraction]
    #: The sheet's entries, over ``tables``: entrant, gain and exponent, as three columns.
    entrants: list[int]
    gains: list[Fraction | int]
    exponents: list[Fraction | int]
    odd: tuple[int, ...]
    checks: dict[str, bool]


def _work(deal: DealSlip) -> _Worked | None:
    """A deal worked out: from its whole tricks when no law touches it, else through ``equate``."""
    tricks = plain_tricks(deal)
    if tricks is not None:
        return _work_plain(deal, tricks)
    s = equate(apply_laws(deal))
    if s is None:
        return None
    return _Worked(
        s.deal,
        s.tables,
        s.numerator,
        {e: g.value for e, g in s.gains.items()},
        list(s.gains),
        [g.whole for g in s.gains.values()],
        [g.exponent for g in s.gains.values()],
        s.odd,
        _checks(s.deal, s.test8(), s.test9()),
    )


def _work_plain(deal: DealSlip, tricks: list[int]) -> _Worked:
    """Rules 3, 4, 8, 9 and 12 in whole numbers: gains from the lowest, the lesser column equated."""
    tables, low, high, total = len(tricks), min(tricks), max(tricks), sum(tricks)
    ns_total, ew_total = total - tables * low, tables * high - total
    larger = max(ns_total, ew_total)
    k = larger - min(ns_total, ew_total)
    ns_k = k if ns_total < ew_total else 0
    ew_k = k if ew_total < ns_total else 0
    ns_worth = {t: worth(t - low, ns_k, tables) for t in set(tricks)}
    ew_worth = {t: worth(high - t, ew_k, tables) for t in set(tricks)}
    ns = [ln.ns for ln in deal.results]
    ew = [ln.ew for ln in deal.results]
    scores = dict(zip(ns, map(ns_worth.__getitem__, tricks), strict=True))
    scores.update(zip(ew, map(ew_worth.__getitem__, tricks), strict=True))
    gains: list[Fraction | int] = [t - low for t in tricks]
    gains.extend(high - t for t in tricks)
    exponents: list[Fraction | int] = [ns_k] * tables
    exponents.extend([ew_k] * tables)
    for award in deal.averages:
        scores[award.entrant] = worth(AWARD_TRICKS[award.award], larger, tables)
        ew.append(award.entrant)
        gains.append(AWARD_TRICKS[award.award])
        exponents.append(larger)
    test8 = ns_total + ew_total == tables * (high - low)
    test9 = ns_total + ew_total + k == 2 * larger
    odd = tuple(a.entrant for a in deal.averages)
    return _Worked(
        deal.deal, tables, larger, scores, ns + ew, gains, exponents, odd, _checks(deal.deal, test8, test9)
    )


def _checks(deal: int, test8: bool, test9: bool) -> dict[str, bool]:
    """Rules 8 and 9 on one deal, by name."""
    return {f"exponent test 8 on deal {deal}": test8, f"exponent test 9 on deal {deal}": test9}


@dataclass(slots=True)
class _Total:
    """A pair's running total on the sheet: its gains, and its exponents by the tables they are over."""

    gain: Fraction | int = 0
    raised: dict[int, Fraction | int] = field(default_factory=dict)

    def carried(self) -> ExponentGain:
        """Rule 6: add the exponents, carry whole multiples of T into the whole."""
        tables = math.lcm(*self.raised) if self.raised else 1
        carry, rest = divmod(sum(x * (tables // t) for t, x in self.raised.items()), tables)
        return ExponentGain(fraction(self.gain + carry), fraction(rest), tables)


def score(slips: Slips) -> Scores:
    """Score a session by equated gains; the largest total wins."""
    worked = [(d.deal, _work(d)) for d in slips.deals]
    done = [w for _, w in worked if w is not None]
    running = {e: _Total() for e in slips.entrants}
    for w in done:
        tables = w.tables
        for entrant, gain, exponent in zip(w.entrants, w.gains, w.exponents, strict=True):
            total = running.get(entrant)
            if total is not None:
                total.gain += gain
                total.raised[tables] = total.raised.get(tables, 0) + exponent
    totals = {e: t.carried() for e, t in running.items()}
    average = {w.deal: worth(0, w.numerator, w.tables) for w in done}
    results = [
        DealResult(deal, w.scores, average[deal], w.checks) if w is not None else DealResult(deal)
        for deal, w in worked
    ]
    extra = {
        e: {"whole": t.whole, "exponent": t.exponent, "tables": whole(t.tables)} for e, t in totals.items()
    }
    numerators = exact_sum(w.numerator for w in done)
    summary = {"average_total_gain": exact_sum(average.values()), "numerators": numerators}
    odd = exact_sum(w.scores[e] for w in done for e in w.odd)
    test10 = 2 * numerators == exact_sum(t.value for t in totals.values()) - odd
    return build_scores(
        NAME,
        slips,
        results,
        higher_is_better=True,
        extra=extra,
        summary=summary,
        checks={"exponent test 10": test10},
    )


def explain(slips: Slips, entrant: int, deal: int) -> Explanation:
    """The lowest score an entrant's gain was counted from, and its equating."""
    law = apply_laws(find_deal(slips, deal))
    s = equate(law)
    gain = s.gains.get(entrant) if s is not None else None
    if s is None or gain is None:
        return unscored(NAME, law, entrant)
    figures = {
        "equated gain": gain.value,
        "exponent": gain.exponent,
        "tables": Fraction(s.tables),
        "average equated gain": s.average_gain,
    }
    worth = f"0 with exponent {mixed(s.numerator)}, the larger column's total, = {gain.mixed()}"
    start = opening(
        NAME, law, entrant, gain.value, worth=lambda _: f"{worth} (rule 12, p. 44)", figures=lambda _: figures
    )
    if isinstance(start, Explanation):
        return start
    ln, side = start.line, start.side
    low = s.lowest_ns if side == "N-S" else s.lowest_ew
    sentences = [
        seating_sentence(ln, side, deal),
        *law_sentences(law, ln, side),
        f"The lowest {side} score was {mixed(low)}; your gain is "
        f"{mixed(own_score(ln, side))} - {mixed(low)} = {mixed(gain.whole)} (rule 3, p. 43).",
        f"The gain columns add to {mixed(s.ns_total)} (N-S) and {mixed(s.ew_total)} (E-W).",
        _equating_sentence(s, side),
        f"Your equated gain is {gain} = {gain.mixed()}; the average equated gain of the deal "
        f"is {_over(s.numerator, s.tables)} = {mixed(s.average_gain)} (rule 9).",
    ]
    return Explanation(NAME, entrant, deal, gain.value, tuple(sentences), figures, way_scores(law, side))


def _equating_sentence(s: ExponentSlip, side: str) -> str:
    """How (or whether) the entrant's column was equated (rule 4)."""
    if s.lesser is None:
        return "The sums are alike, so no equating is necessary (rule 4)."
    if s.lesser != side:
        return f"Your column is the larger, so the {s.lesser} column was equated instead (rule 4)."
    nested = (
        ""
        if Fraction(s.exponent).denominator == 1
        else "; a fraction is not raised, so it is written as a decimal"
    )
    return (
        f"Your column is the lesser, so each of its entries gets the difference "
        f"{mixed(s.exponent)} over the {s.tables} tables in play: exponent "
        f"{mixed(s.exponent)} (rule 4){nested}."
    )


def _over(numerator: Fraction, tables: int) -> str:
    """A numerator over the tables, "5/4"; "2 1/3 over 4" when the numerator is itself a fraction."""
    if Fraction(numerator).denominator == 1:
        return f"{numerator}/{tables}"
    return f"{mixed(numerator)} over {tables}"


METHOD = Method(
    name=NAME,
    title="Exponent (modified Howell, equated gains)",
    pages="pp. 43-45",
    kind="pairs",
    higher_is_better=True,
    has_plus_minus=True,
    scorer=score,
    explainer=explain,
    summary="Gains from the lowest score of each side, the lesser column equated.",
)
