"""The club's own movements: designed to order, their progress, kept, listed and deleted.

A design is asked for by size and time (``POST .../movements/designs/``,
202): the search runs off the request, in a process of its own bounded in
time and memory, and its progress (the share of the time used; the Qf and
the fairness of the best movement found so far, fairness first) is read at
its ``status_url`` until it is ``done`` or ``failed``, with why it ended
(``stop_reason``) and its peak memory. Once done the movement found is
there with its figures (``balance``, ``fairness``), after the book's
movements that fit the ask as well or better (``book``, offered first).
``keep`` makes it the club's own movement under a name; a session of its
size is seated by it through ``sessions/<pk>/movement/`` with
``club_movement``, or on the session's movement page.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.urls import path, reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from .. import tasks
from ..models import ClubMovement
from ..movements.balance_text import balance_json
from ..movements.fair_play import fair_play
from ..selectors import club_movements
from ..services import designs
from ..services.errors import NotFound
from . import errors
from .clubs import CLUB_SLUG
from .permissions import DirectorView, Paginated


class ClubMovementSerializer(serializers.ModelSerializer):
    """A movement the club keeps: its size, its figures and their words, and the movement JSON."""

    movement = serializers.JSONField(source="movement_json", help_text="The movement JSON of docs/design.md.")
    #: Plain text, not an enum: the schema's enum named for ``kind`` is the entrants' (pair, team, player).
    kind = serializers.CharField(help_text="pairs or players: what the movement seats.")

    class Meta:
        model = ClubMovement
        fields = [
            "id",
            "name",
            "kind",
            "entrants",
            "rounds",
            "trays",
            "deals_per_round",
            "qf",
            "sd",
            "words",
            "created_at",
            "movement",
        ]


class DesignAskSerializer(serializers.Serializer):
    """A design's size and time; the service checks every value (a clear 400 naming the field)."""

    kind = serializers.CharField(help_text="pairs or players.")
    pairs = serializers.CharField(required=False, help_text="Pairs: 4 to 30 (up to 15 tables).")
    rounds = serializers.CharField(required=False, help_text="Pairs: 2 to 30 rounds.")
    deals_per_round = serializers.CharField(required=False, default="1", help_text="Pairs: 1 to 8.")
    players = serializers.CharField(
        required=False, help_text="Players: 8 to 32, a multiple of four or one more."
    )
    seconds = serializers.CharField(required=False, default="30", help_text="The time to search: 5 to 120.")


class DesignSerializer(serializers.Serializer):
    """How a design stands; once done, the book's movements that fit as well or better (offered first),
    then the movement found with its figures under ``balance`` and ``fairness``."""

    design_id = serializers.CharField()
    state = serializers.CharField(help_text="queued, running, done or failed.")
    used = serializers.FloatField(help_text="The share of the search's time used, 0 to 1.")
    qf = serializers.FloatField(
        allow_null=True,
        help_text="The Qf of the best movement found so far by the designer's order (fairness first); once "
        "done, the Qf of the movement found.",
    )
    fairness = serializers.JSONField(
        allow_null=True,
        help_text="The fairness of that movement: each pair's deals and sit-outs, the pairs meeting more "
        "than once, the pairs meeting in consecutive rounds, and their words.",
    )
    said = serializers.CharField(help_text="How far it is, as the designer's page says it.")
    error = serializers.CharField(help_text="Why a failed search found nothing.")
    stop_reason = serializers.CharField(
        help_text="Why the search ended: finished, stopped (by the director), deadline, memory, crashed or "
        "refused; empty while it runs."
    )
    ended = serializers.CharField(help_text="Why the search ended, in a sentence.")
    peak_mb = serializers.FloatField(allow_null=True, help_text="The search's peak memory (its process), MB.")
    took = serializers.FloatField(allow_null=True, help_text="The search's running time, in seconds.")
    book = serializers.JSONField(
        help_text="The book's movements that seat as many in as many rounds as fairly or more, best first: "
        "offered before the movement found."
    )
    movement = serializers.JSONField(
        allow_null=True, help_text="The movement found (done), with balance and fairness."
    )
    status_url = serializers.CharField(help_text="This design's progress: GET it with the same credentials.")


class KeepSerializer(serializers.Serializer):
    """The name the club keeps the movement under (unique in the club)."""

    name = serializers.CharField(max_length=200, trim_whitespace=False)


DESIGN_ID = OpenApiParameter("design_id", str, OpenApiParameter.PATH, description="The design's id.")
MOVEMENT_ID = OpenApiParameter(
    "movement_id", int, OpenApiParameter.PATH, description="The kept movement's id."
)


def design_body(request: Request, slug: str, design: designs.Design) -> dict[str, Any]:
    """A design as the API answers it."""
    found = design.found()
    return {
        "design_id": design.id,
        "state": design.state,
        "used": round(design.used, 3),
        "qf": design.qf,
        "fairness": design.fairness,
        "said": design.said,
        "error": design.error,
        "stop_reason": design.stop_reason,
        "ended": design.ended,
        "peak_mb": design.peak_mb,
        "took": design.took,
        "book": list(design.book),
        "movement": (
            {**found.to_json(), "balance": balance_json(found), "fairness": fair_play(found).to_json()}
            if found
            else None
        ),
        "status_url": request.build_absolute_uri(
            reverse("club-movement-design-status", args=[slug, design.id])
        ),
    }


