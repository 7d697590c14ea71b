"""The JSON file a management command reads (``-`` for standard input), its faults as CommandErrors.

A file is read only up to ``JSON_FILE_MAX_BYTES`` (a larger one is refused before it is parsed), and
JSON nested deeper than the API's ``JSON_MAX_DEPTH`` is refused by a linear scan before ``json``, which
recurses, ever sees it.
"""

from __future__ import annotations

import json
import sys
from typing import Any, BinaryIO

from django.core.management.base import CommandError

from infra.security import JSON_MAX_DEPTH, json_too_deep

#: The largest JSON file a command reads: ten times the largest it is given, the slips JSON of a
#: session of 60 tables and 52 trays (346 KB written with an indent; its movement JSON, 233 KB).
JSON_FILE_MAX_BYTES = 4_000_000


def read_json(path: str) -> Any:
    """The parsed JSON of a file, or of standard input for ``-``."""
    try:
        if path == "-":
            data = _read_at_most(sys.stdin.buffer, path)
        else:
            with open(path, "rb") as handle:
                data = _read_at_most(handle, path)
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror}") from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CommandError(f"{path} is not UTF-8 text: byte {exc.start + 1} cannot be read") from exc
    if json_too_deep(text):
        raise CommandError(
            f"{path} nests arrays and objects deeper than {JSON_MAX_DEPTH} levels (JSON_MAX_DEPTH); "
            "no file a command reads nests more than six"
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandError(f"{path} is not JSON: {exc}") from exc


def _read_at_most(handle: BinaryIO, path: str) -> bytes:
    """The bytes of a file, refused (``CommandError``) past ``JSON_FILE_MAX_BYTES`` before any is parsed."""
    data = handle.read(JSON_FILE_MAX_BYTES + 1)
    if len(data) > JSON_FILE_MAX_BYTES:
        raise CommandError(
            f"{path} is larger than {JSON_FILE_MAX_BYTES:,} bytes, "
            "the most a command reads (JSON_FILE_MAX_BYTES)"
        )
    return data
