"""Each bound of a director's upload or list, tried at the limit and one past, through its page and its API.

- ``PBN_MAX_BYTES``: a PBN file of the limit is imported, a byte more is
  refused with the setting named (made small; and once at the real
  1,000,000 bytes on the trays page).
- ``ROSTER_MAX_BYTES``: likewise a roster CSV (made small).
- ``MAX_LINES`` (240) and ``MAX_CHARS`` (100,000) of a pasted list of
  names: at the real limits, a list of 240 lines or 100,000 characters is
  read (and refused for what its lines say, not for its size), one line or
  one character more is refused for its size.
- ``ROUND_ENTRIES_MAX`` (500): a round's entry of 500 lines is read line by
  line; 501 is refused before any line is read.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from entry.api import slips as slips_api
from entry.api.slips import ROUND_ENTRIES_MAX
from tests.api.helpers import token_client
from tournaments.models import Club, Deal, Player, Session
from tournaments.services import deals
from tournaments.services.entrant_names import MAX_CHARS, MAX_LINES
from tournaments.services.pbn import pbn_export

pytestmark = pytest.mark.django_db


def padded(head: bytes, size: int, comment: bytes = b";") -> bytes:
    """``head`` and comment lines after it, to exactly ``size`` bytes."""
    room = size - len(head)
    assert room >= 2
    lines, rest = divmod(room, 80)
    body = (comment + b" " * 78 + b"\n") * lines
    return head + body + (comment + b" " * (rest - 2) + b"\n" if rest >= 2 else b"\n" * rest)


def a_pbn_of(session: Session, size: int) -> bytes:
    """The session's deals as a PBN file of exactly ``size`` bytes (its trays dealt, then cleared)."""
    deals.trays_deal(session=session)
    head = pbn_export(session=session).encode("iso-8859-1")
    Deal.objects.filter(tray__session=session).update(hands="")
    data = padded(head, size)
    assert len(data) == size
    return data


def pbn_refusal(size: int, cap: int) -> str:
    return f"The file has {size:,} bytes; a PBN file may have at most {cap:,} (setting PBN_MAX_BYTES)."


def upload_pbn(client: Client, session: Session, data: bytes) -> Any:
    url = reverse("director:pbn_import", args=[session.pk])
    return client.post(url, {"file": SimpleUploadedFile("deals.pbn", data)})


def known(session: Session) -> int:
    return Deal.objects.filter(tray__session=session).exclude(hands="").count()


@override_settings(PBN_MAX_BYTES=3000)
@pytest.mark.parametrize("extra", [0, 1], ids=["at the limit", "one past"])
def test_a_pbn_file_of_the_limit_is_imported_and_a_byte_more_refused(
    director_client: Client, director: Any, seated_session: Session, extra: int
) -> None:
    data = a_pbn_of(seated_session, 3000 + extra)
    page = upload_pbn(director_client, seated_session, data)
    api = token_client(director).post(
        f"/api/v1/sessions/{seated_session.pk}/pbn/", {"pbn": data.decode("iso-8859-1")}, format="json"
    )
    if extra:
        assert page.context["form"].errors["file"] == [pbn_refusal(3001, 3000)]
        assert api.status_code == 400 and api.json()["pbn"] == [pbn_refusal(3001, 3000)]
        assert known(seated_session) == 0
    else:
        assert page.status_code == 302 and api.status_code == 200, api.json()
        assert known(seated_session) == 3


@pytest.mark.parametrize("extra", [0, 1], ids=["at the limit", "one past"])
def test_a_pbn_file_of_the_real_limit_on_the_trays_page(
    director_client: Client, seated_session: Session, extra: int
) -> None:
    data = a_pbn_of(seated_session, 1_000_000 + extra)
    page = upload_pbn(director_client, seated_session, data)
    if extra:
        assert page.context["form"].errors["file"] == [pbn_refusal(1_000_001, 1_000_000)]
    else:
        assert page.status_code == 302 and known(seated_session) == 3


def a_roster_of(size: int) -> bytes:
    """A roster CSV of two players and exactly ``size`` bytes (the second name padded)."""
    head = b"name,member_number\nAda Lovelace,1\n"
    tail = b",2\n"
    name = b"Mary Somerville" + b"e" * (size - len(head) - len(tail) - len(b"Mary Somerville"))
    data = head + name + tail
    assert len(data) == size
    return data


ROSTER_REFUSAL = "The file has 201 bytes; a roster CSV may have at most 200 (setting ROSTER_MAX_BYTES)."


