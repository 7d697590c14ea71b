"""Exports of a published session: results as CSV and JSON, deals as PBN, a printable PDF.

- **JSON**: the scores JSON of DESIGN.md, exactly as the snapshot holds it.
- **CSV**: one row per entrant: rank (and field rank for a Mitchell-type
  movement), number, names, the exact total and plus/minus ("37/4"), the
  same as decimals for spreadsheets, the modern percentage, and the score on
  every tray.
- **PBN**: the deals in PBN 2.1 export format (``tournaments.services.pbn``),
  with the double-dummy tricks as a comment where they are known.
- **PDF**: the standings and, when published, the travellers, laid out for
  A4 with reportlab.

The views check the director's switches before calling any of these.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from tournaments.models import Session
from tournaments.services.pbn import pbn_export

from .views.public_slips import TravellerView, card_text
from .views.public_standings import Standings, percent_text

FONT_PATHS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
)
SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
ASCII_SUITS = str.maketrans("♠♥♦♣−", "SHDC-")


def results_json(scores: Mapping[str, Any]) -> str:
    """The scores JSON, pretty-printed."""
    return json.dumps(scores, indent=2, ensure_ascii=False) + "\n"


def results_csv(
    *,
    scores: Mapping[str, Any],
    names: Mapping[int, str],
    percents: Mapping[int, Fraction] | None,
    fields: Mapping[int, str] | None,
) -> str:
    """One row per entrant, exact figures first and decimals beside."""
    deals = [d["deal"] for d in scores["deals"]]
    by_deal = {d["deal"]: d["scores"] for d in scores["deals"]}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "rank",
            "field",
            "entrant",
            "names",
            "total",
            "plus_minus",
            "total_decimal",
            "plus_minus_decimal",
            "percent",
            *(f"tray {n}" for n in deals),
        ]
    )
    for row in scores["entrants"]:
        number, pm = row["entrant"], row.get("plus_minus")
        percent = (percents or {}).get(number)
        writer.writerow(
            [
                row["rank"],
                (fields or {}).get(number, ""),
                number,
                names.get(number, ""),
                row["total"],
                pm or "",
                _decimal(row["total"]),
                _decimal(pm),
                percent_text(percent) if percent is not None else "",
                *(by_deal[n].get(str(number), "") for n in deals),
            ]
        )
    return out.getvalue()


def _decimal(value: str | None) -> str:
    """An exact rational as a decimal to four places, for spreadsheets."""
    return "" if value is None else f"{float(Fraction(value)):.4f}"


def deals_pbn(*, session: Session) -> str:
    """The session's deals as PBN 2.1 export format, with the double-dummy tricks where known."""
    return pbn_export(session=session)


def results_pdf(
    *, session: Session, standings: Standings | None, travellers: Sequence[TravellerView] | None
) -> bytes:
    """The standings and travellers as an A4 PDF."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    font = _font()
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
        title=f"{session.title} {session.date}",
        author=session.club.name,
    )
    story = _heading(session, font)
    if standings is not None:
        story += _standings_flowables(standings, font)
    for traveller in travellers or ():
        story += _traveller_flowables(traveller, font)
    doc.build(story)
    return buffer.getvalue()


def _font() -> str:
    """A font with suit symbols and raised figures (DejaVu Sans), else Helvetica."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "DejaVuSans" in pdfmetrics.getRegisteredFontNames():
        return "DejaVuSans"
    for path in FONT_PATHS:
        if Path(path).exists():
            pdfmetrics.registerFont(TTFont("DejaVuSans", path))
            return "DejaVuSans"
    return "Helvetica"


def _text(value: str, font: str) -> str:
    """Text safe for the font: Helvetica has neither suit symbols nor most raised figures."""
    if font != "Helvetica":
        return value
    value = re.sub(r"([⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+)", lambda m: "^" + m.group(1).translate(SUPERSCRIPTS), value)
    return value.translate(ASCII_SUITS)


def _styles(font: str) -> dict[str, Any]:
    """The paragraph styles of the PDF, in the given font."""
    from reportlab.lib.styles import ParagraphStyle

    return {
        "h1": ParagraphStyle("h1", fontName=font, fontSize=16, leading=20, spaceAfter=4),
        "h2": ParagraphStyle("h2", fontName=font, fontSize=12, leading=15, spaceBefore=10, spaceAfter=4),
        "p": ParagraphStyle("p", fontName=font, fontSize=8.5, leading=11),
    }


def _heading(session: Session, font: str) -> list[Any]:
    """The session's title and what it was."""
    from reportlab.platypus import Paragraph

    st = _styles(font)
    sub = f"{session.club.name} · {session.date:%A %d %B %Y} · {session.get_scoring_method_display()}"
    return [Paragraph(_text(session.title, font), st["h1"]), Paragraph(_text(sub, font), st["p"])]


def _table(rows: list[list[str]], font: str, widths: list[float] | None = None) -> Any:
    """A ruled table, numbers to the right, its head repeated on each page."""
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    table = Table([[_text(c, font) for c in r] for r in rows], colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), font),
                ("FONTSIZE", (0, 0), (-1, -1), 8.5),
                ("TEXTCOLOR", (0, 0), (-1, 0), colors.HexColor("#5c6670")),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.HexColor("#1f5c45")),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#d9dee3")),
                ("ALIGN", (2, 1), (-1, -1), "RIGHT"),
                ("ALIGN", (2, 0), (-1, 0), "RIGHT"),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def _standings_flowables(standings: Standings, font: str) -> list[Any]:
    """The standings, field by field, and the method's notes."""
    from reportlab.platypus import Paragraph

    st = _styles(font)
    out: list[Any] = [Paragraph(_text(f"{standings.title} ({standings.pages})", font), st["h2"])]
    for field in standings.fields:
        if field.title:
            out.append(Paragraph(_text(field.title, font), st["h2"]))
        head = ["Rank", standings.label, *standings.columns]
        body = [[str(r.rank), f"{r.entrant}  {r.names}", *(c.text for c in r.cells)] for r in field.rows]
        out.append(_table([head, *body], font))
    out += [Paragraph(_text(note, font), st["p"]) for note in standings.notes]
    return out


def _traveller_flowables(t: TravellerView, font: str) -> list[Any]:
    """One tray's traveller, kept on one page."""
    from reportlab.platypus import KeepTogether, Paragraph

    st = _styles(font)
    title = (
        f"Tray {t.tray}"
        + (f" · trump {card_text(t.trump)}" if t.trump else "")
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
            r.ns_score.text if r.ns_score else "",
            r.ew_score.text if r.ew_score else "",
        ]
        for r in t.rows
    ]
    parts: list[Any] = [Paragraph(_text(title, font), st["h2"]), _table([head, *body], font)]
    if t.heading:
        parts.append(Paragraph(_text(t.heading, font), st["p"]))
    return [KeepTogether(parts)]
