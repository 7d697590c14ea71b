"""The printable SVG diagram of a movement (after the Mitchell diagram, p. 31)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tournaments.movements import Movement, Round, TableAssignment, generate
from tournaments.movements.diagram import arrows, diagram_svg

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize(
    ("family", "size"),
    [("mitchell", {"tables": 5}), ("howell", {"pairs": 36}), ("individual", {"players": 12}),
     ("snow", {"tables": 2}), ("mitchell", {"tables": 51})],
)  # fmt: skip
def test_the_diagram_is_valid_svg_with_a_box_per_table(family, size):
    m = generate(family, **size)
    root = ET.fromstring(diagram_svg(m))
    assert root.tag == f"{SVG}svg"
    boxes = [r for r in root.iter(f"{SVG}rect") if r.get("rx")]
    assert len(boxes) == m.tables
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert all(f"Table {n}" in labels for n in range(1, m.tables + 1))


def test_mitchell_arrows_send_ew_pairs_up_and_trays_down():
    got = {(a.kind, a.source, a.target, a.label) for a in arrows(generate("mitchell", tables=5))}
    ew = {(k, s, t) for k, s, t, _ in got if k == "ew"}
    trays = {(k, s, t) for k, s, t, _ in got if k == "tray"}
    assert ew == {("ew", t, t % 5 + 1) for t in range(1, 6)}
    assert trays == {("tray", t, (t - 2) % 5 + 1) for t in range(1, 6)}
    assert ("ew", 1, 2, "E-W 2") in got and ("tray", 1, 5, "tray 1") in got


def test_howell_arrows_include_a_pair_changing_direction_at_one_table():
    moves = arrows(generate("howell", pairs=8))
    assert any(a.source == a.target == 4 and a.label == "E-W 5" for a in moves)
    ET.fromstring(diagram_svg(generate("howell", pairs=8)))


def test_labels_are_escaped_and_a_single_round_has_no_arrows():
    m = Movement(
        family="a<b&c", entrants=2, tables=1, trays=1,
        rounds=(Round(number=1, tables=(TableAssignment(table=1, ns=1, ew=2, trays=(1,)),)),),
    )  # fmt: skip
    assert arrows(m) == []
    root = ET.fromstring(diagram_svg(m))
    assert any("a<b&c" in (t.text or "") for t in root.iter(f"{SVG}text"))
