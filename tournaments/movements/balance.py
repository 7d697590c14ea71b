"""How fair a movement is: the amount of competition between every two entrants.

Terms (from bridge's measure of movements, docs/design.md, "Sources beyond
the book"; the book's own word for the relation is *comparison*, W. H.
Barney, *Whist and Duplicate Whist*, 1900, p. 36):

- **deal**: one tray; it is played ``t`` times in the movement (at ``t``
  table-rounds).
- **amount of competition** of two pairs A and B (Manning; Moore writes it
  #same − #opposite + (t−1)·#met), summed over the deals both played: **+1**
  where they sat the same direction (their scores are compared), **−1**
  where they sat opposite directions at different tables (in effect allies),
  and **+(t−1)** where they played each other on it.
- **total**: the sum over every two pairs, tables × rounds × deals a round ×
  (t−1); the **mean** is the total over the P(P−1)/2 pairs of pairs.
- **balanced**: every two pairs have the same amount (or amounts one apart
  when the total does not divide).
- **s.d.**: the population standard deviation of the amounts.
- **Qf** (quality factor, pjms.nl's *balans*): 100 × SS_min / SS, where SS
  is the sum of the squared amounts and SS_min the least sum of squares of
  whole numbers with the same total; 100 is perfect.
- **partners** and **opponents** (individual movements): how often two
  players sat at one table the same way, and opposite ways. In a *whist
  tournament* every player partners every other once and opposes every other
  twice (the book's individual matches, pp. 47-49, aim at it).
- **fair play**: the measures a director reads beside the Qf (``fair_play``).

Nothing here imports Django.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

from whist.figures import rounded

from .types import Movement, MovementUserError

Pair = tuple[int, int]


@dataclass(frozen=True)
class Figures:
    """The summary of a set of amounts: total, mean, s.d., SS, SS_min and Qf."""

    count: int
    total: int
    ss: int
    ss_min: int

    @property
    def mean(self) -> Fraction:
        """The total shared among the pairs of entrants (exact)."""
        return Fraction(self.total, self.count) if self.count else Fraction(0)

    @property
    def sd(self) -> float:
        """The population standard deviation of the amounts."""
        if not self.count:
            return 0.0
        variance = Fraction(self.ss, self.count) - self.mean**2
        return math.sqrt(variance)

    @property
    def qf(self) -> Fraction:
        """100 × SS_min / SS: 100 when the amounts are as even as their total allows."""
        return Fraction(100 * self.ss_min, self.ss) if self.ss else Fraction(100)

    @property
    def balanced(self) -> bool:
        """Every amount the mean, or one of the two whole numbers around it."""
        return self.ss == self.ss_min

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON numbers (rounded for reading; the exact mean beside)."""
        return {
            "mean": round(float(self.mean), 4),
            "mean_exact": str(self.mean),
            "sd": round(self.sd, 4),
            "qf": round(float(self.qf), 2),
            "total": self.total,
            "ss": self.ss,
            "ss_min": self.ss_min,
        }


def least_squares(total: int, count: int) -> int:
    """The least sum of squares of ``count`` whole numbers adding up to ``total`` (SS_min)."""
    if not count:
        return 0
    q, r = divmod(total, count)
    return (count - r) * q * q + r * (q + 1) * (q + 1)


def least_repeats(total: int, count: int) -> int:
    """The least sum of C(x, 2) over ``count`` whole numbers x adding up to ``total``."""
    if not count:
        return 0
    q, r = divmod(total, count)
    return (count - r) * q * (q - 1) // 2 + r * (q + 1) * q // 2


def figures(amounts: Iterable[int]) -> Figures:
    """Sum up amounts (one for each two entrants): SS, and SS_min for the same total."""
    values = list(amounts)
    count, total = len(values), sum(values)
    if not count:
        return Figures(0, 0, 0, 0)
    return Figures(
        count=count, total=total, ss=sum(v * v for v in values), ss_min=least_squares(total, count)
    )


