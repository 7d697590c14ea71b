"""Trays and their deals: deal them, record a deal, clear them, PBN in and out (directors).

A tray's status (fouled, void) touches the slips, so it lives with the
scoring side (``entry/api/slips.py``); the public hand records are there
too, beside the travellers.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.urls import path
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from whist.cards import SEATS

from ..models import TRUMP_SUITS, Deal, Session, Tray
from ..selectors import tray_by_number
from ..services import deals, pbn, setup
from ..services.errors import NotFound
from . import errors
from .permissions import DirectorView
from .sessions import SESSION_ID

TRAY_NUMBER = OpenApiParameter(
    "number",
    int,
    OpenApiParameter.PATH,
    description="The tray's number.",
    examples=[OpenApiExample("tray 1", value=1)],
)


class DealSerializer(serializers.ModelSerializer):
    """A deal: the hands in PBN notation (blank if not recorded), trump card, dealer."""

    class Meta:
        model = Deal
        fields = ["hands", "trump", "dealer", "double_dummy"]
        read_only_fields = fields


class TraySerializer(serializers.ModelSerializer):
    """A tray, its status and its deal."""

    deal = DealSerializer(read_only=True, allow_null=True)

    class Meta:
        model = Tray
        fields = ["number", "status", "deal"]
        read_only_fields = fields


class DealRecordSerializer(serializers.Serializer):
    """A deal as recorded: the trump card (e.g. "KC"), the hands in PBN if known, the dealer."""

    trump = serializers.CharField(max_length=3, required=False, allow_blank=True, default="")
    hands = serializers.CharField(
        max_length=80,
        required=False,
        allow_blank=True,
        default="",
        help_text='PBN deal notation: "N:AKQ.J.T98.765 ...".',
    )
    dealer = serializers.ChoiceField(["", *SEATS], required=False, default="")


class CountSerializer(serializers.Serializer):
    """How many trays (or deals) the action touched."""

    count = serializers.IntegerField()


class PBNSerializer(serializers.Serializer):
    """A PBN file's text (import format in, export format out); at most ``PBN_MAX_BYTES`` bytes."""

    pbn = serializers.CharField(trim_whitespace=False)


class PBNImportedSerializer(serializers.Serializer):
    """How many trays got a deal; ``notes`` (when there are any) say what the file gave that was left."""

    count = serializers.IntegerField()
    notes = serializers.ListField(child=serializers.CharField(), required=False)


def session_tray(session: Session, number: int) -> Tray:
    """The session's tray with this number, or 404."""
    tray = tray_by_number(session=session, number=number)
    if tray is None:
        raise NotFound(f"There is no tray {number}.")
    return tray


def session_trays(session: Session) -> QuerySet[Tray]:
    """Every tray of the session, in order, with its deal."""
    return session.trays.select_related("deal").order_by("number")


