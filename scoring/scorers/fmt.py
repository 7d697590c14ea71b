"""Writing exact scores the book's way: mixed numbers and exponents.

The book writes fractions of a trick as mixed numbers ("6¾", p. 46) and the
exponent system's equating numerators as small raised figures ("2²", p. 45);
in plain text these are "6 3/4" and "2²". Where the notation would nest a
fraction in an exponent (an average entered before equating, rule 11, can
make the gain or its exponent fractional) the figure is a plain decimal
("52.42"), never "52 1/3^(1/3)". The JSON contracts use the bare rational
("27/4", see ``jsonio.py``). The pages and PDFs set the same figures as
typography (``scoring.display``).

This module imports nothing from Django.
"""

from __future__ import annotations

from fractions import Fraction

from whist.figures import rounded

_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def rational(value: Fraction | int) -> str:
    """The JSON form: "7", "-3", "5/4"."""
    return str(value if type(value) is Fraction else Fraction(value))


def mixed(value: Fraction | int) -> str:
    """A mixed number: "2 3/4", "-1 1/2", "3/4", "7"."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    frac = f"{rest}/{value.denominator}"
    return f"{sign}{whole} {frac}" if whole else f"{sign}{frac}"


def signed(value: Fraction | int) -> str:
    """A plus/minus figure: "+2", "0", "-3", "+1 1/4"."""
    text = mixed(value)
    return f"+{text}" if value > 0 else text


def superscript(value: Fraction | int) -> str:
    """A raised figure: "²", "¹⁰" (a whole number; the exponent notation raises no fraction)."""
    value = Fraction(value)
    if value.denominator != 1:
        raise ValueError(f"only a whole number is raised, not {value}")
    return str(value.numerator).translate(_SUPERSCRIPT)


def decimal(value: Fraction | int, places: int = 2) -> str:
    """A plain decimal, where the book's notation would nest a fraction in an exponent: "52.42" (rounded
    a half away from zero, from the exact value: ``whist.figures``)."""
    return rounded(value, places)