@extend_schema(tags=["club movements"], parameters=[CLUB_SLUG])
class ClubMovementListView(DirectorView, Paginated):
    """The movements the club designed and kept, by name."""

    serializer_class = ClubMovementSerializer

    def get_queryset(self) -> QuerySet[ClubMovement]:
        """The club's own."""
        return club_movements(club=self.director_club(self.kwargs["slug"]))

    @extend_schema(
        operation_id="club_movements_list",
        responses={200: ClubMovementSerializer(many=True), **errors(401, 404)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List the club's own movements."""
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["club movements"], parameters=[CLUB_SLUG, MOVEMENT_ID])
class ClubMovementDetailView(DirectorView):
    """One of the club's movements: read, or delete (sessions seated by it keep theirs)."""

    def kept(self, slug: str, movement_id: int) -> ClubMovement:
        return designs.club_movement_get(club=self.director_club(slug), pk=movement_id)

    @extend_schema(
        operation_id="club_movements_retrieve", responses={200: ClubMovementSerializer, **errors(401, 404)}
    )
    def get(self, request: Request, slug: str, movement_id: int) -> Response:
        """The movement, its figures and words."""
        return Response(ClubMovementSerializer(self.kept(slug, movement_id)).data)

    @extend_schema(operation_id="club_movements_delete", responses={204: None, **errors(401, 404)})
    def delete(self, request: Request, slug: str, movement_id: int) -> Response:
        """Forget the movement."""
        designs.club_movement_delete(club_movement=self.kept(slug, movement_id), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=["club movements"], parameters=[CLUB_SLUG])
class DesignStartView(DirectorView):
    """Design a movement to order: the search runs off the request for the seconds given (one at a time)."""

    @extend_schema(
        operation_id="club_movements_design",
        request=DesignAskSerializer,
        responses={202: DesignSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, slug: str) -> Response:
        """Begin a search; read its progress at ``status_url``."""
        club = self.director_club(slug)
        form = DesignAskSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        begun = tasks.design_start(club=club, ask=designs.design_ask(**form.validated_data))
        return Response(design_body(request, slug, begun), status=status.HTTP_202_ACCEPTED)


@extend_schema(tags=["club movements"], parameters=[CLUB_SLUG, DESIGN_ID])
class DesignStatusView(DirectorView):
    """A design's progress, and once done the movement found (an unknown id, another club's: 404)."""

    @extend_schema(
        operation_id="club_movements_design_status", responses={200: DesignSerializer, **errors(401, 404)}
    )
    def get(self, request: Request, slug: str, design_id: str) -> Response:
        """How far the search is."""
        found = designs.design_status(club=self.director_club(slug), design_id=design_id)
        if found is None:
            raise NotFound("There is no such design of this club's.")
        return Response(design_body(request, slug, found))


@extend_schema(tags=["club movements"], parameters=[CLUB_SLUG, DESIGN_ID])
class DesignStopView(DirectorView):
    """Stop a search now: it keeps the best movement found so far."""

    @extend_schema(
        operation_id="club_movements_design_stop",
        request=None,
        responses={200: DesignSerializer, **errors(401, 404)},
    )
    def post(self, request: Request, slug: str, design_id: str) -> Response:
        """Ask the search to stop."""
        stopped = designs.design_stop(club=self.director_club(slug), design_id=design_id)
        return Response(design_body(request, slug, stopped))


@extend_schema(tags=["club movements"], parameters=[CLUB_SLUG, DESIGN_ID])
class DesignKeepView(DirectorView):
    """Keep the movement a finished design found as the club's own, under a name."""

    @extend_schema(
        operation_id="club_movements_keep",
        request=KeepSerializer,
        responses={201: ClubMovementSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, slug: str, design_id: str) -> Response:
        """Keep it; the name must be new to the club."""
        form = KeepSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        kept = designs.club_movement_keep(
            club=self.director_club(slug),
            design_id=design_id,
            name=form.validated_data["name"],
            user=request.user,
        )
        return Response(ClubMovementSerializer(kept).data, status=status.HTTP_201_CREATED)


urlpatterns = [
    path("clubs/<slug:slug>/movements/", ClubMovementListView.as_view(), name="club-movement-list"),
    path("clubs/<slug:slug>/movements/designs/", DesignStartView.as_view(), name="club-movement-design"),
    path(
        "clubs/<slug:slug>/movements/designs/<str:design_id>/",
        DesignStatusView.as_view(),
        name="club-movement-design-status",
    ),
    path(
        "clubs/<slug:slug>/movements/designs/<str:design_id>/stop/",
        DesignStopView.as_view(),
        name="club-movement-design-stop",
    ),
    path(
        "clubs/<slug:slug>/movements/designs/<str:design_id>/keep/",
        DesignKeepView.as_view(),
        name="club-movement-keep",
    ),
    path(
        "clubs/<slug:slug>/movements/<int:movement_id>/",
        ClubMovementDetailView.as_view(),
        name="club-movement-detail",
    ),
]
