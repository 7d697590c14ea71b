"""What a scoring method is: one system of the book, as the director picks it.

A method (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 24, 27,
31-32, 42-49) names the book's pages it follows, what it ranks (pairs, teams
or individual players), whether a larger total is better (the original
Howell losses are not, p. 42) and whether it gives a plus/minus against the
average. Each method module defines its ``Method`` as a plain value;
``registry.py`` is the one place that lists them all.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .types import Explanation, Scores, Slips
from .validate import check_slips

#: What a method ranks: pairs, teams, or individual players; ``single-table``
#: ranks the players of one table who play every deal twice (p. 26).
Kind = Literal["pairs", "teams", "individuals", "single-table"]
Scorer = Callable[[Slips], Scores]
Explainer = Callable[[Slips, int, int], Explanation]


@dataclass(frozen=True)
class Method:
    """One scoring system, as the director picks it."""

    name: str
    title: str
    pages: str
    kind: Kind
    higher_is_better: bool
    has_plus_minus: bool
    scorer: Scorer
    #: ``explainer(slips, entrant, deal)``; None falls back to a plain account.
    explainer: Explainer | None = None
    summary: str = ""

    def score(self, slips: Slips) -> Scores:
        """Check the slips (``SlipError`` naming deal and line), then score them."""
        check_slips(slips, kind=self.kind)
        return self.scorer(slips)
