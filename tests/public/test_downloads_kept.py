"""The public downloads are built once for each version of what they show, and built anew when it changes.

Each builder is counted: a download asked twice is built once and served
the same; a change to what the file shows (a result corrected after
publication, the travellers withdrawn, a deal's double dummy solved) is a
new version and a new file (``scoring.selectors.downloads``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from entry.services.corrections import result_correct
from scoring.models import SlipLine
from scoring.views import public_exports
from tournaments.models import Deal, Session
from tournaments.services import sessions

pytestmark = pytest.mark.django_db

#: Each download, and the builder of the file its view calls.
BUILDERS = {
    "results_json": "results_json",
    "results_csv": "results_csv",
    "results_pdf": "results_pdf",
    "deals_pbn": "pbn_export",
}


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[int]]:
    """Each builder's calls, by download."""
    calls: dict[str, list[int]] = {name: [] for name in BUILDERS}
    for name, builder in BUILDERS.items():
        real = getattr(public_exports, builder)

        def counting(*args: Any, _real: Callable[..., Any] = real, _name: str = name, **kwargs: Any) -> Any:
            calls[_name].append(1)
            return _real(*args, **kwargs)

        monkeypatch.setattr(public_exports, builder, counting)
    return calls


def download(client: Client, session: Session, name: str) -> bytes:
    """The download's body (200 asserted)."""
    response = client.get(reverse(f"public:{name}", args=[session.club.slug, session.pk]))
    assert response.status_code == 200, (name, response.status_code)
    return response.content


def totals(body: bytes) -> dict[str, str]:
    """The CSV's exact total of each entrant."""
    return {row["entrant"]: row["total_exact"] for row in csv.DictReader(io.StringIO(body.decode()))}


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_a_download_asked_twice_is_built_once(
    client: Client, published_mitchell: Session, builds: dict[str, list[int]], name: str
) -> None:
    first = download(client, published_mitchell, name)
    assert download(client, published_mitchell, name) == first
    assert len(builds[name]) == 1


def test_a_result_corrected_after_publication_is_a_new_file(
    client: Client, published_mitchell: Session, builds: dict[str, list[int]]
) -> None:
    names = ("results_csv", "results_json", "results_pdf")
    before = {name: download(client, published_mitchell, name) for name in names}
    session = sessions.session_set_status(session=published_mitchell, status=Session.Status.CLOSED)
    line = SlipLine.objects.filter(session=session).order_by("tray__number", "table__number").first()
    assert line is not None
    result_correct(line=line, reason="Miscounted", ns_tricks=13 - (line.ns_tricks or 0), by="director")
    sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)
    after = {name: download(client, published_mitchell, name) for name in names}
    assert all(len(builds[name]) == 2 for name in names)
    assert after["results_json"] != before["results_json"]
    assert totals(after["results_csv"]) != totals(before["results_csv"])
    assert download(client, published_mitchell, "results_csv") == after["results_csv"]
    assert all(len(builds[name]) == 2 for name in names)


def test_the_travellers_withdrawn_are_a_new_pdf_and_csv(
    client: Client, published_mitchell: Session, builds: dict[str, list[int]]
) -> None:
    with_trays = download(client, published_mitchell, "results_csv").decode().splitlines()[0]
    download(client, published_mitchell, "results_pdf")
    sessions.session_publish_switches(session=published_mitchell, travellers=False)
    without = download(client, published_mitchell, "results_csv").decode().splitlines()[0]
    download(client, published_mitchell, "results_pdf")
    assert "tray 1" in with_trays and "tray 1" not in without
    assert len(builds["results_pdf"]) == len(builds["results_csv"]) == 2


def test_a_double_dummy_solved_after_publication_is_a_new_pbn(
    client: Client, published_mitchell: Session, builds: dict[str, list[int]]
) -> None:
    deal = Deal.objects.filter(tray__session=published_mitchell).order_by("tray__number").first()
    assert deal is not None
    Deal.objects.filter(pk=deal.pk).update(double_dummy=None)
    unsolved = download(client, published_mitchell, "deals_pbn").decode()
    Deal.objects.filter(pk=deal.pk).update(double_dummy={"trump": "S", "leader": "E", "ns": 6, "ew": 7})
    solved = download(client, published_mitchell, "deals_pbn").decode()
    assert "spades trumps, East leads: N-S 6 tricks" in solved and solved != unsolved
    assert len(builds["deals_pbn"]) == 2
