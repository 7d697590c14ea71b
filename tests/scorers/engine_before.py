"""The engine's hot paths as they were written before their fast paths, kept to check against.

Each function here is the earlier, plain version of one the engine now
does faster: adding fractions, ranking, making up the standings, the
exponent and trick methods, checking a slip, writing the scores JSON. The
property tests in ``test_fast_paths.py`` score random sessions both ways
and ask for exactly the same results.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from fractions import Fraction
from typing import Any
from unittest import mock

from scoring import scorers
from scoring.scorers import common, trick, validate
from scoring.scorers.common import DealResult, apply_laws
from scoring.scorers.exponent import ExponentGain, ExponentSlip, equate
from scoring.scorers.types import AWARDS, DealScores, DealSlip, EntrantTotal, Scores, SlipError, Slips
from scoring.scorers.validate import _check_line, _known_entrants, _mark, _sides, line_label

ZERO = Fraction(0)


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """The exact sum of many fractions, fast: numerators added by denominator first."""
    by_denominator: dict[int, int] = {}
    for v in values:
        d = v.denominator
        by_denominator[d] = by_denominator.get(d, 0) + v.numerator
    return sum((Fraction(n, d) for d, n in by_denominator.items()), ZERO)


def rank(keys: Mapping[int, Fraction], *, higher_is_better: bool) -> dict[int, int]:
    """Rank 1 for the best; ties share the higher place (1, 2, 2, 4)."""
    order = sorted(keys.values(), reverse=higher_is_better)
    place: dict[Fraction, int] = {}
    for index, value in enumerate(order, start=1):
        place.setdefault(value, index)
    return {entrant: place[value] for entrant, value in keys.items()}


def build_scores(
    method: str,
    slips: Slips,
    results: Iterable[DealResult],
    *,
    higher_is_better: bool,
    rank_by: Mapping[int, Fraction] | None = None,
    extra: Mapping[int, Mapping[str, Fraction]] | None = None,
    summary: Mapping[str, Fraction] | None = None,
    checks: Mapping[str, bool] | None = None,
) -> Scores:
    """Totals, plus/minus and ranks from the deals' scores."""
    results = list(results)
    sign = 1 if higher_is_better else -1
    made: dict[int, list[Fraction]] = {e: [] for e in slips.entrants}
    averages: dict[int, list[Fraction]] = {e: [] for e in slips.entrants}
    played: dict[int, set[int]] = {e: set() for e in slips.entrants}
    for res in results:
        for entrant, value in res.scores.items():
            if entrant in made:
                made[entrant].append(value)
                averages[entrant].append(res.average)
                played[entrant].add(res.deal)
    totals = {e: exact_sum(v) for e, v in made.items()}
    plus_minus = {e: sign * (totals[e] - exact_sum(averages[e])) for e in made}
    if rank_by is not None:
        ranks = rank(rank_by, higher_is_better=higher_is_better)
    elif _same_deals(played):
        ranks = rank(totals, higher_is_better=higher_is_better)
    else:
        ranks = rank(plus_minus, higher_is_better=True)
    all_checks = {name: ok for res in results for name, ok in res.checks.items()}
    all_checks.update(checks or {})
    extra = extra or {}
    return Scores(
        method=method,
        deals=tuple(DealScores(r.deal, dict(sorted(r.scores.items()))) for r in results),
        entrants=tuple(
            EntrantTotal(e, totals[e], plus_minus[e], ranks[e], dict(extra.get(e, {})))
            for e in sorted(slips.entrants, key=lambda e: (ranks[e], e))
        ),
        summary=dict(summary or {}),
        checks=all_checks,
    )


def _same_deals(played: Mapping[int, set[int]]) -> bool:
    """True when every entrant was scored on the same deals."""
    sets = list(played.values())
    return all(s == sets[0] for s in sets)


def gain_value(gain: ExponentGain) -> Fraction:
    """What an equated gain is worth: whole + exponent / tables."""
    return gain.whole + gain.exponent / gain.tables


