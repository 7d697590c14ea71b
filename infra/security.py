"""Who the client is, what a locked-out login answers, and how fast a stranger may ask.

One address per request, for every limit that counts by address: the
login lockout (django-axes) and the throttles. ``NUM_PROXIES`` says how
many trusted reverse proxies each appended the address they saw to
``X-Forwarded-For``; with none (the default) the client is the socket's
peer, and a header the client wrote itself changes nothing.

Throttles by address, for whoever comes without credentials: scope
``public`` on every public endpoint and page (``API_PUBLIC_RATE``), and
``preview`` on the costlier movement previews and recommendations
(``API_PREVIEW_RATE``), and ``set_password`` on a new director's
set-password page (``SET_PASSWORD_RATE``). By user, for whoever comes with a
director's credentials (a token or a login): scope ``director``
(``API_DIRECTOR_RATE``), the API's default throttle. Past the rate the
answer is 429 with ``Retry-After``.

Every throttle counts by ``WindowRateThrottle``: a count for each window of
the rate's length, and the window before it weighted by how much of it is
still within one length of now. On Redis that is one round trip a request.

Bodies: every parser the API takes (JSON, form, multipart, its files
counted too) refuses a body longer than ``DATA_UPLOAD_MAX_MEMORY_SIZE``
before reading it (413), and
JSON nested deeper than ``JSON_MAX_DEPTH`` before ``json.loads`` recurses
into it (400): Python's json recurses once a level, and a stranger's
``[[[[...`` a hundred thousand deep would end in ``RecursionError``, a 500.
"""

from __future__ import annotations

import functools
import io
import ipaddress
import math
from collections.abc import Callable, Mapping
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import DataAndFiles, FormParser, JSONParser, MultiPartParser
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle

from .cache import count_hit


def client_ip(request: HttpRequest) -> str:
    """The client's address: the socket's peer, or the one the trusted proxies saw."""
    remote = str(request.META.get("REMOTE_ADDR", ""))
    proxies = int(getattr(settings, "NUM_PROXIES", 0))
    if proxies <= 0:
        return remote
    forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    if not hops:
        return remote
    candidate = hops[-min(proxies, len(hops))]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:  # not an address a proxy writes: the peer is all we know
        return remote


def attempted_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str | None:
    """The username a login tried, cut to the 255 characters the lockout's table holds."""
    field = str(settings.AXES_USERNAME_FORM_FIELD)
    value = credentials.get(field) if credentials else getattr(request, "data", request.POST).get(field)
    return None if value is None else str(value)[:255]


def lockout_minutes() -> int:
    """How long a locked-out address waits, in whole minutes."""
    cooloff = settings.AXES_COOLOFF_TIME
    return max(1, math.ceil(cooloff.total_seconds() / 60)) if cooloff else 0


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """429 for a locked-out address: JSON under /api/, the login page's look elsewhere."""
    minutes = lockout_minutes()
    message = f"Too many failed logins from this address. Try again in {minutes} minutes."
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse({"detail": message}, status=429)
    else:
        response = render(request, "registration/locked_out.html", {"message": message}, status=429)
    response["Retry-After"] = str(minutes * 60)
    return response


class WindowRateThrottle(SimpleRateThrottle):
    """A rate of so many requests a duration, counted in windows of that duration ("sliding window").

    A request is let through while this window's count, with the last
    window's count times the part of it still within one duration of now
    (rounded up), is at most the rate. Every request is counted, a refused
    one too, so asking on regardless of the 429 does not get through sooner.
    DRF's own throttle keeps a list of every request's time instead: two
    round trips to the cache a request and a list to unpickle and write
    back, on every phone's send.
    """

    def allow_request(self, request: Any, view: Any) -> bool:
        """Count this request; whether it is within the rate."""
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        window, self.into = divmod(self.timer(), self.duration)
        count, before = count_hit(
            self.cache, f"{self.key}:{int(window)}", f"{self.key}:{int(window) - 1}", 2 * self.duration
        )
        self.count, self.before = count, math.ceil(before * (1 - self.into / self.duration))
        return self.count + self.before <= self.num_requests

    def wait(self) -> float:
        """Seconds until a request would be let through again (the ``Retry-After``)."""
        over = self.count + self.before - self.num_requests
        if over <= 0:
            return 0.0
        left = self.duration - self.into  # then only this window's count is weighed, and it weighs less
        if self.before >= over:  # the last window's part falls enough before this one ends
            return min(left, over * self.duration / max(self.before, 1))
        return left


