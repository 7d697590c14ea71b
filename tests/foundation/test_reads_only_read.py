"""Reads only read: no selector writes the cache or queues work, whichever app it is in.

A selector asks the cache through ``infra.reads`` (``kept``) and offers what
it worked out (``offer``); the edge (a request, a task) keeps the offers.
Here every selector module's source is read (``ast``) for a call that
writes the cache (``cache.set``, ``add``, ``get_or_set``, ``incr``,
``set_many``, ``delete``..., ``infra.cache.count_hit``), for Django's cache
imported at all, and for a call that queues work (a task's ``delay`` or
``apply_async``, ``on_commit``, a signal's ``send``, a solver's queue);
import-linter's contract "Reads only read" keeps services and tasks out of
their imports. Then the edge itself: an offer outside one writes nothing,
and a page's request keeps what its reads offered.
"""

from __future__ import annotations

import ast
import datetime as dt
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.urls import reverse

from infra.reads import keeping_reads, kept, offer
from scoring import mixins
from scoring.selectors.standings import entrant_names
from scoring.views.public_travellers import HandRecordsView
from tests.public.builders import play_session
from tournaments.models import Club, Player, Session

ROOT = Path(__file__).resolve().parents[2]
APPS = ("clubwhist", "entry", "infra", "scoring", "sims", "tournaments", "whist")
#: Read modules not named for it: a club's placings in a simultaneous event, read for its phones and pages.
OTHER_READS = ("sims/club_placings.py",)
#: What a call on the cache may not do in a selector: everything that writes or removes.
CACHE_WRITES = frozenset(
    {
        "add",
        "clear",
        "decr",
        "decr_version",
        "delete",
        "delete_many",
        "get_or_set",
        "incr",
        "incr_version",
        "set",
        "set_many",
        "touch",
    }
)
#: What queues work, by the name called (a task's, a transaction's, a signal's, the solver's).
QUEUES = frozenset({"apply_async", "delay", "on_commit", "send", "send_robust", "send_task", "count_hit"})
#: The solver's and the standings' queues, by the beginning of their names.
QUEUE_PREFIXES = ("queue_", "solve_", "announce_")


def selector_modules() -> list[Path]:
    """Every selector module of every app: ``selectors.py``, ``*_selectors.py``, ``selectors/*.py``, and the
    other reads (``OTHER_READS``)."""
    found: set[Path] = set()
    for app in APPS:
        base = ROOT / app
        found.update(p for p in base.rglob("*.py") if p.stem == "selectors" or p.stem.endswith("_selectors"))
        found.update(p for p in base.rglob("selectors/*.py"))
    return sorted(found | {ROOT / p for p in OTHER_READS})


def _receiver(node: ast.expr) -> str:
    """The name a call's receiver ends in: ``cache`` of ``cache.set``, ``caches`` of ``caches["x"].set``."""
    while isinstance(node, ast.Subscript | ast.Call):
        node = node.value if isinstance(node, ast.Subscript) else node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def offences(path: Path) -> list[str]:
    """Each cache write, cache import and queued work of one module, as ``path:line what``."""
    where = path.relative_to(ROOT)
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("django.core.cache"):
            found.append(f"{where}:{node.lineno} imports Django's cache (read it through infra.reads)")
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if isinstance(func, ast.Attribute) and name in CACHE_WRITES and "cache" in _receiver(func.value):
            found.append(f"{where}:{node.lineno} writes the cache ({name})")
        elif name in QUEUES or name.startswith(QUEUE_PREFIXES):
            found.append(f"{where}:{node.lineno} queues work ({name})")
    return found


def test_the_selectors_are_found() -> None:
    """The walk finds the selectors of every app that has them (a rename would hide one from the test)."""
    names = {str(p.relative_to(ROOT)) for p in selector_modules()}
    assert {
        "sims/selectors.py",
        "tournaments/selectors.py",
        "tournaments/site_selectors.py",
        "scoring/selectors/standings.py",
        "entry/selectors/table.py",
    } <= names


def test_no_selector_writes_the_cache_or_queues_work() -> None:
    assert [o for path in selector_modules() for o in offences(path)] == []


def test_the_walk_names_a_cache_write_and_a_queue() -> None:
    """The check itself: a module that writes the cache and queues a task is named, line by line."""
    bad = ROOT / "tests" / "foundation" / "_selectors_example.py"
    bad.write_text(
        "from django.core.cache import cache\n"
        "def read():\n"
        "    cache.set('k', 1)\n"
        "    caches['default'].get_or_set('k', 1)\n"
        "    recompute.delay(1)\n"
        "    transaction.on_commit(lambda: None)\n"
        "    queue_double_dummy(1)\n"
        "    return {}.get('k')\n"
    )
    try:
        found = offences(bad)
    finally:
        bad.unlink()
    assert [o.split(" ", 1)[0].rsplit(":", 1)[1] for o in found] == ["1", "3", "4", "5", "6", "7"]


def test_an_offer_outside_an_edge_writes_nothing() -> None:
    cache.delete("clubwhist:test:offer")
    offer("clubwhist:test:offer", {"a": 1}, 60)
    assert kept("clubwhist:test:offer") is None and cache.get("clubwhist:test:offer") is None


def test_an_edge_keeps_its_offers_as_it_closes_and_serves_them_inside() -> None:
    cache.delete("clubwhist:test:offer")
    with keeping_reads():
        offer("clubwhist:test:offer", {"a": 1}, 60)
        assert cache.get("clubwhist:test:offer") is None  # written by the edge, not by the read
        found = kept("clubwhist:test:offer")
        assert found == {"a": 1}
        found["a"] = 2  # a caller's change is its own
        assert kept("clubwhist:test:offer") == {"a": 1}
    assert cache.get("clubwhist:test:offer") == {"a": 1}


@pytest.mark.django_db
def test_a_page_request_keeps_what_its_reads_offered(
    director_client: Client, running_session: Session
) -> None:
    """Through the real door: the director's board names the entrants (``scoring``'s names, offered by
    the selector); the request is the edge that keeps them, and reading them outside one keeps nothing."""
    key = f"clubwhist:names:{running_session.pk}:{running_session.seating_version}"
    entrant_names(session=running_session)
    assert cache.get(key) is None
    assert director_client.get(reverse("run:board", args=[running_session.pk])).status_code == 200
    assert cache.get(key) == entrant_names(session=running_session)


def test_every_request_is_an_edge() -> None:
    assert "infra.reads.KeepReadsMiddleware" in settings.MIDDLEWARE


@pytest.mark.django_db
def test_a_public_page_queues_the_solve_at_its_door_and_reading_its_session_queues_nothing(
    club: Club, players: list[Player], client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hand records' solve is the page's to queue, once, before it reads the deals: the mixin's
    ``session`` (a cached property, read by anything of the page) only reads."""
    session = play_session(
        club=club, players=players, title="Reads", date=dt.date(2026, 10, 1), family="mitchell", deals_count=6
    )
    asked: list[int] = []
    monkeypatch.setattr(mixins, "solve_hand_records_once", asked.append)
    view = HandRecordsView()
    view.setup(RequestFactory().get("/"), club=club.slug, pk=session.pk)
    assert view.session.pk == session.pk and view.published.hand_records
    assert asked == []
    assert client.get(reverse("public:hands", args=[club.slug, session.pk])).status_code == 200
    assert asked == [session.pk]
