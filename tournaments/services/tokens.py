"""Directors' API tokens: random keys kept only as digests, each expiring after ``API_TOKEN_HOURS``.

A key is shown once, when it is made; the database keeps its SHA-256
digest, so a copy of the database lets nobody call the API. A token past
its time is refused, and deleted the next time its user gets a new one.
A user holds at most ``API_TOKEN_MAX`` live tokens: past it a new one is
refused, saying where to revoke one, and none is revoked unasked.

A token is its owner's to see (its prefix and times, never the digest) and
to revoke. A new password revokes them all: whoever changes a password
because it leaked must not find the thief's tokens still working for a
month. The rule is ``tokens_revoke_on_password_change``, which the app's
``ready()`` connects to the user model's ``pre_save``, so every path that
stores a new password runs it (``set_password`` and ``save``, the admin's
forms, Django's password change and reset views, ``changepassword``).
A password rehashed by a newer hasher at a login is a new hash too: the
user's tokens go then as well, once per Django upgrade at most.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone

from tournaments.locks import locked

from ..models import ApiToken
from .errors import NotFound, UserError


def token_digest(key: str) -> str:
    """The digest a key is kept as."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def tokens_full(*, held: int) -> UserError:
    """The refusal of a token past ``API_TOKEN_MAX``: the cap, and where to revoke one."""
    page = f"{settings.SITE_URL}{reverse('director:tokens')}"
    return UserError(
        f"You hold {held} live API tokens, the most one user may (API_TOKEN_MAX). Revoke one you no longer"
        f" use on the API tokens page ({page}) or with DELETE /api/v1/auth/tokens/<id>/, then ask again."
    )


@transaction.atomic
def token_create(*, user: Any) -> str:
    """A new key for the user (its digest stored, valid ``API_TOKEN_HOURS``); their expired ones removed.

    Refused (``UserError``) when the user already holds ``API_TOKEN_MAX`` live tokens; the user's row is
    locked while they are counted, so two logins at once cannot both take the last place.
    """
    now = timezone.now()
    list(locked(type(user)._default_manager.filter(pk=user.pk)).values_list("pk", flat=True))
    ApiToken.objects.filter(user=user, expires_at__lte=now).delete()
    held = ApiToken.objects.filter(user=user).count()
    if held >= int(settings.API_TOKEN_MAX):
        raise tokens_full(held=held)
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


def tokens_of(*, user: Any) -> QuerySet[ApiToken]:
    """The user's unexpired tokens, newest first: theirs alone, to list and revoke."""
    return ApiToken.objects.filter(user=user, expires_at__gt=timezone.now()).order_by("-created_at", "-pk")


def token_revoke(*, user: Any, token_id: int) -> None:
    """Delete one of the user's tokens; anyone else's, or none, is NotFound (as if it did not exist)."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise NotFound("No such token.")


def tokens_revoke_all(*, user_id: Any) -> int:
    """Delete every token of the user; how many there were."""
    deleted, _ = ApiToken.objects.filter(user_id=user_id).delete()
    return deleted


def tokens_revoke_on_password_change(
    sender: Any,
    instance: Any,
    using: str | None = None,
    update_fields: Iterable[str] | None = None,
    **kwargs: Any,
) -> None:
    """``pre_save`` of the user model: a user saved with a new password hash loses every API token.

    A save that leaves the password out (``update_fields`` without it, as a
    login's ``last_login``) costs nothing; any other save of a stored user
    reads the stored hash once. Tokens go before the row is written: should
    the save then fail, the user logs in again, and nothing stays open.
    """
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    users = sender._default_manager.using(using)
    stored = users.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        tokens_revoke_all(user_id=instance.pk)
