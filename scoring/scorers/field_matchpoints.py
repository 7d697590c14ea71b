"""Matchpoints across a simultaneous field, kept as per-deal frequency tables (``field.py``).

The score of a deal at whist is the tricks N-S won, a whole number from 0
to 13, so a deal's pooled results are a frequency table of 14 counts,
already sorted: a heat is merged by adding its counts, and nothing is ever
re-sorted. From a deal's table of n results (artificial scores left out):

- N-S matchpoints plus one of a result of t tricks, EBU scale:
  ``2 x (results below t) + (results equal to t)`` (itself left out, the
  +1 put back); E-W's is ``2n - that`` (E-W's matchpoints are the top less
  N-S's). The +1 is kept because Neuberg's formula works on MP + 1.
- **Neuberg**: with N the play count of the most-played deal,
  ``MP' = (MP + 1) x N / n - 1``; the top of every deal is ``2(N - 1)``.

Re-scoring the field (``PoolMatchpoints.figures``) is the one hot place of
the engine, and it works in whole numbers: each deal's weights
``(MP + 1) x L / n`` are made once (L the least common multiple of the
play counts, a handful of values), then one pass over every line adds two
of them to its pairs' sums, and each pair gets its fractions only at the
end: ``sum MP' = (N x S - L x k) / L`` for a pair with sum S over k deals.
Adding a heat costs merging its counts and that one pass.

This module imports nothing from Django.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .common import rank
from .field_types import HUNDRED, FieldLine, PairKey

ZERO = Fraction(0)
BUCKETS = 14


@dataclass(frozen=True, slots=True)
class PairFigures:
    """What a pool works out for one pair: the ranking figure, total, plus/minus, rank, extras."""

    score: Fraction
    total: Fraction
    plus_minus: Fraction
    rank: int
    extra: Mapping[str, Fraction]


@dataclass(slots=True)
class HeatColumns:
    """A heat as the pool holds it: per deal its played lines as three columns, and its own counts."""

    played: dict[int, tuple[list[int], list[int], list[int]]] = field(default_factory=dict)
    counts: dict[int, list[int]] = field(default_factory=dict)
    #: (pair, deal, percentage) for each side given an artificial score.
    artificial: list[tuple[int, int, Fraction]] = field(default_factory=list)
    #: pair -> deals played (artificial ones not counted)
    deals: dict[int, int] = field(default_factory=dict)


class PoolMatchpoints:
    """Every heat's lines, pooled deal by deal as frequency tables of N-S tricks."""

    method = "matchpoints"

    def __init__(self) -> None:
        self.counts: dict[int, list[int]] = {}
        self.heats: dict[str, HeatColumns] = {}

    def check(self, club: str, lines: Iterable[FieldLine]) -> None:
        """Any percentage from 0 to 100 is a matchpoint score (``check_heat``): nothing more to refuse."""

    def add(self, club: str, lines: Iterable[FieldLine], index: Mapping[PairKey, int]) -> None:
        """Merge a heat's lines into the field's tables (the club must not be in the pool)."""
        self.heats[club] = heat = columns(club, lines, index)
        self._merge(heat.counts, 1)

    def remove(self, club: str) -> None:
        """Take a heat's lines back out of the tables."""
        heat = self.heats.pop(club)
        self._merge(heat.counts, -1)

    def _merge(self, counts: Mapping[int, list[int]], sign: int) -> None:
        for deal, mine in counts.items():
            table = self.counts.setdefault(deal, [0] * BUCKETS)
            for tricks, count in enumerate(mine):
                table[tricks] += sign * count

    def sizes(self) -> dict[int, int]:
        """Each deal's play count n (deals no table played left out)."""
        return {deal: n for deal, table in self.counts.items() if (n := sum(table))}

    def most_played(self) -> int:
        """N: the play count of the most-played deal."""
        return max(self.sizes().values(), default=0)

    def top(self) -> int:
        """The top of every deal after factoring: 2(N - 1)."""
        return 2 * max(self.most_played() - 1, 0)

    def summary(self) -> dict[str, Fraction]:
        """The top and N."""
        return {"top": Fraction(self.top()), "most_played": Fraction(self.most_played())}

    def figures(self, pairs: Iterable[int]) -> dict[int, PairFigures]:
        """Each pair's sum of MP', its tops and percentage, and its rank by percentage."""
        return figures(self.counts, self.heats.values(), pairs)

    def club_figures(self, club: str) -> dict[int, PairFigures]:
        """Each pair's figures in its own heat scored alone: its own tables, its own top and Neuberg."""
        heat = self.heats[club]
        return figures(heat.counts, (heat,), heat.deals)

    def deal_scores(self, pairs: Iterable[int] = ()) -> dict[int, dict[int, Fraction]]:
        """Each pair's MP' on each deal (artificial scores as their share of the top)."""
        sizes = self.sizes()
        most = max(sizes.values(), default=0)
        top = 2 * max(most - 1, 0)
        values = {d: _values(self.counts[d], n, most) for d, n in sizes.items()}
        out: dict[int, dict[int, Fraction]] = {d: {} for d in sorted(self.counts)}
        for heat in self.heats.values():
            for deal, (ns, ew, tricks) in heat.played.items():
                ns_value, ew_value = values[deal]
                scores = out[deal]
                for a, b, t in zip(ns, ew, tricks, strict=True):
                    scores[a], scores[b] = ns_value[t], ew_value[t]
            for pair, deal, percent in heat.artificial:
                out.setdefault(deal, {})[pair] = percent * top / HUNDRED
        return out


