"""The register of scoring methods, and the one door that serves them all.

Each method module (``trick.py``, ``howell.py``, ``exponent.py``, ...)
defines its ``Method`` (``method.py``) as a plain value; this module lists
them all, once, in ``METHODS`` (a ``whist.registry.Register``): nothing
joins the register by being imported. ``get_method``, ``score`` and
``explain`` serve every method.

This module imports nothing from Django.
"""

from __future__ import annotations

from whist.registry import Register

from . import exponent, howell, individual, match, matchpoints, mnemonic, progressive, teams, trick
from .explain import find_deal, plain_account
from .method import Explainer, Kind, Method, Scorer
from .types import Explanation, Scores, Slips, UnknownMethodError
from .validate import check_slips

__all__ = ["METHODS", "Explainer", "Kind", "Method", "Scorer", "explain", "get_method", "register", "score"]


#: Every method, in the menu's order: the pair methods, the individual
#: match, progressive whist, then the team methods.
METHODS: Register[Method] = Register(
    "scoring method",
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
    ),
    unknown=UnknownMethodError,
)


def register(method: Method) -> Method:
    """Add a method at run time; a name may be registered once (``RuntimeError`` on a twin)."""
    return METHODS.add(method)


def get_method(name: str) -> Method:
    """The registered method of that name, or ``UnknownMethodError``."""
    return METHODS.named(name)


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