def carried(gains: Iterable[ExponentGain]) -> ExponentGain:
    """Rule 6: add the exponents, carry whole multiples of T into the whole."""
    items = list(gains)
    tables = 1
    for g in items:
        tables = tables * g.tables // _gcd(tables, g.tables)
    whole = exact_sum(g.whole for g in items)
    raised = exact_sum(g.exponent * (tables // g.tables) for g in items)
    carry, rest = divmod(raised, tables)
    return ExponentGain(whole + carry, rest, tables)


def _gcd(a: int, b: int) -> int:
    """The greatest common divisor."""
    while b:
        a, b = b, a % b
    return a


def exponent_score(slips: Slips) -> Scores:
    """Score a session by equated gains, through the tabulating sheet."""
    worked = [equate(apply_laws(d)) for d in slips.deals]
    done = tuple(s for s in worked if s is not None)
    by_pair: dict[int, list[ExponentGain]] = {e: [] for e in slips.entrants}
    for s in done:
        for entrant, gain in s.gains.items():
            by_pair.setdefault(entrant, []).append(gain)
    totals = {e: carried(g) for e, g in by_pair.items() if e in slips.entrants}
    by_deal = {s.deal: s for s in done}
    results = [
        _deal_result(by_deal[d.deal]) if d.deal in by_deal else DealResult(d.deal) for d in slips.deals
    ]
    extra = {
        e: {"whole": t.whole, "exponent": t.exponent, "tables": Fraction(t.tables)} for e, t in totals.items()
    }
    numerators = sum((s.numerator for s in done), ZERO)
    average_total_gain = sum((s.numerator / s.tables for s in done), ZERO)
    odd = exact_sum(gain_value(s.gains[e]) for s in done for e in s.odd)
    pairs = exact_sum(gain_value(t) for t in totals.values())
    summary = {"average_total_gain": average_total_gain, "numerators": numerators}
    checks = {"exponent test 10": 2 * numerators == pairs - odd}
    return build_scores(
        "exponent", slips, results, higher_is_better=True, extra=extra, summary=summary, checks=checks
    )


def _deal_result(s: ExponentSlip) -> DealResult:
    """A worked slip as the standings need it."""
    played = (gain_value(g) for e, g in s.gains.items() if e not in s.odd)
    checks = {
        f"exponent test 8 on deal {s.deal}": s.ns_total + s.ew_total == s.tables * s.highest_gain,
        f"exponent test 9 on deal {s.deal}": exact_sum(played) == 2 * s.numerator,
    }
    values = {e: gain_value(g) for e, g in s.gains.items()}
    return DealResult(s.deal, values, s.numerator / s.tables, checks)


def trick_score(slips: Slips) -> Scores:
    """Score a session by the trick method."""
    laws = [apply_laws(d) for d in slips.deals]
    tricks: dict[int, dict[str, Fraction]] = {}
    for law in laws:
        for ln in law.lines if law.void is None else ():
            for who, made, avg in (
                (ln.ns, ln.ns_score, law.average_ns),
                (ln.ew, ln.ew_score, law.average_ew),
            ):
                row = tricks.setdefault(who, {"tricks": Fraction(0), "average": Fraction(0)})
                row["tricks"] += made
                row["average"] += avg
    results = (trick.score_deal(law) for law in laws)
    return build_scores("trick", slips, results, higher_is_better=True, extra=tricks)


def check_slips(slips: Slips, *, kind: str | None = None) -> None:
    """Raise ``SlipError`` for the first impossible thing in the slips."""
    if len(set(slips.entrants)) != len(slips.entrants):
        raise SlipError("an entrant is listed twice under entrants")
    known = _known_entrants(slips)
    seen: set[int] = set()
    validate._check_declared(slips.declared_trump)
    for deal in slips.deals:
        if deal.deal in seen:
            raise SlipError(f"deal {deal.deal} has two slips")
        seen.add(deal.deal)
        validate._check_trump(deal, slips.declared_trump)
        _check_deal(deal, known, kind, bool(slips.teams))


def _check_deal(deal: DealSlip, known: Collection[int], kind: str | None, named: bool) -> None:
    """Check one slip: each line, then who appears on it more than once."""
    tables: set[int] = set()
    once = kind in ("pairs", "individuals") or (kind == "teams" and named)
    ns_seen: set[int] = set()
    ew_seen: set[int] = set()
    for index, line in enumerate(deal.results, start=1):
        where = line_label(deal.deal, index, line)
        if kind == "single-table":
            ns_seen, ew_seen = set(), set()
        if line.table in tables:
            raise SlipError(f"{where}: table {line.table} appears twice on the slip")
        tables.add(line.table)
        _check_line(where, line, known, kind)
        strict = once or line.seats is not None
        if strict or kind is None:
            ns_side, ew_side = _sides(line)
            for who in ns_side:
                _mark(where, who, ns_seen, ew_seen if strict else set())
            for who in ew_side:
                _mark(where, who, ew_seen, ns_seen if strict else set())
    on_lines = ns_seen | ew_seen
    for index, award in enumerate(deal.averages, start=1):
        where = f"deal {deal.deal}, averages entry {index}"
        if award.award not in AWARDS:
            raise SlipError(f"{where}: unknown award {award.award!r}")
        if award.entrant not in known:
            raise SlipError(f"{where}: {award.entrant} is not an entrant")
        if award.entrant in on_lines and (once or kind is None):
            raise SlipError(f"{where}: {award.entrant} played the deal and takes an average")
        on_lines.add(award.entrant)


def rational(value: Fraction | int) -> str:
    """The JSON form: "7", "-3", "5/4"."""
    return str(Fraction(value))


def scores_to_json(scores: Scores) -> dict[str, Any]:
    """The scores JSON: exact rationals as strings, ranks as integers."""
    out: dict[str, Any] = {
        "method": scores.method,
        "deals": [
            {"deal": d.deal, "scores": {str(e): rational(v) for e, v in d.scores.items()}}
            for d in scores.deals
        ],
        "entrants": [_entrant_json(t) for t in scores.entrants],
    }
    if scores.summary:
        out["summary"] = {k: rational(v) for k, v in scores.summary.items()}
    if scores.checks:
        out["checks"] = dict(scores.checks)
    return out


def _entrant_json(t: EntrantTotal) -> dict[str, Any]:
    """One standings line."""
    row: dict[str, Any] = {
        "entrant": t.entrant,
        "total": rational(t.total),
        "plus_minus": None if t.plus_minus is None else rational(t.plus_minus),
        "rank": t.rank,
    }
    if t.extra:
        row["extra"] = {k: rational(v) for k, v in t.extra.items()}
    return row


@contextmanager
def engine_before() -> Iterator[None]:
    """Score as before: every method's module sees the earlier sum, ranking, standings and checks."""
    now = {
        "exact_sum": common.exact_sum,
        "rank": common.rank,
        "build_scores": common.build_scores,
        "check_slips": validate.check_slips,
    }
    replaced = {
        "exact_sum": exact_sum,
        "rank": rank,
        "build_scores": build_scores,
        "check_slips": check_slips,
    }
    with ExitStack() as stack:
        for module in _scorer_modules():
            for name, before in replaced.items():
                if getattr(module, name, None) is now[name]:
                    stack.enter_context(mock.patch.object(module, name, before))
        stack.enter_context(mock.patch.dict(scorers.METHODS))
        scorers.METHODS["exponent"] = _with(scorers.METHODS["exponent"], exponent_score)
        scorers.METHODS["trick"] = _with(scorers.METHODS["trick"], trick_score)
        yield


def _with(method: Any, scorer: Any) -> Any:
    """The same method with another scorer."""
    return replace(method, scorer=scorer)


def _scorer_modules() -> list[Any]:
    """Every module of the engine package that is loaded."""
    return [
        m for name, m in list(sys.modules.items()) if name.startswith("scoring.scorers") and m is not None
    ]
