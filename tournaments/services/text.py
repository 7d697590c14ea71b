"""Text as the database keeps it, checked once in the services for every door (page, API, CSV, command).

PostgreSQL refuses a value longer than its column and any NUL character,
where SQLite stores both; a value it refuses would surface as a database
error. So every text a person types reaches a column through
``column_text`` (a column with a length) or ``free_text`` (a reason), which
refuse it with a ``UserError`` naming the field; a name the app builds
itself (a pair's, from its players') is ``shortened`` to fit instead.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Model

from .errors import UserError

#: The longest reason a director may give for a change (as the API's serializers say).
REASON_LENGTH = 2000
ELLIPSIS = "…"


def _checked(value: Any, *, field: str, label: str, most: int | None) -> str:
    """The value stripped; a ``UserError`` if it holds a NUL or is longer than ``most``."""
    text = str(value or "").strip()
    if "\x00" in text:
        raise UserError(f"{label} holds a character that cannot be stored (NUL).", field=field)
    if most is not None and len(text) > most:
        raise UserError(f"{label} has at most {most} characters, not {len(text)}.", field=field)
    return text


def max_length(model: type[Model], column: str) -> int | None:
    """The length of a model's text column (None for unbounded text)."""
    found: int | None = model._meta.get_field(column).max_length
    return found


def column_text(value: Any, model: type[Model], column: str, *, label: str, field: str | None = None) -> str:
    """Text for a model's column, stripped, or a ``UserError`` on ``field`` (the column's name by default)."""
    return _checked(value, field=field or column, label=label, most=max_length(model, column))


def free_text(value: Any, *, label: str, field: str = "reason", most: int = REASON_LENGTH) -> str:
    """A reason or a note, stripped, or a ``UserError`` on its field."""
    return _checked(value, field=field, label=label, most=most)


def shortened(text: str, model: type[Model], column: str) -> str:
    """A text the app builds, cut with an ellipsis to fit its column."""
    most = max_length(model, column)
    text = text.replace("\x00", "")
    if most is None or len(text) <= most:
        return text
    return text[: most - len(ELLIPSIS)].rstrip() + ELLIPSIS
