"""Individual scores within teams of four (p. 49).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 49): "It is quite
usual to play a tournament of this kind in three rounds, requiring a change
of partners for each round, so as to show the team work of the competing
fours. In such case, if a trick score has been kept as above, it is possible
to give an individual score for each member of each team." The trick score
"as above" compares "the scores made by each pair with that made by the
other pairs seated the same way of the tables": the trick method (p. 32) of
the pairs. A member's individual score is the sum of the trick scores of the
pairs he sat in, one a round.

A **round** here is one part of the tournament with its own partnerships: its
slips name pairs in ``ns``/``ew``, and ``players`` maps each pair to its two
players. The team's trick score counts each of its pairs once; its members'
scores add up to twice it, every trick being made by two partners.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .common import rank
from .trick import METHOD as TRICK
from .types import EntrantTotal, SlipError, Slips


@dataclass(frozen=True)
class MemberRound:
    """One round of a tournament for fours: its pair slips and who formed each pair."""

    slips: Slips
    players: Mapping[int, tuple[int, int]]


def member_scores(rounds: Sequence[MemberRound]) -> tuple[EntrantTotal, ...]:
    """Each player's individual score: his pairs' trick scores over the rounds (p. 49)."""
    totals: dict[int, Fraction] = {}
    for number, rnd in enumerate(rounds, start=1):
        missing = set(rnd.slips.entrants) - set(rnd.players)
        if missing:
            raise SlipError(f"round {number}: pair(s) {sorted(missing)} have no players")
        for line in TRICK.score(rnd.slips).entrants:
            for player in rnd.players[line.entrant]:
                totals[player] = totals.get(player, Fraction(0)) + line.total
    ranks = rank(totals, higher_is_better=True)
    return tuple(
        EntrantTotal(p, totals[p], totals[p], ranks[p]) for p in sorted(totals, key=lambda p: (ranks[p], p))
    )
