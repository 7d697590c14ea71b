"""A printable picture of a movement: the tables and who and what moves after round 1.

Terms (Barney, 1900, p. 31, where the Mitchell System is explained by a
diagram of the tables, the players and the deals):

- the tables stand in a ring, Table 1 at the top and the numbers running
  clockwise; each shows its round-1 entrants and trays;
- an **arrow** goes from a table to where something goes after round 1: solid
  for E-W players, dashed for N-S players, dotted for trays; a move within one
  table (a pair changing direction) is a small loop;
- a pair **sitting out** (an odd movement, p. 38) has its own place in the
  ring, "Sitting out": an arrow leaves it for the table where the pair sitting
  out round 1 comes in, and one reaches it from the table a pair leaves to sit
  out round 2;
- a **label** says what moves and where, trays with the round they are played
  there ("E-W 2 to Table 3", "trays 6, 13 to Table 5, round 2", "N-S 5 sits
  out round 2", "11 to Table 3, N-S"). Every label stands outside the ring, beside the table the move
  leaves, drawn with a sample of its arrow's line; every arrow runs inside the
  ring. So no arrow crosses a label and no two labels overlap, for any number
  of tables: ``layout`` places everything, checks it (``collisions``) and
  widens the ring until the check passes.

``layout`` is the geometry (y grows downwards, units are points of text at
``LABEL_SIZE``); ``diagram_svg`` draws it as a self-contained SVG document and
``tournaments.printing.drawing`` draws the same layout in the PDFs. Text widths
are Helvetica's (the PDF's font, and the SVG's first choice; the SVG fixes each
text's length, so another font cannot make it wider). Nothing here imports
Django.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from xml.sax.saxutils import escape

from .card_moves import next_place, unit_word
from .registry import FAMILIES
from .types import Movement, Seat, TableAssignment

KINDS = ("ew", "ns", "tray")
STYLE = {"ew": ("#1f4e9c", ""), "ns": ("#2e7d32", "8,5"), "tray": ("#b3261e", "2,4")}
KIND_WORDS = {"ew": "E-W players", "ns": "N-S players", "tray": "trays"}

LABEL_SIZE = 11.0
BOX_SIZE = 12.0
LABEL_LINE = 15.0
BOX_LINE = 16.0
SAMPLE = 18.0  # the line sample before a label
GAP = 8.0
PAD = 8.0
SEGMENTS = 48  # a curve is checked as this many straight pieces

# Helvetica and Helvetica-Bold advance widths (1/1000 em) of the printable ASCII characters, 32-126.
_WIDTHS = {
    False: (
        "278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 "
        "556 556 278 278 584 584 584 556 1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 "
        "778 667 778 722 667 611 722 667 944 667 667 611 278 278 278 469 556 333 556 556 500 556 556 278 "
        "556 556 222 222 500 222 833 556 556 556 556 333 500 278 556 500 722 500 500 500 334 260 334 584"
    ),
    True: (
        "278 333 474 556 556 889 722 238 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 "
        "556 556 333 333 584 584 584 611 975 722 722 722 722 667 611 778 722 278 556 722 611 833 722 "
        "778 667 778 722 667 611 722 667 944 667 667 611 333 278 333 584 556 333 556 611 556 611 556 333 "
        "611 611 278 278 556 278 889 611 611 611 611 389 556 333 611 556 778 556 556 500 389 280 389 584"
    ),
}
_ADVANCE = {bold: [int(w) for w in table.split()] for bold, table in _WIDTHS.items()}

Point = tuple[float, float]


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of a line of text in Helvetica at ``size`` (a wide glyph for anything beyond ASCII)."""
    advance = _ADVANCE[bold]
    return size * sum(advance[ord(c) - 32] if 32 <= ord(c) < 127 else 1000 for c in text) / 1000


