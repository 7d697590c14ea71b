"""Request logs without table links: a table's token is its only credential.

``/t/<token>/...`` (the table page), ``/p/<token>/...`` (an entrant's phone)
and their APIs (``/api/v1/tables/<token>/...``, ``/api/v1/entrant-links/<token>/...``)
are written with ``***`` for the token in Django's logs (the ``table_tokens``
filter in settings) and in gunicorn's access log (``MaskedGunicornLogger``,
named by ``gunicorn.conf.py``), wherever the path appears: the request line,
the path, the query string, the referrer.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from gunicorn.glogging import Logger

TOKEN_IN_PATH = re.compile(r"(/t/|/p/|/api/v1/tables/|/api/v1/entrant-links/)[^/?#\s\"']+")
MASK = "***"


def mask_tokens(text: str) -> str:
    """The text with every table token in a path replaced by ***."""
    return TOKEN_IN_PATH.sub(rf"\g<1>{MASK}", text)


class MaskTableTokens(logging.Filter):
    """A logging filter: the record's message, with table tokens masked."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the message if it names a table token; never drops a record."""
        message = record.getMessage()
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


class MaskedGunicornLogger(Logger):
    """gunicorn's logger, with table tokens masked in every access-log field."""

    def atoms(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> dict[str, Any]:
        """gunicorn's access-log fields, masked."""
        atoms: dict[str, Any] = super().atoms(resp, req, environ, request_time)
        for key, value in atoms.items():
            if key == "{authorization}i" and isinstance(value, str) and value.lower().startswith("table "):
                atoms[key] = f"Table {MASK}"
            elif isinstance(value, str):
                atoms[key] = mask_tokens(value)
        return atoms