@extend_schema(tags=["trays"], parameters=[SESSION_ID])
class TrayListView(DirectorView):
    """The session's trays and deals."""

    @extend_schema(operation_id="trays_list", responses={200: TraySerializer(many=True), **errors(401, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """Every tray, with its deal."""
        return Response(TraySerializer(session_trays(self.director_session(pk)), many=True).data)


@extend_schema(tags=["trays"], parameters=[SESSION_ID, TRAY_NUMBER])
class TrayDetailView(DirectorView):
    """One tray and its deal."""

    @extend_schema(operation_id="trays_retrieve", responses={200: TraySerializer, **errors(401, 404)})
    def get(self, request: Request, pk: int, number: int) -> Response:
        """The tray."""
        return Response(TraySerializer(session_tray(self.director_session(pk), number)).data)


@extend_schema(tags=["trays"], parameters=[SESSION_ID, TRAY_NUMBER])
class DealRecordView(DirectorView):
    """Record a tray's deal: the trump card, and the hands if known."""

    @extend_schema(
        operation_id="trays_deal_record",
        request=DealRecordSerializer,
        responses={200: TraySerializer, **errors(400, 401, 404)},
    )
    def patch(self, request: Request, pk: int, number: int) -> Response:
        """Record the deal (fields left blank stay as they are)."""
        tray = session_tray(self.director_session(pk), number)
        form = DealRecordSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        deals.deal_record(tray=tray, user=request.user, **form.validated_data)
        return Response(TraySerializer(session_tray(tray.session, number)).data)


@extend_schema(tags=["trays"], parameters=[SESSION_ID], request=None)
class TraysDealView(DirectorView):
    """Deal every tray afresh: secure shuffles, the trump card turned (Law III)."""

    @extend_schema(operation_id="trays_deal_all", responses={200: CountSerializer, **errors(400, 401, 404)})
    def post(self, request: Request, pk: int) -> Response:
        """Deal them all."""
        return Response({"count": deals.trays_deal(session=self.director_session(pk), user=request.user)})


@extend_schema(tags=["trays"], parameters=[SESSION_ID], request=None)
class TraysClearView(DirectorView):
    """Forget the deals: the players deal at the table and record the trump."""

    @extend_schema(operation_id="trays_clear_all", responses={200: CountSerializer, **errors(400, 401, 404)})
    def post(self, request: Request, pk: int) -> Response:
        """Clear every deal."""
        return Response({"count": setup.deals_clear(session=self.director_session(pk), user=request.user)})


class TrumpSerializer(serializers.Serializer):
    """A suit declared trumps for the sitting, no card turned (Law IV, Sec. 11); blank: cards turned."""

    suit = serializers.ChoiceField([("", "none"), *TRUMP_SUITS], allow_blank=True)


@extend_schema(tags=["trays"], parameters=[SESSION_ID])
class TrumpView(DirectorView):
    """The sitting's trumps: a declared suit (Law IV, Sec. 11), or the last card dealt turned (Law III)."""

    @extend_schema(operation_id="trays_trump_retrieve", responses={200: TrumpSerializer, **errors(401, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """The declared suit, or blank."""
        return Response({"suit": self.director_session(pk).declared_trump})

    @extend_schema(
        operation_id="trays_trump_declare",
        request=TrumpSerializer,
        responses={200: TrumpSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Declare a suit for every deal (before the start), or blank to turn cards again."""
        form = TrumpSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        session = deals.session_declare_trump(
            session=self.director_session(pk), suit=form.validated_data["suit"], user=request.user
        )
        return Response({"suit": session.declared_trump})


@extend_schema(tags=["trays"], parameters=[SESSION_ID])
class PBNView(DirectorView):
    """The session's deals as PBN: out for a dealing machine or hand records, in from one."""

    field_names = {"file": "pbn"}

    @extend_schema(operation_id="trays_pbn_export", responses={200: PBNSerializer, **errors(401, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """Export the deals."""
        return Response({"pbn": pbn.pbn_export(session=self.director_session(pk))})

    @extend_schema(
        operation_id="trays_pbn_import",
        request=PBNSerializer,
        responses={200: PBNImportedSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Import deals onto the trays by [Board] number; a refusal lists each board at fault."""
        session = self.director_session(pk)
        form = PBNSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        done = pbn.pbn_import(session=session, text=form.validated_data["pbn"], user=request.user)
        body: dict[str, Any] = {"count": done.count}
        if done.notes:
            body["notes"] = done.notes
        return Response(body)


urlpatterns = [
    path("sessions/<int:pk>/trays/", TrayListView.as_view(), name="tray-list"),
    path("sessions/<int:pk>/trays/deal/", TraysDealView.as_view(), name="trays-deal"),
    path("sessions/<int:pk>/trays/clear/", TraysClearView.as_view(), name="trays-clear"),
    path("sessions/<int:pk>/trays/<int:number>/", TrayDetailView.as_view(), name="tray-detail"),
    path("sessions/<int:pk>/trays/<int:number>/deal/", DealRecordView.as_view(), name="tray-deal-record"),
    path("sessions/<int:pk>/pbn/", PBNView.as_view(), name="session-pbn"),
    path("sessions/<int:pk>/trump/", TrumpView.as_view(), name="session-trump"),
]