@dataclass(frozen=True)
class Box:
    """An upright rectangle: left, top, width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> Point:
        """The middle of the box."""
        return self.x + self.w / 2, self.y + self.h / 2

    def grown(self, by: float) -> Box:
        """The box with a margin all round."""
        return Box(self.x - by, self.y - by, self.w + 2 * by, self.h + 2 * by)

    def meets(self, other: Box) -> bool:
        """Whether the two boxes overlap (touching edges do not)."""
        return (
            self.x < other.x + other.w
            and other.x < self.x + self.w
            and self.y < other.y + other.h
            and other.y < self.y + self.h
        )

    def crossed_by(self, a: Point, b: Point) -> bool:
        """Whether the straight piece from a to b passes through the box (Liang-Barsky clipping)."""
        (x1, y1), (x2, y2) = a, b
        dx, dy = x2 - x1, y2 - y1
        lo, hi = 0.0, 1.0
        left, right, top, bottom = x1 - self.x, self.x + self.w - x1, y1 - self.y, self.y + self.h - y1
        for p, q in ((-dx, left), (dx, right), (-dy, top), (dy, bottom)):
            if p == 0:
                if q < 0:
                    return False
                continue
            t = q / p
            if p < 0:
                lo = max(lo, t)
            else:
                hi = min(hi, t)
            if lo > hi:
                return False
        return True


#: The ring's place for the pairs sitting out, numbered apart from every table.
SITOUT = -1


@dataclass(frozen=True)
class Arrow:
    """One move after round 1: kind (ew, ns, tray), from and to table (``SITOUT``: sitting out), label,
    the side it takes (for a loop, or a pair coming in from sitting out), and a tray's round there."""

    kind: str
    source: int
    target: int
    label: str
    to_side: str = ""
    round: int = 0


@dataclass(frozen=True)
class Label:
    """A line of text with its box; ``kind`` gives its colour (and its line sample), "" for plain text."""

    text: str
    box: Box
    kind: str = ""
    bold: bool = False
    size: float = LABEL_SIZE

    @property
    def text_x(self) -> float:
        """Where the text starts (after the line sample, for a move's label)."""
        return self.box.x + (SAMPLE + 4 if self.kind else 0)

    @property
    def baseline(self) -> float:
        """The text's baseline (Helvetica's ascent is about 0.72 em)."""
        return self.box.y + (self.box.h + 0.72 * self.size - 0.2 * self.size) / 2


@dataclass(frozen=True)
class TableShape:
    """A table: its box and its lines (number, round-1 entrants, trays)."""

    number: int
    box: Box
    lines: tuple[Label, ...]


@dataclass(frozen=True)
class Curve:
    """An arrow's line: a cubic Bezier (start, two controls, end) of one kind, between two tables."""

    kind: str
    source: int
    target: int
    points: tuple[Point, Point, Point, Point]

    def pieces(self) -> list[tuple[Point, Point]]:
        """The curve as short straight pieces, to check it against the labels."""
        p0, p1, p2, p3 = self.points
        out: list[Point] = []
        for i in range(SEGMENTS + 1):
            t = i / SEGMENTS
            u = 1 - t
            out.append(
                (
                    u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                    u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
                )
            )
        return list(pairwise(out))

    @property
    def head_angle(self) -> float:
        """The direction of the arrowhead at the end (radians, y down)."""
        (x2, y2), (x3, y3) = self.points[2], self.points[3]
        return math.atan2(y3 - y2, x3 - x2)


@dataclass(frozen=True)
class Layout:
    """The whole picture: its size, the tables, the arrows and every label."""

    width: float
    height: float
    tables: tuple[TableShape, ...]
    curves: tuple[Curve, ...]
    labels: tuple[Label, ...]

    def texts(self) -> list[Label]:
        """Every text of the picture: the moves' labels and the tables' lines."""
        return [*self.labels, *(line for t in self.tables for line in t.lines)]


# --- What moves ---------------------------------------------------------------------------------


def _movers(t: TableAssignment) -> list[tuple[str, int, Seat, str]]:
    """Who may move from a table: (kind, entrant, seat, label)."""
    if t.seats is not None:
        return [("ns" if s in ("N", "S") else "ew", p, s, f"{s} {p}") for s, p in t.seats.items()]
    out: list[tuple[str, int, Seat, str]] = []
    if t.ns is not None:
        out.append(("ns", t.ns, "N", f"N-S {t.ns}"))
    if t.ew is not None:
        out.append(("ew", t.ew, "E", f"E-W {t.ew}"))
    return out


