"""Directors' API tokens: random keys kept only as digests, each expiring after ``API_TOKEN_HOURS``.

A key is shown once, when it is made; the database keeps its SHA-256
digest, so a copy of the database lets nobody call the API. A token past
its time is refused, and deleted the next time its user gets a new one.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from typing import Any

from django.conf import settings
from django.utils import timezone

from ..models import ApiToken


def token_digest(key: str) -> str:
    """The digest a key is kept as."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def token_create(*, user: Any) -> str:
    """A new key for the user (its digest stored, valid ``API_TOKEN_HOURS``); their expired ones removed."""
    now = timezone.now()
    ApiToken.objects.filter(user=user, expires_at__lte=now).delete()
    key = secrets.token_urlsafe(32)
    ApiToken.objects.create(
        user=user,
        digest=token_digest(key),
        prefix=key[:8],
        expires_at=now + dt.timedelta(hours=int(settings.API_TOKEN_HOURS)),
    )
    return key


def token_find(*, key: str) -> ApiToken | None:
    """The unexpired token with this key, with its user; None for any other key."""
    return (
        ApiToken.objects.select_related("user")
        .filter(digest=token_digest(key), expires_at__gt=timezone.now())
        .first()
    )
