"""PDFs of the printed matter, drawn with reportlab from ``printing.data``.

Standard PDF fonts (Helvetica), so the files look the same everywhere; text
is kept to the WinAnsi set those fonts carry. A printed link is set in a
font whose I, l, 1, O and 0 differ (``link_font``), embedded. The movement diagram and
the QR codes are drawn as vector shapes, crisp at any size. Every text, in a
cell or not, is a paragraph of ``cells`` that wraps inside its column, a
word too long for its line broken, so that no name or title of any length
its column allows runs over its neighbours.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepInFrame,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from ..movements import Movement, MovementUserError
from ..movements.balance import balance
from ..movements.balance_table import duplicated
from .cells import text_cell, text_rows
from .data import Card, Printed, Slip
from .drawing import QRCode, diagram, latin
from .hands_pdf import curtain_cards_pdf, hand_records_pdf
from .link_font import link_style

_STYLES = getSampleStyleSheet()
BODY = ParagraphStyle("body", parent=_STYLES["BodyText"], fontName="Helvetica", fontSize=10, leading=13)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=8, leading=10, textColor=colors.HexColor("#444444"))
HEAD = ParagraphStyle("head", parent=BODY, fontName="Helvetica-Bold", fontSize=14, leading=18, spaceAfter=4)
MOVE = ParagraphStyle("move", parent=BODY, fontName="Helvetica-Bold", fontSize=12, leading=16)
GRID = colors.HexColor("#555555")
SHADE = colors.HexColor("#dddddd")
#: A ruled table's cells: its heading row, its body, and the body of a guide card's schedule (read standing).
CELL = ParagraphStyle("cell", BODY, fontSize=9, leading=11, alignment=TA_CENTER, spaceBefore=0, spaceAfter=0)
CELL_HEAD = ParagraphStyle("cell-head", CELL, fontName="Helvetica-Bold", fontSize=8, leading=10)
CARD_CELL = ParagraphStyle("card-cell", CELL, fontSize=11, leading=13.5)
CARD_HEAD = ParagraphStyle("card-head", CELL_HEAD, fontSize=9, leading=11)
#: The tabulating sheet's names, smaller to leave the trays their room.
NAME_CELL = ParagraphStyle("name-cell", CELL, fontSize=8, leading=10)


def para(text: str, style: ParagraphStyle = BODY) -> Paragraph:
    """Plain text as a paragraph (reportlab's markup escaped), a word too long for its line broken."""
    return text_cell(latin(text), style)


def _key() -> Table:
    """The diagram's key: what each line means."""
    cells = [
        [
            para(t, SMALL)
            for t in ("Solid blue: E-W players", "Dashed green: N-S players", "Dotted red: trays")
        ]
    ]
    return Table(cells, colWidths=[55 * mm] * 3)


def _grid(
    rows: Sequence[Sequence[str]],
    widths: Sequence[float],
    head: int = 1,
    extra: Sequence[tuple[Any, ...]] = (),
    *,
    body: ParagraphStyle = CELL,
    heading: ParagraphStyle = CELL_HEAD,
    left: dict[int, ParagraphStyle] | None = None,
) -> Table:
    """A ruled table with a bold heading row, every cell's text wrapping inside its column.

    ``heading`` and ``body`` are the styles of the heading's and the body's
    cells, ``left`` a style for the body cells of some columns (names, set
    flush left).
    """

    def style(row: int, column: int) -> ParagraphStyle:
        if row < head:
            return heading
        return (left or {}).get(column, body)

    cells = text_rows([[latin(c) for c in r] for r in rows], style)
    table = Table(cells, colWidths=widths, repeatRows=head)
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.5, GRID),
                ("BACKGROUND", (0, 0), (-1, head - 1), colors.HexColor("#eeeeee")),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                *extra,
            ]
        )
    )
    return table


def _flush_left(style: ParagraphStyle) -> ParagraphStyle:
    """The style set flush left (a column of names)."""
    return ParagraphStyle(f"{style.name}-left", style, alignment=TA_LEFT)


