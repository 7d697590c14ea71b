"""Builders of slips for the team-method tests, and the book's schedules they use."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from scoring.scorers.types import (
    AverageAward,
    DealSlip,
    EntrantTotal,
    Scores,
    Seat,
    SlipResult,
    Slips,
)


def line(table: int, ns: int, ew: int, tricks: int | None, **kw: object) -> SlipResult:
    """One slip line: N-S entrant, E-W entrant, N-S tricks."""
    return SlipResult(table=table, ns=ns, ew=ew, ns_tricks=tricks, **kw)  # type: ignore[arg-type]


def seated(table: int, n: int, e: int, s: int, w: int, tricks: int) -> SlipResult:
    """One slip line naming the four players (ns/ew carry N and E)."""
    seats: dict[Seat, int] = {"N": n, "E": e, "S": s, "W": w}
    return SlipResult(table=table, ns=n, ew=e, ns_tricks=tricks, seats=seats)


def slips(
    entrants: Iterable[int],
    deals: Mapping[int, Sequence[SlipResult]],
    *,
    teams: Mapping[int, tuple[int, ...]] | None = None,
    averages: Mapping[int, Sequence[AverageAward]] | None = None,
) -> Slips:
    """Slips from deal number -> lines."""
    return Slips(
        entrants=tuple(entrants),
        deals=tuple(
            DealSlip(deal=d, results=tuple(lines), averages=tuple((averages or {}).get(d, ())))
            for d, lines in sorted(deals.items())
        ),
        teams=dict(teams or {}),
    )


def by_entrant(scores: Scores) -> dict[int, EntrantTotal]:
    """The standings keyed by entrant."""
    return {e.entrant: e for e in scores.entrants}


def deal_scores(scores: Scores, deal: int) -> Mapping[int, Fraction]:
    """One deal's scores."""
    return next(d.scores for d in scores.deals if d.deal == deal)


#: Progressive matches for fours, the Howell diagrams of p. 49: for the second
#: to fifth arrangements, table -> (N-S team, E-W team, deal); deals a..e = 1..5.
HOWELL_FOURS: tuple[Mapping[int, tuple[int, int, int]], ...] = (
    {1: (1, 5, 1), 2: (2, 1, 2), 3: (3, 2, 3), 4: (4, 3, 4), 5: (5, 4, 5)},
    {1: (1, 4, 3), 2: (2, 5, 4), 3: (3, 1, 5), 4: (4, 2, 1), 5: (5, 3, 2)},
    {1: (1, 3, 5), 2: (2, 4, 1), 3: (3, 5, 2), 4: (4, 1, 3), 5: (5, 2, 4)},
    {1: (1, 2, 2), 2: (2, 3, 3), 3: (3, 4, 4), 4: (4, 5, 5), 5: (5, 1, 1)},
)

#: Four-pair matches, the Table of Changes of p. 28: for each four deals, the
#: players N, S, E, W at table 1 and at table 2.
FOUR_PAIR_CHANGES: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...] = (
    (1, (1, 2, 5, 6), (3, 4, 7, 8)),
    (5, (3, 4, 5, 6), (2, 1, 8, 7)),
    (9, (5, 6, 3, 4), (1, 2, 8, 7)),
    (13, (1, 2, 3, 4), (6, 5, 7, 8)),
    (17, (3, 4, 1, 2), (5, 6, 7, 8)),
    (21, (5, 6, 1, 2), (4, 3, 8, 7)),
)

#: The Narragansett Schedule (p. 56), first and second rounds: for each
#: change, table -> (N, E, S, W, tray).
NARRAGANSETT_ROUNDS: tuple[Mapping[int, tuple[int, int, int, int, int]], ...] = (
    {1: (9, 1, 10, 2, 1), 2: (3, 12, 4, 11, 2), 3: (14, 6, 13, 5, 3), 4: (8, 15, 7, 16, 4)},
    {1: (9, 8, 10, 7, 2), 2: (6, 12, 5, 11, 1), 3: (14, 3, 13, 4, 4), 4: (1, 15, 2, 16, 3)},
    {1: (9, 5, 10, 6, 4), 2: (7, 12, 8, 11, 3), 3: (14, 2, 13, 1, 2), 4: (4, 15, 3, 16, 1)},
    {1: (9, 4, 10, 3, 3), 2: (2, 12, 1, 11, 4), 3: (14, 7, 13, 8, 1), 4: (5, 15, 6, 16, 2)},
    {1: (9, 3, 11, 1, 5), 2: (4, 12, 2, 10, 6), 3: (15, 5, 13, 7, 7), 4: (6, 14, 8, 16, 8)},
    {1: (9, 6, 11, 8, 6), 2: (5, 12, 7, 10, 5), 3: (15, 4, 13, 2, 8), 4: (3, 14, 1, 16, 7)},
    {1: (9, 7, 11, 5, 8), 2: (8, 12, 6, 10, 7), 3: (15, 1, 13, 3, 6), 4: (2, 14, 4, 16, 5)},
    {1: (9, 2, 11, 4, 7), 2: (1, 12, 3, 10, 8), 3: (15, 8, 13, 6, 5), 4: (7, 14, 5, 16, 6)},
)
