"""App config for scoring."""

from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Slips, scores, standings."""

    name = "scoring"
    verbose_name = "Slips and scores"
