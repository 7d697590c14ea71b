"""Personal score cards as a PDF: one page an entrant (all of them, to hand out), or one entrant's (to send).

Each page: the session, the entrant and its place with the standings' figures, then every tray (where it
sat, against whom, tricks made, its score) and the sum, which is the standings' total. Set in the results'
font (``scoring.pdf_fonts``), so the figures read as on the pages ("24⅓").
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from html import escape
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from scoring.pdf_fonts import font_text, pdf_font
from scoring.selectors.public import ScoreCard
from tournaments.models import Session

_BASE = getSampleStyleSheet()["BodyText"]
GREY = colors.HexColor("#444444")


def _styles(font: str) -> dict[str, ParagraphStyle]:
    """The card's styles in the PDF's font."""
    body = ParagraphStyle("card-body", parent=_BASE, fontName=font, fontSize=10, leading=13)
    return {
        "body": body,
        "small": ParagraphStyle("card-small", parent=body, fontSize=8, leading=10, textColor=GREY),
        "head": ParagraphStyle("card-head", parent=body, fontSize=15, leading=19),
    }


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    """Plain text as a paragraph (reportlab reads markup: the text is escaped first)."""
    return Paragraph(escape(font_text(text, style.fontName)), style)


def _where(row: Any) -> str:
    """Where the entrant sat on a tray and against whom, as the card's page words it."""
    parts = []
    for p in row.places:
        if not p.table:
            parts.append(p.against)
            continue
        partner = f" with {p.partner}" if p.partner else ""
        made = f", {p.made} tricks" if p.made else ""
        parts.append(f"{p.side}{partner} at table {p.table} v {p.against}{made}")
    return "; ".join(parts)


def _trays(card: ScoreCard, body: ParagraphStyle, small: ParagraphStyle) -> Table:
    """The card's trays: number, where and against whom, score."""
    rows = [[_p("Tray", small), _p("Where and against whom", small), _p("Score", small)]]
    for r in card.rows:
        score = r.score.plain + (f" (= {r.score.eq})" if r.score.eq else "")
        law = f" · {r.law}" if r.law else ""
        rows.append([_p(str(r.deal), body), _p(_where(r) + law, body), _p(score, body)])
    table = Table(rows, colWidths=[16 * mm, 120 * mm, 38 * mm], repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor("#999999")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    return table


def _card_story(card: ScoreCard, session: Session, styles: dict[str, ParagraphStyle]) -> list[Any]:
    """One entrant's page."""
    body, small = styles["body"], styles["small"]
    figures = " · ".join(f"{label} {cell.plain}" for label, cell in card.standing.figures)
    story: list[Any] = [
        _p(f"{session.club.name} · {session.title} · {session.date:%d %B %Y}", small),
        Spacer(1, 2 * mm),
        _p(f"{card.entrant}  {card.name}", styles["head"]),
        _p(f"Place {card.standing.rank}" + (f" · {figures}" if figures else ""), body),
        Spacer(1, 4 * mm),
        _trays(card, body, small),
        Spacer(1, 4 * mm),
        _p(f"The trays add up to {card.total_text}.", body),
    ]
    story += [_p(f"{m.name} ({m.pair}): {m.score}", small) for m in card.members]
    return story


def score_cards_pdf(*, session: Session, cards: Sequence[ScoreCard]) -> bytes:
    """The cards, one page each."""
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        title=f"Score cards · {session.title}",
        author="clubwhist",
        leftMargin=18 * mm,
        rightMargin=18 * mm,
        topMargin=16 * mm,
        bottomMargin=16 * mm,
    )
    styles = _styles(pdf_font())
    story: list[Any] = []
    for n, card in enumerate(cards):
        if n:
            story.append(PageBreak())
        story += _card_story(card, session, styles)
    if not story:
        story.append(_p("No score card yet: the session has no standings.", styles["body"]))
    doc.build(story)
    return buffer.getvalue()
