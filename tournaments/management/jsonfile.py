"""The JSON file a management command reads (``-`` for standard input), its faults as CommandErrors."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import CommandError


def read_json(path: str) -> Any:
    """The parsed JSON of a file, or of standard input for ``-``."""
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise CommandError(f"{path} is not JSON: {exc}") from exc