class PublicRateThrottle(WindowRateThrottle, AnonRateThrottle):
    """Every public endpoint and page: so many requests a minute from one address (scope ``public``)."""

    scope = "public"

    def get_ident(self, request: Any) -> str:
        """The client as the login lockout counts it."""
        return client_ip(request)


class PreviewRateThrottle(PublicRateThrottle):
    """Movement previews and recommendations, which run an engine: fewer (scope ``preview``)."""

    scope = "preview"


class SetPasswordRateThrottle(PublicRateThrottle):
    """A new director's set-password page, where the link's holder types a password (``set_password``)."""

    scope = "set_password"


class DirectorRateThrottle(WindowRateThrottle):
    """A director's requests (token or login): so many a minute from one user (scope ``director``).

    Counted by the user's id, whichever token or login the requests come
    with; a request without a user (the public's, a table's) is not counted
    here: its view names its own throttle.
    """

    scope = "director"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        """One bucket per user; none for a request without one."""
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": user.pk}


def page_throttled(
    request: HttpRequest, throttle_class: type[PublicRateThrottle] = PublicRateThrottle
) -> HttpResponse | None:
    """A public page's 429 when its address asks too fast (by ``throttle_class``'s rate), else None."""
    throttle = throttle_class()
    if throttle.allow_request(request, None):
        return None
    wait = math.ceil(throttle.wait() or 1)
    response = HttpResponse("Too many requests from this address; try again shortly.", status=429)
    response["Content-Type"] = "text/plain; charset=utf-8"
    response["Retry-After"] = str(wait)
    return response


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' lockout check, for logins that come with a request.

    A login without a request (the test client, a shell) is no guess from
    the network: it goes straight to the next backend.
    """

    def authenticate(self, request: HttpRequest | None, *args: Any, **kwargs: Any) -> None:
        """Refuse a locked-out address; never logs anyone in itself."""
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)  # type: ignore[no-any-return]


#: The API docs' pages may load and run only what this server serves (Redoc's
#: bundle would otherwise fetch its vendor's logo from that vendor's CDN).
SAME_ORIGIN_ONLY = "; ".join(
    [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "style-src 'self' 'unsafe-inline'",
        "script-src 'self' 'unsafe-inline'",
        "worker-src 'self' blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
    ]
)


def same_origin_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view whose page the browser lets load nothing from another host (Content-Security-Policy)."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        response["Content-Security-Policy"] = SAME_ORIGIN_ONLY
        return response

    return wrapped


class BodyTooLarge(APIException):
    """413: a request body larger than the server reads."""

    status_code = 413
    default_code = "too_large"


def refuse_large_body(parser_context: Mapping[str, Any] | None) -> None:
    """Refuse, before a byte is read, a body whose declared length is over ``DATA_UPLOAD_MAX_MEMORY_SIZE``."""
    request = (parser_context or {}).get("request")
    cap = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if request is None or cap is None:
        return
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > cap:
        raise BodyTooLarge(
            f"The request has {length:,} bytes; the API reads at most {cap:,}"
            " (setting DATA_UPLOAD_MAX_MEMORY_SIZE)."
        )


#: How deep arrays and objects may nest in a request's JSON, the body's own
#: brackets counted as the first level. The deepest request any of the API's
#: schemas describes is a whist drive's change (``POST
#: /api/v1/movements/progressive/next-change/``: body, change, tables, a
#: table, its seats: five levels); the rest nest three at most (a round's
#: entries, a series' couples). Sixteen leaves room for the schemas to grow and
#: is far below the thousand or so levels where Python's json runs out of stack.
JSON_MAX_DEPTH = 16

#: The whitespace JSON allows before a value (a form's field is JSON to look at when a bracket follows it).
_JSON_WHITESPACE = " \t\n\r"
#: Brackets as one byte each: an opening one (array or object) and a closing one.
_OPEN, _CLOSE = b"\x01", b"\x02"
_BRACKETS = bytes.maketrans(b"[{]}", _OPEN * 2 + _CLOSE * 2)
_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[]{}")


class JSONTooDeep(ParseError):
    """400: JSON nested deeper than any request of the API (``JSON_MAX_DEPTH``)."""

    default_detail = f"JSON nested deeper than {JSON_MAX_DEPTH} levels; no request of this API nests more."
    default_code = "too_deep"


def _outside_strings(raw: bytes) -> bytes:
    """JSON text (UTF-8) without its strings: escapes first, so an escaped quote ends nothing.

    A run of backslashes loses its pairs (``\\\\``), and what is left of it
    escapes the next character; then every second stretch between quotes was
    inside a string (an unterminated one runs to the end, as json refuses it).
    """
    if b'"' not in raw:
        return raw
    raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    return b"".join(raw.split(b'"')[::2])


def json_too_deep(text: str, limit: int = JSON_MAX_DEPTH) -> bool:
    """Whether the arrays and objects of ``text`` nest deeper than ``limit``: linear time, no recursion.

    The brackets outside strings, as one byte each, lose every adjacent
    opening-closing pair in a pass (bytes.replace, at C speed): a pass takes
    one level off every nest. JSON within the limit is gone after ``limit``
    passes; a pair still left then sits deeper, and so does text that opens
    more than ``limit`` brackets it never closes (a truncated body is no
    deeper than the brackets it left open plus the passes it took, so json
    reads at most twice the limit before it refuses it itself).
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    nest = _outside_strings(text.encode("utf-8", "surrogatepass")).translate(_BRACKETS, _NOT_BRACKETS)
    for _ in range(limit):
        nest = nest.replace(_OPEN + _CLOSE, b"")
        if _OPEN + _CLOSE not in nest:  # what is left closes, then opens: no pass changes it
            return nest.count(_OPEN) > limit
    return True


