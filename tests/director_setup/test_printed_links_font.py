"""A printed link is set in a font whose I, l, 1, O and 0 differ: a player may type its token from paper.

The tables' QR codes and the guide cards print each table's link; its
token ("…/t/Il0O…", URL-safe base64) mixes capitals, small letters and
figures. Helvetica draws I and l alike and O and 0 nearly so: the links are
set in DejaVu Sans Mono (dotted 0, tailed l, barred I), embedded. Read from
the PDFs themselves: the font each link's text is shown in.
"""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Session
from tournaments.printing.link_font import MONO_PATHS, link_font

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def streams(pdf: bytes) -> Iterator[bytes]:
    """Every stream of the PDF, decoded (reportlab writes ASCII85 over Flate)."""
    for match in re.finditer(rb"<<(.*?)>>\s*stream\r?\n(.*?)endstream", pdf, re.S):
        head, data = match.groups()
        if b"/ASCII85Decode" in head:
            data = base64.a85decode(data.strip().removeprefix(b"<~").removesuffix(b"~>"))
        if b"/FlateDecode" in head:
            data = zlib.decompress(data)
        yield data


def fonts(pdf: bytes) -> dict[bytes, str]:
    """A page's font names (F1, F2 ...) -> the font's own name, "Helvetica", "DejaVuSansMono"."""
    objects = dict(re.findall(rb"\n(\d+) 0 obj\s*(.*?)endobj", pdf, re.S))
    names: dict[bytes, str] = {}
    for name, number in re.findall(rb"/(F\d+(?:\+\d+)?) (\d+) 0 R", pdf):
        base = re.search(rb"/BaseFont\s*/(?:[A-Z]{6}\+)?([\w-]+)", objects.get(number, b""))
        if base:
            names[name] = base.group(1).decode()
    return names


def font_of(pdf: bytes, text: str) -> set[str]:
    """The fonts the PDF shows ``text`` in (wherever it is shown whole, in one string)."""
    names, found = fonts(pdf), set()
    for data in streams(pdf):
        font = b""
        for token in re.finditer(rb"/(F\d+(?:\+\d+)?) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\)\s*Tj", data, re.S):
            if token.group(1):
                font = token.group(1)
            elif text in re.sub(rb"\\(.)", rb"\1", token.group(2)).decode("latin-1"):
                found.add(names.get(font, font.decode()))
    return found


@pytest.mark.skipif(not any(Path(p).exists() for p in MONO_PATHS), reason="no DejaVu Sans Mono")
@pytest.mark.parametrize("doc", ["qr", "cards"])
def test_each_printed_link_is_set_in_a_font_that_tells_il1_and_o0_apart(
    director_client: Client, seated_session: Session, doc: str
) -> None:
    pdf = director_client.get(reverse("director:print_pdf", args=[seated_session.pk, doc])).content
    tokens = list(seated_session.tables.values_list("token", flat=True))
    assert tokens
    for token in tokens:
        assert font_of(pdf, token) == {"DejaVuSansMono"}, (doc, token)
    assert link_font() == "DejaVuSansMono"
    assert font_of(pdf, "Scan to") <= {"Helvetica"}  # the rest stays in the standard font


@pytest.mark.parametrize(
    ("doc", "wrap"), [("qr", '<p class="link">'), ("cards", '<span class="printed-link">')]
)
def test_the_printed_web_pages_set_each_link_in_a_monospaced_font(
    director_client: Client, seated_session: Session, doc: str, wrap: str
) -> None:
    page = director_client.get(reverse("director:print_page", args=[seated_session.pk, doc])).content.decode()
    for token in seated_session.tables.values_list("token", flat=True):
        assert re.search(re.escape(wrap) + r"[^<]*" + re.escape(token), page), (doc, token)
    css = (ROOT / "static" / "css" / "director.css").read_text()
    rule = re.search(r"\.qr-card \.link, \.printed-link \{ font-family: ([^;]+);", css)
    assert rule and rule.group(1).startswith('"DejaVu Sans Mono"') and rule.group(1).endswith("monospace")
