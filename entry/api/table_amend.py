"""The phones' API: N-S correct their own line until E-W have checked it (``services.amend``).

Under a phone that follows an entrant (``entry.api.tables``): its phone
may correct only a line where that entrant sat N-S. A table's own link
corrects nothing (it is a place).
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from entry.api.slips import SlipLineSerializer
from entry.api.tables import TRAY, TableView
from entry.inputs import AmendSerializer
from entry.phone_actions import AMEND
from tournaments.api import errors


@extend_schema(tags=["tables"], parameters=[TRAY])
class TableAmendView(TableView):
    """N-S correct their count on a tray before E-W check it."""

    @extend_schema(request=AmendSerializer, responses={200: SlipLineSerializer, **errors(400, 404, 409, 429)})
    def post(self, request: Request, tray: int, token: str = "") -> Response:
        """The corrected line (409 once E-W have checked or disputed it, or if it changed since seen)."""
        return Response(SlipLineSerializer(AMEND.from_api(self.phone, tray, request.data)).data)


urlpatterns = [
    path(
        "entrant-links/<link:token>/trays/<int:tray>/amend/",
        TableAmendView.as_view(follows=True),
        name="entrant-link-amend",
    ),
]
