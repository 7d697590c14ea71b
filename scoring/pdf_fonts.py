"""The font the results' PDFs are set in: DejaVu Sans, which has the suit symbols and the raised and
vulgar-fraction figures the pages use ("6¾", "48²⁷¹"), else Helvetica with those figures spelt plainly.

The font is the system's (Debian's fonts-dejavu-core), read from disk: nothing is fetched.
"""

from __future__ import annotations

import re
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from whist.cards import SYMBOL_SUIT

FONT_PATHS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
)
SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
ASCII_SUITS = str.maketrans({**SYMBOL_SUIT, "−": "-"})


def pdf_font() -> str:
    """A font with suit symbols and raised figures (DejaVu Sans), else Helvetica."""
    if "DejaVuSans" in pdfmetrics.getRegisteredFontNames():
        return "DejaVuSans"
    for path in FONT_PATHS:
        if Path(path).exists():
            pdfmetrics.registerFont(TTFont("DejaVuSans", path))
            return "DejaVuSans"
    return "Helvetica"


def font_text(value: str, font: str) -> str:
    """Text safe for the font: Helvetica has neither suit symbols nor most raised figures."""
    if font != "Helvetica":
        return value
    value = re.sub(r"([⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+)", lambda m: "^" + m.group(1).translate(SUPERSCRIPTS), value)
    return value.translate(ASCII_SUITS)
