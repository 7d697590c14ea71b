"""The register of scoring methods, and the one door that serves them all.

Each method module (``trick.py``, ``howell.py``, ``exponent.py``, ...)
defines its ``Method`` (``method.py``) as a plain value; this module lists
them all, once, in ``METHODS``: nothing joins the register by being
imported. ``get_method``, ``score`` and ``explain`` serve every method.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import exponent, howell, individual, match, matchpoints, mnemonic, progressive, teams, trick
from .explain import find_deal, plain_account
from .method import Explainer, Kind, Method, Scorer
from .types import Explanation, Scores, Slips, UnknownMethodError
from .validate import check_slips

__all__ = ["METHODS", "Explainer", "Kind", "Method", "Scorer", "explain", "get_method", "register", "score"]


def register(method: Method, into: dict[str, Method] | None = None) -> Method:
    """Add a method to the register; a name may be registered once."""
    methods = METHODS if into is None else into
    if method.name in methods:
        raise RuntimeError(f"scoring method {method.name!r} registered twice")
    methods[method.name] = method
    return method


def build_register(methods: Iterable[Method]) -> dict[str, Method]:
    """The register of the given methods, in the order given (the menu's)."""
    out: dict[str, Method] = {}
    for method in methods:
        register(method, out)
    return out


#: Every method, in the menu's order: the pair methods, the individual
#: match, progressive whist, then the team methods.
METHODS: dict[str, Method] = build_register(
    (
        exponent.METHOD,
        howell.METHOD,
        individual.METHOD,
        match.METHOD,
        matchpoints.METHOD,
        trick.METHOD,
        *progressive.METHODS,
        mnemonic.METHOD,
        *teams.TEAM_METHODS,
    )
)


def get_method(name: str) -> Method:
    """The registered method of that name, or ``UnknownMethodError``."""
    try:
        return METHODS[name]
    except KeyError:
        known = ", ".join(sorted(METHODS))
        raise UnknownMethodError(f"unknown scoring method {name!r}; known: {known}") from None


def score(method: str, slips: Slips) -> Scores:
    """Score the slips by the named method (``UnknownMethodError``, ``SlipError``)."""
    return get_method(method).score(slips)


def explain(method: str, slips: Slips, entrant: int, deal: int) -> Explanation:
    """Explain ``entrant``'s score on ``deal`` under ``method``."""
    meth = get_method(method)
    check_slips(slips, kind=meth.kind)
    find_deal(slips, deal)
    if meth.explainer is not None:
        return meth.explainer(slips, entrant, deal)
    return plain_account(method, meth.score(slips), entrant, deal)
