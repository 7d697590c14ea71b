"""A director's API token, kept only as its digest and only until it expires."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    """One API token: the SHA-256 digest of its key (the key itself is shown once, never stored)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    digest = models.CharField(max_length=64, unique=True)
    #: The key's first characters, so a person can tell their tokens apart (and revoke one).
    prefix = models.CharField(max_length=8)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.prefix}… of {self.user} until {self.expires_at:%Y-%m-%d %H:%M}"
