"""PDFs of the printed matter, drawn with reportlab from ``printing.data``.

Standard PDF fonts only (Helvetica), so the files look the same everywhere;
text is kept to the Latin-1 range those fonts carry. The movement diagram and
the QR codes are drawn as vector shapes, crisp at any size.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from typing import Any

from reportlab.graphics.shapes import Drawing, Group, Path, Rect, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from ..movements import Movement
from ..movements.diagram import arrows
from .data import Card, Printed, Slip, TableLink

_STYLES = getSampleStyleSheet()
BODY = ParagraphStyle("body", parent=_STYLES["BodyText"], fontName="Helvetica", fontSize=10, leading=13)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=8, leading=10, textColor=colors.HexColor("#444444"))
HEAD = ParagraphStyle("head", parent=BODY, fontName="Helvetica-Bold", fontSize=14, leading=18, spaceAfter=4)
MOVE = ParagraphStyle("move", parent=BODY, fontName="Helvetica-Bold", fontSize=12, leading=16)
GRID = colors.HexColor("#555555")
SHADE = colors.HexColor("#dddddd")
KIND_COLOUR = {"ew": "#1f4e9c", "ns": "#2e7d32", "tray": "#b3261e"}
KIND_DASH: dict[str, Sequence[float] | None] = {"ew": None, "ns": (6, 4), "tray": (2, 3)}


def latin(text: str) -> str:
    """Text the standard PDF fonts can show: their WinAnsi set (suit symbols spelt out)."""
    swaps = {"−": "-", "♠": "S", "♥": "H", "♦": "D", "♣": "C", "…": "...", "›": ">"}
    for a, b in swaps.items():
        text = text.replace(a, b)
    return text.encode("cp1252", "replace").decode("cp1252")


def para(text: str, style: ParagraphStyle = BODY) -> Paragraph:
    """A paragraph of plain text (escaped for reportlab's mini-markup)."""
    safe = latin(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return Paragraph(safe, style)


class QRCode(Flowable):  # type: ignore[misc]
    """A QR code drawn module by module from segno's matrix."""

    def __init__(self, link: TableLink, size: float = 32 * mm) -> None:
        super().__init__()
        self.link, self.size = link, size
        self.width = self.height = size

    def draw(self) -> None:
        matrix = self.link.matrix
        cell = self.size / (len(matrix) + 4)
        canvas = self.canv
        canvas.setFillColor(colors.black)
        for y, row in enumerate(matrix):
            for x, bit in enumerate(row):
                if bit:  # a hair wider than a module, so that no seam shows between neighbours
                    canvas.rect(
                        (x + 2) * cell, self.size - (y + 3) * cell, cell * 1.04, cell * 1.04, stroke=0, fill=1
                    )


def diagram(movement: Movement, width: float = 170 * mm) -> Drawing:
    """The movement's tables on a ring with the moves after round 1 (as ``diagram_svg``)."""
    count = max(movement.tables, 1)
    box_w, box_h = 34 * mm, 17 * mm
    radius = max(45 * mm, count * (box_w + 8 * mm) / (2 * math.pi))
    size = 2 * radius + box_w + 16 * mm
    scale = min(1.0, width / size)
    drawing = Drawing(size * scale, size * scale)
    group = Group()
    centre = size / 2
    pos = {
        i + 1: (
            centre + radius * math.sin(2 * math.pi * i / count),
            centre + radius * math.cos(2 * math.pi * i / count),
        )
        for i in range(count)
    }
    first = {t.table: t for t in movement.rounds[0].tables} if movement.rounds else {}
    seen: dict[frozenset[int], int] = {}
    for (kind, source, target), label in _grouped(movement).items():
        key = frozenset((source, target))
        index = seen.get(key, 0)
        seen[key] = index + 1
        _arrow(group, pos, kind, source, target, label, index, (box_w, box_h))
    for number, (x, y) in pos.items():
        _table_box(group, number, x, y, box_w, box_h, first.get(number))
    group.scale(scale, scale)
    drawing.add(group)
    return drawing


def _grouped(movement: Movement) -> dict[tuple[str, int, int], str]:
    """The engine's arrows, one per kind and pair of tables: "trays 1, 2, 3, 4" on one line."""
    out: dict[tuple[str, int, int], list[str]] = {}
    for a in arrows(movement):
        out.setdefault((a.kind, a.source, a.target), []).append(a.label)
    return {k: _join(k[0], v) for k, v in out.items()}


def _join(kind: str, labels: list[str]) -> str:
    """ "tray 1" or "trays 1, 2, 3"; players' labels listed as they are."""
    if len(labels) == 1 or kind != "tray":
        return ", ".join(labels)
    return "trays " + ", ".join(x.split()[-1] for x in labels)


def _table_box(group: Group, number: int, x: float, y: float, w: float, h: float, t: Any) -> None:
    """A table: its number, the round-1 entrants and trays."""
    group.add(
        Rect(
            x - w / 2,
            y - h / 2,
            w,
            h,
            rx=6,
            ry=6,
            fillColor=colors.white,
            strokeColor=colors.black,
            strokeWidth=1.2,
        )
    )
    lines = [f"Table {number}"]
    if t is None:
        lines.append("not played in round 1")
    else:
        who = f"{t.ns or '-'} v {t.ew or '-'}"
        lines.append(" ".join(f"{s}{p}" for s, p in t.seats.items()) if t.seats else who)
        lines.append("trays " + ", ".join(map(str, t.trays[:5])) + ("..." if len(t.trays) > 5 else ""))
    for i, line in enumerate(lines):
        font = "Helvetica-Bold" if i == 0 else "Helvetica"
        group.add(
            String(
                x,
                y + h / 2 - 5 * mm - i * 4.5 * mm,
                latin(line),
                fontName=font,
                fontSize=9,
                textAnchor="middle",
            )
        )


def _arrow(
    group: Group,
    pos: dict[int, tuple[float, float]],
    kind: str,
    a: int,
    b: int,
    label: str,
    index: int,
    box: tuple[float, float],
) -> None:
    """A curved arrow between two tables (a loop for a move within one), with its label."""
    colour = colors.HexColor(KIND_COLOUR[kind])
    (x1, y1), (x2, y2) = pos[a], pos[b]
    path = Path(strokeColor=colour, strokeWidth=1.4, fillColor=None, strokeDashArray=KIND_DASH[kind])
    if a == b:
        top, off = y1 + box[1] / 2, -12 * mm + 12 * mm * (index % 3)
        sx, ex = x1 - 6 * mm + off, x1 + 6 * mm + off
        path.moveTo(sx, top)
        path.curveTo(sx - 3 * mm, top + 14 * mm, ex + 3 * mm, top + 14 * mm, ex, top + 1)
        lx, ly, hx, hy, angle = x1 + off, top + 12 * mm, ex, top + 1, -math.pi / 2
    else:
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        # leave the box where the line crosses its edge, whichever edge that is
        trim = min(box[0] / 2 / max(abs(ux), 1e-6), box[1] / 2 / max(abs(uy), 1e-6)) + 2 * mm
        sx, sy, ex, ey = x1 + ux * trim, y1 + uy * trim, x2 - ux * trim, y2 - uy * trim
        bend = 8 * mm + 9 * mm * index
        cx, cy = (sx + ex) / 2 + uy * bend, (sy + ey) / 2 - ux * bend
        path.moveTo(sx, sy)
        path.curveTo(
            sx + 2 / 3 * (cx - sx),
            sy + 2 / 3 * (cy - sy),
            ex + 2 / 3 * (cx - ex),
            ey + 2 / 3 * (cy - ey),
            ex,
            ey,
        )
        lx, ly, hx, hy = (sx + 2 * cx + ex) / 4, (sy + 2 * cy + ey) / 4, ex, ey
        angle = math.atan2(ey - cy, ex - cx)
    group.add(path)
    head = Path(fillColor=colour, strokeColor=colour, strokeWidth=0.5)
    head.moveTo(hx, hy)
    for turn in (2.7, -2.7):
        head.lineTo(hx + 2.6 * mm * math.cos(angle + turn), hy + 2.6 * mm * math.sin(angle + turn))
    head.closePath()
    group.add(head)
    group.add(
        String(lx, ly, latin(label), fontName="Helvetica", fontSize=8, fillColor=colour, textAnchor="middle")
    )


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
    rows: list[list[Any]],
    widths: Sequence[float] | None = None,
    head: int = 1,
    extra: Sequence[tuple[Any, ...]] = (),
) -> Table:
    """A ruled table with a bold heading row."""
    table = Table(rows, colWidths=widths, repeatRows=head)
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.5, GRID),
                ("FONT", (0, 0), (-1, -1), "Helvetica", 9),
                ("FONT", (0, 0), (-1, head - 1), "Helvetica-Bold", 8),
                ("BACKGROUND", (0, 0), (-1, head - 1), colors.HexColor("#eeeeee")),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                *extra,
            ]
        )
    )
    return table


