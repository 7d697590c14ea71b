"""Numbers and cards as every page and PDF shows them: one style, the book's where it has one.

- **mixed number** (the book's fractions of a trick, "6¾", p. 46): a whole
  number and a proper fraction, with a true minus sign: "−2¼", "⁵⁄₇".
- **plus and minus** (the trick score, p. 32): a mixed number with its sign,
  "+1½", "0", "−3".
- **exponent notation** (equated gains, pp. 43-45): the whole gain and,
  raised beside it, the numerator over the number of tables: "2²" is two
  tricks and two over the tables. Where the notation would nest a fraction
  in an exponent the figure is written as a plain decimal instead.
- **percent** (modern): two places, "56.25".
- **decimal**: where a figure is shown as a decimal (a percentage, the
  CSV's figures, a notation that would nest a fraction), it is rounded by
  ``rounded`` alone (``whist.figures``): half away from zero, from the
  exact value, never a float (38.125 -> "38.13", 46.875 -> "46.88").
- **cards**: "K♣", "king of clubs" (``tournaments.display``, from ``whist.cards``).

Each figure is set the same way everywhere: as text ("2²", for CSV and
titles), as HTML (``html``: the exponent in ``<sup>``; the page's style keeps
a figure on one line), as reportlab markup for the PDFs (``pdf``: the
exponent in ``<super>``, everything else escaped) and, inside the engine's
sentences, by ``prose`` (its plain "1 1/3" set as "1⅓"). The JSON
contracts keep the bare rational ("27/4"); nothing here is parsed back.
Every function takes exact rationals and never rounds a score it is not
printing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from xml.sax.saxutils import escape

from django.utils.html import format_html
from django.utils.safestring import SafeString

from scoring.scorers.exponent import ExponentGain
from tournaments.display import CardView, card_text, card_view, card_words, holding_text
from whist.cards import SEAT_NAME, SUIT_NAME, SUIT_SYMBOL
from whist.figures import rounded

GLYPHS = {
    (1, 2): "½",
    (1, 3): "⅓",
    (2, 3): "⅔",
    (1, 4): "¼",
    (3, 4): "¾",
    (1, 5): "⅕",
    (2, 5): "⅖",
    (3, 5): "⅗",
    (4, 5): "⅘",
    (1, 6): "⅙",
    (5, 6): "⅚",
    (1, 8): "⅛",
    (3, 8): "⅜",
    (5, 8): "⅝",
    (7, 8): "⅞",
}
_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
MINUS = "−"


def number(value: Fraction | int | str, *, plus: bool = False) -> str:
    """An exact figure as a mixed number: "6¾", "−2¼", "⁵⁄₇"; with ``plus``, "+1½"."""
    value = Fraction(value)
    sign = MINUS if value < 0 else ("+" if plus and value > 0 else "")
    whole, rest = divmod(abs(value.numerator), value.denominator)
    if not rest:
        return f"{sign}{whole}"
    frac = GLYPHS.get((rest, value.denominator))
    if frac is None:
        frac = f"{str(rest).translate(_SUP)}⁄{str(value.denominator).translate(_SUB)}"
    return f"{sign}{whole or ''}{frac}"


def signed(value: Fraction | int | str) -> str:
    """A plus/minus figure: "+2", "0", "−3", "+1¼"."""
    return number(value, plus=True)


def percent(value: Fraction | int | str) -> str:
    """A modern percentage to two places, a half away from zero: "56.25", "38.13"."""
    return rounded(value, 2)


def decimal(value: Fraction | int | str, places: int = 2) -> str:
    """A plain decimal with a true minus sign, for where the book's notation would not read: "52.42"."""
    return rounded(value, places).replace("-", MINUS)


@dataclass(frozen=True)
class Notation:
    """An equated gain in the exponent notation: the whole part and its raised numerator.

    ``raised`` is blank when there is no exponent; ``plain`` is set instead
    of both when the notation would nest a fraction in the exponent.
    """

    whole: str
    raised: str
    tables: int
    value: str
    plain: str = ""

    @property
    def text(self) -> str:
        """For plain text (CSV, titles): "2²", or the decimal."""
        if self.plain:
            return self.plain
        return self.whole + self.raised.translate(_SUP) if self.raised.isdigit() else self.whole


def gain(value: ExponentGain) -> Notation:
    """An equated gain the book's way (rule 6, p. 44): "2" with "2" raised, over the tables."""
    whole, raised = Fraction(value.whole), Fraction(value.exponent)
    worth = number(value.value)
    if value.nests:
        return Notation(whole="", raised="", tables=value.tables, value=worth, plain=decimal(value.value))
    return Notation(
        whole=number(whole),
        raised=str(raised.numerator) if raised else "",
        tables=value.tables,
        value=worth,
    )


def html(text: str, raised: str = "") -> SafeString:
    """A figure for a page: its text, and the exponent in ``<sup>`` ("37<sup>2</sup>"); escaped."""
    if raised:
        return format_html("{}<sup>{}</sup>", text, raised)
    return format_html("{}", text)


def pdf(text: str, raised: str = "") -> str:
    """A figure as reportlab paragraph markup: the exponent in ``<super>``, the rest escaped."""
    return escape(text) + (f"<super>{escape(raised)}</super>" if raised else "")


#: The engine's plain figures in its sentences: a mixed number "2 1/3", or a proper fraction "2/3".
_PLAIN = re.compile(r"(?<![\w/.])(-?)(?:(\d+) )?(\d+)/(\d+)(?![\w/.])")


def prose(text: str) -> str:
    """The engine's sentence with its mixed numbers set as the pages set them: "1 1/3" -> "1⅓".

    A bare improper fraction ("5/4", a numerator over the tables, as the
    book writes the average equated gain) is left as it is.
    """

    def one(match: re.Match[str]) -> str:
        sign, whole, num, den = match.groups()
        rest = Fraction(int(num), int(den))
        if (not whole and rest >= 1) or rest.denominator != int(den):
            return match.group(0)
        value = int(whole or 0) + rest
        return number(-value if sign else value)

    return _PLAIN.sub(one, text)


__all__ = [
    "SEAT_NAME",
    "SUIT_NAME",
    "SUIT_SYMBOL",
    "CardView",
    "Notation",
    "card_text",
    "card_view",
    "card_words",
    "decimal",
    "gain",
    "holding_text",
    "html",
    "number",
    "pdf",
    "percent",
    "prose",
    "rounded",
    "signed",
]
