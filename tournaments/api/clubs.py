"""Clubs: the ones a director runs, every club for the public, and a club's series.

A series is a club tournament over several sessions (p. 46): its players
are numbered once, and each session's partners follow the book's rotation
(``services.rotations``), as on the director's series page.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.urls import path
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from ..models import Club, Player, Series
from ..models.club import PROVISIONAL_HOURS_MAX
from ..services import rotations
from ..services.club import club_provisional_set, clubs_directed_by
from ..services.errors import NotFound, UserError
from . import ID_MAX, errors
from .permissions import DirectorView, Paginated, PublicView

#: The demo club's slug, as an example for the schema (and so the fuzzer reaches real data).
CLUB_SLUG = OpenApiParameter(
    "slug",
    str,
    OpenApiParameter.PATH,
    description="The club's slug.",
    examples=[OpenApiExample("the demo club", value="riverside")],
)


class ClubSerializer(serializers.ModelSerializer):
    """A club: its name, the slug its pages and endpoints use, and for how many hours its published
    results stay provisional."""

    provisional_hours = serializers.IntegerField(
        read_only=True,
        help_text="Hours after publishing during which a session's results are provisional (0 to 720).",
    )

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "provisional_hours"]


class ClubSettingsSerializer(serializers.Serializer):
    """The club's settings a director may change."""

    provisional_hours = serializers.IntegerField(min_value=0, max_value=PROVISIONAL_HOURS_MAX)


@extend_schema(tags=["clubs"])
class ClubListView(DirectorView, Paginated):
    """The clubs the user directs."""

    serializer_class = ClubSerializer

    def get_queryset(self) -> QuerySet[Club]:
        """Only the user's clubs."""
        return clubs_directed_by(user=self.request.user).order_by("name")

    @extend_schema(operation_id="clubs_list", responses={200: ClubSerializer(many=True), **errors(401)})
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List the clubs the user directs."""
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["clubs"], parameters=[CLUB_SLUG])
class ClubDetailView(DirectorView):
    """One club the user directs."""

    @extend_schema(operation_id="clubs_retrieve", responses={200: ClubSerializer, **errors(401, 404)})
    def get(self, request: Request, slug: str) -> Response:
        """A club of the user's."""
        return Response(ClubSerializer(self.director_club(slug)).data)

    @extend_schema(
        operation_id="clubs_partial_update",
        request=ClubSettingsSerializer,
        responses={200: ClubSerializer, **errors(400, 401, 404)},
    )
    def patch(self, request: Request, slug: str) -> Response:
        """Change the club's settings: ``provisional_hours``."""
        club = self.director_club(slug)
        form = ClubSettingsSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        club_provisional_set(club=club, hours=form.validated_data["provisional_hours"], user=request.user)
        return Response(ClubSerializer(club).data)


@extend_schema(tags=["public"])
class PublicClubListView(PublicView, Paginated):
    """Every club on this site (the public home page)."""

    serializer_class = ClubSerializer
    queryset = Club.objects.order_by("name")

    @extend_schema(operation_id="public_clubs_list")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List the clubs on this site."""
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["public"], parameters=[CLUB_SLUG])
class PublicClubDetailView(PublicView):
    """One club's public card."""

    @extend_schema(operation_id="public_clubs_retrieve", responses={200: ClubSerializer, **errors(404)})
    def get(self, request: Request, slug: str) -> Response:
        """A club by its slug."""
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise NotFound("No such club.")
        return Response(ClubSerializer(club).data)


SERIES_ID = OpenApiParameter("series_id", int, OpenApiParameter.PATH, description="The series' id.")


class SeriesSerializer(serializers.ModelSerializer):
    """A series and its partner rotation (club, edgewood, ladies; blank for none)."""

    class Meta:
        model = Series
        fields = ["id", "name", "best_of", "min_sessions", "rotation", "created_at"]
        read_only_fields = fields


class SeriesCreateSerializer(serializers.Serializer):
    """A new series: its name."""

    name = serializers.CharField(max_length=120, allow_blank=True)


class NumberingSerializer(serializers.Serializer):
    """The series' numbering: players 1..n (club), or couples 1..n as [lady, gentleman]."""

    method = serializers.ChoiceField(rotations.METHODS)
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
        required=False,
        default=list,
        max_length=200,
    )
    couples = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=ID_MAX), min_length=2, max_length=2
        ),
        required=False,
        default=list,
        max_length=100,
    )


class ProposalQuerySerializer(serializers.Serializer):
    """Which session of the series."""

    session_number = serializers.IntegerField(min_value=1, max_value=500)


class RotationSessionSerializer(ProposalQuerySerializer):
    """The session of the series to create, with the proposed pairs."""

    date = serializers.DateField()
    title = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")


class PersonSerializer(serializers.Serializer):
    """A player: id and name."""

    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()


class ProposalSerializer(serializers.Serializer):
    """The pairs of one session of the series, and who sits bye."""

    session_number = serializers.IntegerField()
    pairs = serializers.ListField(child=PersonSerializer(many=True))
    bye = PersonSerializer(many=True)