def _tray_moves_after_round_1(m: Movement) -> dict[int, dict[int, tuple[int, int]]]:
    """Table -> {tray played there in round 1: (the table where it is played next, in which round)}
    (``cards.tray_moves``)."""
    plays = sorted(
        (r.number, turn, t.table, tray)
        for r in m.rounds
        for t in r.tables
        for turn, tray in enumerate(t.trays)
    )
    by_tray: dict[int, list[tuple[int, int]]] = {}
    for rnd, _, table, tray in plays:
        by_tray.setdefault(tray, []).append((rnd, table))
    out: dict[int, dict[int, tuple[int, int]]] = {}
    for tray, where in by_tray.items():
        for (rnd, table), (later_round, later) in pairwise(where):
            if rnd == 1:
                out.setdefault(table, {})[tray] = (later, later_round)
    return out


def _side(seat: str) -> str:
    return "N-S" if seat in ("N", "S") else "E-W"


def arrows(m: Movement) -> list[Arrow]:
    """The moves from round 1 to round 2: players (into and out of sitting out too) and trays."""
    if not m.rounds:
        return []
    after_round_1 = _tray_moves_after_round_1(m)
    out = []
    for t in m.rounds[0].tables:
        # In a movement of one round (the club system, p. 57) only the trays move, from table to table.
        for kind, who, seat, label in _movers(t) if len(m.rounds) > 1 else ():
            move = next_place(m, 2, who, seat)
            if move == "sit out":
                out.append(Arrow(kind, t.table, SITOUT, label, round=2))
            elif isinstance(move, tuple) and move != (t.table, seat):
                out.append(Arrow(kind, t.table, move[0], label, _side(move[1]) if move[0] == t.table else ""))
        for tray, (target, rnd) in sorted(after_round_1.get(t.table, {}).items()):
            if target != t.table:
                out.append(Arrow("tray", t.table, target, f"tray {tray}", round=rnd))
    return out + _coming_in(m)


def _coming_in(m: Movement) -> list[Arrow]:
    """The pairs (or players) sitting out round 1, each to where it sits in round 2."""
    out = []
    for who in m.rounds[0].sitout if len(m.rounds) > 1 else ():
        move = next_place(m, 2, who, "N")
        if isinstance(move, tuple):
            kind = "ns" if move[1] in ("N", "S") else "ew"
            out.append(Arrow(kind, SITOUT, move[0], f"{unit_word(m)} {who}", _side(move[1])))
    return out


def grouped(m: Movement) -> list[Arrow]:
    """One arrow per kind, pair of tables, seat and round: "trays 1, 8" on one label."""
    groups: dict[tuple[str, int, int, str, int], list[str]] = {}
    for a in arrows(m):
        groups.setdefault((a.kind, a.source, a.target, a.to_side, a.round), []).append(a.label)
    out = []
    for (kind, source, target, side, rnd), labels in groups.items():
        if kind == "tray" and len(labels) > 1:
            text = "trays " + runs(int(x.split()[-1]) for x in labels)
        else:
            text = ", ".join(labels)
        out.append(Arrow(kind, source, target, text, side, rnd))
    return out


def runs(numbers: Iterable[int]) -> str:
    """ "1, 3, 8" or, for runs of three or more, "1-16, 18-35"."""
    out: list[str] = []
    ordered = sorted(set(numbers))
    start = 0
    for i in range(1, len(ordered) + 1):
        if i == len(ordered) or ordered[i] != ordered[i - 1] + 1:
            run = ordered[start:i]
            out.append(f"{run[0]}-{run[-1]}" if len(run) >= 3 else ", ".join(map(str, run)))
            start = i
    return ", ".join(out)


def move_words(a: Arrow) -> str:
    """A label as the picture writes it: "E-W 2 to Table 3", "E-W 5 to N-S here", "tray 4 to Table 1,
    round 3", "N-S 5 sits out round 2", "11 to Table 3, N-S"."""
    if a.target == SITOUT:
        return f"{a.label} sits out round {a.round}"
    if a.source == SITOUT:
        return f"{a.label} to Table {a.target}, {a.to_side}"
    if a.source == a.target:
        return f"{a.label} to {a.to_side} here"
    return f"{a.label} to Table {a.target}" + (f", round {a.round}" if a.kind == "tray" and a.round else "")


# --- Where everything goes ------------------------------------------------------------------------


