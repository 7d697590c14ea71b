"""The font a printed link is set in: one whose I, l, 1, O and 0 cannot be taken for one another.

A table's or a pair's link carries a token of letters and figures that a
player may have to type from the paper ("…/t/Il0O…"). Helvetica draws I and
l alike and O and 0 nearly so; DejaVu Sans Mono gives I its bars, l its
tail, 1 its flag and 0 its dot. It is the system's font (Debian's
fonts-dejavu-core, as the results' PDFs use), embedded in the PDF, so the
paper looks the same everywhere; without it, Courier, whose letters and
figures at least differ in shape.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

MONO = "DejaVuSansMono"
FALLBACK = "Courier"
MONO_PATHS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
)


def link_font() -> str:
    """DejaVu Sans Mono, registered once from the system's fonts; else Courier."""
    if MONO in pdfmetrics.getRegisteredFontNames():
        return MONO
    for path in MONO_PATHS:
        if Path(path).exists():
            pdfmetrics.registerFont(TTFont(MONO, path))
            return MONO
    return FALLBACK


def link_style(base: ParagraphStyle) -> ParagraphStyle:
    """``base`` with a printed link's font."""
    return ParagraphStyle(f"{base.name}-link", base, fontName=link_font())
