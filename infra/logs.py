"""Request logs without private links: a link's token is its holder's only credential.

One rule masks them all: every URL route that takes a link's token names it
with the ``link`` converter (``infra.links``), and whatever stands in a
path where such a route's token stands is written ``***``: a table's
(``/t/``, ``/api/v1/tables/``), an entrant's own or a phone's pass (``/p/``,
``/d/``, ``/m/``, ``/api/v1/entrant-links/``), and any kind of link a route
is written for later. The prefixes are read from the URLs themselves, once.
Django's logs (the ``table_tokens`` filter in settings) and gunicorn's
access log (``MaskedGunicornLogger``, named by ``gunicorn.conf.py``) mask
wherever a path appears: the request line, the path, the query string, the
referrer; and the ``Authorization: Table`` header.
"""

from __future__ import annotations

import logging
import re
from functools import cache
from typing import Any

from django.urls import get_resolver
from gunicorn.glogging import Logger

from .links import LinkToken

MASK = "***"


def link_prefixes(patterns: Any = None, above: str = "") -> list[str]:
    """Every route's path up to its ``link`` parameter ("t/", "api/v1/entrant-links/", ...), from the URLs."""
    if patterns is None:
        patterns = get_resolver().url_patterns  # read at first use: the URLs import every app
    found: list[str] = []
    for entry in patterns:
        route = str(entry.pattern)
        if hasattr(entry, "url_patterns"):
            found += link_prefixes(entry.url_patterns, above + route)
        elif any(isinstance(c, LinkToken) for c in getattr(entry.pattern, "converters", {}).values()):
            found.append(above + route[: route.index("<")])
    return sorted(set(found), key=len, reverse=True)


@cache
def _token_in_path() -> re.Pattern[str]:
    """A link's token where a route names one."""
    prefixes = "|".join(re.escape(p) for p in link_prefixes())
    return re.compile(rf"(/(?:{prefixes}))[^/?#\s\"']+")


def mask_tokens(text: str) -> str:
    """The text with every link's token in a path replaced by ***."""
    return _token_in_path().sub(rf"\g<1>{MASK}", text)


class MaskTableTokens(logging.Filter):
    """A logging filter: the record's message, with every link's token masked."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the message if it names a link's token; never drops a record."""
        message = record.getMessage()
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


class MaskedGunicornLogger(Logger):
    """gunicorn's logger, with every link's token masked in every access-log field."""

    def atoms(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> dict[str, Any]:
        """gunicorn's access-log fields, masked."""
        atoms: dict[str, Any] = super().atoms(resp, req, environ, request_time)
        for key, value in atoms.items():
            if key == "{authorization}i" and isinstance(value, str) and value.lower().startswith("table "):
                atoms[key] = f"Table {MASK}"
            elif isinstance(value, str):
                atoms[key] = mask_tokens(value)
        return atoms
