"""A printable picture of a movement: the tables and who and what moves after round 1.

Terms (Barney, 1900, p. 31, where the Mitchell System is explained by a
diagram of the tables, the players and the deals):

- the tables stand in a ring, Table 1 at the top and the numbers running
  clockwise; each shows its round-1 entrants and trays;
- an **arrow** goes from a table to where something goes after round 1: solid
  for E-W players, dashed for N-S players, dotted for trays, each labelled
  ("E-W 2", "N-S 6", "tray 4"); a move within one table (a pair changing
  direction) is a small loop.

``diagram_svg`` returns a self-contained SVG document (plain text, no
dependencies) that prints in black and white as well as in colour.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from xml.sax.saxutils import escape

from .cards import next_place, tray_moves
from .types import Movement, Seat, TableAssignment

_BOX_W, _BOX_H = 120, 64
_STYLE = {
    "ew": ("#1f4e9c", ""),
    "ns": ("#2e7d32", "8,5"),
    "tray": ("#b3261e", "2,4"),
}


@dataclass(frozen=True)
class Arrow:
    """One move after round 1: kind (ew, ns, tray), from and to table, label."""

    kind: str
    source: int
    target: int
    label: str


def _movers(m: Movement, t: TableAssignment) -> list[tuple[str, int, Seat, str]]:
    """Who may move from a table: (kind, entrant, seat, label)."""
    out: list[tuple[str, int, Seat, str]] = []
    if t.seats is not None:
        return [("ns" if s in ("N", "S") else "ew", p, s, f"{s} {p}") for s, p in t.seats.items()]
    if t.ns is not None:
        out.append(("ns", t.ns, "N", f"N-S {t.ns}"))
    if t.ew is not None:
        out.append(("ew", t.ew, "E", f"E-W {t.ew}"))
    return out


def arrows(m: Movement) -> list[Arrow]:
    """The moves from round 1 to round 2: players and trays."""
    if len(m.rounds) < 2:
        return []
    out = []
    for t in m.rounds[0].tables:
        for kind, who, seat, label in _movers(m, t):
            move = next_place(m, 2, who, seat)
            if isinstance(move, tuple) and move != (t.table, seat):
                out.append(Arrow(kind, t.table, move[0], label))
        for tray, target in sorted(tray_moves(m, t.table).get(1, {}).items()):
            if target != t.table:
                out.append(Arrow("tray", t.table, target, f"tray {tray}"))
    return out


def _positions(count: int) -> tuple[dict[int, tuple[float, float]], float]:
    """Table centres on a ring (Table 1 at the top, clockwise), and the ring's radius."""
    radius = max(140.0, count * (_BOX_W + 40) / (2 * math.pi))
    centre = radius + _BOX_W
    return {
        i + 1: (
            centre + radius * math.sin(2 * math.pi * i / count),
            centre - radius * math.cos(2 * math.pi * i / count) + 60,
        )
        for i in range(count)
    }, radius


def _table_box(number: int, x: float, y: float, t: TableAssignment | None) -> str:
    """A table: its number, round-1 entrants and trays."""
    lines = [f"Table {number}"]
    if t is None:
        lines.append("not played")
    elif t.seats is not None:
        lines.append(" ".join(f"{s}{p}" for s, p in t.seats.items()))
    else:
        lines.append(f"{t.ns} v {t.ew}")
    if t is not None and t.trays:
        lines.append("trays " + ", ".join(map(str, t.trays[:6])) + ("…" if len(t.trays) > 6 else ""))
    bold = ' font-weight="bold"'
    text = "".join(
        f'<text x="{x:.1f}" y="{y - 14 + 16 * i:.1f}" text-anchor="middle"'
        f"{bold if i == 0 else ''}>{escape(line)}</text>"
        for i, line in enumerate(lines)
    )
    return (
        f'<rect x="{x - _BOX_W / 2:.1f}" y="{y - _BOX_H / 2:.1f}" width="{_BOX_W}" '
        f'height="{_BOX_H}" rx="8" fill="#ffffff" stroke="#000000" stroke-width="1.5"/>{text}'
    )


