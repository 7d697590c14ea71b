"""One HTTP request from the club's app to another server (a simultaneous event's organiser).

The app calls out in a few places only: a club sends its heat to the
organiser, fetches its pack or the published field. Each is one request
made here, the same way:

- only ``http`` and ``https`` addresses (never ``file:`` or another scheme
  urllib would open);
- no redirect is followed: a club's key goes only to the address named,
  and a 3xx is the answer itself;
- a time limit, and at most ``limit`` bytes of the answer read;
- the status and the body of every answer, an error status too
  (``Answer``); a network that fails is ``Unreachable`` with the reason in
  a few words, for the caller's sentence.
"""

from __future__ import annotations

import http.client
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


class Unreachable(Exception):
    """The other server could not be reached; ``why`` says how, in a few words."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why[:300]


@dataclass(frozen=True)
class Answer:
    """What the other server answered: its status and the first bytes of its body."""

    status: int
    body: bytes


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Refuse every redirect: the answer is the 3xx itself."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def exchange(
    url: str,
    *,
    headers: Mapping[str, str],
    data: bytes | None = None,
    timeout: float = 10,
    limit: int = 64_000,
) -> Answer:
    """GET ``url`` (POST ``data`` when given): the answer, whatever its status, or ``Unreachable``."""
    if not url.lower().startswith(("http://", "https://")):
        raise Unreachable("the address is not an http or https address")
    request = urllib.request.Request(
        url, data=data, headers=dict(headers), method="GET" if data is None else "POST"
    )
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        try:
            with opener.open(request, timeout=timeout) as response:
                return Answer(response.status, response.read(limit))
        except urllib.error.HTTPError as exc:
            return Answer(exc.code, exc.read(limit))
    except urllib.error.URLError as exc:
        raise Unreachable(str(exc.reason)) from None
    except (OSError, http.client.HTTPException, ValueError) as exc:
        raise Unreachable(str(exc) or type(exc).__name__) from None
