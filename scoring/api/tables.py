"""The phones' API: what a table's private link, or an entrant's own link, can do, and nothing more.

A table's token goes in the URL (``/api/v1/tables/<token>/...``, like the
page's link) or in a header (``Authorization: Table <token>`` on
``/api/v1/table/...``); an entrant's own token in the URL
(``/api/v1/entrant-links/<token>/...``). Either can do what its page can: see
where it is (the page's own state), send N-S tricks for a tray of its
round, let E-W check or dispute a line, and unfold a tray's traveller when
the visibility rule allows (``scoring.visibility``: an entrant once it has
played the tray and its table has sent it; a bare table link never). A
table's state lists, under ``claims``, the entrants seated there now with
their own tokens: a phone that says which it is follows that token. Every
request counts against the token's rate limit (scope ``table``); an
unknown or revoked link is 404; every answer is ``Cache-Control: no-store``.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.http import HttpResponseBase
from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api import ServiceErrorsMixin, errors
from tournaments.api.permissions import TableRateThrottle, TableTokenAuthentication
from tournaments.models import Table
from tournaments.selectors import table_by_token, tray_by_number
from tournaments.services.errors import NotFound

from ..inputs import ConfirmSerializer, DisputeSerializer, TableSubmitSerializer, read_form
from ..phone_http import DEVICE_COOKIE
from ..selectors.phone import Phone, phone_for_entrant, phone_for_table
from ..selectors.table import TablePage, page_json, table_page
from ..selectors.travellers import traveller_lines
from ..services.phones import phone_confirm, phone_dispute, phone_submit, table_phone_for_send
from ..services.results import Earlier
from ..visibility import sight
from . import dataclass_schema
from .slips import (
    TRAVELLER,
    SlipErrorsMixin,
    SlipLineSerializer,
    SubmitResultSerializer,
    idempotency_key,
    submit_response,
)

TRAY = OpenApiParameter("tray", int, OpenApiParameter.PATH, description="The tray's number.")


class TableView(SlipErrorsMixin, ServiceErrorsMixin, APIView):
    """Resolve the phone from the URL's token (a table's, or an entrant's with ``follows``) or the header."""

    authentication_classes = [TableTokenAuthentication]
    permission_classes = [AllowAny]
    throttle_classes = [TableRateThrottle]
    follows = False
    reads_own_table = False  # a table link's view that reads its table itself, with more in the query
    phone: Phone

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        """After authentication and throttling: the phone, or 404 (401 without any token)."""
        super().initial(request, *args, **kwargs)
        token = kwargs.get("token")
        if token and self.reads_own_table and not self.follows:
            return  # a table link: read with what the request asks (``TableResultView``)
        if token:
            self.phone = phone_for_entrant(token=token) if self.follows else phone_for_table(token=token)
        elif isinstance(request.auth, Table):  # read by the header's authentication, with its session
            self.phone = Phone(session=request.auth.session, table=request.auth)
        else:
            raise exceptions.NotAuthenticated("Send 'Authorization: Table <token>', or use the link's URL.")

    def finalize_response(
        self, request: Request, response: HttpResponseBase, *args: Any, **kwargs: Any
    ) -> HttpResponseBase:
        """Nothing a phone is told may be kept by a cache."""
        response = super().finalize_response(request, response, *args, **kwargs)
        response["Cache-Control"] = "no-store"
        return response

    def device(self, request: Request, given: str = "") -> str:
        """Which phone asks: the page's own cookie (the phone page's script), else what the client says."""
        return (request.COOKIES.get(DEVICE_COOKIE) or given or "")[:64]


@extend_schema(tags=["tables"])
class TableStateView(TableView):
    """Where the table is: the table page's own state."""

    @extend_schema(
        parameters=[OpenApiParameter("device", str, description="The phone's id, to mark lines it sent.")],
        responses={200: dataclass_schema(TablePage), **errors(401, 404, 429)},
    )
    def get(self, request: Request, token: str = "") -> Response:
        """The round, who sits where, the trays, this table's lines and the unfolded travellers."""
        device = self.device(request, request.query_params.get("device", ""))
        return Response(page_json(table_page(phone=self.phone, device=device)))


