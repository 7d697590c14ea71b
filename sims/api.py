"""The API of simultaneous events: the organiser's (director), the clubs' heats (a key), the public's.

- the organiser's directors list and create events, read one with its
  clubs, heats and checks, add a club (201 with its key, shown this once,
  and its pack), close and publish, and read the field by a method (the
  scores JSON of ``scoring.scorers.field_io``);
- a club sends its heat to ``sims/{ref}/heats/`` with its key in the
  ``X-Sim-Key`` header and nothing else (no session, no CSRF): 401 for a
  missing or bad key (or an unknown event: the same answer), 409 once the
  event is closed, 400 with a sentence for a file that cannot be taken;
- the public reads a published event's ranking (each pair's placings, kept
  when it was published), and its hands with their frequency tables and
  commentary only from the release time; before publication, 404 "not
  published yet".
"""

from __future__ import annotations

import json
from typing import Any

from django.db.models import QuerySet
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.authentication import BaseAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from infra.security import PublicRateThrottle
from tournaments.api import ServiceErrorsMixin, errors
from tournaments.api.clubs import CLUB_SLUG
from tournaments.api.permissions import DirectorView, Paginated
from tournaments.services.errors import NotFound

from . import selectors, services
from .models import METHODS, SimEvent

REF = OpenApiParameter("ref", str, OpenApiParameter.PATH, description="The event's reference.")
METHOD = OpenApiParameter("method", str, OpenApiParameter.PATH, enum=list(METHODS), description="A method.")


class SimEventSerializer(serializers.ModelSerializer):
    """An event: its reference, name, dates, release time, methods and state."""

    class Meta:
        model = SimEvent
        fields = ["ref", "name", "plays_from", "plays_to", "release_at", "methods", "state", "created"]


class SimCreateSerializer(serializers.Serializer):
    """A new event; the service checks every value (a 400 naming the field)."""

    name = serializers.CharField(max_length=400, trim_whitespace=False)
    plays_from = serializers.CharField(max_length=40)
    plays_to = serializers.CharField(max_length=40)
    release_at = serializers.CharField(max_length=60, help_text="ISO date and time, with its offset.")
    methods = serializers.ListField(child=serializers.CharField(max_length=20), max_length=3)
    deals = serializers.CharField(required=False, max_length=10, help_text="How many deals to deal, 1 to 52.")
    pbn = serializers.CharField(required=False, help_text="The deals as a PBN file, in place of dealing.")


class NameSerializer(serializers.Serializer):
    """A club taking part, by the name its heat file's Site gives."""

    name = serializers.CharField(max_length=400, trim_whitespace=False)


class HeatSerializer(serializers.Serializer):
    """A heat: the PBN 2.1 file with a ScoreTable, as text."""

    pbn = serializers.CharField(trim_whitespace=False)


def event_body(event: SimEvent) -> dict[str, Any]:
    """An event with its clubs, their heats, and the checks in sentences."""
    clubs = [
        {
            "id": c.pk,
            "name": c.name,
            "withdrawn": c.withdrawn,
            "heat": None
            if not hasattr(c, "heat")
            else {"sends": c.heat.sends, "received_at": c.heat.received_at.isoformat(), "via": c.heat.via},
        }
        for c in selectors.clubs_of(event=event)
    ]
    return {**SimEventSerializer(event).data, "clubs": clubs, "checks": selectors.checks(event)}


class SimDirectorView(DirectorView):
    """An organiser's endpoint: one of the club's events."""

    def event(self, slug: str, ref: str) -> SimEvent:
        return selectors.event_of(club=self.director_club(slug), ref=ref)


