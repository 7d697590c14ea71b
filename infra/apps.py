"""infra as an installed app: only so that its system checks are registered (``infra.checks``)."""

from django.apps import AppConfig


class InfraConfig(AppConfig):
    """The bottom of the house: no models, pages or URLs of its own."""

    name = "infra"
    verbose_name = "Infrastructure"

    def ready(self) -> None:
        """Register the deployment's checks."""
        from . import checks  # noqa: F401
