"""One way to round a figure for reading, everywhere: half away from zero, from the exact value.

``whist.figures.rounded`` is the rule; ``scoring.display`` gives it to every
page, PDF, export and API display field (``rounded``, ``decimal``,
``percent``), ``scoring.scorers.fmt`` to the engines' sentences, and the
movements' figures (Qf, the mean amount) use it too. A float would round
38.125 to "38.12" (its half goes to even) and 46.875 to "46.88": the audit
saw both on one page. The last test walks the code for a figure formatted
through a float.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from scoring import display
from scoring.exports import _decimal
from scoring.scorers import fmt
from whist.figures import rounded

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("value", "places", "shown"),
    [
        (Fraction(305, 8), 2, "38.13"),  # 38.125: a float's half-even would give 38.12
        (Fraction(375, 8), 2, "46.88"),  # 46.875
        (Fraction(-5, 2), 0, "-3"),
        (Fraction(5, 2), 0, "3"),
        (Fraction(-3, 2), 0, "-2"),
        (Fraction(1, 2), 0, "1"),
        (Fraction(-1, 2), 0, "-1"),
        (Fraction(-1, 3), 0, "0"),  # never "-0"
        (Fraction(-1, 1000), 2, "0.00"),
        (Fraction(1, 3), 2, "0.33"),
        (Fraction(2, 3), 2, "0.67"),
        (Fraction(-2, 3), 4, "-0.6667"),
        (Fraction(1, 8), 2, "0.13"),
        (Fraction(1, 40), 2, "0.03"),  # 0.025
        (Fraction(2, 40), 2, "0.05"),
        (Fraction(1005, 1000), 2, "1.01"),  # 1.005: a float holds 1.00499999..., and gives 1.00
        (Fraction(7), 2, "7.00"),
        (Fraction(0), 0, "0"),
        ("56.25", 1, "56.3"),
        (12345, 0, "12345"),
    ],
)
def test_a_figure_is_rounded_half_away_from_zero_from_its_exact_value(
    value: Fraction | str | int, places: int, shown: str
) -> None:
    assert rounded(value, places) == shown


def test_every_door_rounds_alike() -> None:
    """The pages' percentage and decimal, the CSV's decimals, the engines' decimals: the one rule."""
    assert display.percent(Fraction(305, 8)) == "38.13" and display.percent(Fraction(375, 8)) == "46.88"
    assert display.decimal(Fraction(-5, 2), 0) == "−3"  # the pages' true minus sign
    assert display.decimal(Fraction(-1005, 1000)) == "−1.01"
    assert fmt.decimal(Fraction(305, 8)) == "38.13"
    assert _decimal(Fraction(-1, 16)) == "-0.0625" and _decimal(Fraction(1, 3)) == "0.3333"
    assert _decimal(Fraction(1, 20000)) == "0.0001"  # 0.00005


@pytest.mark.parametrize("places", [-1, 13])
def test_places_outside_the_bound_are_refused(places: int) -> None:
    with pytest.raises(ValueError, match="places"):
        rounded(Fraction(1, 3), places)


#: A figure formatted through a float: "{float(x):.2f}", "{float(x):.0%}", "round(float(x), 2)" for text.
THROUGH_A_FLOAT = re.compile(r"\{float\([^}]*\):[^}]*[f%]\}|f\"\{round\(float")
#: The apps, the engines and the printing: every place a figure is shown.
WALKED = ("scoring", "entry", "sims", "tournaments", "clubwhist", "infra", "whist")


def test_no_figure_is_formatted_through_a_float() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for top in WALKED
        for path in sorted((ROOT / top).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if THROUGH_A_FLOAT.search(line)
    ]
    assert found == [], "\n".join(found)