def _table_lines(number: int, t: TableAssignment | None) -> list[tuple[str, bool]]:
    """A table's lines: its number (bold), the round-1 entrants, the trays."""
    lines = [(f"Table {number}", True)]
    if t is None:
        lines.append(("not played in round 1", False))
        return lines
    who = " ".join(f"{s}{p}" for s, p in t.seats.items()) if t.seats else f"{t.ns or '-'} v {t.ew or '-'}"
    lines.append((who, False))
    if t.trays:
        shown = ", ".join(map(str, t.trays[:6])) + ("..." if len(t.trays) > 6 else "")
        lines.append((f"tray{'s' if len(t.trays) > 1 else ''} {shown}", False))
    return lines


def _box_size(lines: Sequence[tuple[str, bool]]) -> tuple[float, float]:
    """A table's box: wide enough for its longest line, a line high for each."""
    width = max(text_width(text, BOX_SIZE, bold) for text, bold in lines) + 2 * PAD
    return max(width, 96.0), BOX_LINE * len(lines) + PAD


def _unit(angle: float) -> Point:
    """The outward direction of a table at this angle (0 at the top, clockwise; y down)."""
    return math.sin(angle), -math.cos(angle)


def _edge_point(box: Box, direction: Point) -> Point:
    """Where a ray from the box's centre in this direction leaves the box."""
    cx, cy = box.centre
    dx, dy = direction
    scale = min(
        (box.w / 2) / abs(dx) if abs(dx) > 1e-9 else math.inf,
        (box.h / 2) / abs(dy) if abs(dy) > 1e-9 else math.inf,
    )
    return cx + dx * scale, cy + dy * scale


#: Where on its inner side each kind of arrow leaves and reaches a table (turn from the inward direction).
_PORT_TURN = {("out", "ew"): -0.75, ("out", "ns"): -0.45, ("out", "tray"): -0.15,
              ("in", "tray"): 0.15, ("in", "ns"): 0.45, ("in", "ew"): 0.75}  # fmt: skip


def _port(box: Box, centre: Point, way: str, kind: str) -> Point:
    """A point on the side of a table's box that faces the middle of the ring."""
    cx, cy = box.centre
    inward = math.atan2(centre[1] - cy, centre[0] - cx)
    turn = inward + _PORT_TURN[(way, kind)]
    return _edge_point(box, (math.cos(turn), math.sin(turn)))


def _curve(a: Arrow, boxes: dict[int, Box], centre: Point) -> Curve:
    """An arrow's line, bent towards the middle of the ring so that it stays inside it."""
    start = _port(boxes[a.source], centre, "out", a.kind)
    end = _port(boxes[a.target], centre, "in", a.kind)
    if a.source == a.target:  # a loop on the inner side of the table
        sx, sy = boxes[a.source].centre
        ux, uy = centre[0] - sx, centre[1] - sy
        norm = math.hypot(ux, uy) or 1.0
        reach = 46.0
        return Curve(
            a.kind,
            a.source,
            a.target,
            (
                start,
                (start[0] + ux / norm * reach, start[1] + uy / norm * reach),
                (end[0] + ux / norm * reach, end[1] + uy / norm * reach),
                end,
            ),
        )
    # Controls drawn towards the middle: the further apart the tables, the nearer the middle.
    pull = 0.55
    c1 = (start[0] + (centre[0] - start[0]) * pull, start[1] + (centre[1] - start[1]) * pull)
    c2 = (end[0] + (centre[0] - end[0]) * pull, end[1] + (centre[1] - end[1]) * pull)
    return Curve(a.kind, a.source, a.target, (start, c1, c2, end))


def _callout(box: Box, direction: Point, size: tuple[float, float]) -> Box:
    """The place for a table's labels: beside its box, away from the middle of the ring."""
    w, h = size
    cx, cy = box.centre
    dx, dy = direction
    step = 0.0
    while True:
        x, y = cx + dx * step, cy + dy * step
        place = Box(x - w / 2 + dx * w / 2, y - h / 2 + dy * h / 2, w, h)
        if not place.meets(box.grown(GAP)):
            return place
        step += 4.0


def _labels_at(place: Box, moves: Sequence[Arrow]) -> list[Label]:
    """A table's move labels, one a line, in the place beside it."""
    return [
        Label(move_words(a), Box(place.x, place.y + i * LABEL_LINE, _label_width(a), LABEL_LINE), a.kind)
        for i, a in enumerate(moves)
    ]


