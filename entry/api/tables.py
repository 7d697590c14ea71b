"""The phones' API: what a table's own link (a place) may do, and what a phone that follows an entrant may.

**A table's link** (its token in the URL, ``/api/v1/tables/<token>/``, or
in a header, ``Authorization: Table <token>`` on ``/api/v1/table/``) shows
the table's card and the entrants on it, and lets a phone say which it is
(``claim/``): a pass of the phone's own comes back, never an entrant's
link. It calls the director too (``api.calls``). It sends, checks and
unfolds nothing: everyone who ever sat at the table holds it.

**A phone that follows an entrant** (``/api/v1/entrant-links/<token>/``,
with the entrant's own printed token or the phone's pass) sees where its
entrant sits (the page's own state), sends N-S tricks for a tray of its
round, lets E-W check or dispute a line, and unfolds a tray's traveller
when the visibility rule allows (``scoring.visibility``: once its entrant
has played the tray and its table has sent it).

Every request counts against the token's rate limit (scope ``table``); an
unknown or revoked link, or an ended pass, is 404; every answer is
``Cache-Control: no-store``.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from entry.api.slips import (
    SlipErrorsMixin,
    SlipLineSerializer,
    SubmitResultSerializer,
    submit_response,
)
from entry.inputs import (
    ClaimSerializer,
    ConfirmSerializer,
    DisputeSerializer,
    TableSubmitSerializer,
    device_id,
    read_form,
)
from entry.phone_actions import CONFIRM, DISPUTE, asks, send
from entry.phone_http import DEVICE_COOKIE, NoStoreMixin, device_of, phone_of
from entry.selectors.phone import Phone
from entry.selectors.place import PlacePage, follower_urls, place_json, place_page
from entry.selectors.table import TablePage, page_json, table_page
from entry.send.door import send_of
from entry.send.rows import LineRow
from entry.send.sql import TravellerRow, traveller_seen
from entry.services.phones import pass_scanned
from scoring.api import dataclass_schema
from scoring.api.standings import TRAVELLER
from scoring.selectors.travellers import TravellerLine, law_name, traveller_lines
from scoring.visibility import Role, sight
from tournaments.api import ServiceErrorsMixin, errors
from tournaments.api.permissions import TableRateThrottle, TableTokenAuthentication
from tournaments.link_reads import TableRead
from tournaments.models import Session
from tournaments.selectors import tray_by_number
from tournaments.services.errors import NotFound
from tournaments.services.phones import phone_claim

TRAY = OpenApiParameter("tray", int, OpenApiParameter.PATH, description="The tray's number.")
DEVICE = OpenApiParameter("device", str, description="The phone's id, if it has no cw_device cookie.")


class TableView(NoStoreMixin, SlipErrorsMixin, ServiceErrorsMixin, APIView):
    """Resolve the phone from the URL's token (a table's, or with ``follows`` an entrant's or a pass's)
    or from the ``Table`` header."""

    authentication_classes = [TableTokenAuthentication]
    permission_classes = [AllowAny]
    throttle_classes = [TableRateThrottle]
    follows = False
    phone: Phone

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        """After authentication and throttling: the phone, or 404 (401 without any token)."""
        super().initial(request, *args, **kwargs)
        token = kwargs.get("token")
        if token:
            self.phone = phone_of(token, follows=self.follows, device=device_of(request))
        elif isinstance(request.auth, TableRead):  # read by the header's authentication, with its session
            self.phone = Phone(session=request.auth.session, table=request.auth)
        else:
            raise exceptions.NotAuthenticated("Send 'Authorization: Table <token>', or use the link's URL.")

    def device(self, request: Request, given: str = "") -> str:
        """Which phone asks: the page's own cookie (the phone page's script), else what the client says."""
        return device_id(request.COOKIES.get(DEVICE_COOKIE) or given or "")


# --- A table's own link: a place ------------------------------------------------------------------


@extend_schema(tags=["tables"])
class PlaceStateView(TableView):
    """The table: its card, and the entrants a phone here may say it is."""

    @extend_schema(parameters=[DEVICE], responses={200: dataclass_schema(PlacePage), **errors(401, 404, 429)})
    def get(self, request: Request, token: str = "") -> Response:
        """The table's card (who sits here in each round, the trays) and who has a phone; no result."""
        assert self.phone.table is not None
        device = self.device(request, request.query_params.get("device", ""))
        pass_scanned(table=self.phone.table, device=device)  # a phone left here: its pass in doubt
        return Response(place_json(place_page(table=self.phone.table, device=device)))


