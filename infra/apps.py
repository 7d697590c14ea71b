"""infra as an installed app: only so that its system checks are registered (``infra.checks``)."""

from django.apps import AppConfig

from . import checks  # noqa: F401  (its checks are registered as it is imported)


class InfraConfig(AppConfig):
    """The bottom of the house: no models, pages or URLs of its own."""

    name = "infra"
    verbose_name = "Infrastructure"
