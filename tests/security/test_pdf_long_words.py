"""No name, title or club name of any length its column allows breaks a PDF or runs out of its cell.

A player's name is 120 characters, a pair's or a team's label 160, a club's and a
session's title 120; nothing says they hold a space. Such words used to
make the public results PDF a 500 (a table sized by its widest string asks
for more than the page, and reportlab refuses the whole document) and ran
out of their cells, over the figures beside them, in the director's
printed matter. Here every PDF the app serves, public and director's, is
built from a session whose every name and title is at its column's
maximum with no space: each is a 200 and a PDF, every table cell's text
stays inside its cell (checked as reportlab draws each table), and the
long words are all there, broken across lines but whole (read back from
the PDF's own text operators; no PDF library needed).
"""

from __future__ import annotations

import base64
import datetime as dt
import re
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from public.builders import play_session
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph
from reportlab.platypus.tables import Table

from tournaments.models import Club, Entrant, Player, Session
from tournaments.printing.pdf import DOCUMENTS
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db

#: The widest letters of Helvetica and DejaVu Sans, so that each word is as wide as its length allows.
WIDE = "WM"


def word(stem: str, length: int) -> str:
    """A word of exactly ``length`` characters with no space: the stem, then wide letters."""
    return (stem + WIDE * length)[:length]


def column(model: Any, field: str) -> int:
    """The column's maximum length."""
    return int(model._meta.get_field(field).max_length)


@pytest.fixture
def long_club(club: Club) -> Club:
    """The club, its name as long as its column allows, with no space."""
    club.name = word("Club", column(Club, "name"))
    club.save()
    return club


def long_session(club: Club, kind: str) -> Session:
    """A session of this kind played, closed and published, every name and title at its column's maximum."""
    size = {"pairs": 2, "fours": 4, "individuals": 1}[kind]
    count = {"pairs": 12, "fours": 16, "individuals": 8}[kind]
    players = [
        club_services.player_create(club=club, name=word(f"P{i:02d}", column(Player, "name")))
        for i in range(count)
    ]
    how = {
        "pairs": {"family": "mitchell", "deals_count": 6, "method": "trick"},
        "fours": {"family": "fours-howell", "deals_count": None, "method": "team-match"},
        "individuals": {"family": "individual", "deals_count": None, "method": "individual"},
    }[kind]
    session = play_session(
        club=club,
        players=players,
        title=word("Title", column(Session, "title")),
        date=dt.date(2026, 11, 2),
        entrant_kind=kind,
        size=size,
        seed=3,
        **how,
    )
    for entrant in Entrant.objects.filter(session=session):
        entrant.label = word(f"E{entrant.pk:03d}", column(Entrant, "label"))
        entrant.save(update_fields=["label"])
    cache.clear()  # the names are kept a while in the cache
    return session


# --- What a PDF says, and whether its cells hold their text ------------------------------------------


def pdf_text(pdf: bytes) -> str:
    """Every string the PDF's content streams show, in order, joined (reportlab's own encodings only).

    The streams are ASCII85 and Flate encoded; the standard fonts write
    their text as literal strings, and reportlab keeps printable ASCII as
    itself in the subsets of an embedded font, so a long word broken over
    several lines is whole again once the lines are joined.
    """
    shown = []
    for match in re.finditer(rb"<<(.*?)>>\s*stream\r?\n(.*?)endstream", pdf, re.S):
        head, data = match.groups()
        if b"/ASCII85Decode" in head:
            data = base64.a85decode(data.strip().removeprefix(b"<~").removesuffix(b"~>"))
        if b"/FlateDecode" in head:
            data = zlib.decompress(data)
        for literal in re.finditer(rb"\(((?:\\.|[^\\)])*)\)\s*(?:Tj|')", data, re.S):
            shown.append(re.sub(rb"\\(.)", rb"\1", literal.group(1)).decode("latin-1"))
    return "".join(shown)