def _label_width(a: Arrow) -> float:
    """A move's label: its line sample, a gap, its words."""
    return SAMPLE + 4 + text_width(move_words(a), LABEL_SIZE)


def _nodes(m: Movement, moves: Sequence[Arrow]) -> list[tuple[int, list[tuple[str, bool]]]]:
    """The places round the ring and their lines: each table, then "Sitting out" if anyone does in
    round 1 or 2 (the pairs sitting out round 1 written in it)."""
    first = {t.table: t for t in m.rounds[0].tables} if m.rounds else {}
    out = [(n, _table_lines(n, first.get(n))) for n in range(1, max(m.tables, 1) + 1)]
    if any(SITOUT in (a.source, a.target) for a in moves):
        out_in_1 = ", ".join(map(str, m.rounds[0].sitout)) or "nobody"
        out.append((SITOUT, [("Sitting out", True), (f"round 1: {out_in_1}", False)]))
    return out


def _attempt(m: Movement, moves: Sequence[Arrow], radius: float) -> Layout:
    """Every table, arrow and label for a ring of this radius (not yet checked)."""
    nodes = _nodes(m, moves)
    count = len(nodes)
    shapes: dict[int, tuple[Box, list[tuple[str, bool]]]] = {}
    places: dict[int, Box] = {}
    for i, (number, lines) in enumerate(nodes):
        ux, uy = _unit(2 * math.pi * i / count)
        w, h = _box_size(lines)
        box = Box(radius * ux - w / 2, radius * uy - h / 2, w, h)
        shapes[number] = (box, lines)
        mine = [a for a in moves if a.source == number]
        if mine:
            size = (max(_label_width(a) for a in mine), LABEL_LINE * len(mine))
            places[number] = _callout(box, (ux, uy), size)
    boxes = {n: b for n, (b, _) in shapes.items()}
    labels = [x for n, at in places.items() for x in _labels_at(at, [a for a in moves if a.source == n])]
    curves = [_curve(a, boxes, (0.0, 0.0)) for a in moves]
    tables = [TableShape(n, box, _box_lines(box, lines)) for n, (box, lines) in shapes.items()]
    return _framed(tables, curves, labels)


def _box_lines(box: Box, lines: Sequence[tuple[str, bool]]) -> tuple[Label, ...]:
    """A table's lines, one under the other inside its box."""
    width = box.w - 2 * PAD
    return tuple(
        Label(text, Box(box.x + PAD, box.y + PAD / 2 + j * BOX_LINE, width, BOX_LINE), "", bold, BOX_SIZE)
        for j, (text, bold) in enumerate(lines)
    )


def _framed(tables: list[TableShape], curves: list[Curve], labels: list[Label]) -> Layout:
    """Move everything so that the picture starts at (0, 0) with a margin."""
    boxes = [t.box for t in tables] + [label.box for label in labels]
    points = [p for c in curves for p in c.points]
    left = min([b.x for b in boxes] + [p[0] for p in points]) - GAP
    top = min([b.y for b in boxes] + [p[1] for p in points]) - GAP
    right = max([b.x + b.w for b in boxes] + [p[0] for p in points]) + GAP
    bottom = max([b.y + b.h for b in boxes] + [p[1] for p in points]) + GAP

    def shift(b: Box) -> Box:
        """A box moved by the margin."""
        return Box(b.x - left, b.y - top, b.w, b.h)

    def move(label: Label) -> Label:
        """A label moved by the margin."""
        return Label(label.text, shift(label.box), label.kind, label.bold, label.size)

    return Layout(
        width=right - left,
        height=bottom - top,
        tables=tuple(TableShape(t.number, shift(t.box), tuple(move(x) for x in t.lines)) for t in tables),
        curves=tuple(
            Curve(c.kind, c.source, c.target, tuple((x - left, y - top) for x, y in c.points))  # type: ignore[arg-type]
            for c in curves
        ),
        labels=tuple(move(label) for label in labels),
    )


_CELL = 64.0


def _cells(box: Box) -> Iterator[tuple[int, int]]:
    """The grid cells a box covers (to check a line only against what is near it)."""
    for i in range(math.floor(box.x / _CELL), math.floor((box.x + box.w) / _CELL) + 1):
        for j in range(math.floor(box.y / _CELL), math.floor((box.y + box.h) / _CELL) + 1):
            yield i, j


