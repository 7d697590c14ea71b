"""A table's own API: what its private link (QR code) can do, and nothing more.

The token goes in the URL (``/api/v1/tables/<token>/...``, like the page's
link) or in a header (``Authorization: Table <token>`` on
``/api/v1/table/...``). Either way the table can do what its page can:
see where it is (the page's own state), send N-S tricks for a tray of its
round, let E-W check or dispute a line, and unfold a tray's traveller once
it has sent its own result on it. Every request counts against the
token's rate limit (scope ``table``). An unknown or revoked link is 404.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api import ServiceErrorsMixin, errors
from tournaments.api.permissions import TableRateThrottle, TableTokenAuthentication
from tournaments.models import Table
from tournaments.selectors import table_by_token
from tournaments.services.errors import NotFound

from ..models import Via
from ..selectors import traveller_for_table
from ..selectors_table import TablePage, page_json, table_line, table_page
from ..services.results import result_confirm, result_dispute, result_submit
from . import dataclass_schema
from .slips import (
    TRAVELLER,
    SlipErrorsMixin,
    SlipLineSerializer,
    SubmitResultSerializer,
    SubmitSerializer,
    idempotency_key,
    submit_response,
)

TRAY = OpenApiParameter("tray", int, OpenApiParameter.PATH, description="The tray's number.")


class TableSubmitSerializer(SubmitSerializer):
    """N-S tricks for a tray of this table's round (``device``: which phone sent it)."""

    device = serializers.CharField(required=False, allow_blank=True, max_length=64, default="api")


class DisputeSerializer(serializers.Serializer):
    """E-W's own count of the N-S tricks."""

    claimed = serializers.IntegerField(help_text="N-S tricks as E-W count them, 0 to 13.")


class TableConfirmSerializer(serializers.Serializer):
    """E-W check a line at the version they saw."""

    version = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=2**63 - 1)


class TableView(SlipErrorsMixin, ServiceErrorsMixin, APIView):
    """Resolve the table from the URL's token or the Authorization header; rate-limit the token."""

    authentication_classes = [TableTokenAuthentication]
    permission_classes = [AllowAny]
    throttle_classes = [TableRateThrottle]
    table: Table

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        """After authentication and throttling: the table, or 404 (401 without any token)."""
        super().initial(request, *args, **kwargs)
        token = kwargs.get("token")
        if token:
            self.table = table_by_token(token=token)
        elif isinstance(request.auth, Table):
            self.table = request.auth
        else:
            raise exceptions.NotAuthenticated("Send 'Authorization: Table <token>', or use the link's URL.")

    def actor(self, side: str) -> str:
        """Who acted, as the page writes it: "table 3 N-S"."""
        return f"table {self.table.number} {side}"


@extend_schema(tags=["tables"])
class TableStateView(TableView):
    """Where the table is: the table page's own state."""

    @extend_schema(
        parameters=[OpenApiParameter("device", str, description="The phone's id, to mark lines it sent.")],
        responses={200: dataclass_schema(TablePage), **errors(401, 404, 429)},
    )
    def get(self, request: Request, token: str = "") -> Response:
        """The round, who sits where, the trays, this table's lines and the unfolded travellers."""
        device = request.query_params.get("device", "")[:64]
        return Response(page_json(table_page(table=self.table, device=device)))


@extend_schema(tags=["tables"])
class TableResultView(TableView):
    """Send N-S tricks for a tray of this table's round, once."""

    @extend_schema(
        request=TableSubmitSerializer,
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER)],
        responses={
            201: SubmitResultSerializer,
            200: SubmitResultSerializer,
            **errors(400, 401, 404, 409, 429),
        },
    )
    def post(self, request: Request, token: str = "") -> Response:
        """201 with the line and the unfolded traveller; a replayed key 200; a different second send 409."""
        form = TableSubmitSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        outcome = result_submit(
            table=self.table,
            tray_number=data["tray"],
            ns_tricks=data["ns_tricks"],
            via=Via.TABLE,
            by=self.actor("N-S"),
            device=data["device"],
            idempotency_key=idempotency_key(request, data),
            ns_revokes=data["ns_revokes"],
            ew_revokes=data["ew_revokes"],
            round_number=data.get("round"),
        )
        return submit_response(outcome, traveller_for_table(table=self.table, tray=outcome.line.tray))


@extend_schema(tags=["tables"], parameters=[TRAY])
class TableConfirmView(TableView):
    """E-W check this table's line on a tray."""

    @extend_schema(
        request=TableConfirmSerializer, responses={200: SlipLineSerializer, **errors(400, 401, 404, 409, 429)}
    )
    def post(self, request: Request, tray: int, token: str = "") -> Response:
        """Confirm it (409 if it changed since the version seen, or is disputed)."""
        form = TableConfirmSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        line = table_line(table=self.table, tray_number=tray)
        line = result_confirm(
            line=line, by=self.actor("E-W"), via=Via.TABLE, version=form.validated_data.get("version")
        )
        return Response(SlipLineSerializer(line).data)


@extend_schema(tags=["tables"], parameters=[TRAY])
class TableDisputeView(TableView):
    """E-W disagree: their count goes to the director's board."""

    @extend_schema(
        request=DisputeSerializer, responses={200: SlipLineSerializer, **errors(400, 401, 404, 409, 429)}
    )
    def post(self, request: Request, tray: int, token: str = "") -> Response:
        """Dispute the line."""
        form = DisputeSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        line = table_line(table=self.table, tray_number=tray)
        line = result_dispute(
            line=line, claimed=form.validated_data["claimed"], by=self.actor("E-W"), via=Via.TABLE
        )
        return Response(SlipLineSerializer(line).data)


@extend_schema(tags=["tables"], parameters=[TRAY])
class TableTravellerView(TableView):
    """A tray's traveller, unfolded once this table has sent its own result on it."""

    @extend_schema(responses={200: TRAVELLER, **errors(401, 404, 429)})
    def get(self, request: Request, tray: int, token: str = "") -> Response:
        """The traveller, or 404 while it is folded for this table."""
        found = self.table.session.trays.filter(number=tray).first()
        lines = traveller_for_table(table=self.table, tray=found) if found else None
        if lines is None:
            raise NotFound(f"Tray {tray}'s traveller is folded until this table sends its result.")
        return Response([asdict(t) for t in lines])


def table_urls(prefix: str, name: str) -> list[Any]:
    """The table's endpoints under one prefix (the token in the URL, or in the header)."""
    return [
        path(prefix, TableStateView.as_view(), name=f"{name}-state"),
        path(prefix + "results/", TableResultView.as_view(), name=f"{name}-results"),
        path(prefix + "trays/<int:tray>/confirm/", TableConfirmView.as_view(), name=f"{name}-confirm"),
        path(prefix + "trays/<int:tray>/dispute/", TableDisputeView.as_view(), name=f"{name}-dispute"),
        path(prefix + "trays/<int:tray>/traveller/", TableTravellerView.as_view(), name=f"{name}-traveller"),
    ]


urlpatterns = [*table_urls("tables/<str:token>/", "table-link"), *table_urls("table/", "table-header")]
