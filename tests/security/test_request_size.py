"""A request as a whole has a size limit (``REQUEST_MAX_BYTES``), refused before any middleware reads it.

The hole: Django counts only a form's plain fields against
``DATA_UPLOAD_MAX_MEMORY_SIZE``, never its files, and its CSRF check reads a
page's whole form as soon as a well-formed ``csrftoken`` cookie comes with
it (a made-up one will do), before any login is looked at. A stranger's
file of any size was read and written to a temporary file. Now a body
declared past the limit is refused (413) before a byte of it is read, on
the pages and the API alike, and one sent in chunks (no length) is refused
with 411. ``tests/infra/test_request_size_served.py`` sends the same through
real HTTP to make club's server.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings

from tournaments.pbn.pack import MAX_PACK_BYTES

pytestmark = pytest.mark.django_db

LIMIT = 10_000
LOGIN = "/accounts/login/"
NEXT_CHANGE = "/api/v1/movements/progressive/next-change/"
#: A well-formed CSRF cookie nobody was ever given: Django's check reads the form to compare it.
MADE_UP_CSRF = "a" * 32
BOUNDARY = "clubwhist-boundary"


def multipart(size: int) -> tuple[bytes, str]:
    """A form of exactly SIZE bytes: one file, padded, as a browser sends it."""
    head = (
        f"--{BOUNDARY}\r\n"
        'Content-Disposition: form-data; name="file"; filename="big.pbn"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode()
    tail = f"\r\n--{BOUNDARY}--\r\n".encode()
    return head + b"x" * (size - len(head) - len(tail)) + tail, f"multipart/form-data; boundary={BOUNDARY}"


def json_body(size: int) -> tuple[bytes, str]:
    """A JSON object of exactly SIZE bytes (a change that is no change)."""
    head, tail = b'{"change": "', b'"}'
    return head + b"x" * (size - len(head) - len(tail)) + tail, "application/json"


BODIES = {"multipart": multipart, "json": json_body}


@pytest.fixture
def unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any parse of a body fails the test: a refused body must never be read."""

    def fail(*args: Any, **kwargs: Any) -> None:
        pytest.fail("the body was read")

    monkeypatch.setattr("django.http.multipartparser.MultiPartParser.parse", fail)
    monkeypatch.setattr("rest_framework.parsers.JSONParser.parse", fail)
    monkeypatch.setattr("django.http.request.HttpRequest.read", fail)


def stranger() -> Client:
    """A client with no login and a made-up CSRF cookie."""
    client = Client(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = MADE_UP_CSRF
    return client


@override_settings(REQUEST_MAX_BYTES=LIMIT)
def test_a_page_reads_a_form_at_the_limit() -> None:
    """At the limit the CSRF check reads the form, and refuses the made-up cookie as ever (403)."""
    body, content_type = multipart(LIMIT)
    response = stranger().generic("POST", LOGIN, body, content_type=content_type)
    assert response.status_code == 403


@override_settings(REQUEST_MAX_BYTES=LIMIT)
def test_a_page_refuses_a_form_one_byte_past_the_limit_unread(unread: None) -> None:
    body, content_type = multipart(LIMIT + 1)
    response = stranger().generic("POST", LOGIN, body, content_type=content_type)
    assert response.status_code == 413
    text = response.content.decode()
    assert "10,001 bytes" in text and "at most 10,000" in text and "REQUEST_MAX_BYTES" in text
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("kind", BODIES)
@override_settings(REQUEST_MAX_BYTES=LIMIT)
def test_the_api_reads_a_body_at_the_limit(kind: str) -> None:
    """Anyone's next change at the limit is read, and refused for what it says (400), not for its size."""
    body, content_type = BODIES[kind](LIMIT)
    response = Client().generic("POST", NEXT_CHANGE, body, content_type=content_type)
    assert response.status_code == 400


@pytest.mark.parametrize("kind", BODIES)
@override_settings(REQUEST_MAX_BYTES=LIMIT)
def test_the_api_refuses_a_body_one_byte_past_the_limit_unread(kind: str, unread: None) -> None:
    body, content_type = BODIES[kind](LIMIT + 1)
    response = Client().generic("POST", NEXT_CHANGE, body, content_type=content_type)
    assert response.status_code == 413
    detail = response.json()["detail"]
    assert "10,001 bytes" in detail and "at most 10,000" in detail and "REQUEST_MAX_BYTES" in detail


@pytest.mark.parametrize("path", [LOGIN, NEXT_CHANGE])
def test_a_body_sent_in_chunks_is_refused_with_411(path: str, unread: None) -> None:
    """Django reads no body without a Content-Length: the client is told, not answered as if it sent none."""
    client = stranger()
    response = client.generic(
        "POST", path, b"", content_type="application/json", HTTP_TRANSFER_ENCODING="chunked"
    )
    assert response.status_code == 411
    assert "Content-Length" in response.content.decode()


def test_the_limit_stands_before_anything_that_reads_a_body() -> None:
    """First of all: sessions, CSRF, authentication and the lockout may each read the form."""
    assert settings.MIDDLEWARE[0] == "infra.bounds.RequestSizeMiddleware"


def test_the_default_limit_takes_the_largest_upload_with_room_for_its_form() -> None:
    """A simultaneous event's pack (the largest file the app takes) fits, and so does a body the API reads."""
    assert MAX_PACK_BYTES + 100_000 <= settings.REQUEST_MAX_BYTES
    assert settings.PBN_MAX_BYTES < settings.REQUEST_MAX_BYTES
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE <= settings.REQUEST_MAX_BYTES