def refuse_deep_json(text: str, field: str = "") -> None:
    """Refuse (400) JSON nested deeper than ``JSON_MAX_DEPTH``, naming the form's field if it was one."""
    if json_too_deep(text):
        where = f" (field {field[:64]!r})" if field else ""
        raise JSONTooDeep(
            f"JSON nested deeper than {JSON_MAX_DEPTH} levels{where}; no request of this API nests more."
        )


def refuse_deep_json_fields(data: Any) -> None:
    """Refuse a form whose field holds an array or object nested too deep.

    A serializer's ``JSONField`` reads a form's field with ``json.loads``
    (the whist drive's ``change``). Only a field whose text json would read
    as an array or object is looked at; any other text nests nothing.
    """
    for name, values in data.lists():
        for value in values:
            if isinstance(value, str) and value.lstrip(_JSON_WHITESPACE)[:1] in ("[", "{"):
                refuse_deep_json(value, field=str(name))


class SizedJSONParser(JSONParser):
    """JSON bodies, refused unread when larger than the server takes, and unparsed when nested too deep."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        """The parsed body, after the size check and the depth check."""
        refuse_large_body(parser_context)
        raw = stream.read()
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            pass  # not text in its charset: DRF's parser refuses it (400) before json reads a bracket
        else:
            refuse_deep_json(text)
        return super().parse(io.BytesIO(raw), media_type, parser_context)


class SizedFormParser(FormParser):
    """Form bodies, refused unread when larger than the server takes, or holding JSON nested too deep."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        """The parsed body, after the size check and the depth check of its fields."""
        refuse_large_body(parser_context)
        data = super().parse(stream, media_type, parser_context)
        refuse_deep_json_fields(data)
        return data


class CheckedMultiPartParser(MultiPartParser):
    """Multipart bodies, refused unread when larger than the server takes, or holding JSON nested too deep.

    Django's own parser counts only the plain fields against
    ``DATA_UPLOAD_MAX_MEMORY_SIZE``, never the files: the whole body is counted here.
    """

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> DataAndFiles:
        """The parsed fields and files, after the size check and the depth check of the fields."""
        refuse_large_body(parser_context)
        parsed = super().parse(stream, media_type, parser_context)
        refuse_deep_json_fields(parsed.data)
        return parsed