@override_settings(ROSTER_MAX_BYTES=200)
@pytest.mark.parametrize("extra", [0, 1], ids=["at the limit", "one past"])
def test_a_roster_of_the_limit_is_taken_and_a_byte_more_refused(
    director_client: Client, director: Any, club: Club, extra: int
) -> None:
    data = a_roster_of(200 + extra)
    url = reverse("director:roster_import", args=[club.slug])
    page = director_client.post(
        url, {"file": SimpleUploadedFile("roster.csv", data, content_type="text/csv")}
    )
    api = token_client(director).post(
        f"/api/v1/clubs/{club.slug}/players/import/", {"csv": data.decode()}, format="json"
    )
    if extra:
        assert page.context["form"].errors["file"] == [ROSTER_REFUSAL]
        assert api.status_code == 400 and ROSTER_REFUSAL in str(api.json())
        assert not Player.objects.filter(club=club).exists()
    else:
        assert page.status_code in (200, 302) and "setting ROSTER_MAX_BYTES" not in page.content.decode()
        assert api.status_code in (200, 202), api.json()
        assert Player.objects.filter(club=club, member_number="1").exists()


def paste(client: APIClient, session: Session, text: str) -> Any:
    return client.post(f"/api/v1/sessions/{session.pk}/entrants/names/", {"text": text}, format="json")


def lines_refusal(lines: int) -> str:
    return f"The list has {lines:,} lines; paste at most {MAX_LINES} at once."


@pytest.mark.parametrize("extra", [0, 1], ids=["at the limit", "one past"])
def test_a_list_of_240_lines_is_read_and_241_refused_unread(
    director_api_client: APIClient, director_client: Client, draft_session: Session, extra: int
) -> None:
    """240 lines, the last of three names (no pair): read, and refused for that line alone."""
    pairs = [f"Visitor {2 * n} & Visitor {2 * n + 1}" for n in range(MAX_LINES - 1 + extra)]
    text = "\n".join([*pairs, "Ann & Bob & Cy"])
    api = paste(director_api_client, draft_session, text)
    page = director_client.post(
        reverse("director:setup_entrant_names", args=[draft_session.pk]), {"text": text}
    ).content.decode()
    assert api.status_code == 400
    if extra:
        assert api.json()["text"] == [lines_refusal(MAX_LINES + 1)] and "problems" not in api.json()
        assert lines_refusal(MAX_LINES + 1) in page
    else:
        assert lines_refusal(MAX_LINES) not in str(api.json())
        assert [p.split(" names")[0] for p in api.json()["problems"]] == [f"Line {MAX_LINES}: 3"]
        assert f"Line {MAX_LINES}: 3 names" in page
    assert draft_session.entrants.count() == 6 and not Player.objects.filter(name="Visitor 1").exists()


@pytest.mark.parametrize("extra", [0, 1], ids=["at the limit", "one past"])
def test_a_list_of_100000_characters_is_read_and_one_more_refused(
    director_api_client: APIClient, draft_session: Session, extra: int
) -> None:
    line = "Ann Lee & Bob Hart & " + "x" * (MAX_CHARS - len("Ann Lee & Bob Hart & ") + extra)
    assert len(line) == MAX_CHARS + extra
    api = paste(director_api_client, draft_session, line)
    refusal = f"The list has {MAX_CHARS + 1:,} characters; paste at most {MAX_CHARS:,} at once."
    assert api.status_code == 400
    if extra:
        assert api.json()["text"] == [refusal]
    else:
        assert "characters; paste at most" not in str(api.json()) and api.json()["problems"]


@pytest.fixture
def director_api_client(director: Any) -> APIClient:
    return token_client(director)


def round_entry(entries: int) -> dict[str, Any]:
    """A round's entry of ``entries`` lines, each at a table the session does not have (read, refused)."""
    return {"entries": [{"table": 99, "tray": n, "ns_tricks": 7} for n in range(1, entries + 1)]}


@pytest.mark.parametrize("extra", [0, 1], ids=["at the limit", "one past"])
def test_a_rounds_entry_of_500_lines_is_read_and_501_refused_unread(
    director_api_client: APIClient, running_session: Session, extra: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[Any] = []
    real = slips_api.RoundEntrySerializer.to_internal_value
    monkeypatch.setattr(
        slips_api.RoundEntrySerializer, "to_internal_value", lambda s, d: read.append(d) or real(s, d)
    )
    url = f"/api/v1/sessions/{running_session.pk}/rounds/1/results/"
    response = director_api_client.post(url, round_entry(ROUND_ENTRIES_MAX + extra), format="json")
    if extra:
        assert response.status_code == 400 and read == []
        assert response.json() == {
            "entries": {"non_field_errors": [f"At most {ROUND_ENTRIES_MAX} lines in one round's entry."]}
        }
    else:
        assert response.status_code == 200 and len(read) == ROUND_ENTRIES_MAX
        body = response.json()
        assert body["saved"] == 0 and len(body["errors"]) == ROUND_ENTRIES_MAX
