"""The prize list: the best scores first, with the book's ties.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900): tied entrants share
the higher place (1, 2, 2, 4), as the book's tabulating sheets rank them
(pp. 32, 42, 44); where a method breaks a tie (for teams, the match score
and then the trick score, p. 49) the ranks the method gave already hold it.
Progressive whist names no tie-break (p. 24): tied players share the place
and, as whist drives do today, cut for the prize. The **booby prize** (modern
practice) goes to the last place.

This module imports nothing from Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .fmt import rational
from .types import EntrantTotal, Scores


@dataclass(frozen=True)
class Prize:
    """One place of the prize list: who holds it, their score, and a note on ties."""

    place: int
    entrants: tuple[int, ...]
    total: Fraction
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        """{"place": 2, "entrants": [4, 9], "total": "31", "note": "..."}."""
        return {
            "place": self.place,
            "entrants": list(self.entrants),
            "total": rational(self.total),
            "note": self.note,
        }


def _groups(scores: Scores) -> list[list[EntrantTotal]]:
    """The standings grouped by rank, best first."""
    groups: dict[int, list[EntrantTotal]] = {}
    for t in scores.entrants:
        groups.setdefault(t.rank, []).append(t)
    return [groups[r] for r in sorted(groups)]


def _prize(group: list[EntrantTotal], note: str = "") -> Prize:
    """A place held by one entrant or shared by several."""
    if len(group) > 1 and not note:
        note = f"{len(group)} tied: they share the place and cut for the prize"
    return Prize(group[0].rank, tuple(t.entrant for t in group), group[0].total, note)


def prize_list(scores: Scores, prizes: int = 3, *, booby: bool = False) -> tuple[Prize, ...]:
    """The places that win a prize (the first ``prizes`` places), and the booby if asked."""
    groups = _groups(scores)
    out = [_prize(g) for g in groups if g[0].rank <= prizes]
    if booby and groups and groups[-1][0].rank > prizes:
        last = groups[-1]
        out.append(
            _prize(last, "booby prize" + (f"; {len(last)} tied, they cut for it" if len(last) > 1 else ""))
        )
    return tuple(out)
