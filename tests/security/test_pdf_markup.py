"""Titles and names reach every PDF as text: reportlab's markup in them fetches, embeds and links nothing."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse
from security.conftest import published

from tournaments.models import Club
from tournaments.printing.pdf import DOCUMENTS

pytestmark = pytest.mark.django_db


class Hits(http.server.BaseHTTPRequestHandler):
    """Counts every request it gets; answers a tiny image."""

    count = 0

    def do_GET(self) -> None:
        Hits.count += 1
        self.send_response(404)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def listener() -> Iterator[str]:
    """A local HTTP server that counts the requests it gets: its base URL."""
    Hits.count = 0
    server = http.server.HTTPServer(("127.0.0.1", 0), Hits)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def hostile(url: str) -> tuple[str, list[str]]:
    """A title and twelve names, each one of reportlab's markup tricks."""
    title = f'Pairs <b>night <img src="{url}/title.png" width="9" height="9"/>'
    names = [
        f'<img src="{url}/name.png" width="9" height="9"/>',
        '<img src="/etc/hostname" width="9" height="9"/>',
        '<img src="file:///etc/passwd" width="9" height="9"/>',
        '<a href="javascript:alert(1)">click</a>',
        "Pairs <b>night",
        "<font name='Nope'>x</font>",
        "Ann & Bob </para>",
        *[f"Member {i}" for i in range(5)],
    ]
    return title, names


def assert_inert(pdf: bytes) -> None:
    """No image, no link, no script in the file."""
    assert pdf.startswith(b"%PDF")
    assert b"/XObject" not in pdf and b"/Subtype /Image" not in pdf
    assert b"/URI" not in pdf and b"javascript" not in pdf.lower()


def test_the_public_results_pdf_sets_markup_as_text(client: Any, club: Club, listener: str) -> None:
    title, names = hostile(listener)
    session = published(club, names, title)
    response = client.get(reverse("public:results_pdf", args=[club.slug, session.pk]))
    assert response.status_code == 200
    assert_inert(response.content)
    assert Hits.count == 0


def test_a_bold_tag_left_open_in_a_title_is_no_error(client: Any, club: Club, members: Any) -> None:
    session = published(club, [f"Member {i}" for i in range(12)], "Pairs <b>night")
    response = client.get(reverse("public:results_pdf", args=[club.slug, session.pk]))
    assert response.status_code == 200


def test_every_printed_document_sets_markup_as_text(director_client: Any, club: Club, listener: str) -> None:
    title, names = hostile(listener)
    club.name = f'<img src="{listener}/club.png"/> Club'
    club.save()
    session = published(club, names, title)
    for doc in DOCUMENTS:
        response = director_client.get(reverse("director:print_pdf", args=[session.pk, doc]))
        assert response.status_code == 200, doc
        pdf = response.content
        assert pdf.startswith(b"%PDF") and b"javascript" not in pdf.lower(), doc
        assert b"/URI" not in pdf or doc in ("qr", "entrant-qr"), doc
    assert Hits.count == 0
