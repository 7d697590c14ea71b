"""Trick and exponent across a simultaneous field, from the per-deal frequency tables (``field.py``).

The trick method (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 32)
and the exponent system (pp. 43-45) compare every table of the field that
played a deal; ``field_slips.py`` does it by handing one pooled traveling
slip per deal to the club's own scorers. This pool gets the very same
figures from the deal's **frequency table** (how many tables made each of
0..13 N-S tricks, as ``field_matchpoints.py`` keeps them) and the
artificial awards, in whole numbers until each pair's last step. For a deal
played at n tables whose N-S tricks add to S:

- **trick**: a N-S result of t is worth t - S/n (the average N-S score,
  p. 32), an E-W result (13 - t) - (13 - S/n); an award is worth its tricks
  (0, +1, -1; ``laws.py``).
- **exponent**: with ``low`` and ``high`` the least and most N-S tricks,
  the N-S gain column adds to S - n x low and the E-W one to n x high - S
  (rule 3); the lesser gets their difference k over n (rule 4): a N-S result
  is worth (t - low) + k_ns/n, an E-W one (high - t) + k_ew/n, an award its
  tricks with exponent the larger column's total (rules 11-12), which over
  n is also the deal's average equated gain (rule 9).

So each of a pair's scores is its own tricks (t for N-S, 13 - t for E-W)
plus a part ``w + x/n`` that depends only on the deal and the way it sat
(its **role**: N-S, E-W, or an award). A pair's total is the tricks it
made, fixed when its heat arrives, plus the parts of its roles, which are
the same for every pair that sat the same ways on the same deals (its
**signature**: every N-S pair of a Mitchell has one, every E-W pair
another). Re-scoring the field is therefore: each deal's parts from its 14
counts, each signature's sum once, then one fraction per pair. Adding a
heat costs reading its lines once and that re-scoring; no line is visited
again.

A deal played nowhere in the field (only artificial scores) scores
nobody, as on a club's slip. This module imports nothing from Django.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .common import AWARD_TRICKS, rank
from .field_matchpoints import BUCKETS, HeatColumns, PairFigures, columns
from .field_slips import AWARD_BY_PERCENT, award_for
from .field_types import FieldLine, PairKey

NS, EW = 0, 1
#: An award's role is AWARD_ROLE + its tricks: 2 average-minus, 3 average, 4 average-plus.
AWARD_ROLE = 3
#: (deal, role) for every deal a pair was scored on, sorted.
Signature = tuple[tuple[int, int], ...]
#: A pair's total, plus/minus and extras.
Figures = tuple[Fraction, Fraction, dict[str, Fraction]]


@dataclass(frozen=True, slots=True)
class DealParts:
    """One deal's parts ``w + x/n`` by role, and the numerator of its average (exponent, rule 9)."""

    tables: int
    ns: tuple[int, int]
    ew: tuple[int, int]
    award_x: int
    average: int

    def part(self, role: int) -> tuple[int, int]:
        """(w, x) for a role."""
        if role == NS:
            return self.ns
        if role == EW:
            return self.ew
        return (role - AWARD_ROLE, self.award_x)

    def values(self) -> tuple[list[Fraction], list[Fraction]]:
        """The N-S and the E-W score for each number of N-S tricks."""
        n, (w_ns, x_ns), (w_ew, x_ew) = self.tables, self.ns, self.ew
        ns = [Fraction((t + w_ns) * n + x_ns, n) for t in range(BUCKETS)]
        ew = [Fraction((13 - t + w_ew) * n + x_ew, n) for t in range(BUCKETS)]
        return ns, ew

    def award(self, role: int) -> Fraction:
        """What an award is worth on the deal."""
        w, x = self.part(role)
        return Fraction(w * self.tables + x, self.tables)


def deal_parts(method: str, table: list[int]) -> DealParts | None:
    """A deal's parts from its frequency table (None if no table played it)."""
    n = sum(table)
    if not n:
        return None
    total = sum(t * c for t, c in enumerate(table))
    if method == "trick":
        return DealParts(n, (0, -total), (-13, total), 0, 0)
    low = next(t for t, c in enumerate(table) if c)
    high = max(t for t, c in enumerate(table) if c)
    ns_total, ew_total = total - n * low, n * high - total
    larger, k = max(ns_total, ew_total), abs(ns_total - ew_total)
    ns_k = k if ns_total < ew_total else 0
    ew_k = k if ew_total < ns_total else 0
    return DealParts(n, (-low, ns_k), (high - 13, ew_k), larger, larger)


