"""Exact arithmetic, fast: whole numbers shared as fractions, sums added by denominator.

Every score is a ``fractions.Fraction``; these helpers only avoid making
the same fraction again and again and adding many of them one by one.

This module imports nothing from Django.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

#: Whole numbers as fractions, made once: a ``Fraction`` never changes, so one may be shared.
_WHOLES: dict[int, Fraction] = {}
_WHOLES_KEPT = 4096


def whole(n: int) -> Fraction:
    """The whole number ``n`` as a ``Fraction``, shared for small numbers (no new object each time)."""
    found = _WHOLES.get(n)
    if found is None:
        found = Fraction(n)
        if -_WHOLES_KEPT <= n <= _WHOLES_KEPT:
            _WHOLES[n] = found
    return found


def exact_sum(values: Iterable[Fraction | int]) -> Fraction:
    """The exact sum of many fractions, fast: numerators added by denominator, one division at the end."""
    whole_part = 0
    by_denominator: dict[int, int] = {}
    for v in values:
        n, d = v.as_integer_ratio()
        if d == 1:
            whole_part += n
        else:
            by_denominator[d] = by_denominator.get(d, 0) + n
    if not by_denominator:
        return whole(whole_part)
    common = math.lcm(*by_denominator)
    numerator = whole_part * common + sum(n * (common // d) for d, n in by_denominator.items())
    return Fraction(numerator, common)


def fraction(value: Fraction | int) -> Fraction:
    """A whole number or a fraction, as a ``Fraction``."""
    return value if isinstance(value, Fraction) else whole(value)