def _card(card: Card, printed: Printed) -> list[Any]:
    """One table's guide card: heading, schedule, each seat's move, QR code."""
    left = [para(card.header, HEAD), *(para(line) for line in card.originals)]
    qr: Any = Spacer(1, 1)
    if card.link is not None:
        qr = Table([[QRCode(card.link)], [para("Scan to enter scores", SMALL)]], colWidths=[36 * mm])
    heading = Table([[left, qr]], colWidths=[142 * mm, 38 * mm], style=[("VALIGN", (0, 0), (-1, -1), "TOP")])
    rows = [list(card.headings)] + [list(r) + [""] * (len(card.headings) - len(r)) for r in card.rows]
    out: list[Any] = [heading, Spacer(1, 3 * mm), para("SCHEDULE.", MOVE), Spacer(1, 1 * mm)]
    out.append(_grid([[latin(c) for c in r] for r in rows], _card_widths(card.headings), extra=CARD_GRID))
    out += [Spacer(1, 6 * mm), _moves(card)]
    if card.link is not None:
        out += [Spacer(1, 4 * mm), para(f"Score entry: {card.link.url}", SMALL)]
    return out


#: The schedule of a card, larger than other grids: it is read standing at the table.
CARD_GRID = [
    ("FONT", (0, 1), (-1, -1), "Helvetica", 11),
    ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 9),
    ("TOPPADDING", (0, 0), (-1, -1), 4),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
]


