"""App config for entry."""

from django.apps import AppConfig


class EntryConfig(AppConfig):
    """Results in from the tables and the director, and their corrections."""

    name = "entry"
    verbose_name = "Entry and corrections"