def _near(
    curve: Curve, grid: dict[tuple[int, int], list[int]], solid: list[tuple[str, Box, int]]
) -> list[int]:
    """What the curve could pass through: the tables and labels that share a cell with its control points'
    box (a cubic curve lies within their hull), less the two tables it joins."""
    xs, ys = [x for x, _ in curve.points], [y for _, y in curve.points]
    reach = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    ends = (curve.source, curve.target)
    return sorted({k for cell in _cells(reach) for k in grid.get(cell, ()) if solid[k][2] not in ends})


def collisions(layout: Layout) -> list[str]:
    """Everything that overlaps: two labels, a label and a table, a line through a label or another table."""
    found: list[str] = []
    solid = [(f"Table {t.number}", t.box.grown(2.0), t.number) for t in layout.tables]
    solid += [(f"label {label.text!r}", label.box, 0) for label in layout.labels]
    grid: dict[tuple[int, int], list[int]] = {}
    for k, (_, box, _) in enumerate(solid):
        for cell in _cells(box):
            grid.setdefault(cell, []).append(k)
    pairs = {(a, b) for ks in grid.values() for a in ks for b in ks if a < b}
    for i, j in sorted(pairs):
        if solid[i][1].meets(solid[j][1]):
            found.append(f"{solid[i][0]} overlaps {solid[j][0]}")
    for c in layout.curves:
        near = _near(c, grid, solid)
        crossed: set[int] = set()
        for p, q in c.pieces() if near else ():
            for k in near:
                name, box, _ = solid[k]
                if k not in crossed and box.crossed_by(p, q):
                    crossed.add(k)
                    found.append(f"the {c.kind} line from Table {c.source} to {c.target} crosses {name}")
    for label in layout.texts():
        b = label.box
        if b.x < 0 or b.y < 0 or b.x + b.w > layout.width or b.y + b.h > layout.height:
            found.append(f"label {label.text!r} leaves the picture")
    return found


def _first_radius(m: Movement, moves: Sequence[Arrow]) -> float:
    """A ring wide enough for every table and its labels side by side (the check may still widen it)."""
    nodes = _nodes(m, moves)
    count = len(nodes)
    if count == 1:
        return 0.0
    around = 0.0
    for i, (number, lines) in enumerate(nodes):
        ux, uy = _unit(2 * math.pi * i / count)
        w, h = _box_size(lines)
        mine = [a for a in moves if a.source == number]
        lw = max((_label_width(a) for a in mine), default=0.0)
        lh = LABEL_LINE * len(mine)
        # The room each needs along the ring: a box's extent across the direction it faces.
        around += max(w * abs(uy) + h * abs(ux), lw * abs(uy) + lh * abs(ux)) + 2 * GAP
    return max(150.0, around / (2 * math.pi))


def layout(m: Movement) -> Layout:
    """The movement laid out: tables on a ring, arrows inside it, labels outside; nothing overlaps."""
    moves = sorted(grouped(m), key=lambda a: (a.source, KINDS.index(a.kind), a.target))
    radius = _first_radius(m, moves)
    for _ in range(60):
        attempt = _attempt(m, moves, radius)
        if not collisions(attempt):
            return attempt
        radius = radius * 1.1 + 10.0
    raise RuntimeError(f"no layout without collisions for {m.family} with {m.tables} tables")


# --- Drawing it as SVG ------------------------------------------------------------------------------


def _svg_text(label: Label, colour: str = "#000000") -> str:
    """A text fitted to its box's width (``textLength``), so that no font makes it wider."""
    width = text_width(label.text, label.size, label.bold)
    x = label.text_x
    anchor = ""
    if not label.kind:  # a table's line: centred in its box
        x, anchor = label.box.x + label.box.w / 2, ' text-anchor="middle"'
    weight = ' font-weight="bold"' if label.bold else ""
    return (
        f'<text x="{x:.1f}" y="{label.baseline:.1f}" font-size="{label.size:g}"{anchor}{weight} '
        f'fill="{colour}" '
        f'textLength="{width:.1f}" lengthAdjust="spacingAndGlyphs">{escape(label.text)}</text>'
    )


