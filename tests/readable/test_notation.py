"""The book's notations, set by the one formatter (``scoring.display``) for text, pages and PDFs."""

from __future__ import annotations

from fractions import Fraction

import pytest
from reportlab.platypus import Paragraph

from scoring import display, exports
from scoring.scorers.exponent import ExponentGain
from scoring.scorers.fmt import superscript
from scoring.selectors.layout import Cell, gain_cell

F = Fraction


@pytest.mark.parametrize(
    ("value", "shown"),
    [(F(27, 4), "6¾"), (F(-9, 4), "−2¼"), (F(5, 7), "⁵⁄₇"), (F(629, 12), "52⁵⁄₁₂"), (F(3), "3"), (F(0), "0")],
)
def test_a_mixed_number_has_a_proper_fraction_and_a_true_minus(value: Fraction, shown: str) -> None:
    assert display.number(value) == shown


@pytest.mark.parametrize(
    ("whole", "exponent", "tables", "text"),
    [(2, 2, 4, "2²"), (37, 5, 7, "37⁵"), (3, 0, 4, "3"), (0, 4, 4, "0⁴")],
)
def test_an_equated_gain_is_the_whole_with_its_exponent_raised(
    whole: int, exponent: int, tables: int, text: str
) -> None:
    gain = ExponentGain(F(whole), F(exponent), tables)
    shown = display.gain(gain)
    assert shown.text == text == str(gain)
    assert not shown.plain
    cell = gain_cell(gain, gain.value)
    assert cell.html == (f"{whole}<sup>{exponent}</sup>" if exponent else str(whole))
    assert cell.pdf == (f"{whole}<super>{exponent}</super>" if exponent else str(whole))


@pytest.mark.parametrize(
    ("whole", "exponent", "tables", "decimal"),
    [(F(157, 3), F(1, 3), 4, "52.42"), (F(35), F(1, 3), 4, "35.08"), (F(1, 3), F(7, 3), 4, "0.92")],
)
def test_a_fraction_that_would_sit_in_an_exponent_becomes_a_plain_decimal(
    whole: Fraction, exponent: Fraction, tables: int, decimal: str
) -> None:
    gain = ExponentGain(whole, exponent, tables)
    assert gain.nests
    assert str(gain) == decimal and "^" not in str(gain)
    shown = display.gain(gain)
    assert shown.plain == decimal and shown.text == decimal
    cell = gain_cell(gain, gain.value)
    assert cell.html == decimal and cell.pdf == decimal and not cell.raised


def test_the_plain_text_writer_never_raises_a_fraction() -> None:
    with pytest.raises(ValueError):
        superscript(F(1, 3))


def test_a_figure_is_escaped_for_the_page_and_the_pdf() -> None:
    assert display.html("<b>", "2") == "&lt;b&gt;<sup>2</sup>"
    assert display.pdf("a & b", "<3") == "a &amp; b<super>&lt;3</super>"


@pytest.mark.parametrize(
    ("sentence", "set_"),
    [
        ("Your gain is 7 - 5 1/3 = 1 2/3 (rule 3).", "Your gain is 7 - 5⅓ = 1⅔ (rule 3)."),
        ("equated gain is 0² = 2/3; average 4/3 = 1 1/3", "equated gain is 0² = ⅔; average 4/3 = 1⅓"),
        ("a loss of -2 1/2", "a loss of −2½"),
        ("numerator 5/4 over the tables", "numerator 5/4 over the tables"),
    ],
)
def test_the_engines_sentences_are_set_as_the_pages_set_figures(sentence: str, set_: str) -> None:
    assert display.prose(sentence) == set_


def test_the_pdf_raises_the_exponent_and_escapes_names() -> None:
    cell = Cell("37", "149/4", raised="2")
    para = exports._figure(cell, "Helvetica")
    assert isinstance(para, Paragraph)
    assert "<super>2</super>" in para.text
    assert exports._figure(Cell(""), "Helvetica") == ""
    assert (
        exports._para("Ada & <Bertram>", exports._styles("Helvetica")["p"]).text
        == "Ada &amp; &lt;Bertram&gt;"
    )
