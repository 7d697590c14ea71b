"""Hand records and curtain cards as PDF (reportlab), from ``printing.hands``.

Helvetica for the text and ZapfDingbats for the suit symbols: both are
standard PDF fonts, so the files need no font of their own and look the
same everywhere. Hearts and diamonds are red; the trump card, in the
dealer's hand, is bold and underlined. Titles wrap inside their column, a
word too long for its line broken (``cells``); a curtain card, cut to a
fixed size, is scaled down should its session's title not leave it room.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from whist.cards import RED_SUITS, SUIT_SYMBOL, SYMBOL_SUIT, rank_text

from ..pbn.whist import ranges
from .cells import markup_cell, shrunk
from .data import Printed
from .hands import Hand, SuitLine, TrayHands

RED = "#c0262d"
GREY = colors.HexColor("#555555")
TEXT = ParagraphStyle("hands-text", fontName="Helvetica", fontSize=9, leading=11.2)
SMALL = ParagraphStyle("hands-small", parent=TEXT, fontSize=7.5, leading=9.5, textColor=GREY)
FOOT = ParagraphStyle("hands-foot", parent=SMALL, fontSize=7, leading=8)
HEAD = ParagraphStyle("hands-head", parent=TEXT, fontName="Helvetica-Bold", fontSize=14, leading=18)
CENTRE = ParagraphStyle("hands-centre", parent=TEXT, alignment=1, fontSize=8.5, leading=11)
CARD = ParagraphStyle("curtain", parent=TEXT, fontSize=13, leading=17.5)
CARD_HEAD = ParagraphStyle("curtain-head", parent=TEXT, fontName="Helvetica-Bold", fontSize=15, leading=18)
CARD_SEAT = ParagraphStyle("curtain-seat", parent=CARD_HEAD, alignment=2)


def plain(value: str) -> str:
    """Text Helvetica can show: a character it lacks becomes "?"."""
    return value.encode("cp1252", "replace").decode("cp1252")


def text(value: str) -> str:
    """Free text (a title, a note) as paragraph markup: suit symbols in ZapfDingbats, the rest plain."""
    parts = [symbol(SYMBOL_SUIT[c], c) if c in SYMBOL_SUIT else escape(plain(c)) for c in value]
    return "".join(parts)


def symbol(suit: str, glyph: str) -> str:
    """A suit symbol in ZapfDingbats, red for hearts and diamonds.

    The spade's advance in the font's metrics is narrower than its glyph: a
    hair of space after every symbol keeps the next letter clear of it.
    """
    colour = f' color="{RED}"' if suit in RED_SUITS else ""
    return f'<font face="ZapfDingbats"{colour}>{glyph}</font><font size="3">&nbsp;</font>'


def card_markup(trump: str) -> str:
    """ "K♣" in markup, the symbol in its colour; a declared suit "♣ declared"."""
    if trump in SUIT_SYMBOL:
        return symbol(trump, SUIT_SYMBOL[trump]) + " declared"
    if len(trump) != 2 or trump[1] not in SUIT_SYMBOL:
        return ""
    return rank_text(trump[0]) + symbol(trump[1], SUIT_SYMBOL[trump[1]])


def suit_markup(line: SuitLine) -> str:
    """ "♠ A K 10 2", the turned trump card bold and underlined."""
    ranks = [f"<b><u>{r}</u></b>" if r == line.trump else r for r in line.ranks]
    return f"{symbol(line.suit, line.symbol)}&nbsp;&nbsp;{' '.join(ranks) or '—'}"


def hand_markup(hand: Hand) -> str:
    """A hand under its seat's name, the dealer marked."""
    head = f"<b>{hand.name}</b>" + (" · dealer" if hand.dealer else "")
    return "<br/>".join([head, *(suit_markup(s) for s in hand.suits)])


def trump_line(tray: TrayHands) -> str:
    """ "Dealer East · trump K♣", or the trump to be turned at the table."""
    trump = card_markup(tray.trump) if tray.trump else "turned at the table"
    return f"Dealer {tray.dealer_name} · trump {trump}"


def _record(tray: TrayHands) -> Table:
    """One tray's compass: North above, West and East beside the tray's number, South below."""
    hand = {h.seat: Paragraph(hand_markup(h), TEXT) for h in tray.hands}
    trump = card_markup(tray.trump) if tray.trump else "at the table"
    centre = Paragraph(
        f'<font size="15"><b>{tray.tray}</b></font><br/>dealer {tray.dealer}<br/>trump {trump}', CENTRE
    )
    rows = [["", hand["N"], ""], [hand["W"], centre, hand["E"]], ["", hand["S"], ""]]
    grid = Table(rows, colWidths=[30 * mm, 27 * mm, 30 * mm])
    grid.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("BOX", (1, 1), (1, 1), 0.8, colors.black),
                ("BACKGROUND", (1, 1), (1, 1), colors.HexColor("#f1f4f2")),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    parts: list[Any] = [Paragraph(f"<b>Tray {tray.tray}</b> · {trump_line(tray)}", TEXT), grid]
    if tray.note:
        parts.append(markup_cell(text(tray.note), SMALL))
    return Table([[p] for p in parts], colWidths=[89 * mm], style=[("LEFTPADDING", (0, 0), (-1, -1), 0)])


