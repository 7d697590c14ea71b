"""App config for tournaments."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """The club and its sessions."""

    name = "tournaments"
    verbose_name = "Club and sessions"
