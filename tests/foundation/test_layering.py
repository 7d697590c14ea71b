"""The layering is checked by a tool, not by hope: import contracts over the whole tree.

- ``whist``, the bottom package (the one suit table, the one register),
  imports nothing of the project and nothing of Django;
- the engines (``tournaments/movements``, ``scoring/scorers``, ``tournaments/pbn``)
  import nothing of Django, and of the project only ``whist`` (``test_pure_engines``
  walks that too);
- ``tournaments`` never imports ``scoring`` or ``entry``, and ``scoring`` never
  imports ``entry`` (docs/design.md, "The layout"; the layers are import-linter's too);
- ``sims`` (the simultaneous events) stands between them: ``tournaments`` and
  ``scoring`` never import it, and it never imports ``entry``;
- views import no other views (what they share lives in ``mixins`` and
  ``pages``);
- exports and tasks read only through selectors (never a model);
- ``infra`` (SQL helpers, cache, throttles, links) imports none of the apps;
- no function-level import of the project's own modules remains to hide a
  cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRST_PARTY = ("clubwhist", "entry", "infra", "scoring", "sims", "tournaments", "whist")
#: Third-party packages that are the web side: Django and what runs on it.
DJANGO = ("django", "rest_framework", "celery", "drf_spectacular")
#: The pure engines: plain data in, plain data out.
ENGINES = ("tournaments/movements", "scoring/scorers", "tournaments/pbn")


def modules(*packages: str) -> Iterator[tuple[str, Path]]:
    """(dotted name, path) of every module of these packages, migrations aside."""
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            yield ".".join(parts), path


def imports(name: str, path: Path, *, nested_only: bool = False) -> Iterator[tuple[str, int]]:
    """(module imported, line) for each import of a module (``nested_only``: those inside functions)."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    nested = {
        id(n)
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
        for n in ast.walk(f)
    }
    for node in ast.walk(tree):
        if nested_only and id(node) not in nested:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                yield (f"{base}.{alias.name}" if alias.name != "*" else base), node.lineno


def offences(packages: tuple[str, ...], bad: tuple[str, ...], *, nested_only: bool = False) -> list[str]:
    """Every import in these packages of a module under one of ``bad``."""
    return [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for name, path in modules(*packages)
        for target, line in imports(name, path, nested_only=nested_only)
        if target.startswith(bad)
    ]


def test_tournaments_never_imports_scoring() -> None:
    assert offences(("tournaments",), ("scoring", "sims", "entry")) == []


def test_scoring_never_imports_entry() -> None:
    """Entry writes the slips and shows the standings; scoring (models, engines, standings, publishing)
    hears of a change by a signal and never reaches up."""
    assert offences(("scoring",), ("sims", "entry")) == []


def test_sims_never_imports_entry() -> None:
    """The simultaneous events read the clubs' heats through ``scoring`` and ``tournaments``; a club's
    phones read the event's placings from ``sims``, never the other way."""
    assert offences(("sims",), ("entry",)) == []


def test_whist_imports_nothing_of_the_project_or_django() -> None:
    assert offences(("whist",), (*DJANGO, "clubwhist", "entry", "scoring", "sims", "tournaments")) == []


def test_the_engines_import_nothing_of_django() -> None:
    found = offences(ENGINES, DJANGO)
    own = tuple(engine.replace("/", ".") for engine in ENGINES)
    engine_out = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for name, path in modules(*ENGINES)
        for target, line in imports(name, path)
        if target.startswith(FIRST_PARTY) and not target.startswith((*own, "whist."))
    ]
    assert found == [] and engine_out == []


def test_views_import_no_other_views() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for name, path in modules(
            "tournaments/views", "scoring/views", "scoring/api", "entry/views", "entry/api", "tournaments/api"
        )
        for target, line in imports(name, path)
        if ".views." in f".{target}." and target.split(".")[0] in FIRST_PARTY
    ]
    assert found == []


def test_exports_and_tasks_read_only_through_selectors() -> None:
    readers = ("scoring/exports.py", "scoring/tasks.py")
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for name, path in modules("scoring")
        if str(path.relative_to(ROOT)) in readers
        for target, line in imports(name, path)
        if target.startswith(("scoring.models", "tournaments.models", "scoring.views", "django.db.models"))
    ]
    assert found == []


#: Django's one place for an import in a function: an app's ``ready`` connects its signals' receivers,
#: whose modules read the models and so load only once the apps are ready.
READY = ("scoring/apps.py",)


def test_no_function_level_import_of_the_project_hides_a_cycle() -> None:
    found = offences(FIRST_PARTY, FIRST_PARTY, nested_only=True)
    assert [f for f in found if not f.startswith(READY)] == []
    assert len(found) <= len(READY)


def test_infra_is_the_bottom_and_imports_no_app() -> None:
    assert offences(("infra",), ("clubwhist", "entry", "scoring", "sims", "tournaments")) == []
