"""How fair a movement is: the amount of competition between every two entrants.

Terms (from bridge's measure of movements, ``reference/balance.md``; the
book's own word for the relation is *comparison*, W. H. Barney, *Whist and
Duplicate Whist*, 1900, p. 36):

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
- **fair play** (``fair_play``), the measures a director reads beside the Qf:
  the deals each entrant plays and the rounds it sits out (the odd pair "sits
  out for the time being", p. 38), and for pairs how often two pairs **meet**
  (play at one table, p. 36), which pairs meet more than once, and which meet
  in two **consecutive** rounds (a round and the next).

Nothing here imports Django.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

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
                f"It is not balanced: the amounts run from {least} to {most} "
                f"(standard deviation {s.sd:.2f}; quality factor Qf {float(s.qf):.2f}, where 100 is perfect)."
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


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


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


# --- fair play: deals, sit-outs, meetings --------------------------------------------------------


#: Two pairs meeting in a round and the next: (pair, pair, the first of the two rounds).
Consecutive = tuple[int, int, int]


@dataclass(frozen=True)
class FairPlay:
    """How evenly a movement shares out the play: each entrant's deals and sit-outs; for pairs, who meets
    whom, how often, and who meets in consecutive rounds."""

    entrants: tuple[int, ...]
    deals: Mapping[int, int]
    sitouts: Mapping[int, int]
    #: Pairs only (None for players and teams): the times every two pairs met, counted in rounds.
    meetings: Mapping[Pair, int] | None = None
    consecutive: tuple[Consecutive, ...] = ()
    #: The fewest pairs of pairs that must meet more than once, for this many meetings among them.
    fewest_twice: int = 0

    @property
    def twice(self) -> tuple[Pair, ...]:
        """The pairs of pairs that meet more than once, in order."""
        return tuple(sorted(p for p, n in (self.meetings or {}).items() if n > 1))

    @property
    def even_sitouts(self) -> bool:
        """Every entrant sits out as often as every other, or once more or less."""
        least, most = _least_most(self.sitouts.values())
        return most - least <= 1

    @property
    def meetings_spread(self) -> tuple[int, int]:
        """The least and most times two pairs meet (pairs that never meet count 0)."""
        met = self.meetings or {}
        return _least_most(met.get(p, 0) for p in combinations(self.entrants, 2))

    @property
    def even_meetings(self) -> bool:
        """Every two pairs meet as often as every other two, or once more or less (so no more pairs meet
        twice than must, ``fewest_twice``)."""
        least, most = self.meetings_spread
        return most - least <= 1

    @property
    def fair(self) -> bool:
        """Sit-outs even, meetings even, and no two pairs meeting in consecutive rounds."""
        return self.even_sitouts and (self.meetings is None or (self.even_meetings and not self.consecutive))

    def unfairness(self) -> tuple[int, int, int]:
        """The designer's measures of unfairness, each 0 when fair: the sum of the squares of the sit-outs
        above the least for their total; the meetings in consecutive rounds; the sum over every two pairs
        of C(times met, 2) above the least for the meetings' total."""
        sits = [self.sitouts[e] for e in self.entrants]
        uneven = sum(n * n for n in sits) - least_squares(sum(sits), len(sits))
        if self.meetings is None:
            return uneven, 0, 0
        met = [self.meetings.get(p, 0) for p in combinations(self.entrants, 2)]
        repeats = sum(n * (n - 1) // 2 for n in met) - least_repeats(sum(met), len(met))
        return uneven, len(self.consecutive), repeats

    def words(self) -> list[str]:
        """The measures as a director reads them."""
        kind = "pair" if self.meetings is not None else "player"
        deals, sits = _least_most(self.deals.values()), _least_most(self.sitouts.values())
        even = " (as evenly as the rounds allow)." if self.even_sitouts else ": not evenly."
        sitting = "never sits out" if sits == (0, 0) else f"sits out {_times_span(sits)}"
        out = [f"Each {kind} plays {_span(deals)} deals and {sitting}{even}"]
        if self.meetings is None:
            return out
        out.append(self._meeting_words())
        if not self.consecutive:
            out.append("No two pairs meet in consecutive rounds.")
        else:
            shown = "; ".join(f"{a} and {b} in rounds {r} and {r + 1}" for a, b, r in self.consecutive[:8])
            more = "; …" if len(self.consecutive) > 8 else ""
            out.append(f"Pairs meet in consecutive rounds: {shown}{more}.")
        return out

    def _meeting_words(self) -> str:
        least, most = self.meetings_spread
        if most <= 1:
            return "No two pairs meet twice" + ("; every two meet once." if least else ".")
        if least == most:
            return f"Every two pairs meet {_times_span((least, least))}."
        twice = self.twice
        shown = ", ".join(f"{a} and {b}" for a, b in twice[:12]) + (", …" if len(twice) > 12 else "")
        need = f"by the count of meetings alone {self.fewest_twice} need"
        fewest = (
            "no fewer can, for so many rounds"
            if self.even_meetings
            else f"{need}; each two meet {least} to {most} times"
        )
        return f"{len(twice)} pairs of pairs meet more than once ({shown}): {fewest}."

    def to_json(self) -> dict[str, Any]:
        """The measures as JSON: per entrant (``deals``, ``sitouts``), and for pairs ``twice`` and
        ``consecutive``, with their spreads and ``fair``."""
        out: dict[str, Any] = {
            "deals": {str(e): self.deals[e] for e in self.entrants},
            "sitouts": {str(e): self.sitouts[e] for e in self.entrants},
            "deals_spread": list(_least_most(self.deals.values())),
            "sitouts_spread": list(_least_most(self.sitouts.values())),
            "even_sitouts": self.even_sitouts,
        }
        if self.meetings is not None:
            out["twice"] = [[a, b, self.meetings[(a, b)]] for a, b in self.twice]
            out["fewest_twice"] = self.fewest_twice
            out["meetings_spread"] = list(self.meetings_spread)
            out["consecutive"] = [list(c) for c in self.consecutive]
        out["fair"] = self.fair
        out["words"] = self.words()
        return out


def _least_most(values: Iterable[int]) -> tuple[int, int]:
    found = list(values) or [0]
    return min(found), max(found)


def _span(spread: tuple[int, int]) -> str:
    return str(spread[0]) if spread[0] == spread[1] else f"{spread[0]} to {spread[1]}"


def _times_span(spread: tuple[int, int]) -> str:
    """ "never", "once", "once or never", "2 or 3 times"."""
    said = {0: "never", 1: "once", 2: "twice"}
    low, high = (said.get(n, f"{n} times") for n in spread)
    return low if spread[0] == spread[1] else f"{high} or {low}"


def fewest_twice(meetings: int, entrants: int) -> int:
    """The fewest pairs of pairs meeting more than once when ``meetings`` are shared as evenly as can be."""
    count = entrants * (entrants - 1) // 2
    if not count or meetings <= count:
        return 0
    return count if meetings >= 2 * count else meetings - count


def fair_play(m: Movement) -> FairPlay:
    """Each entrant's deals and sit-outs (a round in which it is at no table); for pairs, the meetings."""
    entrants = _entrants(m)
    deals: Counter[int] = Counter()
    sitouts: Counter[int] = Counter()
    for rnd in m.rounds:
        seated: set[int] = set()
        for t in rnd.tables:
            who = list(t.seats.values()) if t.seats is not None else [e for e in (t.ns, t.ew) if e]
            seated.update(who)
            deals.update({e: len(t.trays) for e in who})
        sitouts.update(e for e in entrants if e not in seated)
    counts = {e: deals[e] for e in entrants}, {e: sitouts[e] for e in entrants}
    if m.entrant_kind != "pair":
        return FairPlay(entrants, *counts)
    met = [{(min(t.ns, t.ew), max(t.ns, t.ew)) for t in r.tables if t.ns and t.ew} for r in m.rounds]
    meetings = Counter(p for games in met for p in games)
    consecutive = tuple(
        (a, b, m.rounds[i].number) for i in range(len(met) - 1) for a, b in sorted(met[i] & met[i + 1])
    )
    least = fewest_twice(sum(meetings.values()), len(entrants))
    return FairPlay(entrants, *counts, dict(meetings), consecutive, least)
