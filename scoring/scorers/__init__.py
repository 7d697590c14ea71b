"""Scoring: the methods of W. H. Barney, *Whist and Duplicate Whist* (1900).

A pure Python package (no Django). Traveling slips in (``Slips``), exact
scores out (``Scores``); every number a ``fractions.Fraction``.

- ``score(method, slips)``: score a session by a registered method:
  ``trick`` (p. 32), ``howell`` (original Howell losses, p. 42),
  ``exponent`` (pp. 43-45), ``match`` (pp. 45-46), ``matchpoints``
  (modern), ``individual`` (pp. 27, 31), and the team methods
  (``teams.py``) when present.
- ``METHODS``: name -> ``Method`` (title, pages, kind, direction, plus/minus).
- ``register(method)``: add a method at run time (the book's are listed
  once, in ``registry.METHODS``).
- ``slips_from_json`` / ``scores_to_json``: the docs/design.md contracts.
- ``explain(method, slips, entrant, deal)``: why a score is what it is.
- ``render_sheet(scores, slips)``: the tabulating sheet as text.
"""

from __future__ import annotations

from .exponent import ExponentGain, ExponentSheet, ExponentSlip
from .jsonio import scores_from_json, scores_to_json, slips_from_json, slips_to_json
from .prizes import Prize, prize_list
from .registry import METHODS, Method, explain, get_method, register, score
from .render import render_sheet
from .types import (
    AverageAward,
    Award,
    DealScores,
    DealSlip,
    EntrantTotal,
    Explanation,
    Scores,
    ScoringError,
    SlipError,
    SlipResult,
    Slips,
    UnknownMethodError,
)

__all__ = [
    "METHODS",
    "AverageAward",
    "Award",
    "DealScores",
    "DealSlip",
    "EntrantTotal",
    "Explanation",
    "ExponentGain",
    "ExponentSheet",
    "ExponentSlip",
    "Method",
    "Prize",
    "Scores",
    "ScoringError",
    "SlipError",
    "SlipResult",
    "Slips",
    "UnknownMethodError",
    "explain",
    "get_method",
    "prize_list",
    "register",
    "render_sheet",
    "score",
    "scores_from_json",
    "scores_to_json",
    "slips_from_json",
    "slips_to_json",
]