def _card_widths(headings: Sequence[str]) -> list[float]:
    """Schedule columns across the card: the round and the deals wider than the rest."""
    if len(headings) == 5:
        return [30 * mm, 40 * mm, 14 * mm, 40 * mm, 56 * mm]
    rest = (180 * mm - 30 * mm - 50 * mm) / max(len(headings) - 2, 1)
    return [30 * mm, *([rest] * (len(headings) - 2)), 50 * mm]


def _moves(card: Card) -> Table:
    """Where each seat goes next, and the deals: a ruled box, North and South beside East and West."""
    by_seat = dict(card.moves)
    cells = [
        [para(by_seat.get(a, ""), MOVE), para(by_seat.get(b, ""), MOVE)] for a, b in (("N", "E"), ("S", "W"))
    ]
    if card.tray_move:
        cells.append([para(card.tray_move, BODY), ""])
    style = [
        ("BOX", (0, 0), (-1, -1), 1, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
    ]
    if card.tray_move:
        style.append(("SPAN", (0, 2), (1, 2)))
    return Table(cells, colWidths=[90 * mm, 90 * mm], style=style)


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
    names = [[latin(n), latin(who)] for n, who in printed.names]
    if names:
        story.append(
            _grid(
                [["No.", "Names"], *names],
                widths=[15 * mm, 120 * mm],
                extra=[("ALIGN", (1, 1), (1, -1), "LEFT")],
            )
        )
    return story


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
    return KeepTogether(
        [*lines, _grid([[latin(c) for c in r] for r in rows], widths, extra=shades), Spacer(1, 8 * mm)]
    )


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
            [[latin(c) for c in r] for r in rows],
            widths,
            extra=[
                ("ALIGN", (1, 1), (1, -1), "LEFT"),
                ("FONT", (1, 1), (1, -1), "Helvetica", 8),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f4f4f4")]),
            ],
        ),
    ]
    return _build(f"Tabulating sheet - {printed.title}", story, landscape(A4))


def qr_pdf(printed: Printed) -> bytes:
    """Each table's QR code and link, six to a page, to stand on the tables."""
    cells = [
        [
            para(f"Table {link.table}", HEAD),
            QRCode(link, 55 * mm),
            para("Scan to see your seats and enter the scores.", SMALL),
            para(link.url, SMALL),
        ]
        for link in printed.links
    ]
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
    return _build(f"Table QR codes - {printed.title}", [para(printed.title, HEAD), table])


#: The printable documents by name: (title, PDF builder).
DOCUMENTS: dict[str, tuple[str, Callable[[Printed], bytes]]] = {
    "cards": ("Guide cards", cards_pdf),
    "slips": ("Traveling slips", slips_pdf),
    "sheet": ("Tabulating sheet", sheet_pdf),
    "qr": ("Table QR codes", qr_pdf),
}
