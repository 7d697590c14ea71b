"""Vector drawings for the PDFs: the movement diagram and QR codes (reportlab graphics).

The diagram draws ``movements.diagram.layout``, the same picture as the web
pages' SVG (tables on a ring, Table 1 at the top, one arrow for everything
that goes the same way, the labels outside the ring where no line crosses
them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from reportlab.graphics.shapes import Drawing, Group, Path, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from whist.cards import SYMBOL_SUIT

from ..movements import Movement
from ..movements.diagram import SAMPLE, STYLE, Curve, Label, TableShape, diagram_svg, layout
from .data import TableLink

KIND_DASH: dict[str, Sequence[float] | None] = {"ew": None, "ns": (6, 4), "tray": (2, 3)}


def latin(text: str) -> str:
    """Text the standard PDF fonts can show: their WinAnsi set (suit symbols spelt out)."""
    swaps = {"−": "-", **SYMBOL_SUIT, "…": "...", "›": ">"}
    for a, b in swaps.items():
        text = text.replace(a, b)
    return text.encode("cp1252", "replace").decode("cp1252")


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
    """The movement's tables on a ring, the moves after round 1 inside it, the labels outside (``layout``)."""
    lay = layout(movement)
    scale = min(1.0, width / lay.width)
    drawing = Drawing(lay.width * scale, lay.height * scale)
    group = Group()
    flip = lay.height  # the layout's y grows downwards, the PDF's upwards
    for curve in lay.curves:
        _curve(group, curve, flip)
    for table in lay.tables:
        _table(group, table, flip)
    for label in lay.labels:
        _label(group, label, flip)
    group.scale(scale, scale)
    drawing.add(group)
    return drawing


def _curve(group: Group, curve: Curve, flip: float) -> None:
    """An arrow's line and its head."""
    colour = colors.HexColor(STYLE[curve.kind][0])
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = curve.points
    path = Path(strokeColor=colour, strokeWidth=1.6, fillColor=None, strokeDashArray=KIND_DASH[curve.kind])
    path.moveTo(x0, flip - y0)
    path.curveTo(x1, flip - y1, x2, flip - y2, x3, flip - y3)
    group.add(path)
    angle = -curve.head_angle
    head = Path(fillColor=colour, strokeColor=colour, strokeWidth=0.5)
    head.moveTo(x3, flip - y3)
    for turn in (2.7, -2.7):
        head.lineTo(x3 + 7 * math.cos(angle + turn), flip - y3 + 7 * math.sin(angle + turn))
    head.closePath()
    group.add(head)


def _table(group: Group, table: TableShape, flip: float) -> None:
    """A table's box and its lines, centred."""
    b = table.box
    group.add(
        Rect(b.x, flip - b.y - b.h, b.w, b.h, rx=7, ry=7, fillColor=colors.white,
             strokeColor=colors.black, strokeWidth=1.3)
    )  # fmt: skip
    for line in table.lines:
        font = "Helvetica-Bold" if line.bold else "Helvetica"
        group.add(
            String(line.box.x + line.box.w / 2, flip - line.baseline, latin(line.text), fontName=font,
                   fontSize=line.size, textAnchor="middle")
        )  # fmt: skip


def _label(group: Group, label: Label, flip: float) -> None:
    """A move's label: a sample of its line, then the words, in its colour."""
    colour = colors.HexColor(STYLE[label.kind][0])
    y = flip - (label.box.y + label.box.h / 2)
    sample = Path(strokeColor=colour, strokeWidth=1.6, fillColor=None, strokeDashArray=KIND_DASH[label.kind])
    sample.moveTo(label.box.x, y)
    sample.lineTo(label.box.x + SAMPLE, y)
    group.add(sample)
    group.add(
        String(label.text_x, flip - label.baseline, latin(label.text), fontName="Helvetica",
               fontSize=label.size, fillColor=colour)
    )  # fmt: skip


def diagram_svg_inline(movement: Movement) -> str:
    """The same picture as inline SVG for the web pages (sized by CSS through its viewBox)."""
    return diagram_svg(movement, standalone=False)