@extend_schema(tags=["simultaneous events"], parameters=[CLUB_SLUG])
class SimListView(DirectorView, Paginated):
    """The club's simultaneous events; create one."""

    serializer_class = SimEventSerializer

    def get_queryset(self) -> QuerySet[SimEvent]:
        return selectors.events_of(club=self.director_club(self.kwargs["slug"]))

    @extend_schema(
        operation_id="sims_list", responses={200: SimEventSerializer(many=True), **errors(401, 404)}
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List the club's events."""
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="sims_create",
        request=SimCreateSerializer,
        responses={201: SimEventSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, slug: str) -> Response:
        """Create an event: deal its deals afresh (``deals``), or give them (``pbn``)."""
        club = self.director_club(slug)
        form = SimCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        event = services.event_create(organiser=club, user=request.user, **form.validated_data)
        return Response(SimEventSerializer(event).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["simultaneous events"], parameters=[CLUB_SLUG, REF])
class SimDetailView(SimDirectorView):
    """One event: its clubs, their heats, the checks."""

    @extend_schema(operation_id="sims_retrieve", responses={200: OpenApiTypes.OBJECT, **errors(401, 404)})
    def get(self, request: Request, slug: str, ref: str) -> Response:
        """The event."""
        return Response(event_body(self.event(slug, ref)))


@extend_schema(tags=["simultaneous events"], parameters=[CLUB_SLUG, REF])
class SimClubAddView(SimDirectorView):
    """Add a club taking part: its key (shown this once) and its pack."""

    @extend_schema(
        operation_id="sims_club_add",
        request=NameSerializer,
        responses={201: OpenApiTypes.OBJECT, **errors(400, 401, 404)},
    )
    def post(self, request: Request, slug: str, ref: str) -> Response:
        """Add the club."""
        event = self.event(slug, ref)
        form = NameSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        sim_club, key = services.sim_club_add(
            event=event, name=form.validated_data["name"], user=request.user
        )
        pack = services.pack_for(sim_club=sim_club, key=key, results_url=selectors.results_url(event))
        body = {"id": sim_club.pk, "name": sim_club.name, "key": key, "pack": pack}
        return Response(body, status=status.HTTP_201_CREATED)


@extend_schema(tags=["simultaneous events"], parameters=[CLUB_SLUG, REF])
class SimCloseView(SimDirectorView):
    """Close the event: no more heats."""

    @extend_schema(
        operation_id="sims_close", request=None, responses={200: SimEventSerializer, **errors(400, 401, 404)}
    )
    def post(self, request: Request, slug: str, ref: str) -> Response:
        """Close it."""
        event = services.event_close(event=self.event(slug, ref), user=request.user)
        return Response(SimEventSerializer(event).data)


@extend_schema(tags=["simultaneous events"], parameters=[CLUB_SLUG, REF])
class SimPublishView(SimDirectorView):
    """Publish the field (it closes the event)."""

    @extend_schema(
        operation_id="sims_publish",
        request=None,
        responses={200: SimEventSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, slug: str, ref: str) -> Response:
        """Publish it."""
        event = services.event_publish(event=self.event(slug, ref), user=request.user)
        return Response(SimEventSerializer(event).data)


@extend_schema(tags=["simultaneous events"], parameters=[CLUB_SLUG, REF, METHOD])
class SimFieldView(SimDirectorView):
    """The field by one of the event's methods: the scores JSON (entrants keyed "<club>/<pair>")."""

    @extend_schema(operation_id="sims_field", responses={200: OpenApiTypes.OBJECT, **errors(401, 404)})
    def get(self, request: Request, slug: str, ref: str, method: str) -> Response:
        """The field's scores."""
        return Response(selectors.field_scores_json(self.event(slug, ref), method))


@extend_schema(tags=["simultaneous events"], parameters=[REF])
class SimHeatSendView(ServiceErrorsMixin, APIView):
    """A club sends its heat with its key (``X-Sim-Key``); it replaces its last until the event closes."""

    authentication_classes: list[type[BaseAuthentication]] = []
    permission_classes = [AllowAny]
    throttle_classes: list[type[BaseThrottle]] = [PublicRateThrottle]

    @extend_schema(
        operation_id="sims_heat_send",
        request=HeatSerializer,
        parameters=[OpenApiParameter("X-Sim-Key", str, OpenApiParameter.HEADER, required=True)],
        responses={200: OpenApiTypes.OBJECT, **errors(400, 401, 409)},
    )
    def post(self, request: Request, ref: str) -> Response:
        """Send the heat."""
        key = str(request.headers.get("X-Sim-Key", ""))[:200]
        if not key:
            return Response({"detail": services.BAD_KEY}, status=status.HTTP_401_UNAUTHORIZED)
        form = HeatSerializer(data=request.data)
        if not form.is_valid():
            services.key_known(ref=ref, key=key)  # a bad key is told first, whatever the body
            form.is_valid(raise_exception=True)
        heat, lines = services.heat_receive_with_key(ref=ref, key=key, data=form.validated_data["pbn"])
        return Response({"club": heat.sim_club.name, "sends": heat.sends, "lines": lines})

    def error_body(self, exc: Any) -> dict[str, Any]:
        """401 and 409 answer ``{"detail": ...}``; a bad file, ``{"pbn": [sentence]}``."""
        if exc.status in (401, 409):
            return {"detail": exc.message}
        return super().error_body(exc)


@extend_schema(tags=["simultaneous events"], parameters=[REF])
class SimPackFetchView(ServiceErrorsMixin, APIView):
    """A club fetches its pack with its key (``X-Sim-Key``): the same pack the organiser's page gives."""

    authentication_classes: list[type[BaseAuthentication]] = []
    permission_classes = [AllowAny]
    throttle_classes: list[type[BaseThrottle]] = [PublicRateThrottle]

    @extend_schema(
        operation_id="sims_pack_fetch",
        parameters=[OpenApiParameter("X-Sim-Key", str, OpenApiParameter.HEADER, required=True)],
        responses={200: OpenApiTypes.OBJECT, **errors(401)},
    )
    def get(self, request: Request, ref: str) -> Response:
        """The club's pack (JSON, ``tournaments.pbn.pack``), its key the one sent."""
        key = str(request.headers.get("X-Sim-Key", ""))[:200]
        sim_club = services.key_known(ref=ref, key=key)
        text = services.pack_for(
            sim_club=sim_club, key=key, results_url=selectors.results_url(sim_club.event)
        )
        return Response(json.loads(text))

    def error_body(self, exc: Any) -> dict[str, Any]:
        """401 answers ``{"detail": ...}``."""
        return {"detail": exc.message}


@extend_schema(tags=["simultaneous events"], parameters=[REF])
class SimPublicView(ServiceErrorsMixin, APIView):
    """A published event's ranking by each method; its hands, frequency tables and commentary from release."""

    authentication_classes: list[type[BaseAuthentication]] = []
    permission_classes = [AllowAny]
    throttle_classes: list[type[BaseThrottle]] = [PublicRateThrottle]

    @extend_schema(operation_id="sims_public", responses={200: OpenApiTypes.OBJECT, **errors(404)})
    def get(self, request: Request, ref: str) -> Response:
        """The published event (404 before it is published: "not published yet"; or an unknown one)."""
        return Response(public_body(ref))


#: What the public is told of an event not published yet (404: there is no field to read).
NOT_PUBLISHED = "This simultaneous event is not published yet."


def public_body(ref: str) -> dict[str, Any]:
    """A published event as the public reads it (the API's answer, and the field file of its page), from
    the placings kept when it was published; an event not published yet is ``NotFound`` saying so."""
    event = selectors.event_public(ref=ref)
    if event.state != SimEvent.State.PUBLISHED:
        raise NotFound(NOT_PUBLISHED)
    shown = selectors.public_hands(event)
    body: dict[str, Any] = {
        **SimEventSerializer(event).data,
        "organiser": event.organiser.name,
        "pairs": event.field_size,
        "fields": selectors.published_field(event),
        "released": shown,
    }
    if shown:
        body["deals"] = selectors.deal_records(event, published=True)
    return body


urlpatterns = [
    path("clubs/<slug:slug>/sims/", SimListView.as_view(), name="sim-list"),
    path("clubs/<slug:slug>/sims/<slug:ref>/", SimDetailView.as_view(), name="sim-detail"),
    path("clubs/<slug:slug>/sims/<slug:ref>/clubs/", SimClubAddView.as_view(), name="sim-club-add"),
    path("clubs/<slug:slug>/sims/<slug:ref>/close/", SimCloseView.as_view(), name="sim-close"),
    path("clubs/<slug:slug>/sims/<slug:ref>/publish/", SimPublishView.as_view(), name="sim-publish"),
    path("clubs/<slug:slug>/sims/<slug:ref>/field/<str:method>/", SimFieldView.as_view(), name="sim-field"),
    path("sims/<slug:ref>/heats/", SimHeatSendView.as_view(), name="sim-heats"),
    path("sims/<slug:ref>/pack/", SimPackFetchView.as_view(), name="sim-pack"),
    path("sims/<slug:ref>/", SimPublicView.as_view(), name="sim-public"),
]