@dataclass(frozen=True)
class Balance:
    """A movement's balance: the amount of competition of every two entrants, and its figures."""

    entrants: tuple[int, ...]
    competition: Mapping[Pair, int]
    summary: Figures
    #: Individual movements only: partnerships and oppositions of every two players.
    partners: Mapping[Pair, int] | None = None
    opponents: Mapping[Pair, int] | None = None

    def amount(self, a: int, b: int) -> int:
        """The amount of competition of two entrants."""
        return self.competition.get((min(a, b), max(a, b)), 0)

    def matrix(self) -> list[list[int | None]]:
        """The amounts as rows and columns in entrant order (the diagonal empty)."""
        return [[None if a == b else self.amount(a, b) for b in self.entrants] for a in self.entrants]

    @property
    def whist_tournament(self) -> bool | None:
        """Individual movements: every two players partners once and opponents twice."""
        if self.partners is None or self.opponents is None:
            return None
        pairs = list(combinations(self.entrants, 2))
        return all(self.partners.get(p, 0) == 1 and self.opponents.get(p, 0) == 2 for p in pairs)

    def words(self) -> list[str]:
        """The figures as a director reads them."""
        s = self.summary
        out = [
            f"Every two {self._kind()} are compared on {_num(s.mean)} deals on average "
            f"(the amount of competition: +1 for each deal played the same way, −1 the opposite way, "
            f"and the times the deal is played less one where they meet).",
        ]
        if s.balanced:
            out.append(
                "It is balanced: every two are compared as nearly equally as the deals allow (Qf 100)."
            )
        else:
            least, most = min(self.competition.values()), max(self.competition.values())
            out.append(
                f"It is not balanced: the amounts run from {minus(least)} to {minus(most)} "
                f"(standard deviation {s.sd:.2f}; quality factor Qf {rounded(s.qf, 2)}, "
                "where 100 is perfect)."
            )
        if self.partners is not None and self.opponents is not None:
            p, o = _spread(self.partners, self.entrants), _spread(self.opponents, self.entrants)
            out.append(
                f"Each two players partner {p[0]}–{p[1]} times and oppose {o[0]}–{o[1]} times"
                + (
                    " (a whist tournament: each partners each once, opposes each twice)."
                    if self.whist_tournament
                    else "."
                )
            )
        return out

    def _kind(self) -> str:
        return "players" if self.partners is not None else "pairs"

    def to_json(self) -> dict[str, Any]:
        """The figures and the matrix: ``mean``, ``sd``, ``qf``, ``competition`` (rows as ``entrants``)."""
        out: dict[str, Any] = {**self.summary.to_json(), "balanced": self.summary.balanced}
        out["entrants"] = list(self.entrants)
        out["competition"] = self.matrix()
        if self.partners is not None and self.opponents is not None:
            out["partners"] = _square(self.partners, self.entrants)
            out["opponents"] = _square(self.opponents, self.entrants)
            out["whist_tournament"] = self.whist_tournament
        out["words"] = self.words()
        return out


def minus(value: int) -> str:
    """A whole amount as the words print it, with a true minus sign: "−1", "0", "4"."""
    return str(value).replace("-", "\u2212")


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else rounded(value, 2)


def _spread(counts: Mapping[Pair, int], entrants: Sequence[int]) -> tuple[int, int]:
    values = [counts.get(p, 0) for p in combinations(entrants, 2)] or [0]
    return min(values), max(values)


def _square(counts: Mapping[Pair, int], entrants: Sequence[int]) -> list[list[int | None]]:
    return [[None if a == b else counts.get((min(a, b), max(a, b)), 0) for b in entrants] for a in entrants]


#: One play of a deal: (entrant, direction "NS"/"EW", where: (round, table)).
DealPlay = tuple[int, str, tuple[int, int]]


def deal_plays(m: Movement) -> dict[int, list[DealPlay]]:
    """Every deal's plays: who played it, which way, at which round and table."""
    plays: dict[int, list[DealPlay]] = defaultdict(list)
    for rnd in m.rounds:
        for t in rnd.tables:
            where = (rnd.number, t.table)
            if t.seats is not None:
                sitting = [(p, "NS" if s in "NS" else "EW") for s, p in t.seats.items()]
            else:
                sitting = [(e, way) for e, way in ((t.ns, "NS"), (t.ew, "EW")) if e is not None]
            for tray in t.trays:
                plays[tray].extend((e, way, where) for e, way in sitting)
    return plays


def competition(plays: Mapping[int, Sequence[DealPlay]]) -> dict[Pair, int]:
    """The amount of competition of every two entrants who played a deal in common."""
    amounts: dict[Pair, int] = defaultdict(int)
    for deal in plays.values():
        times = len({where for _, _, where in deal})
        for (a, way_a, at_a), (b, way_b, at_b) in combinations(deal, 2):
            if a == b:
                continue
            key = (min(a, b), max(a, b))
            if at_a == at_b:
                amounts[key] += 0 if way_a == way_b else times - 1  # partners: one score, no comparison
            else:
                amounts[key] += 1 if way_a == way_b else -1
    return amounts


def _entrants(m: Movement) -> tuple[int, ...]:
    return tuple(range(1, m.entrants + 1))


def seat_counts(m: Movement) -> tuple[dict[Pair, int], dict[Pair, int]]:
    """Individual movements: how often every two players partnered, and opposed, counted in rounds."""
    partners: dict[Pair, int] = defaultdict(int)
    opponents: dict[Pair, int] = defaultdict(int)
    for rnd in m.rounds:
        for t in rnd.tables:
            if t.seats is None:
                continue
            for (s1, a), (s2, b) in combinations(t.seats.items(), 2):
                key = (min(a, b), max(a, b))
                same = (s1 in "NS") == (s2 in "NS")
                (partners if same else opponents)[key] += 1
    return partners, opponents


def balance(m: Movement) -> Balance:
    """The balance of a movement of pairs or of individual players.

    Raises ``MovementUserError`` for matches of teams, where a team is two pairs at once and the
    measure of pairs does not apply."""
    if m.entrant_kind == "team":
        raise MovementUserError("the balance is measured for pairs and for players, not for teams of four")
    entrants = _entrants(m)
    amounts = competition(deal_plays(m))
    values = [amounts.get(p, 0) for p in combinations(entrants, 2)]
    if m.entrant_kind == "player":
        partners, opponents = seat_counts(m)
        return Balance(entrants, amounts, figures(values), partners, opponents)
    return Balance(entrants, amounts, figures(values))
