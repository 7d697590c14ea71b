"""App config for sims."""

from django.apps import AppConfig


class SimsConfig(AppConfig):
    """Simultaneous events run by this server's club: one set of deals, many clubs' heats, one field."""

    name = "sims"
    verbose_name = "Simultaneous events"
    default_auto_field = "django.db.models.BigAutoField"
