"""How the API knows a director: a hashed, expiring key (``Authorization: Token <key>``).

The key itself is never stored, only its digest (``services.tokens``); DRF
loads this class by its dotted path once the apps are ready.
"""

from __future__ import annotations

from typing import Any

from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from ..services.tokens import token_find


class ApiTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``: a director's key, found by its digest, refused once expired."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        """The key's user and token, or 401."""
        token = token_find(key=key)
        if token is None or not token.user.is_active:
            raise AuthenticationFailed("Invalid or expired token.")
        return token.user, token
