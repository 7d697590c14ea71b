"""How an exact figure is rounded for reading: half away from zero, from the exact value, never a float.

A score is an exact rational (``fractions.Fraction``). Where a page, a
file or a sentence shows it as a decimal, it is rounded here and only
here, one way everywhere: to the nearest figure of the places asked for,
a half going away from zero, as people round by hand (38.125 -> "38.13",
46.875 -> "46.88", -2.5 -> "-3" to whole numbers). A float would round
the half of a binary fraction to even (38.125 -> "38.12") and others by
their binary error; nothing here passes through one.

Pure Python: nothing of the project, nothing of Django.
"""

from __future__ import annotations

from fractions import Fraction

#: The most places a figure is shown to (a percentage to two, the CSV's decimals to four).
PLACES_MAX = 12


def rounded(value: Fraction | int | str, places: int = 2) -> str:
    """``value`` to ``places`` decimal places, a half away from zero: "38.13", "-3", "0.50"."""
    if not 0 <= places <= PLACES_MAX:
        raise ValueError(f"a figure is shown to 0 to {PLACES_MAX} places, not {places}")
    exact = Fraction(value)
    scaled = abs(exact) * 10**places
    units = int(scaled + Fraction(1, 2))  # floor of scaled + 1/2: the half goes up, away from zero
    sign = "-" if exact < 0 and units else ""
    whole, rest = divmod(units, 10**places)
    return f"{sign}{whole}.{rest:0{places}d}" if places else f"{sign}{whole}"