def all_parts(method: str, counts: Mapping[int, list[int]]) -> dict[int, DealParts]:
    """Each played deal's parts from its frequency table."""
    return {d: p for d, table in counts.items() if (p := deal_parts(method, table)) is not None}


@dataclass(frozen=True, slots=True)
class SignatureSum:
    """A signature's parts added up, all over ``tables`` (the least common multiple of its deals' n)."""

    w: int
    tables: int
    x: int
    average: int
    awards: int
    played: bool
    scored: frozenset[int]


def signature_sum(signature: Signature, parts: Mapping[int, DealParts]) -> SignatureSum:
    """Add a signature's parts, leaving out deals nobody played."""
    roles = [(parts[deal], role) for deal, role in signature if deal in parts]
    tables = math.lcm(*{p.tables for p, _ in roles})
    w = x = average = awards = 0
    for p, role in roles:
        dw, dx = p.part(role)
        scale = tables // p.tables
        w, x, average = w + dw, x + dx * scale, average + p.average * scale
        if role > EW:
            awards += dw
    played = any(role <= EW for _, role in roles)
    scored = frozenset(deal for deal, _ in signature if deal in parts)
    return SignatureSum(w, tables, x, average, awards, played, scored)


@dataclass(slots=True)
class HeatTricks:
    """A heat as this pool holds it: its columns, and each pair's tricks made and signature number."""

    columns: HeatColumns
    made: dict[int, int] = field(default_factory=dict)
    signature: dict[int, int] = field(default_factory=dict)


