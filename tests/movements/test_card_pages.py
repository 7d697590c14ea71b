"""Each table's guide card is one printed page, its moves box whole (p. 39), however many rounds.

Issue ("What the slips say is what happened", 4): each table's card spilled onto a second page, its box of
moves cut. The largest movement the book prints is the Howell System for thirty-six pairs (pp. 34-41:
eighteen tables, thirty-five rounds); thirty-five pairs play it with a pair sitting out each round.
"""

from __future__ import annotations

import base64
import datetime as dt
import re
import zlib
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from reportlab.platypus import Table

from tournaments.models import Club, Session
from tournaments.printing.pdf import MATRIX_CELL, MATRIX_HEAD
from tournaments.services import club as club_services
from tournaments.services import seating, sessions

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def page_texts(pdf: bytes) -> list[str]:
    """The text each content stream shows (a page's, in order: reportlab writes one stream a page)."""
    pages = []
    for match in re.finditer(rb"<<(.*?)>>\s*stream\r?\n(.*?)endstream", pdf, re.S):
        head, data = match.groups()
        if b"/ASCII85Decode" in head:
            data = base64.a85decode(data.strip().removeprefix(b"<~").removesuffix(b"~>"))
        if b"/FlateDecode" in head:
            data = zlib.decompress(data)
        shown = re.findall(rb"\(((?:\\.|[^\\)])*)\)\s*(?:Tj|')", data, re.S)
        pages.append(" ".join(re.sub(rb"\\(.)", rb"\1", s).decode("latin-1") for s in shown))
    return pages


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", pdf))


@pytest.fixture
def howell_of(club: Club):  # type: ignore[no-untyped-def]
    def make(pairs: int) -> Session:
        people = [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(2 * pairs)]
        session = sessions.session_create(club=club, date=dt.date(2026, 12, 1), title=f"{pairs} pairs")
        for a, b in zip(people[0::2], people[1::2], strict=True):
            sessions.entrant_create(session=session, players=[a, b])
        seating.movement_fix(session=session, family="howell")
        return session

    return make


@pytest.mark.parametrize("pairs", [35, 36])
def test_each_guide_card_of_the_largest_howell_is_one_page_with_its_moves_whole(
    director_client: Client, howell_of, pairs: int
) -> None:
    session = howell_of(pairs)
    pdf = director_client.get(reverse("director:print_pdf", args=[session.pk, "cards"])).content
    pages = [text for text in page_texts(pdf) if text.strip()]
    assert len(pages) == page_count(pdf)
    first = next(i for i, text in enumerate(pages) if re.search(r"PAIRS\. TABLE 1\.", text))
    cards = pages[first:]
    assert len(cards) == 18, "one page a table, nothing spilt over"
    for table, text in enumerate(cards, start=1):
        assert f"TABLE {table}." in text and "35th Round" in text
        assert all(seat in text for seat in ("NORTH", "EAST", "SOUTH", "WEST"))
        assert "deal just played" in text or "not played" in text  # the pivot's table, with pair 36 away
    if pairs == 35:
        assert "Sits out" in cards[0] and "Pair 1, then Table " in cards[0], (
            "who sits out and where it comes in"
        )


@pytest.mark.parametrize("pairs", [11, 36])
def test_the_fairness_matrix_is_whole_on_one_page_under_its_heading(
    director_client: Client, howell_of, monkeypatch: pytest.MonkeyPatch, pairs: int
) -> None:
    """The amount of competition of every two pairs, on the cover: a grid never split over two pages
    (an eleven-pair Howell's ran onto a second page; the book's thirty-six pairs' onto a third)."""
    drawn: list[tuple[int, int]] = []  # (page, rows) of each piece of the matrix drawn
    draw = Table.drawOn

    def spy(self: Table, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        cells = [p for row in self._cellvalues for c in row for p in (c if isinstance(c, tuple) else [c])]
        if any(getattr(p, "style", MATRIX_HEAD).name.startswith(MATRIX_CELL.name) for p in cells):
            drawn.append((canvas.getPageNumber(), len(self._cellvalues)))
        draw(self, canvas, x, y, _sW)

    monkeypatch.setattr(Table, "drawOn", spy)
    session = howell_of(pairs)
    pdf = director_client.get(reverse("director:print_pdf", args=[session.pk, "cards"])).content
    assert drawn == [(drawn[0][0], pairs + 1)], "one piece: the heading row and a row for each pair"
    pages = [text for text in page_texts(pdf) if text.strip()]
    assert len(pages) == page_count(pdf)
    page = pages[drawn[0][0] - 1]
    assert "How fair it is" in page and "It is not balanced" in page
    assert re.search(rf"\b1 2 3 4 5 .*\b{pairs}\b", page), "the grid's heading row on the same page"
