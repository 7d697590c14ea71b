"""Personal score cards as a PDF: one page an entrant (all of them, to hand out), or one entrant's (to send).

Each page: the session, the entrant and its place with the standings' figures, then every tray (where it
sat, against whom, tricks made, or that it sat out; its score, an equated gain with its value) and the sum,
which is the standings' total. The words are the e-mail's too (``scoring.selectors.score_cards.card_words``).
Set in the results' font (``scoring.pdf_fonts``), so the figures read as on the pages ("24⅓").
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
from scoring.selectors.score_cards import CardWords, card_words
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


def _trays(words: CardWords, body: ParagraphStyle, small: ParagraphStyle) -> Table:
    """The card's trays: number, where and against whom (or "sat out"), score."""
    rows = [[_p("Tray", small), _p("Where and against whom", small), _p("Score", small)]]
    for t in words.trays:
        rows.append([_p(str(t.deal), body), _p(t.where, body), _p(t.score, body)])
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
    """One entrant's page, in the words the e-mail uses too (``card_words``)."""
    body, small = styles["body"], styles["small"]
    words = card_words(session=session, card=card)
    story: list[Any] = [
        _p(words.heading, small),
        Spacer(1, 2 * mm),
        _p(words.title, styles["head"]),
        _p(words.place, body),
        Spacer(1, 4 * mm),
        _trays(words, body, small),
        Spacer(1, 4 * mm),
        _p(words.total, body),
    ]
    story += [_p(line, small) for line in words.members]
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