class PoolTricks:
    """Every heat pooled deal by deal as frequency tables, scored by trick or exponent."""

    def __init__(self, method: str) -> None:
        self.method = method
        self.counts: dict[int, list[int]] = {}
        self.heats: dict[str, HeatTricks] = {}
        self.signatures: list[Signature] = []
        self._numbers: dict[Signature, int] = {}

    def check(self, club: str, lines: Iterable[FieldLine]) -> None:
        """Refuse an artificial score the method gives no meaning (before anything is changed)."""
        for line in lines:
            if line.ns_tricks is None:
                award_for(self.method, club, line, line.ns_percent)
                award_for(self.method, club, line, line.ew_percent)

    def add(self, club: str, lines: Iterable[FieldLine], index: Mapping[PairKey, int]) -> None:
        """Merge a heat into the field's tables (the club must not be in the pool)."""
        self.heats[club] = heat = self._heat(columns(club, lines, index))
        _merge(self.counts, heat.columns.counts, 1)

    def _heat(self, cols: HeatColumns) -> HeatTricks:
        """Each pair's tricks made and its signature, read once from the heat's columns."""
        made: dict[int, int] = dict.fromkeys(cols.deals, 0)
        roles: dict[int, list[tuple[int, int]]] = {pair: [] for pair in cols.deals}
        for deal, (ns, ew, tricks) in cols.played.items():
            for a, b, t in zip(ns, ew, tricks, strict=True):
                made[a] += t
                made[b] += 13 - t
                roles[a].append((deal, NS))
                roles[b].append((deal, EW))
        for pair, deal, percent in cols.artificial:
            roles[pair].append((deal, AWARD_ROLE + AWARD_TRICKS[AWARD_BY_PERCENT[percent]]))
        numbers = {pair: self._number(tuple(sorted(r))) for pair, r in roles.items()}
        return HeatTricks(cols, made, numbers)

    def _number(self, signature: Signature) -> int:
        """The signature's number in this pool (one number for all pairs that share it)."""
        found = self._numbers.get(signature)
        if found is None:
            found = self._numbers[signature] = len(self.signatures)
            self.signatures.append(signature)
        return found

    def remove(self, club: str) -> None:
        """Take a heat's lines back out of the tables."""
        _merge(self.counts, self.heats.pop(club).columns.counts, -1)

    def parts(self) -> dict[int, DealParts]:
        """Each played deal's parts."""
        return all_parts(self.method, self.counts)

    def summary(self) -> dict[str, Fraction]:
        """The exponent system's average total gain and numerators (rule 10); nothing for trick."""
        if self.method == "trick":
            return {}
        parts = self.parts().values()
        return {
            "average_total_gain": sum((Fraction(p.average, p.tables) for p in parts), Fraction(0)),
            "numerators": Fraction(sum(p.average for p in parts)),
        }

    def figures(self, pairs: Iterable[int]) -> dict[int, PairFigures]:
        """Each pair's total, plus/minus, rank and extras over the whole field."""
        return self._figures(self.parts(), self.heats.values(), pairs)

    def club_figures(self, club: str) -> dict[int, PairFigures]:
        """Each pair's figures in its own heat scored alone by the method."""
        heat = self.heats[club]
        return self._figures(all_parts(self.method, heat.columns.counts), (heat,), heat.made)

    def _figures(
        self, parts: Mapping[int, DealParts], heats: Iterable[HeatTricks], pairs: Iterable[int]
    ) -> dict[int, PairFigures]:
        """Each pair's figures: its tricks made plus its signature's sum (see the module's docstring)."""
        made: dict[int, int] = {}
        numbers: dict[int, int] = {}
        for heat in heats:
            made.update(heat.made)
            numbers.update(heat.signature)
        sums: dict[int, SignatureSum] = {}
        known: dict[tuple[int, int], Figures] = {}  # pairs alike in tricks made and signature score alike
        out: dict[int, Figures] = {}
        for pair in pairs:
            key = (made.get(pair, 0), numbers.get(pair, -1))
            found = known.get(key)
            if found is None:
                s = sums.get(key[1])
                if s is None:
                    s = sums[key[1]] = signature_sum(self.signatures[key[1]] if key[1] >= 0 else (), parts)
                found = known[key] = self._pair(key[0], s)
            out[pair] = found
        same = (
            len({s.scored for s in sums.values()}) <= 1
        )  # scored on the same deals: by total, else plus/minus
        ranks = rank({p: f[0] if same else f[1] for p, f in out.items()}, higher_is_better=True)
        return {p: PairFigures(f[0], f[0], f[1], ranks[p], dict(f[2])) for p, f in out.items()}

    def _pair(self, made: int, s: SignatureSum) -> Figures:
        """(total, plus/minus, extras) of one pair."""
        base = made + s.w
        total = Fraction(base * s.tables + s.x, s.tables)
        if self.method == "trick":
            extra = {"tricks": Fraction(made), "average": made - (total - s.awards)} if s.played else {}
            return total, total, extra
        carry, rest = divmod(s.x, s.tables)
        plus_minus = Fraction(base * s.tables + s.x - s.average, s.tables)
        extra = {"whole": Fraction(base + carry), "exponent": Fraction(rest), "tables": Fraction(s.tables)}
        return total, plus_minus, extra

    def deal_scores(self, pairs: Iterable[int] = ()) -> dict[int, dict[int, Fraction]]:
        """Each pair's score on each deal (a deal nobody played: no scores)."""
        parts = self.parts()
        values = {d: p.values() for d, p in parts.items()}
        out: dict[int, dict[int, Fraction]] = {}
        for heat in self.heats.values():
            for deal, (ns, ew, tricks) in heat.columns.played.items():
                ns_value, ew_value = values[deal]
                scores = out.setdefault(deal, {})
                for a, b, t in zip(ns, ew, tricks, strict=True):
                    scores[a], scores[b] = ns_value[t], ew_value[t]
        for heat in self.heats.values():
            for pair, deal, percent in heat.columns.artificial:
                scores = out.setdefault(deal, {})
                if deal in parts:
                    role = AWARD_ROLE + AWARD_TRICKS[AWARD_BY_PERCENT[percent]]
                    scores[pair] = parts[deal].award(role)
        return dict(sorted(out.items()))


def _merge(into: dict[int, list[int]], counts: Mapping[int, list[int]], sign: int) -> None:
    """Add (or take out) a heat's frequency tables."""
    for deal, mine in counts.items():
        table = into.setdefault(deal, [0] * BUCKETS)
        for tricks, count in enumerate(mine):
            table[tricks] += sign * count
