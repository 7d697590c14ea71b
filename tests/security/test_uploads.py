"""Uploads have a size limit, page and API alike, refused with a message that says it, before any parsing."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from tournaments.models import Club, Player
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db

ROSTER = b"name,member_number\n" + b"".join(b"Player %d,%d\n" % (i, i) for i in range(1, 400))


@override_settings(ROSTER_MAX_BYTES=1000)
def test_the_roster_page_refuses_a_file_over_the_limit_before_reading_it(
    director_client: Client, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(club_services.csv, "DictReader", lambda *a, **kw: pytest.fail("the file was parsed"))
    upload = SimpleUploadedFile("roster.csv", ROSTER)
    response = director_client.post(reverse("director:roster_import", args=[club.slug]), {"file": upload})
    assert response.status_code == 200
    (message,) = response.context["form"].errors["file"]
    assert "at most 1,000" in message and "ROSTER_MAX_BYTES" in message
    assert not Player.objects.filter(club=club).exists()


@override_settings(ROSTER_MAX_BYTES=1000)
def test_the_roster_api_refuses_a_file_over_the_limit(director: Any, club: Club) -> None:
    api = APIClient()
    api.force_authenticate(director)
    response = api.post(f"/api/v1/clubs/{club.slug}/players/import/", {"csv": ROSTER.decode()}, format="json")
    assert response.status_code == 400
    assert "at most 1,000" in response.json()["csv"][0]
    assert not Player.objects.filter(club=club).exists()


def test_a_roster_within_the_limit_is_imported(director_client: Client, club: Club) -> None:
    upload = SimpleUploadedFile("roster.csv", ROSTER)
    response = director_client.post(reverse("director:roster_import", args=[club.slug]), {"file": upload})
    assert response.status_code == 302
    assert Player.objects.filter(club=club).count() == 399


@pytest.mark.parametrize("content_type", ["application/json", "application/x-www-form-urlencoded"])
@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=10_000)
def test_an_api_body_over_the_request_limit_is_a_413_before_it_is_read(
    director: Any, club: Club, monkeypatch: pytest.MonkeyPatch, content_type: str
) -> None:
    def unread(*args: Any, **kwargs: Any) -> None:
        pytest.fail("the body was read")

    monkeypatch.setattr("rest_framework.parsers.JSONParser.parse", unread)
    monkeypatch.setattr("rest_framework.parsers.FormParser.parse", unread)
    api = APIClient()
    api.force_authenticate(director)
    body = "csv=" + "x" * 20_000 if content_type.endswith("urlencoded") else '{"csv": "' + "x" * 20_000 + '"}'
    response = api.post(f"/api/v1/clubs/{club.slug}/players/import/", body, content_type=content_type)
    assert response.status_code == 413
    assert "at most 10,000" in response.json()["detail"]
    assert "DATA_UPLOAD_MAX_MEMORY_SIZE" in response.json()["detail"]
    assert not Player.objects.filter(club=club).exists()


@override_settings(PBN_MAX_BYTES=1000)
def test_the_pbn_api_refuses_a_file_over_the_limit_by_its_field(director: Any, running_session: Any) -> None:
    api = APIClient()
    api.force_authenticate(director)
    text = '[Board "1"]\n' + "; padding\n" * 200
    response = api.post(f"/api/v1/sessions/{running_session.pk}/pbn/", {"pbn": text}, format="json")
    assert response.status_code == 400
    assert "at most 1,000" in response.json()["pbn"][0] and "PBN_MAX_BYTES" in response.json()["pbn"][0]


NEXT_CHANGE = "/api/v1/movements/progressive/next-change/"
BOUNDARY = "clubwhist-boundary"


def sized_body(kind: str, size: int) -> tuple[bytes, str]:
    """A body of exactly SIZE bytes whose ``change`` is no change: JSON, a form, or a form with a file."""
    if kind == "json":
        head, tail, content_type = b'{"change": "', b'"}', "application/json"
    elif kind == "form":
        head, tail, content_type = b"change=", b"", "application/x-www-form-urlencoded"
    else:
        head = (
            f"--{BOUNDARY}\r\n"
            'Content-Disposition: form-data; name="file"; filename="big.pbn"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        ).encode()
        tail, content_type = f"\r\n--{BOUNDARY}--\r\n".encode(), f"multipart/form-data; boundary={BOUNDARY}"
    return head + b"x" * (size - len(head) - len(tail)) + tail, content_type


@pytest.mark.parametrize("kind", ["json", "form", "multipart"])
@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=10_000)
def test_an_api_body_at_the_limit_is_read(kind: str) -> None:
    """Anyone's next change of exactly the limit is read, and refused for what it says (400)."""
    body, content_type = sized_body(kind, 10_000)
    response = APIClient().generic("POST", NEXT_CHANGE, body, content_type=content_type)
    assert response.status_code == 400
    assert "change" in response.json()


@pytest.mark.parametrize("kind", ["json", "form", "multipart"])
@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=10_000)
def test_an_api_body_one_byte_past_the_limit_is_a_413_unread(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file in a form counts too: Django's own parser would count only the plain fields."""

    def unread(*args: Any, **kwargs: Any) -> None:
        pytest.fail("the body was read")

    for parser in ("rest_framework.parsers.JSONParser", "rest_framework.parsers.FormParser"):
        monkeypatch.setattr(f"{parser}.parse", unread)
    monkeypatch.setattr("django.http.multipartparser.MultiPartParser.parse", unread)
    body, content_type = sized_body(kind, 10_001)
    response = APIClient().generic("POST", NEXT_CHANGE, body, content_type=content_type)
    assert response.status_code == 413
    detail = response.json()["detail"]
    assert "10,001 bytes" in detail and "at most 10,000" in detail and "DATA_UPLOAD_MAX_MEMORY_SIZE" in detail
