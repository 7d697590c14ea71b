"""The base of the endpoints a player's own link opens for one kind of session (a drive, a mnemonic sitting).

The token is in the URL, as on the player's page; an unknown or revoked
link, or a link of another kind of session, is 404. Each token is
rate-limited (scope ``table``) and nothing a phone is told may be cached.
"""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.views import APIView

from entry.api.slips import SlipErrorsMixin
from entry.phone_http import NoStoreMixin, device_of, phone_of
from entry.selectors.phone import Phone
from tournaments.api import ServiceErrorsMixin
from tournaments.api.permissions import TableRateThrottle
from tournaments.models import Session


class OwnLinkView(NoStoreMixin, SlipErrorsMixin, ServiceErrorsMixin, APIView):
    """A player's own link in the URL: the phone that follows him, if its session is of the kind served."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes = [TableRateThrottle]
    phone: Phone

    def require(self, session: Session) -> None:
        """Refuse (NotFound) a session of another kind."""

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        """After throttling: the phone, and its session's kind; else 404."""
        super().initial(request, *args, **kwargs)
        self.phone = phone_of(kwargs["token"], follows=True, device=device_of(request))
        self.require(self.phone.session)
