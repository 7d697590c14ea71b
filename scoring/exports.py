"""Exports of a published session: results as CSV and JSON, and a printable PDF.

- **JSON**: the scores JSON of docs/design.md, its figures exactly as the
  snapshot holds them, its ranks the places of ``scoring.selectors.places``
  (in the entrant's field, named by ``field`` when there are two).
- **CSV**: one row per entrant, field by field: its rank in its field
  (``scoring.selectors.places``; tied entrants share it), the field (N-S or
  E-W for a Mitchell-type movement, else blank), number, names, the total
  and plus/minus and the score on every tray as decimals to four places
  (whole numbers as they are; rounded by ``display.rounded``), the modern
  percentage, and last the exact total and plus/minus as **mixed numbers**
  ("9 1/4", "0 6/7", "-3 6/7": ``spreadsheet_number``), which the common
  spreadsheets read as the numbers they are; a bare "6/7" or "27/7" they
  read as a date or as text. results.json holds every figure exactly, as
  the rational ("27/7"). A text cell a spreadsheet would run as a formula
  (a name opening with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
  return) is written with a leading apostrophe; numbers, negative mixed
  numbers among them, stay numbers.
- **PDF**: the standings and, when published, the travellers, laid out for
  A4 with reportlab; each figure set as on the pages (``display.pdf``: the
  exponent raised with ``<super>``, the rest escaped). Every text is a
  paragraph of ``tournaments.printing.cells`` in a column of a given width,
  so that a name or title of any length its column allows wraps inside its
  cell (a word too long for its line broken) and never pushes the figures
  off the page.

Each takes what a selector of ``scoring.selectors`` has already cut to the
viewer's sight (the public's, for the public downloads); nothing here reads
the database. The deals' PBN is written by ``tournaments.services``'s PBN
export, the same for the director and, once published, the public.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Table, TableStyle

from scoring import display
from scoring.pdf_fonts import font_text, pdf_font
from scoring.scorers import Scores
from scoring.selectors.layout import Cell, Standings
from scoring.selectors.places import Places
from scoring.selectors.travellers import TravellerView
from tournaments.printing.cells import text_cell, text_rows

#: How a spreadsheet cell opens a formula (or, with a tab or CR, hides one after what it shows).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: A number as this CSV writes one: whole ("-3"), mixed ("-3 6/7", "-0 6/7"), decimal ("-6.7500"), or the
#: bare rational of a program's JSON ("-27/4").
NUMBER = re.compile(r"-?\d+(?: \d+/\d+|/\d+|\.\d+)?")
#: The PDF's text width (A4 less its margins and its frame's padding), and the widths of its tables'
#: columns: the standings' rank and figures (the names take the rest), and a traveller's seven columns.
PAGE_WIDTH = 180 * mm - 12
RANK_WIDTH = 13 * mm
FIGURE_WIDTH = 22 * mm
TRAVELLER_WIDTHS = [14 * mm, 14 * mm, 14 * mm, 24 * mm, 24 * mm, 26 * mm, 26 * mm]


def results_json(scores: Mapping[str, Any]) -> str:
    """The scores JSON, pretty-printed."""
    return json.dumps(scores, indent=2, ensure_ascii=False) + "\n"


def results_csv(
    *,
    scores: Scores,
    names: Mapping[int, str],
    percents: Mapping[int, Fraction] | None,
    places: Places,
    status: str = "",
    changes: Sequence[str] = (),
) -> str:
    """One row per entrant, field by field: the place in its field (``places``), figures as decimals, a
    column per tray the viewer may see, and the exact total and plus/minus last, as mixed numbers (a
    spreadsheet reads "10/7" as a date, "1 3/7" as the number); with ``status`` ("Provisional until ...",
    "Final"), a column ``results`` says it on every row, and with ``changes`` (made to the published
    results, in their words) a last column ``changes`` lists them, a line each."""
    said = {
        column: words for column, words in (("results", status), ("changes", "\n".join(changes))) if words
    }
    deals = [d.deal for d in scores.deals]
    by_deal = {d.deal: d.scores for d in scores.deals}
    rows: list[list[object]] = [
        [
            "rank",
            "field",
            "entrant",
            "names",
            "total",
            "plus_minus",
            "percent",
            *(f"tray {n}" for n in deals),
            "total_exact",
            "plus_minus_exact",
            *said,
        ]
    ]
    totals = {row.entrant: row for row in scores.entrants}
    for place in places.rows:
        number, row = place.entrant, totals[place.entrant]
        pm, percent = row.plus_minus, (percents or {}).get(number)
        rows.append(
            [
                place.place,
                place.field,
                number,
                names.get(number, ""),
                _decimal(row.total),
                _decimal(pm),
                display.percent(percent) if percent is not None else "",
                *(_decimal(by_deal[n].get(number)) for n in deals),
                spreadsheet_number(row.total),
                "" if pm is None else spreadsheet_number(pm),
                *said.values(),
            ]
        )
    out = io.StringIO()
    csv.writer(out).writerows([spreadsheet_cell(c) for c in r] for r in rows)
    return out.getvalue()


def spreadsheet_cell(value: object) -> str:
    """A CSV cell no spreadsheet runs: numbers as they are ("27/4"), text opening a formula after a quote."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(text):
        return "'" + text
    return text