def columns(club: str, lines: Iterable[FieldLine], index: Mapping[PairKey, int]) -> HeatColumns:
    """A heat's lines as columns per deal, with its own frequency tables and each pair's deals played."""
    heat = HeatColumns()
    local: dict[str, int] = {}
    played = heat.played
    for line in lines:
        ns, ew = local.get(line.ns), local.get(line.ew)
        if ns is None:
            ns = local[line.ns] = index[(club, line.ns)]
        if ew is None:
            ew = local[line.ew] = index[(club, line.ew)]
        if line.ns_tricks is None:
            heat.artificial.append((ns, line.deal, line.ns_percent or ZERO))
            heat.artificial.append((ew, line.deal, line.ew_percent or ZERO))
            continue
        deal = played.get(line.deal)
        if deal is None:
            deal = played[line.deal] = ([], [], [])
        deal[0].append(ns)
        deal[1].append(ew)
        deal[2].append(line.ns_tricks)
    deals: Counter[int] = Counter()
    for number, (ns_column, ew_column, tricks) in played.items():
        table = heat.counts[number] = [0] * BUCKETS
        for t in tricks:
            table[t] += 1
        deals.update(ns_column)
        deals.update(ew_column)
    heat.deals = dict(deals)
    for pair, _, _ in heat.artificial:
        heat.deals.setdefault(pair, 0)
    return heat


def figures(
    counts: Mapping[int, list[int]], heats: Iterable[HeatColumns], pairs: Iterable[int]
) -> dict[int, PairFigures]:
    """The field's figures from its frequency tables and the heats' columns (see the module's docstring)."""
    heats = list(heats)
    sizes = {deal: n for deal, table in counts.items() if (n := sum(table))}
    most = max(sizes.values(), default=0)
    scale = math.lcm(*set(sizes.values())) if sizes else 1
    sums = _sums({d: _weights(counts[d], n, scale // n) for d, n in sizes.items()}, heats)
    top = 2 * max(most - 1, 0)
    played: dict[int, int] = {}
    artificial: dict[int, list[Fraction]] = {}
    for heat in heats:
        played.update(heat.deals)
        for pair, _, percent in heat.artificial:
            artificial.setdefault(pair, []).append(percent)
    out: dict[int, tuple[Fraction, Fraction, Fraction, int]] = {}
    for pair in pairs:
        deals, given = played.get(pair, 0), artificial.get(pair)
        made = most * sums[pair] - scale * deals if deals else 0  # sum of MP' x L
        tops = (deals + len(given or ())) * top
        if given:  # rare: fractions the plain way
            total = Fraction(made, scale) + sum(given, ZERO) * top / HUNDRED
            percent = HUNDRED * total / tops if tops else HUNDRED / 2
            out[pair] = (percent, total, total - Fraction(tops, 2), tops)
        else:  # each figure made once from whole numbers
            percent = Fraction(100 * made, scale * tops) if tops else HUNDRED / 2
            out[pair] = (percent, Fraction(made, scale), Fraction(2 * made - scale * tops, 2 * scale), tops)
    ranks = rank({p: f[0] for p, f in out.items()}, higher_is_better=True)
    return {
        p: PairFigures(f[0], f[1], f[2], ranks[p], {"percent": f[0], "tops": Fraction(f[3])})
        for p, f in out.items()
    }


def _sums(weights: Mapping[int, tuple[list[int], list[int]]], heats: list[HeatColumns]) -> list[int]:
    """The hot loop: each pair's sum of (MP + 1) x L / n over the deals it played, by pair number."""
    size = 1 + max((max(h.deals, default=-1) for h in heats), default=-1)
    sums = [0] * size
    for heat in heats:
        for deal, (ns, ew, tricks) in heat.played.items():
            ns_weight, ew_weight = weights[deal]
            for a, b, t in zip(ns, ew, tricks, strict=True):
                sums[a] += ns_weight[t]
                sums[b] += ew_weight[t]
    return sums


def _weights(table: list[int], n: int, factor: int) -> tuple[list[int], list[int]]:
    """(MP + 1) x factor for each number of N-S tricks, for N-S and for E-W."""
    ns, ew = [0] * BUCKETS, [0] * BUCKETS
    below = 0
    for tricks, count in enumerate(table):
        plus_one = 2 * below + count
        ns[tricks], ew[tricks] = plus_one * factor, (2 * n - plus_one) * factor
        below += count
    return ns, ew


def _values(table: list[int], n: int, most: int) -> tuple[list[Fraction], list[Fraction]]:
    """MP' for each number of N-S tricks, for N-S and for E-W: (MP + 1) x N / n - 1."""
    ns, ew = _weights(table, n, 1)
    return [Fraction(w * most, n) - 1 for w in ns], [Fraction(w * most, n) - 1 for w in ew]


def matchpoint_table(tricks: Iterable[int]) -> list[int]:
    """Each result's matchpoints (EBU scale) from a list of N-S tricks, in their order: a worked check."""
    items = list(tricks)
    table = [0] * BUCKETS
    for t in items:
        table[t] += 1
    ns, _ = _weights(table, len(items), 1)
    return [ns[t] - 1 for t in items]
