"""Everything the repository points to is in the repository: a clone alone is enough to read and test it.

The code, the docs, the tests and the API's schema send their readers to the
project's design and conventions (``docs/design.md``, ``docs/conventions.md``)
and read their test data from ``tests/data/``. None of them may name a file
that only some other checkout has: a design or style file kept beside the
repository, or a folder of reference texts or PBN files next to it.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from drf_spectacular.generators import SchemaGenerator

ROOT = Path(__file__).resolve().parents[2]

#: Names of files and folders that live outside the repository, written in pieces so that this
#: file does not name them itself.
OUTSIDE = tuple(
    s.encode()
    for s in (
        "../" + "shared",
        "shared" + "/reference",
        "shared" + "/pbn",
        "DESIGN" + ".md",
        "STYLE" + ".md",
    )
)
#: A path written in backticks in the docs: ``scoring/visibility.py``, ``tests/privacy``.
DOC_PATH = re.compile(r"`([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+/?)`")
#: A Markdown link's target.
DOC_LINK = re.compile(r"\]\(([^)\s]+)\)")


def tracked() -> list[str]:
    """Every file git tracks in this checkout."""
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [name for name in out.stdout.decode().split("\0") if name]


def outside_names(data: bytes) -> list[str]:
    """The names of places outside the repository that ``data`` mentions."""
    return [name.decode() for name in OUTSIDE if name in data]


def test_no_tracked_file_names_a_place_outside_the_repository() -> None:
    found = {}
    for name in tracked():
        path = ROOT / name
        if path.is_file() and (names := outside_names(path.read_bytes())):
            found[name] = names
    assert found == {}


@pytest.mark.parametrize(
    "text",
    ["see ../" + "shared" + "/DESIGN" + ".md", "``shared" + "/pbn/x.pbn``", "(STYLE" + ".md pointer 3)"],
)
def test_the_scan_finds_each_kind_of_outside_name(text: str) -> None:
    assert outside_names(text.encode())


def test_the_api_schema_names_no_place_outside_the_repository() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    assert outside_names(json.dumps(schema).encode()) == []


def test_every_path_and_link_in_the_docs_is_in_the_repository() -> None:
    missing = []
    for doc in sorted((ROOT / "docs").glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        for target in DOC_PATH.findall(text):
            if not (ROOT / target).exists():
                missing.append(f"{doc.name}: `{target}`")
        for target in DOC_LINK.findall(text):
            place = (doc.parent / target.split("#")[0]).resolve()
            if not place.is_relative_to(ROOT) or not place.exists():
                missing.append(f"{doc.name}: ({target})")
    assert missing == []
