"""Bounds on a request as a whole: its body's size before anything reads it, and a busy database's answer.

``RequestSizeMiddleware`` stands before every middleware that may read a
body (sessions, CSRF, authentication): Django's CSRF check reads a page's
whole form, files and all, as soon as a well-formed ``csrftoken`` cookie
comes with it (even one a stranger made up), before any login is looked
at, and Django counts only a form's plain fields against
``DATA_UPLOAD_MAX_MEMORY_SIZE``, never its files. So a body whose declared
length is over ``REQUEST_MAX_BYTES`` is refused here, unread (413).

A body sent in chunks (``Transfer-Encoding``, no ``Content-Length``) is
refused too (411, Length Required), rather than read up to the limit:
Django reads exactly ``Content-Length`` bytes of a body and none without
it, so the app never reads a chunked body at all, and a form sent that way
would arrive empty. The client is told instead, and no read is left to
bound.

``DatabaseBusyMiddleware`` answers a query that PostgreSQL gave up on (a
lock held past ``lock_timeout``, SQLSTATE 55P03; a statement past
``statement_timeout``, 57014) or SQLite's lock held past its wait ("database
is locked") with 503 and ``Retry-After``, never a 500: the transaction was
rolled back, and asking again shortly is all the client can do.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

#: PostgreSQL's codes for a query it gave up on: a lock not granted in time, a statement cancelled.
BUSY_SQLSTATES = frozenset({"55P03", "57014"})
#: How long a client is told to wait before it asks again after a 503 (seconds).
BUSY_RETRY_SECONDS = 5


def refusal(request: HttpRequest, status: int, title: str, message: str) -> HttpResponse:
    """A refusal: ``{"detail": message}`` under /api/, a plain page saying it elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=status)
    return render(request, "refused.html", {"title": title, "message": message}, status=status)


def declared_length(request: HttpRequest) -> int:
    """The body's length as its ``Content-Length`` says (0 without one, or with one Django would not read)."""
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0


def body_refused(request: HttpRequest) -> HttpResponse | None:
    """411 for a body sent in chunks, 413 for one declared over ``REQUEST_MAX_BYTES``; None otherwise."""
    if request.META.get("HTTP_TRANSFER_ENCODING"):
        return refusal(
            request,
            411,
            "Length required",
            "Send the request with a Content-Length: the server reads no body sent in chunks"
            " (Transfer-Encoding).",
        )
    length, cap = declared_length(request), int(settings.REQUEST_MAX_BYTES)
    if length <= cap:
        return None
    return refusal(
        request,
        413,
        "Request too large",
        f"The request has {length:,} bytes; the server reads at most {cap:,} (setting REQUEST_MAX_BYTES).",
    )


class RequestSizeMiddleware:
    """Refuse, before a byte of it is read, a body over ``REQUEST_MAX_BYTES`` (413) or in chunks (411)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return body_refused(request) or self.get_response(request)


def database_busy(exc: BaseException) -> bool:
    """Whether the error is the database giving up on a lock or a statement (and not a bug)."""
    if not isinstance(exc, OperationalError):
        return False
    if getattr(exc.__cause__, "pgcode", None) in BUSY_SQLSTATES:
        return True
    return "database is locked" in str(exc)  # SQLite, after its own wait (the settings' "timeout")


class DatabaseBusyMiddleware:
    """A view stopped by the database's lock or statement timeout: 503 "busy, try again", not a 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """The 503, with ``Retry-After``, for a busy database; anything else is left to Django."""
        if not database_busy(exception):
            return None
        response = refusal(
            request,
            503,
            "The database is busy",
            "The database is busy and this request could not finish; try again in a few seconds.",
        )
        response["Retry-After"] = str(BUSY_RETRY_SECONDS)
        return response
