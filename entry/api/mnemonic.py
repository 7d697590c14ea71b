"""A player's own link at a mnemonic duplicate sitting (pp. 25-27, 66): the page's state as JSON.

The results of both plays are sent through the player's link as at any
table (``entrant-links/{token}/results/``): the overplay is refused until
every deal of the original play is in.
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from entry.api.own_link import OwnLinkView
from entry.selectors.mnemonic import MnemonicPage, check_mnemonic, mnemonic_page, page_json
from scoring.api import dataclass_schema
from tournaments.api import errors
from tournaments.models import Session


@extend_schema(tags=["tables"], parameters=[OpenApiParameter("token", str, OpenApiParameter.PATH)])
class MnemonicStateView(OwnLinkView):
    """The play in progress, who sits where, the trays in the order played, the deals compared."""

    def require(self, session: Session) -> None:
        """A mnemonic sitting's link only."""
        check_mnemonic(session)

    @extend_schema(
        operation_id="mnemonic_state", responses={200: dataclass_schema(MnemonicPage), **errors(404, 429)}
    )
    def get(self, request: Request, token: str) -> Response:
        """The player's page as JSON."""
        return Response(page_json(mnemonic_page(phone=self.phone)))


urlpatterns = [
    path("entrant-links/<link:token>/mnemonic/", MnemonicStateView.as_view(), name="entrant-link-mnemonic"),
]
