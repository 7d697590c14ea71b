"""Bounds on a request as a whole: its body's size, before anything reads it.

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
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render


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