@extend_schema(tags=["tables"])
class TableResultView(TableView):
    """Send N-S tricks for a tray of this table's round, once."""

    reads_own_table = True

    @extend_schema(
        request=TableSubmitSerializer,
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER)],
        responses={
            201: SubmitResultSerializer,
            200: SubmitResultSerializer,
            **errors(400, 401, 404, 409, 422, 429),
        },
    )
    def post(self, request: Request, token: str = "") -> Response:
        """201 with the line and the traveller; a replayed key 200 (422 asking else); a second send 409."""
        data, key, earlier = self.read(request, token)
        outcome = phone_submit(
            phone=self.phone,
            earlier=earlier,
            tray_number=data["tray"],
            ns_tricks=data["ns_tricks"],
            by=self.phone.actor("N-S"),
            device=self.device(request, data["device"]),
            idempotency_key=key,
            ns_revokes=data["ns_revokes"],
            ew_revokes=data["ew_revokes"],
            round_number=data.get("round"),
        )
        seen = sight(viewer=self.phone.viewer, session=self.phone.session)
        number = outcome.line.tray.number
        return submit_response(outcome, traveller_lines(session=self.phone.session, tray=number, sight=seen))

    def read(self, request: Request, token: str) -> tuple[dict[str, Any], str | None, Earlier | None]:
        """The send's form and key; a table link's phone is read here, with the lines its send looks
        for first, in one query (an unknown link is a 404 before a bad form is a 400)."""
        own = bool(token) and not self.follows
        try:
            data = read_form(TableSubmitSerializer, request.data)
        except exceptions.ValidationError:
            if own:
                table_by_token(token=token)
            raise
        key = idempotency_key(request, data)
        if not own:
            return data, key, None
        self.phone, earlier = table_phone_for_send(token=token, tray_number=data["tray"], idempotency_key=key)
        return data, key, earlier


@extend_schema(tags=["tables"], parameters=[TRAY])
class TableConfirmView(TableView):
    """E-W check this table's line on a tray."""

    @extend_schema(
        request=ConfirmSerializer, responses={200: SlipLineSerializer, **errors(400, 401, 404, 409, 429)}
    )
    def post(self, request: Request, tray: int, token: str = "") -> Response:
        """Confirm it (409 if it changed since the version seen, or is disputed)."""
        version = read_form(ConfirmSerializer, request.data).get("version")
        line = phone_confirm(phone=self.phone, tray_number=tray, by=self.phone.actor("E-W"), version=version)
        return Response(SlipLineSerializer(line).data)


@extend_schema(tags=["tables"], parameters=[TRAY])
class TableDisputeView(TableView):
    """E-W disagree: their count goes to the director's board."""

    @extend_schema(
        request=DisputeSerializer, responses={200: SlipLineSerializer, **errors(400, 401, 404, 409, 429)}
    )
    def post(self, request: Request, tray: int, token: str = "") -> Response:
        """Dispute the line."""
        claimed = read_form(DisputeSerializer, request.data)["claimed"]
        line = phone_dispute(phone=self.phone, tray_number=tray, claimed=claimed, by=self.phone.actor("E-W"))
        return Response(SlipLineSerializer(line).data)


@extend_schema(tags=["tables"], parameters=[TRAY])
class TableTravellerView(TableView):
    """A tray's traveller, unfolded once this table has sent its own result on it."""

    @extend_schema(responses={200: TRAVELLER, **errors(401, 404, 429)})
    def get(self, request: Request, tray: int, token: str = "") -> Response:
        """The traveller, or 404 while it is folded for this table."""
        session = self.phone.session
        found = tray_by_number(session=session, number=tray) is not None
        seen = sight(viewer=self.phone.viewer, session=session)
        lines = traveller_lines(session=session, tray=tray, sight=seen) if found else None
        if lines is None:
            raise NotFound(f"Tray {tray}'s traveller is folded for this phone.")
        return Response([asdict(t) for t in lines])


def table_urls(prefix: str, name: str, follows: bool = False) -> list[Any]:
    """The phone's endpoints under one prefix (the token in the URL, or in the header)."""
    views = (
        ("", TableStateView, "state"),
        ("results/", TableResultView, "results"),
        ("trays/<int:tray>/confirm/", TableConfirmView, "confirm"),
        ("trays/<int:tray>/dispute/", TableDisputeView, "dispute"),
        ("trays/<int:tray>/traveller/", TableTravellerView, "traveller"),
    )
    return [
        path(prefix + route, view.as_view(follows=follows), name=f"{name}-{what}")
        for route, view, what in views
    ]


urlpatterns = [
    *table_urls("tables/<str:token>/", "table-link"),
    *table_urls("table/", "table-header"),
    *table_urls("entrant-links/<str:token>/", "entrant-link", follows=True),
]