def spreadsheet_number(value: Fraction | int) -> str:
    """An exact figure as the common spreadsheets read a number: whole as it is ("7", "-3"), else a mixed
    number, its whole part written even when nought ("3 6/7", "0 6/7", "-0 6/7"): a bare "6/7" is read as
    the 7th of June, "27/7" as text."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    whole, rest = divmod(abs(exact.numerator), exact.denominator)
    return f"{'-' if exact < 0 else ''}{whole} {rest}/{exact.denominator}"


def _decimal(value: Fraction | int | None) -> str:
    """An exact rational as a spreadsheet reads it: whole as it is, else a decimal to four places."""
    if value is None:
        return ""
    exact = Fraction(value)
    return str(exact.numerator) if exact.denominator == 1 else display.rounded(exact, 4)


@dataclass(frozen=True)
class Heading:
    """What a results PDF is of: the session's title, club, date and method."""

    title: str
    club: str
    subtitle: str


def results_pdf(
    *,
    heading: Heading,
    standings: Standings | None,
    travellers: Sequence[TravellerView] | None,
    status: Sequence[str] = (),
) -> bytes:
    """The standings and travellers as an A4 PDF; ``status``: the results' provisional or final words and
    the changes made after publishing, under the heading."""
    font = pdf_font()
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
        title=heading.title,
        author=heading.club,
    )
    story = _heading(heading, font)
    story += [_para(font_text(line, font), _styles(font)["p"]) for line in status]
    if standings is not None:
        story += _standings_flowables(standings, font)
    for traveller in travellers or ():
        story += _traveller_flowables(traveller, font)
    doc.build(story)
    return buffer.getvalue()


def _para(text: str, style: Any) -> Paragraph:
    """A paragraph of plain text: reportlab reads markup, so every name and title is escaped first."""
    return text_cell(text, style)


def _styles(font: str) -> dict[str, Any]:
    """The paragraph styles of the PDF, in the given font."""

    return {
        "h1": ParagraphStyle("h1", fontName=font, fontSize=16, leading=20, spaceAfter=4),
        "h2": ParagraphStyle("h2", fontName=font, fontSize=12, leading=15, spaceBefore=10, spaceAfter=4),
        "p": ParagraphStyle("p", fontName=font, fontSize=8.5, leading=11),
        "fig": ParagraphStyle("fig", fontName=font, fontSize=8.5, leading=10, alignment=TA_RIGHT),
        "cell": ParagraphStyle("cell", fontName=font, fontSize=8.5, leading=10, alignment=TA_LEFT),
        "head": ParagraphStyle(
            "head", fontName=font, fontSize=8.5, leading=10, textColor=colors.HexColor("#5c6670")
        ),
    }