class CreatedSerializer(serializers.Serializer):
    """The id of what was created."""

    id = serializers.IntegerField()


class SeriesView(DirectorView):
    """Resolve a series of the user's clubs once."""

    def director_series(self, series_id: int) -> Series:
        """A series of a club the user directs, or 404."""
        mine = clubs_directed_by(user=self.request.user)
        series = Series.objects.filter(pk=series_id, club__in=mine).first()
        if series is None:
            raise NotFound("No such series.")
        return series

    def roster(self, series: Series, ids: list[int]) -> list[Player]:
        """Players of the series' club, in order; 400 names ``players`` otherwise."""
        found = {p.pk: p for p in Player.objects.filter(club_id=series.club_id, pk__in=ids)}
        if any(i not in found for i in ids):
            raise UserError("Every player must be on this club's roster.", field="players")
        return [found[i] for i in ids]


@extend_schema(tags=["series"], parameters=[CLUB_SLUG])
class SeriesListView(DirectorView, Paginated):
    """A club's series, a page at a time; and a new one."""

    serializer_class = SeriesSerializer

    def get_queryset(self) -> QuerySet[Series]:
        """The club's series, newest first (404 for a club the user does not direct)."""
        return self.director_club(self.kwargs["slug"]).series.order_by("-created_at", "-id")

    @extend_schema(
        operation_id="series_list", responses={200: SeriesSerializer(many=True), **errors(401, 404)}
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """The club's series, newest first, by ``limit`` and ``offset``."""
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="series_create",
        request=SeriesCreateSerializer,
        responses={201: SeriesSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, slug: str) -> Response:
        """Start a club tournament."""
        club = self.director_club(slug)
        form = SeriesCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        series = rotations.series_create(club=club, name=form.validated_data["name"], user=request.user)
        return Response(SeriesSerializer(series).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["series"], parameters=[SERIES_ID])
class SeriesPlayersView(SeriesView):
    """The series' numbering of its players (or couples) for the partner rotation."""

    @extend_schema(
        operation_id="series_players_retrieve", responses={200: NumberingSerializer, **errors(401, 404)}
    )
    def get(self, request: Request, series_id: int) -> Response:
        """The numbering, empty before one is set."""
        numbering = rotations.series_players(series=self.director_series(series_id))
        if numbering is None:
            return Response({"method": "club", "players": [], "couples": []})
        return Response(
            {
                "method": numbering.method,
                "players": [p.pk for p in numbering.players],
                "couples": [[a.pk, b.pk] for a, b in numbering.couples],
            }
        )

    @extend_schema(
        operation_id="series_players_set",
        request=NumberingSerializer,
        responses={200: NumberingSerializer, **errors(400, 401, 404)},
    )
    def put(self, request: Request, series_id: int) -> Response:
        """Number the players (club) or the couples (edgewood, ladies)."""
        series = self.director_series(series_id)
        form = NumberingSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        couples = [tuple(self.roster(series, pair)) for pair in data["couples"]]
        rotations.series_players_set(
            series=series,
            method=data["method"],
            user=request.user,
            players=self.roster(series, data["players"]),
            couples=couples,
        )
        return self.get(request, series_id)


@extend_schema(tags=["series"], parameters=[SERIES_ID])
class SeriesRotationView(SeriesView):
    """Who partners whom in a session of the series; and that session, created in one step."""

    @extend_schema(
        operation_id="series_rotation",
        parameters=[ProposalQuerySerializer],
        responses={200: ProposalSerializer, **errors(400, 401, 404)},
    )
    def get(self, request: Request, series_id: int) -> Response:
        """The proposed pairs and who sits bye."""
        series = self.director_series(series_id)
        query = ProposalQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        number = query.validated_data["session_number"]
        proposal = rotations.rotation_propose(series=series, session_number=number)
        return Response(ProposalSerializer(proposal).data)

    @extend_schema(
        operation_id="series_session_create",
        request=RotationSessionSerializer,
        responses={201: CreatedSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, series_id: int) -> Response:
        """Create the session with the proposed pairs (its id; the session is at /sessions/<id>/)."""
        series = self.director_series(series_id)
        form = RotationSessionSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        session = rotations.rotation_session_create(series=series, user=request.user, **form.validated_data)
        return Response({"id": session.pk}, status=status.HTTP_201_CREATED)


urlpatterns = [
    path("clubs/", ClubListView.as_view(), name="club-list"),
    path("clubs/<slug:slug>/", ClubDetailView.as_view(), name="club-detail"),
    path("public/clubs/", PublicClubListView.as_view(), name="public-club-list"),
    path("public/clubs/<slug:slug>/", PublicClubDetailView.as_view(), name="public-club-detail"),
    path("clubs/<slug:slug>/series/", SeriesListView.as_view(), name="series-list"),
    path("series/<int:series_id>/players/", SeriesPlayersView.as_view(), name="series-players"),
    path("series/<int:series_id>/rotation/", SeriesRotationView.as_view(), name="series-rotation"),
]
