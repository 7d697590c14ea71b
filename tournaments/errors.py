"""The two kinds of error, raised by services and selectors alike.

``UserError``: something the director or a table can fix; shown as a message
next to the field or an API 400, 404, 409 or 422. Anything else is a bug and
is logged with its traceback. A selector raises ``NotFound`` for what its
caller may not see; it imports these from here, never from a service.
"""

from __future__ import annotations

from typing import Any


def sentence(text: str) -> str:
    """An engine's reason ("the Mitchell System needs ...") as a sentence for the page."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text[-1] in ".!?" else ".")


class UserError(Exception):
    """A request the user can fix; ``field`` names the input at fault, if any."""

    status = 400

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class NotFound(UserError):
    """Something the caller may not see, or that does not exist (404, no leaks)."""

    status = 404


class Conflict(UserError):
    """A request that conflicts with what is stored (409).

    ``stored`` is what is already there (e.g. the slip line a second phone
    collided with) and ``attempted`` the value that was refused, so a page can
    show both.
    """

    status = 409
    stored: Any = None
    attempted: Any = None

    def with_line(self, stored: Any, attempted: Any) -> Conflict:
        """Attach the stored object and the refused value."""
        self.stored, self.attempted = stored, attempted
        return self


class FieldErrors(UserError):
    """Several inputs at fault at once (each row of a form): ``errors`` maps each field to its message."""

    def __init__(self, errors: dict[str, str]) -> None:
        count = len(errors)
        first = next(iter(errors.values()), "")
        summary = first if count == 1 else f"{count} rows need a change: {first}"
        super().__init__(summary, field=next(iter(errors), None))
        self.errors = errors


class KeyReused(UserError):
    """An idempotency key sent again with a different request (422, as payment APIs answer)."""

    status = 422
