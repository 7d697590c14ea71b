"""The movement diagram's labels never collide: over every family, variant and size the app offers.

The check reads the drawn SVG itself, not the layout's own claims: each
text's box from its position, font size and fixed length, each arrow's line
from its path; no two texts may overlap, and no line may pass through a text
or through a table it does not leave or reach. The PDF draws the same layout;
its strings, measured by reportlab, must fit the boxes the layout gave them.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from itertools import pairwise

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from tournaments.movements import FAMILIES, Movement, MovementUserError, generate
from tournaments.movements.diagram import diagram_svg, layout
from tournaments.printing.drawing import latin

SVG = "{http://www.w3.org/2000/svg}"
UNIT = {"pair": "pairs", "team": "teams", "player": "players"}
#: Entrants from 1 to 40 of every family and variant, and the largest the book's schedules go to.
SIZES = range(1, 41)
LARGE = [("mitchell", None, {"tables": 51}), ("howell", None, {"pairs": 36}), ("clay", None, {"tables": 25})]

Rect = tuple[float, float, float, float]  # left, top, right, bottom


def offered() -> Iterator[tuple[str, Movement]]:
    """Every movement the app can generate for 1 to 40 entrants, and a few large ones."""
    for fam in FAMILIES.values():
        for variant in (None, *fam.variants):
            for size in SIZES:
                try:
                    yield (
                        f"{fam.name} {variant or ''} {size}",
                        generate(fam.name, variant=variant, **{UNIT[fam.kind_of(variant)]: size}),
                    )
                except MovementUserError:
                    continue
    for name, variant, size in LARGE:
        yield f"{name} {size}", generate(name, variant=variant, **size)


def text_rects(root: ET.Element) -> list[tuple[str, Rect]]:
    """Each text's box as drawn: its length is fixed (textLength), its height its font size."""
    out = []
    for group in root.iter(f"{SVG}g"):
        dy = float(re.findall(r"translate\(0,([\d.]+)\)", group.get("transform", "translate(0,0)"))[0])
        for t in group.iter(f"{SVG}text"):
            x, y, size = float(t.get("x")), float(t.get("y")) + dy, float(t.get("font-size"))
            length = float(t.get("textLength"))
            left = x - length / 2 if t.get("text-anchor") == "middle" else x
            out.append((t.text or "", (left, y - 0.8 * size, left + length, y + 0.25 * size)))
    return out


def table_rects(root: ET.Element) -> list[Rect]:
    """The tables' boxes (the rectangles with rounded corners)."""
    group = next(root.iter(f"{SVG}g"))
    dy = float(re.findall(r"translate\(0,([\d.]+)\)", group.get("transform"))[0])
    return [
        (float(r.get("x")), float(r.get("y")) + dy, float(r.get("x")) + float(r.get("width")),
         float(r.get("y")) + dy + float(r.get("height")))
        for r in group.iter(f"{SVG}rect") if r.get("rx")
    ]  # fmt: skip