def _cell_style(font: str) -> Any:
    """Each cell's style by its row and column: the head grey, figures (from the third column) flush right."""
    st = _styles(font)
    head_right = ParagraphStyle("head-right", st["head"], alignment=TA_RIGHT)

    def style(row: int, column: int) -> ParagraphStyle:
        if row == 0:
            return head_right if column >= 2 else st["head"]
        return st["fig"] if column >= 2 else st["cell"]

    return style


def _figure(cell: Cell | None, font: str) -> Any:
    """A figure as on the pages: its exponent raised (reportlab's ``<super>``), the text escaped."""
    if cell is None or not (cell.text or cell.raised):
        return ""
    return Paragraph(display.pdf(font_text(cell.text, font), cell.raised), _styles(font)["fig"])


def _heading(heading: Heading, font: str) -> list[Any]:
    """The session's title and what it was."""

    st = _styles(font)
    return [
        _para(font_text(heading.title, font), st["h1"]),
        _para(font_text(heading.subtitle, font), st["p"]),
    ]


def _table(rows: list[list[Any]], font: str, widths: list[float]) -> Any:
    """A ruled table, numbers to the right, its head repeated on each page; every cell a paragraph.

    The columns have their widths (a paragraph has none to size a column
    by), so that the longest name wraps inside its own and the figures keep
    theirs.
    """

    cells = text_rows(
        [[font_text(c, font) if isinstance(c, str) else c for c in r] for r in rows], _cell_style(font)
    )
    table = Table(cells, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.HexColor("#1f5c45")),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#d9dee3")),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def _standings_widths(figures: int) -> list[float]:
    """The standings' columns: the rank, the names (what the page leaves), and each figure."""
    return [RANK_WIDTH, PAGE_WIDTH - RANK_WIDTH - figures * FIGURE_WIDTH, *[FIGURE_WIDTH] * figures]


def _standings_flowables(standings: Standings, font: str) -> list[Any]:
    """The standings, field by field, and the method's notes."""

    st = _styles(font)
    out: list[Any] = [_para(font_text(f"{standings.title} ({standings.pages})", font), st["h2"])]
    for field in standings.fields:
        if field.title:
            out.append(_para(font_text(field.title, font), st["h2"]))
        head = ["Rank", standings.label, *standings.columns]
        body = [
            [r.place or str(r.rank), f"{r.entrant}  {r.names}", *(_figure(c, font) for c in r.cells)]
            for r in field.rows
        ]
        out.append(_table([head, *body], font, _standings_widths(len(standings.columns))))
    out += [_para(font_text(note, font), st["p"]) for note in standings.notes]
    return out


def _traveller_flowables(t: TravellerView, font: str) -> list[Any]:
    """One tray's traveller, kept on one page."""

    st = _styles(font)
    title = (
        f"Tray {t.tray}"
        + (f" · trump {display.card_text(t.trump)}" if t.trump else "")
        + (f" · dealer {t.dealer}" if t.dealer else "")
    )
    head = ["Table", "N-S", "E-W", "N-S tricks", "E-W tricks", "N-S score", "E-W score"]
    body = [
        [
            str(r.table),
            str(r.ns),
            str(r.ew),
            r.ns_tricks,
            r.ew_tricks,
            _figure(r.ns_score, font),
            _figure(r.ew_score, font),
        ]
        for r in t.rows
    ]
    parts: list[Any] = [
        _para(font_text(title, font), st["h2"]),
        _table([head, *body], font, TRAVELLER_WIDTHS),
    ]
    if t.heading:
        parts.append(_para(font_text(t.heading, font), st["p"]))
    return [KeepTogether(parts)]
