"""docs/laws.md covers every law and section of pp. 60-66, and every test it names exists."""

from __future__ import annotations

import re
from pathlib import Path

from scoring.scorers.irregularities import IRREGULARITIES

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "laws.md").read_text(encoding="utf-8")
NAMED = re.compile(r"`(tests/[\w/]+\.py)::(test_\w+)`")


def test_every_law_of_the_book_has_its_section() -> None:
    for heading in [
        "Definitions (p. 60)",
        *(f"## Law {n}." for n in ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"]),
    ]:
        assert heading in DOC, heading
    assert "## Single Table, or Mnemonic Duplicate (p. 66)" in DOC


def test_every_law_names_a_test_and_every_test_named_exists() -> None:
    sections = re.split(r"\n## ", DOC)
    for section in sections[2:]:  # after the preamble and the director's actions
        assert NAMED.search(section), section.splitlines()[0]
    named = NAMED.findall(DOC)
    assert len(named) > 40
    for path, name in named:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert re.search(rf"^def {name}\(", source, re.M), f"{path}::{name}"


def test_every_code_a_line_may_carry_is_documented() -> None:
    for code in IRREGULARITIES:
        assert f"`{code}`" in DOC, code