#: The cubic curve's four weights at each of its 121 samples, t = 0, 1/120, ..., 1 (the same products, in
#: the same order, as writing the curve out at each point).
BEZIER = [
    ((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3) for t in (i / 120 for i in range(121))
]


def curves(root: ET.Element) -> list[list[tuple[float, float]]]:
    """Each arrow's cubic curve: its four control points, in the order the path gives them."""
    group = next(root.iter(f"{SVG}g"))
    dy = float(re.findall(r"translate\(0,([\d.]+)\)", group.get("transform"))[0])
    out = []
    for path in group.iter(f"{SVG}path"):
        nums = [float(v) for v in re.findall(r"-?[\d.]+", path.get("d"))]
        out.append([(nums[i], nums[i + 1] + dy) for i in range(0, 8, 2)])
    return out


def sampled(p: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A curve as many short pieces: its points at each of ``BEZIER``'s samples (the first and last are
    its end points exactly)."""
    return [
        tuple(a * p[0][k] + b * p[1][k] + c * p[2][k] + d * p[3][k] for k in (0, 1)) for a, b, c, d in BEZIER
    ]


def overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def crosses(piece: tuple[tuple[float, float], tuple[float, float]], r: Rect) -> bool:
    """Whether a straight piece meets a rectangle (sampled along its length every half point)."""
    (x1, y1), (x2, y2) = piece
    n = max(1, math.ceil(math.hypot(x2 - x1, y2 - y1) / 0.5))
    return any(
        r[0] < x1 + (x2 - x1) * i / n < r[2] and r[1] < y1 + (y2 - y1) * i / n < r[3] for i in range(n + 1)
    )


def bounds(piece: tuple[tuple[float, float], tuple[float, float]]) -> Rect:
    """A piece's bounding box, a hair wider (a vertical or horizontal piece has no width)."""
    (x1, y1), (x2, y2) = piece
    return min(x1, x2) - 0.01, min(y1, y2) - 0.01, max(x1, x2) + 0.01, max(y1, y2) + 0.01


def line_bounds(line: list[tuple[float, float]]) -> Rect:
    """The box of every piece of a line (``bounds`` of each lies within it)."""
    xs, ys = [x for x, _ in line], [y for _, y in line]
    return min(xs) - 0.01, min(ys) - 0.01, max(xs) + 0.01, max(ys) + 0.01


def near(point: tuple[float, float], r: Rect, by: float = 3.0) -> bool:
    return r[0] - by <= point[0] <= r[2] + by and r[1] - by <= point[1] <= r[3] + by


@pytest.mark.slow
def test_no_label_meets_another_and_no_line_crosses_a_label_in_any_movement_offered() -> None:
    checked = 0
    for name, m in offered():
        root = ET.fromstring(diagram_svg(m))
        texts = text_rects(root)
        tables = table_rects(root)
        move_labels = [(t, r) for t, r in texts if not any(overlap(r, box) for box in tables)]
        # Every pair of texts, by their left edges: one that starts right of another's right edge, and all
        # after it, cannot meet that one.
        by_left = sorted(texts, key=lambda text: text[1][0])
        for i, (a, ra) in enumerate(by_left):
            for b, rb in by_left[i + 1 :]:
                if rb[0] >= ra[2]:
                    break
                assert not overlap(ra, rb), f"{name}: {a!r} overlaps {b!r}"
        for label, r in move_labels:
            for box in tables:
                assert not overlap(r, box), f"{name}: {label!r} lies on a table"
        for curve in curves(root):
            ends = [box for box in tables if near(curve[0], box) or near(curve[-1], box)]
            others = [("a table", b) for b in tables if b not in ends] + move_labels
            # A cubic curve lies within the hull of its control points, so within their box: what misses
            # that box misses every piece of the line.
            hull = line_bounds(curve)
            if not any(overlap(hull, r) for _, r in others):
                continue
            line = sampled(curve)
            # Each piece's box lies within the whole line's: only what meets the line's box can meet a piece.
            reach = line_bounds(line)
            others = [(t, r) for t, r in others if overlap(reach, r)]
            if not others:
                continue
            for piece in pairwise(line):
                span = bounds(piece)
                hit = [t for t, r in others if overlap(span, r) and crosses(piece, r)]
                assert not hit, f"{name}: a line crosses {hit[0]!r}"
        checked += 1
    assert checked > 1000


@pytest.mark.parametrize(
    ("family", "size"),
    [("howell", {"pairs": 8}), ("mitchell", {"tables": 7}), ("individual", {"players": 12}),
     ("fours-snow", {"teams": 9}), ("three-teams", {"pairs": 30})],
)  # fmt: skip
def test_the_pdf_strings_fit_the_boxes_the_layout_gave_them(family: str, size: dict[str, int]) -> None:
    lay = layout(generate(family, **size))
    for label in lay.texts():
        font = "Helvetica-Bold" if label.bold else "Helvetica"
        width = stringWidth(latin(label.text), font, label.size)
        room = label.box.w - (label.text_x - label.box.x)
        assert width <= room + 0.01, (label.text, width, room)


def test_the_issues_howell_of_eight_pairs_keeps_n_s_7_off_the_trays_label() -> None:
    """The picture of issue 15: "N-S 7" lay on "trays 6, 13, 20" and a line ran through "N-S 6"."""
    root = ET.fromstring(diagram_svg(generate("howell", pairs=8, deals=21)))
    texts = dict(text_rects(root))
    ns7 = next(r for t, r in texts.items() if t.startswith("N-S 7"))
    trays = next(r for t, r in texts.items() if t.startswith("trays 6, 13, 20"))
    assert not overlap(ns7, trays)
    ns6 = next(r for t, r in texts.items() if t.startswith("N-S 6"))
    assert not any(crosses(p, ns6) for curve in curves(root) for p in pairwise(sampled(curve)))
