"""The engines and ``whist`` are pure Python: no module in them imports Django (docs/conventions.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINES = [
    ROOT / "whist",
    ROOT / "tournaments" / "movements",
    ROOT / "scoring" / "scorers",
    ROOT / "tournaments" / "pbn",
]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", ENGINES, ids=lambda p: p.name)
def test_engine_modules_import_nothing_from_django_or_the_apps(package: Path) -> None:
    modules = sorted(package.rglob("*.py"))
    assert modules, f"{package} has no modules"
    for module in modules:
        bad = {
            name
            for name in _imports(module)
            if name.split(".")[0]
            in {"django", "rest_framework", "celery", "tournaments", "scoring", "entry", "clubwhist", "infra"}
        }
        assert not bad, f"{module.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_session_scoring_choices_are_the_engines_methods() -> None:
    from scoring.scorers import METHODS
    from tournaments.models import ScoringMethod

    assert set(ScoringMethod.values) == set(METHODS)


def test_every_movement_family_of_design_md_is_registered() -> None:
    from tournaments.movements import FAMILIES

    design = {
        "progressive",
        "mitchell",
        "clay",
        "snow",
        "parallel",
        "safford",
        "howell",
        "howell-snow",
        "individual",
        "four-pair",
        "two-teams",
        "fours-mitchell",
        "fours-howell",
        "fours-clay",
        "fours-parallel",
        "fours-snow",
        "new-england",
        "harvard",
        "narragansett",
        "club-teams",
        "three-teams",
    }
    assert design <= set(FAMILIES)