def _pairs(items: Sequence[Any], empty: Any = "") -> list[list[Any]]:
    """Items two to a row."""
    return [[items[i], items[i + 1] if i + 1 < len(items) else empty] for i in range(0, len(items), 2)]


def _heading(printed: Printed, title: str, unknown: list[int]) -> list[Any]:
    """The document's title, the session, and which trays have no hands to show."""
    out: list[Any] = [
        markup_cell(text(f"{title} — {printed.title}"), HEAD),
        markup_cell(text(printed.subtitle), SMALL),
    ]
    if unknown:
        word = "trays" if len(unknown) > 1 else "tray"
        out.append(Paragraph(text(f"Dealt at the table, so not here: {word} {ranges(unknown)}."), SMALL))
    if not printed.hands:
        out.append(Paragraph("No tray has known hands yet: deal the trays or import a PBN file.", TEXT))
    return [*out, Spacer(1, 4 * mm)]


def _footer(title: str) -> Any:
    """Each page's foot: what it is (scaled down to the bottom margin if need be), and the page number."""

    def draw(canvas: Canvas, doc: Any) -> None:
        canvas.saveState()
        foot = shrunk([markup_cell(text(title), FOOT)], 150 * mm, 8 * mm)
        foot.wrapOn(canvas, 150 * mm, 8 * mm)
        foot.drawOn(canvas, 12 * mm, 6.5 * mm)
        canvas.setFont("Helvetica", 7)
        canvas.setFillColor(GREY)
        canvas.drawRightString(198 * mm, 7 * mm, f"page {doc.page}")
        canvas.restoreState()

    return draw


def _build(title: str, story: list[Any], margin: float = 12 * mm) -> bytes:
    """Lay out a story on A4 and return the PDF's bytes."""
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        title=title,
        author="clubwhist",
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin + 3 * mm,
    )
    doc.build(story, onFirstPage=_footer(title), onLaterPages=_footer(title))
    return buffer.getvalue()


def hand_records_pdf(printed: Printed) -> bytes:
    """Every known tray's four hands, dealer and trump card: six trays to a page."""
    title = f"Hand records - {printed.title}"
    story = _heading(printed, "Hand records", printed.hands_unknown)
    for row in _pairs([_record(t) for t in printed.hands]):
        table = Table([row], colWidths=[93 * mm, 93 * mm], style=[("VALIGN", (0, 0), (-1, -1), "TOP")])
        story += [KeepTogether([table, Spacer(1, 5 * mm)])]
    return _build(title, story)


#: A curtain card's room inside its cell (93 by 60 mm, less the cell's padding).
CURTAIN_ROOM = (93 * mm - 6 * mm - 6, 60 * mm - 4 * mm - 3)


def _curtain(tray: TrayHands, hand: Hand, session: str) -> Any:
    """One curtain card: the tray and seat, the dealer and trump, the thirteen cards, fitted to its cell."""
    head = Table(
        [[Paragraph(f"Tray {tray.tray}", CARD_HEAD), Paragraph(hand.name.upper(), CARD_SEAT)]],
        colWidths=[40 * mm, 40 * mm],
        style=[("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)],
    )
    if hand.dealer and tray.trump:
        line = f"You deal: the {card_markup(tray.trump)} is your last card, turned up for trump."
    elif hand.dealer:
        line = "You deal: turn up your last card for trump."
    else:
        line = trump_line(tray)
    suits = "<br/>".join(suit_markup(s) for s in hand.suits)
    foot = markup_cell(text(session), SMALL)
    return shrunk(
        [head, Paragraph(line, TEXT), Spacer(1, 1.5 * mm), Paragraph(suits, CARD), foot], *CURTAIN_ROOM
    )


def curtain_cards_pdf(printed: Printed) -> bytes:
    """A card for each hand of each known tray, four to a tray, eight to a page, to cut apart."""
    title = f"Curtain cards - {printed.title}"
    story = _heading(printed, "Curtain cards", printed.hands_unknown)
    cards = [_curtain(t, h, printed.title) for t in printed.hands for h in t.hands]
    rows = _pairs(cards)
    if rows:
        table = Table(rows, colWidths=[93 * mm, 93 * mm], rowHeights=[60 * mm] * len(rows))
        table.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.6, GREY, None, (3, 3)),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 6 * mm),
                    ("TOPPADDING", (0, 0), (-1, -1), 4 * mm),
                ]
            )
        )
        story.append(table)
    return _build(title, story)
