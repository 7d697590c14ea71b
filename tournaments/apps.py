"""App config for tournaments."""

from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import pre_save
from django.utils.module_loading import import_string

#: The rule that revokes a user's API tokens when their password changes (``services.tokens``).
#: Named by its dotted path, as settings name their callables: the services import the models,
#: which can be imported only once the app registry is ready, in ``ready()``.
REVOKE_TOKENS_ON_PASSWORD_CHANGE = "tournaments.services.tokens.tokens_revoke_on_password_change"


class TournamentsConfig(AppConfig):
    """The club and its sessions."""

    name = "tournaments"
    verbose_name = "Club and sessions"

    def ready(self) -> None:
        """Every save of a user runs the token rule first, whichever path stores the new password."""
        pre_save.connect(
            import_string(REVOKE_TOKENS_ON_PASSWORD_CHANGE),
            sender=settings.AUTH_USER_MODEL,
            dispatch_uid=REVOKE_TOKENS_ON_PASSWORD_CHANGE,
        )
