"""The register of scoring methods: one ``Method`` per system of the book.

Each method module (``trick.py``, ``howell.py``, ``exponent.py``, ...) builds
a ``Method`` and calls ``register``; ``score`` and ``METHODS`` in the package
serve them all. A method names the book's pages it follows (pp. 27, 31-32,
42-46), what it ranks (pairs, teams or individual players), whether a larger
total is better (the original Howell losses are not, p. 42) and whether it
gives a plus/minus against the average.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .types import Explanation, Scores, Slips, UnknownMethodError
from .validate import check_slips

#: What a method ranks: pairs, teams, or individual players.
Kind = Literal["pairs", "teams", "individuals"]
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


METHODS: dict[str, Method] = {}


def register(method: Method) -> Method:
    """Add a method to the register; a name may be registered once."""
    if method.name in METHODS:
        raise RuntimeError(f"scoring method {method.name!r} registered twice")
    METHODS[method.name] = method
    return method


def get_method(name: str) -> Method:
    """The registered method of that name, or ``UnknownMethodError``."""
    try:
        return METHODS[name]
    except KeyError:
        known = ", ".join(sorted(METHODS))
        raise UnknownMethodError(f"unknown scoring method {name!r}; known: {known}") from None
