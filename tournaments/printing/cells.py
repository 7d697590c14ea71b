"""Text in every PDF's cells: a name, title or club name of any length its column allows stays inside.

reportlab draws a plain string in a table cell on one line, however long: a
120-letter name with no space runs out of its cell over the figures beside
it, and a table left to size its columns by such a string wants more than
the page's width, so reportlab refuses the whole document (the public
results PDF's 500). Every PDF of the app (``printing.pdf``,
``printing.hands_pdf``, ``scoring.exports``) therefore sets its words of
people's choosing through this module:

- ``text_cell`` / ``markup_cell``: a paragraph whose style breaks a word too
  long for its line (``splitLongWords``), so that it wraps inside the width
  its column gives it, however long the word;
- ``text_rows``: a table's rows with every text cell made such a paragraph,
  in the style of its row and column (a table of paragraphs must be given
  its column widths: a paragraph has no width of its own to size them by);
- ``shrunk``: what must fit a box of fixed size (a curtain card) scaled down
  until it does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepInFrame, Paragraph

#: The style of a cell, by its row and column.
CellStyle = Callable[[int, int], ParagraphStyle]


def breaking(style: ParagraphStyle) -> ParagraphStyle:
    """The style, breaking any word too long for its line wherever the line ends (and wrapping at spaces)."""
    if style.splitLongWords and style.wordWrap is None:
        return style
    return ParagraphStyle(f"{style.name}-breaking", parent=style, splitLongWords=1, wordWrap=None)


def markup_cell(markup: str, style: ParagraphStyle) -> Paragraph:
    """Paragraph markup (already escaped by its caller) that wraps inside its cell, long words broken."""
    return Paragraph(markup, breaking(style))


def text_cell(text: str, style: ParagraphStyle) -> Paragraph:
    """Plain text (a name, a title; escaped here: reportlab reads markup) wrapping inside its cell."""
    return markup_cell(escape(text), style)


def text_rows(rows: Sequence[Sequence[Any]], style: CellStyle) -> list[list[Any]]:
    """A table's rows with each text cell a wrapping paragraph in ``style(row, column)``; the rest kept."""
    return [
        [
            text_cell(cell, style(r, c)) if isinstance(cell, str) and cell else cell
            for c, cell in enumerate(row)
        ]
        for r, row in enumerate(rows)
    ]


def shrunk(content: list[Flowable], width: float, height: float) -> KeepInFrame:
    """Flowables that must fit a box of this size (a curtain card): scaled down until they do."""
    return KeepInFrame(width, height, content, mode="shrink", hAlign="LEFT", vAlign="TOP")