class ClaimRequestSerializer(ClaimSerializer):
    """ "This phone is that entrant" (``device``: the phone's id, if it has no cw_device cookie)."""

    device = serializers.CharField(required=False, allow_blank=True, max_length=64, default="")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The entrant's number and side, the code, and the device."""
        return {**super().validate(attrs), "device": attrs.get("device", "")}


class PassSerializer(serializers.Serializer):
    """The phone's pass: its own token, and where it opens the entrant's page and API."""

    token = serializers.CharField()
    page = serializers.CharField()
    api = serializers.CharField()
    entrant = serializers.IntegerField()
    side = serializers.CharField()


@extend_schema(tags=["tables"])
class ClaimApiView(TableView):
    """Say which entrant this phone is: a pass of its own follows that entrant from table to table."""

    @extend_schema(
        request=ClaimRequestSerializer, responses={201: PassSerializer, **errors(400, 401, 404, 429)}
    )
    def post(self, request: Request, token: str = "") -> Response:
        """201 with the pass (the same pass again for the same phone); a refusal says why (400)."""
        assert self.phone.table is not None
        data = read_form(ClaimRequestSerializer, request.data)
        data["device"] = self.device(request, data["device"])
        got = phone_claim(table=self.phone.table, **data)
        page, api = follower_urls(session=self.phone.session, token=got.token)
        body = {"token": got.token, "page": page, "api": api, "entrant": data["number"], "side": data["side"]}
        return Response(body, status=status.HTTP_201_CREATED)


# --- A phone that follows an entrant -----------------------------------------------------------------


@extend_schema(tags=["tables"])
class TableStateView(TableView):
    """Where the entrant this phone follows sits: the phone page's own state."""

    follows = True

    @extend_schema(parameters=[DEVICE], responses={200: dataclass_schema(TablePage), **errors(404, 429)})
    def get(self, request: Request, token: str = "") -> Response:
        """The round, who sits where, the trays, the table's lines and the unfolded travellers."""
        device = self.device(request, request.query_params.get("device", ""))
        return Response(page_json(table_page(phone=self.phone, device=device)))


@extend_schema(tags=["tables"])
class TableResultView(TableView):
    """Send N-S tricks for a tray of the round the entrant plays now, once."""

    follows = True

    @extend_schema(
        request=TableSubmitSerializer,
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER)],
        responses={
            201: SubmitResultSerializer,
            200: SubmitResultSerializer,
            **errors(400, 404, 409, 422, 429),
        },
    )
    def post(self, request: Request, token: str = "") -> Response:
        """201 with the line and the traveller; a replayed key 200 (422 asking else); a second send 409."""
        data = read_form(TableSubmitSerializer, request.data)
        sent = send_of(data, headers=request.headers, device=self.device(request, data["device"]))
        outcome = send(self.phone, sent, ask=asks(data))
        return submit_response(outcome, sent_traveller(self.phone, outcome.line))