def _edge(a: tuple[float, float], b: tuple[float, float], bend: float) -> tuple[str, float, float]:
    """A curved path between two box edges, and the point for its label."""
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    trim = min(_BOX_W, _BOX_H) / 2 + 6
    sx, sy = x1 + ux * trim, y1 + uy * trim
    ex, ey = x2 - ux * trim, y2 - uy * trim
    cx, cy = (sx + ex) / 2 - uy * bend, (sy + ey) / 2 + ux * bend
    path = f"M{sx:.1f},{sy:.1f} Q{cx:.1f},{cy:.1f} {ex:.1f},{ey:.1f}"
    return path, (sx + 2 * cx + ex) / 4, (sy + 2 * cy + ey) / 4


def _loop(x: float, y: float, offset: float) -> tuple[str, float, float]:
    """A small loop beside a table, for a move within it."""
    top = y - _BOX_H / 2
    sx, ex = x - 20 + offset, x + 20 + offset
    return (
        f"M{sx:.1f},{top:.1f} C{sx - 10:.1f},{top - 45:.1f} {ex + 10:.1f},{top - 45:.1f} "
        f"{ex:.1f},{top - 2:.1f}",
        x + offset,
        top - 38,
    )


def _arrow_svg(arrow: Arrow, pos: dict[int, tuple[float, float]], index: int) -> str:
    """An arrow, drawn in its kind's colour and dash, with its label."""
    # ``index`` counts the arrows already drawn between the same two tables, so
    # that each bends further out and no two lines or labels lie on each other.
    colour, dash = _STYLE[arrow.kind]
    if arrow.source == arrow.target:
        path, lx, ly = _loop(*pos[arrow.source], offset=-40.0 + 40 * (index % 3))
    else:
        path, lx, ly = _edge(pos[arrow.source], pos[arrow.target], 28.0 + 30 * index)
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="2"{dashes} '
        f'marker-end="url(#head-{arrow.kind})"/>'
        f'<text x="{lx:.1f}" y="{ly:.1f}" text-anchor="middle" fill="{colour}" font-size="11" '
        f'stroke="#ffffff" stroke-width="3" paint-order="stroke">{escape(arrow.label)}</text>'
    )


def _drawn(moves: list[Arrow], pos: dict[int, tuple[float, float]]) -> list[str]:
    """Every arrow, numbered within its pair of tables."""
    seen: Counter[frozenset[int]] = Counter()
    out = []
    for a in moves:
        key = frozenset((a.source, a.target))
        out.append(_arrow_svg(a, pos, seen[key]))
        seen[key] += 1
    return out


def _defs() -> str:
    """Arrowheads, one per kind of move."""
    return (
        "<defs>"
        + "".join(
            f'<marker id="head-{kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
            f'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
            f'fill="{colour}"/></marker>'
            for kind, (colour, _) in _STYLE.items()
        )
        + "</defs>"
    )


def _legend(m: Movement) -> str:
    """Title and key."""
    title = (
        f"{m.family}{' ' + m.variant if m.variant else ''}: {m.entrants} {m.entrant_kind}s, "
        f"{m.tables} tables, {m.trays} trays — moves after round 1"
    )
    items = [("ew", "E-W players"), ("ns", "N-S players"), ("tray", "trays")]
    out = [f'<text x="16" y="24" font-size="15" font-weight="bold">{escape(title)}</text>']
    for i, (kind, label) in enumerate(items):
        colour, dash = _STYLE[kind]
        x = 16 + 150 * i
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line x1="{x}" y1="44" x2="{x + 40}" y2="44" stroke="{colour}" '
            f'stroke-width="2"{dashes} marker-end="url(#head-{kind})"/>'
            f'<text x="{x + 48}" y="48">{label}</text>'
        )
    return "".join(out)


def diagram_svg(m: Movement) -> str:
    """The movement as an SVG document: tables in a ring, arrows for round 1 to 2."""
    pos, radius = _positions(max(m.tables, 1))
    size = 2 * (radius + _BOX_W)
    first = {t.table: t for t in m.rounds[0].tables} if m.rounds else {}
    body = [_table_box(n, x, y, first.get(n)) for n, (x, y) in pos.items()]
    body += _drawn(arrows(m), pos)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size:.0f}" height="{size + 80:.0f}" '
        f'viewBox="0 0 {size:.0f} {size + 80:.0f}" font-family="Helvetica, Arial, sans-serif" '
        f'font-size="13">'
        f'<rect width="100%" height="100%" fill="#ffffff"/>{_defs()}{_legend(m)}' + "".join(body) + "</svg>\n"
    )