def _svg_curve(c: Curve) -> str:
    """An arrow's line with its head, in its kind's colour and dash."""
    colour, dash = STYLE[c.kind]
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = c.points
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<path d="M{x0:.1f},{y0:.1f} C{x1:.1f},{y1:.1f} {x2:.1f},{y2:.1f} {x3:.1f},{y3:.1f}" fill="none" '
        f'stroke="{colour}" stroke-width="1.8"{dashes} marker-end="url(#head-{c.kind})"/>'
    )


def _svg_label(label: Label) -> str:
    """A move's label: a sample of its line, then the words, in its colour."""
    colour, dash = STYLE[label.kind]
    y = label.box.y + label.box.h / 2
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    sample = (
        f'<line x1="{label.box.x:.1f}" y1="{y:.1f}" x2="{label.box.x + SAMPLE:.1f}" y2="{y:.1f}" '
        f'stroke="{colour}" stroke-width="1.8"{dashes}/>'
    )
    return sample + _svg_text(label, colour)


def _svg_table(t: TableShape) -> str:
    """A table's box and its lines."""
    b = t.box
    rect = (
        f'<rect x="{b.x:.1f}" y="{b.y:.1f}" width="{b.w:.1f}" height="{b.h:.1f}" rx="8" fill="#ffffff" '
        f'stroke="#000000" stroke-width="1.5"/>'
    )
    return rect + "".join(_svg_text(line) for line in t.lines)


def _defs() -> str:
    """Arrowheads, one per kind of move."""
    return (
        "<defs>"
        + "".join(
            f'<marker id="head-{kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
            f'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
            f'fill="{colour}"/></marker>'
            for kind, (colour, _) in STYLE.items()
        )
        + "</defs>"
    )


def svg_body(lay: Layout) -> str:
    """The picture's elements: arrows first, then the tables and the labels over them."""
    return (
        "".join(_svg_curve(c) for c in lay.curves)
        + "".join(_svg_table(t) for t in lay.tables)
        + "".join(_svg_label(label) for label in lay.labels)
    )


def _title(m: Movement) -> str:
    """The movement as the book names it, with its size."""
    fam = FAMILIES.get(m.family)
    name = fam.title if fam else m.family
    return (
        f"{name}{', ' + m.variant if m.variant else ''}: {m.entrants} {m.entrant_kind}s, "
        f"{m.tables} tables, {m.trays} trays — "
        + ("moves after round 1" if len(m.rounds) > 1 else "where each tray goes next")
    )


def _legend(y: float) -> Iterator[str]:
    """The key: one sample line for each kind of move."""
    for i, kind in enumerate(KINDS):
        colour, dash = STYLE[kind]
        x = 16 + 150 * i
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        yield (
            f'<line x1="{x}" y1="{y:.1f}" x2="{x + 40}" y2="{y:.1f}" stroke="{colour}" stroke-width="2"'
            f'{dashes} marker-end="url(#head-{kind})"/>'
            f'<text x="{x + 48}" y="{y + 4:.1f}" font-size="12">{KIND_WORDS[kind]}</text>'
        )


def diagram_svg(m: Movement, *, standalone: bool = True) -> str:
    """The movement as an SVG document: a title and key above the laid-out picture."""
    lay = layout(m)
    head = 64.0 if standalone else 0.0
    width, height = max(lay.width, 480.0 if standalone else 0.0), lay.height + head
    top = (
        f'<text x="16" y="24" font-size="15" font-weight="bold">{escape(_title(m))}</text>'
        + "".join(_legend(46.0))
        if standalone
        else ""
    )
    prolog = '<?xml version="1.0" encoding="UTF-8"?>\n' if standalone else ""
    size = f'width="{width:.0f}" height="{height:.0f}" '  # the page scales it down to fit, never up
    return (
        f'{prolog}<svg xmlns="http://www.w3.org/2000/svg" {size}viewBox="0 0 {width:.0f} {height:.0f}" '
        f'font-family="Helvetica, Arial, \'Liberation Sans\', sans-serif" font-size="12"'
        f"{'' if standalone else ' role=' + chr(34) + 'img' + chr(34)}>"
        f"<title>{escape(_title(m))}</title>"
        f'<rect width="100%" height="100%" fill="#ffffff"/>{_defs()}{top}'
        f'<g transform="translate(0,{head:.0f})">{svg_body(lay)}</g></svg>\n'
    )


def every_text(lay: Layout) -> Iterable[str]:
    """Every text the picture shows (for tests and readers)."""
    return (label.text for label in lay.texts())
