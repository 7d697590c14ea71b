"""The two kinds of error (docs/conventions.md, "Two kinds of error").

``UserError``: something the director or a table can fix; shown as a message
next to the field or an API 400, 409 or 422. Anything else is a bug and is logged
with its traceback.
"""

from __future__ import annotations

# The errors are ``tournaments.errors``'s, which the selectors import too (never a service).
from ..errors import Conflict, FieldErrors, KeyReused, NotFound, UserError, sentence

__all__ = ["Conflict", "FieldErrors", "KeyReused", "NotFound", "UserError", "sentence"]
