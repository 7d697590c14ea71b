"""Vector drawings for the PDFs: the movement diagram and QR codes (reportlab graphics).

The diagram follows ``movements.diagram.diagram_svg`` (tables on a ring,
Table 1 at the top, arrows for the moves after round 1), but draws one arrow
for all the trays that go the same way, so that a card stays readable.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from reportlab.graphics.shapes import Drawing, Group, Path, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from ..movements import Movement
from ..movements.diagram import arrows
from .data import TableLink

KIND_COLOUR = {"ew": "#1f4e9c", "ns": "#2e7d32", "tray": "#b3261e"}
KIND_DASH: dict[str, Sequence[float] | None] = {"ew": None, "ns": (6, 4), "tray": (2, 3)}


def latin(text: str) -> str:
    """Text the standard PDF fonts can show: their WinAnsi set (suit symbols spelt out)."""
    swaps = {"−": "-", "♠": "S", "♥": "H", "♦": "D", "♣": "C", "…": "...", "›": ">"}
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


def diagram_svg_inline(movement: Movement) -> str:
    """The same diagram as inline SVG for the web pages (no prolog; sized by CSS through its viewBox)."""
    from reportlab.graphics import renderSVG

    svg = renderSVG.drawToString(diagram(movement))
    svg = svg[svg.index("<svg") :]
    head, rest = svg.split(">", 1)
    head = re.sub(r'\s(width|height)="[^"]*"', "", head)
    title = f"Movement diagram: {movement.tables} tables, moves after round 1"
    rest = rest.replace("<title>...</title>", f"<title>{title}</title>", 1).replace("<desc>...</desc>", "", 1)
    sans = "font-family: Helvetica, Arial, sans-serif"
    rest = rest.replace("font-family: Helvetica-Bold", f"{sans}; font-weight: bold")
    rest = rest.replace("font-family: Helvetica;", f"{sans};")
    return f'{head} role="img">{rest}'
