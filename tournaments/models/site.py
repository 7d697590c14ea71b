"""The site administrator: who makes clubs and their first directors from the app's own pages."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class SiteAdministrator(models.Model):
    """A user who makes clubs and their first directors, and sees no club's sessions, players or results.

    A Django superuser is one without a row here (``selectors.is_site_admin``);
    ``manage.py site_admin add USERNAME`` makes anyone else one. Being one
    opens no club's director pages: those are for the club's own directors.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="site_administrator"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["added_at", "id"]

    def __str__(self) -> str:
        return f"{self.user} administers the site"
