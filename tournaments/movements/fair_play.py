"""How fairly a movement shares out the play: the measures a director reads beside the Qf.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900; ``balance`` for the
Qf):

- **deals** and **sit-outs**: the deals each entrant plays and the rounds it
  is at no table (the odd pair "sits out for the time being", p. 38).
- **meeting**: two pairs at one table in a round (they "play against" each
  other, p. 36); how often every two pairs meet, which meet more than once,
  and which meet in two **consecutive** rounds (a round and the next).
- **fair** (the designer's rules): every entrant sits out as often as every
  other, or once more or less; every two pairs meet as often as every other
  two, or once more or less (so no more pairs meet twice than the count of
  meetings makes them); no two pairs meet in consecutive rounds.

Nothing here imports Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .balance import Pair, least_repeats, least_squares
from .types import Movement

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
    entrants = tuple(range(1, m.entrants + 1))
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
