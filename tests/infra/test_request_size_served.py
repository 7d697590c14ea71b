"""make club's server refuses a request past ``REQUEST_MAX_BYTES`` before it reads the body: real HTTP.

The hole was in HTTP itself: a stranger with a made-up ``csrftoken``
cookie sent a page a file of any size, and Django's CSRF check read all of
it (to a temporary file) before answering 403. Here the request goes to
gunicorn over a socket, as a phone's would. One byte past the limit, only
the headers are sent: the answer (413) comes at once, so the server read
nothing it was not sent; a server that waited for the body would never
answer. ``tests/security/test_request_size.py`` tries the API's bodies too.
"""

from __future__ import annotations

import socket
import time
from urllib.parse import urlsplit

from tests.infra.club_process import Served

#: The served club's limit: the setting's default (make club sets none).
LIMIT = 3_000_000
BOUNDARY = "clubwhist-boundary"
MADE_UP_CSRF = "a" * 32


def multipart(size: int) -> tuple[bytes, str]:
    """A form of exactly SIZE bytes: one file, padded."""
    head = (
        f"--{BOUNDARY}\r\n"
        'Content-Disposition: form-data; name="file"; filename="big.pbn"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode()
    tail = f"\r\n--{BOUNDARY}--\r\n".encode()
    return head + b"x" * (size - len(head) - len(tail)) + tail, f"multipart/form-data; boundary={BOUNDARY}"


def exchange(served: Served, head: list[str], body: bytes = b"", wait: float = 10) -> tuple[int, bytes]:
    """Send a request's lines (and BODY, if any) on a socket of its own; the answer's status and text."""
    address = urlsplit(served.base)
    lines = [*head, f"Host: {address.netloc}", f"Cookie: csrftoken={MADE_UP_CSRF}", "Connection: close"]
    with socket.create_connection((address.hostname, address.port), timeout=wait) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    status_line, _, rest = answer.partition(b"\r\n")
    return int(status_line.split()[1]), rest


def test_a_page_reads_a_strangers_form_at_the_limit(served: Served) -> None:
    """At the limit the CSRF check reads the form and refuses the made-up cookie, as ever (403)."""
    body, content_type = multipart(LIMIT)
    head = ["POST /accounts/login/ HTTP/1.1", f"Content-Type: {content_type}", f"Content-Length: {len(body)}"]
    status, _ = exchange(served, head, body, wait=60)
    assert status == 403


def test_a_page_refuses_a_strangers_form_one_byte_past_the_limit_before_reading_it(served: Served) -> None:
    """Only the headers are sent: a server that read the body would still be waiting for it."""
    _, content_type = multipart(LIMIT + 1)
    head = ["POST /accounts/login/ HTTP/1.1", f"Content-Type: {content_type}", f"Content-Length: {LIMIT + 1}"]
    started = time.monotonic()
    status, text = exchange(served, head)
    assert status == 413 and time.monotonic() - started < 5
    assert b"3,000,001 bytes" in text and b"at most 3,000,000" in text and b"REQUEST_MAX_BYTES" in text


def test_the_api_refuses_a_body_one_byte_past_the_limit_before_reading_it(served: Served) -> None:
    head = [
        "POST /api/v1/movements/progressive/next-change/ HTTP/1.1",
        "Content-Type: application/json",
        f"Content-Length: {LIMIT + 1}",
    ]
    status, text = exchange(served, head)
    assert status == 413 and b'"detail"' in text and b"REQUEST_MAX_BYTES" in text


def test_a_body_sent_in_chunks_is_refused_with_411(served: Served) -> None:
    """gunicorn passes a chunked body on with no length; Django would read none of it."""
    head = [
        "POST /accounts/login/ HTTP/1.1",
        "Content-Type: application/x-www-form-urlencoded",
        "Transfer-Encoding: chunked",
    ]
    status, text = exchange(served, head, b"9\r\nusername=\r\n0\r\n\r\n")
    assert status == 411 and b"Content-Length" in text