def overflows(table: Table) -> Iterator[str]:
    """Each cell of a table (as reportlab is about to draw it) whose text is wider than its cell."""
    spans = getattr(table, "_spanRanges", None) or {}
    for r, row in enumerate(table._cellvalues):
        for c, value in enumerate(row):
            span = spans.get((c, r), (c, r, c, r))
            if span is None:
                continue  # hidden under another cell's span
            x0, _, x1, _ = span
            style = table._cellStyles[r][c]
            room = sum(table._colWidths[x0 : x1 + 1]) - style.leftPadding - style.rightPadding
            for width in widths(value, style, room):
                if width > room + 0.5:
                    yield f"cell ({r}, {c}) needs {width:.0f}pt of {room:.0f}pt: {str(value)[:60]!r}"


def widths(value: Any, style: Any, room: float) -> Iterator[float]:
    """The widths a cell's text takes: each line of each string or paragraph in it."""
    if isinstance(value, list | tuple):
        for part in value:
            yield from widths(part, style, room)
    elif isinstance(value, str):
        yield from (stringWidth(line, style.fontname, style.fontsize) for line in value.split("\n"))
    elif isinstance(value, Paragraph):
        value.wrap(room, 10**6)
        lines = value.blPara.lines
        yield from (room - (line[0] if isinstance(line, tuple) else line.extraSpace) for line in lines)
    elif value is not None and not isinstance(value, Flowable):
        yield stringWidth(str(value), style.fontname, style.fontsize)
    # a table is checked as it is drawn; a QR code or a drawing has the size it was given


@pytest.fixture
def overflowing(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every cell, of every table reportlab draws from now on, whose text runs out of it."""
    found: list[str] = []
    draw = Table.draw

    def checked(self: Table) -> None:
        found.extend(overflows(self))
        draw(self)

    monkeypatch.setattr(Table, "draw", checked)
    return found


def served(client: Client, url: str) -> bytes:
    """The PDF at this URL: a 200 and a PDF (a server error answered, not raised, to be seen as one)."""
    client.raise_request_exception = False
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF"), url
    assert response.content.rstrip().endswith(b"%%EOF"), url
    return response.content


# --- The PDFs ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["pairs", "fours", "individuals"])
def test_every_pdf_takes_names_and_titles_as_long_as_their_columns_allow(
    director_client: Client, long_club: Club, overflowing: list[str], kind: str
) -> None:
    session = long_session(long_club, kind)
    names = set(Player.objects.filter(club=long_club).values_list("name", flat=True))
    urls = {"results": reverse("public:results_pdf", args=[long_club.slug, session.pk])}
    urls |= {doc: reverse("director:print_pdf", args=[session.pk, doc]) for doc in DOCUMENTS}
    for doc, url in urls.items():
        text = pdf_text(served(director_client, url))
        assert session.title in text, doc
        if doc in ("results", "cards", "sheet", "entrant-qr"):  # the documents that name the players
            assert all(name in text for name in names), doc
    assert long_club.name in pdf_text(served(director_client, urls["results"]))
    assert not overflowing, "\n".join(overflowing)


def test_the_public_results_pdf_of_a_long_named_player_is_no_server_error(
    client: Client, long_club: Club
) -> None:
    """The hole as it was found: one long name without a space, and the public PDF was a 500."""
    players = [club_services.player_create(club=long_club, name=f"Member {i:02d}") for i in range(11)]
    players.append(club_services.player_create(club=long_club, name=word("Ann", column(Player, "name"))))
    session = play_session(
        club=long_club,
        players=players,
        title="Pairs night",
        date=dt.date(2026, 11, 2),
        family="mitchell",
        deals_count=6,
        method="trick",
        seed=3,
    )
    pdf = served(client, reverse("public:results_pdf", args=[long_club.slug, session.pk]))
    assert players[-1].name in pdf_text(pdf)
