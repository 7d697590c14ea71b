"""App config for scoring."""

from django.apps import AppConfig

import infra.links  # noqa: F401  (registers ``<link:token>`` before any URL module is read)


class ScoringConfig(AppConfig):
    """Slips, scores, standings."""

    name = "scoring"
    verbose_name = "Slips and scores"

    def ready(self) -> None:
        """Hear every change to a session's slips: the coalesced recompute (``scoring.recompute``)."""
        from scoring import recompute

        recompute.connect()