def _card(card: Card, printed: Printed) -> list[Any]:
    """One table's guide card: heading, schedule, each seat's move, QR code; always one page."""
    left = [para(card.header, HEAD), *(para(line) for line in card.originals)]
    qr: Any = Spacer(1, 1)
    if card.link is not None:
        qr = Table([[QRCode(card.link)], [para("Scan to enter scores", SMALL)]], colWidths=[36 * mm])
    heading = Table(
        [[left, qr]],
        colWidths=[CARD_FRAME[0] - 38 * mm, 38 * mm],
        style=[("VALIGN", (0, 0), (-1, -1), "TOP")],
    )
    rows = [list(card.headings)] + [list(r) + [""] * (len(card.headings) - len(r)) for r in card.rows]
    wide = bool(NEXT_COLUMNS & set(card.headings))
    pad = _padding(rows)
    grid = _grid(
        rows,
        _card_widths(card.headings),
        extra=[("TOPPADDING", (0, 0), (-1, -1), pad), ("BOTTOMPADDING", (0, 0), (-1, -1), pad)]
        + ([("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2)] if wide else []),
        body=CARD_CELL_WIDE if wide else CARD_CELL,
        heading=CARD_HEAD,
    )
    out: list[Any] = [heading, Spacer(1, 3 * mm), para("SCHEDULE.", MOVE), Spacer(1, 1 * mm), grid]
    out += [Spacer(1, 6 * mm), _moves(card)]
    if card.link is not None:
        out += [Spacer(1, 4 * mm), para(f"Score entry: {card.link.url}", link_style(SMALL))]
    # A card longer than its page (the book's Howell of thirty-six pairs has 35 rounds) is set smaller,
    # never split: its moves box stays whole under the schedule.
    return [KeepInFrame(CARD_FRAME[0], CARD_FRAME[1], out, mode="shrink")]


#: A guide card's frame on its A4 page (the page less the margins and the frame's own padding).
CARD_FRAME = (A4[0] - 30 * mm - 12, A4[1] - 28 * mm - 12)
#: The columns a schedule has beyond the book's: where everyone goes next (``movements.card_columns``).
NEXT_COLUMNS = frozenset(("N. & S. next", "E. & W. next", "Deals next", "Sits out"))
#: The schedule of a card, larger than other grids: it is read standing at the table; with next columns
#: it is set a little smaller to keep them on the page's width.
CARD_CELL_WIDE = ParagraphStyle("card-cell-wide", CARD_CELL, fontSize=9, leading=11)


def _padding(rows: Sequence[Sequence[str]]) -> float:
    """A schedule row's padding: roomy for a short schedule, close for a long one."""
    return 4 if len(rows) <= 16 else 2


#: Each column's share of a schedule with next columns (the card's width is shared out by these).
_SHARE = {"Round": 17, "N. & S.": 14, "": 6, "E. & W.": 14, "Deal": 18, "N": 13, "E": 13, "S": 13, "W": 13,
          "N. & S. next": 21, "E. & W. next": 21, "Deals next": 17, "Sits out": 34}  # fmt: skip


def _card_widths(headings: Sequence[str]) -> list[float]:
    """Schedule columns across the card: the round and the deals wider than the rest."""
    if len(headings) == 5:
        return [30 * mm, 40 * mm, 14 * mm, 40 * mm, 56 * mm]
    if not NEXT_COLUMNS & set(headings):
        rest = (180 * mm - 30 * mm - 50 * mm) / max(len(headings) - 2, 1)
        return [30 * mm, *([rest] * (len(headings) - 2)), 50 * mm]
    shares = [_SHARE.get(h, 20) for h in headings]
    return [CARD_FRAME[0] * share / sum(shares) for share in shares]


def _moves(card: Card) -> Table:
    """Where each seat goes next, and the deals: a ruled box, North and South beside East and West."""
    by_seat = dict(card.moves)
    cells = [
        [para(by_seat.get(a, ""), MOVE), para(by_seat.get(b, ""), MOVE)] for a, b in (("N", "E"), ("S", "W"))
    ]
    for line in (card.tray_move, card.sitout_move):
        if line:
            cells.append([para(line, BODY), ""])
    style = [
        ("BOX", (0, 0), (-1, -1), 1, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
        *(("SPAN", (0, row), (1, row)) for row in range(2, len(cells))),
    ]
    return Table(cells, colWidths=[CARD_FRAME[0] / 2] * 2, style=style)


def _doc(buffer: io.BytesIO, title: str, pagesize: tuple[float, float] = A4) -> SimpleDocTemplate:
    """A document with the club's margins and the title in its metadata."""
    return SimpleDocTemplate(
        buffer,
        pagesize=pagesize,
        title=latin(title),
        author="clubwhist",
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=14 * mm,
        bottomMargin=14 * mm,
    )


def _build(title: str, story: list[Any], pagesize: tuple[float, float] = A4) -> bytes:
    """Lay out a story and return the PDF's bytes."""
    buffer = io.BytesIO()
    _doc(buffer, title, pagesize).build(story)
    return buffer.getvalue()


def _cover(printed: Printed) -> list[Any]:
    """The first page: the session, the movement diagram, the key of entrants."""
    story: list[Any] = [
        para(printed.title, HEAD),
        para(printed.subtitle, SMALL),
        Spacer(1, 4 * mm),
        diagram(printed.movement),
        _key(),
        Spacer(1, 4 * mm),
    ]
    names = [[n, who] for n, who in printed.names]
    if names:
        story.append(
            _grid([["No.", "Names"], *names], widths=[15 * mm, 120 * mm], left={1: _flush_left(CELL)})
        )
    return story + _fairness(printed.movement)


#: The matrix of the amounts of competition: small figures in close cells, to fit the book's Howell of
#: thirty-six pairs across a page, each figure on one line.
MATRIX_CELL = ParagraphStyle("matrix-cell", CELL, fontSize=7, leading=8)
MATRIX_HEAD = ParagraphStyle("matrix-head", CELL_HEAD, fontSize=7, leading=8)
MATRIX_PADDING = [(f"{side}PADDING", (0, 0), (-1, -1), 1) for side in ("LEFT", "RIGHT", "TOP", "BOTTOM")]
#: The most of a page the matrix may take, below its heading and words: a larger one is set smaller.
MATRIX_FRAME = (CARD_FRAME[0], CARD_FRAME[1] - 40 * mm)


def _fairness(movement: Movement) -> list[Any]:
    """How fair the movement is: its figures in words and the amount of competition of every two
    entrants as a grid (nothing for teams, where the measure does not apply, or a game of single plays).
    The whole is kept on one page, never split: it starts a new page when the cover's page is full."""
    try:
        b = balance(movement)
    except MovementUserError:
        return []
    if not duplicated(movement):
        return []
    story: list[Any] = [para("How fair it is", MOVE)]
    story += [para(line, SMALL) for line in b.words()]
    numbers = [str(e) for e in b.entrants]
    rows = [["", *numbers]] + [
        [str(a), *("" if v is None else str(v) for v in row)]
        for a, row in zip(b.entrants, b.matrix(), strict=True)
    ]
    width = min(8 * mm, 170 * mm / (len(numbers) + 1))
    grid = _grid(
        rows, widths=[width] * (len(numbers) + 1), extra=MATRIX_PADDING, body=MATRIX_CELL, heading=MATRIX_HEAD
    )
    story += [Spacer(1, 2 * mm), KeepInFrame(*MATRIX_FRAME, [grid], mode="shrink", name="fairness-matrix")]
    return [Spacer(1, 4 * mm), KeepTogether(story)]


def cards_pdf(printed: Printed) -> bytes:
    """Guide cards: the movement diagram first, then one page per table (p. 39)."""
    story = _cover(printed)
    for card in printed.cards:
        story += [PageBreak(), *_card(card, printed)]
    return _build(f"Guide cards - {printed.title}", story)


def _slip(slip: Slip, printed: Printed) -> KeepTogether:
    """One traveling slip, ruled, the unused cells shaded."""
    trump = slip.trump or "______________"
    lines = [
        para(f"{printed.title} — {slip.title}", SMALL),
        para(f"DEAL No. {slip.tray}.   TRUMP — {trump}.   Dealer: {slip.dealer}.", MOVE),
        para(slip.extra, SMALL),
        Spacer(1, 2 * mm),
    ]
    rows = [list(slip.headings), *(list(ln.cells) for ln in slip.lines), *(list(f) for f in slip.footer)]
    shades = [
        ("BACKGROUND", (c, r), (c, r), SHADE) for r, ln in enumerate(slip.lines, start=1) for c in ln.shaded
    ]
    widths = [18 * mm] + [(180 * mm - 18 * mm) / (len(slip.headings) - 1)] * (len(slip.headings) - 1)
    return KeepTogether([*lines, _grid(rows, widths, extra=shades), Spacer(1, 8 * mm)])


def slips_pdf(printed: Printed) -> bytes:
    """A traveling slip for every tray, as many to a page as fit."""
    return _build(f"Traveling slips - {printed.title}", [_slip(s, printed) for s in printed.slips])


def sheet_pdf(printed: Printed) -> bytes:
    """The tabulating sheet (p. 42), landscape."""
    sheet = printed.sheet
    assert sheet is not None
    trays = len(sheet.headings) - 4
    free = 267 * mm - 12 * mm - 55 * mm - 2 * 16 * mm
    widths = [12 * mm, 55 * mm] + [free / max(trays, 1)] * trays + [16 * mm, 16 * mm]
    rows = [list(sheet.headings), *(list(r) for r in sheet.rows), *(list(f) for f in sheet.footer)]
    story = [
        para(printed.title, HEAD),
        para(sheet.title, SMALL),
        Spacer(1, 3 * mm),
        _grid(
            rows,
            widths,
            extra=[("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f4f4f4")])],
            left={1: _flush_left(NAME_CELL)},
        ),
    ]
    return _build(f"Tabulating sheet - {printed.title}", story, landscape(A4))


def qr_pdf(printed: Printed) -> bytes:
    """Each table's QR code and link, four to a page, to stand on the tables."""
    cells = [
        [
            para(f"Table {link.table}", HEAD),
            QRCode(link, 55 * mm),
            para("Scan to see your seats and enter the scores.", SMALL),
            para(link.url, link_style(SMALL)),
        ]
        for link in printed.links
    ]
    return _build(f"Table QR codes - {printed.title}", [para(printed.title, HEAD), _qr_grid(cells)])


def entrant_qr_pdf(printed: Printed) -> bytes:
    """Each entrant's own QR code, six to a page, to cut out and hand to each pair with its card."""
    cells = [
        [
            para(link.label, HEAD),
            para(link.names, SMALL),
            QRCode(link, 42 * mm),
            para("Scan once: your phone follows you to every table, and shows your travellers.", SMALL),
        ]
        for link in printed.entrant_links
    ]
    return _build(f"Entrants' own QR codes - {printed.title}", [para(printed.title, HEAD), _qr_grid(cells)])


def _qr_grid(cells: list[list[Any]]) -> Table:
    """QR cells two to a row, ruled to cut out."""
    rows = [cells[i : i + 2] + [[]] * (2 - len(cells[i : i + 2])) for i in range(0, len(cells), 2)]
    table = Table(
        rows,
        colWidths=[90 * mm, 90 * mm],
        style=[
            ("BOX", (0, 0), (-1, -1), 0.5, GRID),
            ("INNERGRID", (0, 0), (-1, -1), 0.5, GRID),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 6 * mm),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 6 * mm),
        ],
    )
    return table


#: The printable documents by name: (title, PDF builder).
DOCUMENTS: dict[str, tuple[str, Callable[[Printed], bytes]]] = {
    "cards": ("Guide cards", cards_pdf),
    "slips": ("Traveling slips", slips_pdf),
    "sheet": ("Tabulating sheet", sheet_pdf),
    "qr": ("Table QR codes", qr_pdf),
    "entrant-qr": ("Entrants' own QR codes", entrant_qr_pdf),
    "hands": ("Hand records", hand_records_pdf),
    "curtains": ("Curtain cards", curtain_cards_pdf),
}