def sent_traveller(phone: Phone, line: LineRow) -> list[TravellerLine] | None:
    """The traveller a send's answer shows, as the visibility rule unfolds it for the phone: a phone
    that follows an entrant in a running session sees a tray its entrant has a line on (one query,
    ``send.sql.traveller_seen``); any other, as ``scoring.visibility.sight`` says."""
    viewer, session = phone.viewer, phone.session
    if viewer.role != Role.ENTRANT or session.status != Session.Status.RUNNING or viewer.entrant_id is None:
        seen = sight(viewer=viewer, session=session)
        return traveller_lines(session=session, tray=line.tray.number, sight=seen)
    rows = traveller_seen(line.tray_id, (viewer.entrant_id, viewer.side))
    return None if rows is None else [traveller_line(row) for row in rows]


def traveller_line(row: TravellerRow) -> TravellerLine:
    """One table's line on the traveller (``scoring.selectors.travellers.traveller_lines``'s words)."""
    ew = None if row.ns_tricks is None else 13 - row.ns_tricks
    award = f"{row.ns_award}/{row.ew_award}" if row.ns_award else ""
    return TravellerLine(row.table, row.ns, row.ew, row.ns_tricks, ew, award, row.status, law_name(row.law))


@extend_schema(tags=["tables"], parameters=[TRAY])
class TableConfirmView(TableView):
    """E-W check a line of a tray the entrant played."""

    follows = True

    @extend_schema(
        request=ConfirmSerializer, responses={200: SlipLineSerializer, **errors(400, 404, 409, 429)}
    )
    def post(self, request: Request, tray: int, token: str = "") -> Response:
        """Confirm it (409 if it changed since the version seen, or is disputed)."""
        return Response(SlipLineSerializer(CONFIRM.from_api(self.phone, tray, request.data)).data)


@extend_schema(tags=["tables"], parameters=[TRAY])
class TableDisputeView(TableView):
    """E-W disagree: their count goes to the director's board."""

    follows = True

    @extend_schema(
        request=DisputeSerializer, responses={200: SlipLineSerializer, **errors(400, 404, 409, 429)}
    )
    def post(self, request: Request, tray: int, token: str = "") -> Response:
        """Dispute the line."""
        return Response(SlipLineSerializer(DISPUTE.from_api(self.phone, tray, request.data)).data)


@extend_schema(tags=["tables"], parameters=[TRAY])
class TableTravellerView(TableView):
    """A tray's traveller, unfolded once the entrant has played the tray and its table has sent it."""

    follows = True

    @extend_schema(responses={200: TRAVELLER, **errors(404, 429)})
    def get(self, request: Request, tray: int, token: str = "") -> Response:
        """The traveller, or 404 while it is folded for this phone."""
        session = self.phone.session
        found = tray_by_number(session=session, number=tray) is not None
        seen = sight(viewer=self.phone.viewer, session=session)
        lines = traveller_lines(session=session, tray=tray, sight=seen) if found else None
        if lines is None:
            raise NotFound(f"Tray {tray}'s traveller is folded for this phone.")
        return Response([asdict(t) for t in lines])


def place_urls(prefix: str, name: str) -> list[Any]:
    """A table's own link's endpoints under one prefix (the token in the URL, or in the header)."""
    return [
        path(prefix, PlaceStateView.as_view(), name=f"{name}-state"),
        path(prefix + "claim/", ClaimApiView.as_view(), name=f"{name}-claim"),
    ]


def follower_urls_api(prefix: str, name: str) -> list[Any]:
    """The endpoints of a phone that follows an entrant."""
    views = (
        ("", TableStateView, "state"),
        ("results/", TableResultView, "results"),
        ("trays/<int:tray>/confirm/", TableConfirmView, "confirm"),
        ("trays/<int:tray>/dispute/", TableDisputeView, "dispute"),
        ("trays/<int:tray>/traveller/", TableTravellerView, "traveller"),
    )
    return [path(prefix + route, view.as_view(), name=f"{name}-{what}") for route, view, what in views]


urlpatterns = [
    *place_urls("tables/<link:token>/", "table-link"),
    *place_urls("table/", "table-header"),
    *follower_urls_api("entrant-links/<link:token>/", "entrant-link"),
]
