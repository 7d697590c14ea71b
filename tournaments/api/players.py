"""The club's roster: search, add, change, merge duplicates, import a CSV (directors only)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.urls import path, reverse
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from ..models import Club, Player, Sex
from ..services.club import (
    RosterImport,
    player_create,
    player_make_member,
    player_merge,
    player_update,
    players_search,
    roster_import_status,
)
from ..services.errors import NotFound, UserError
from ..tasks import roster_import_start
from . import ID_MAX, errors
from .clubs import CLUB_SLUG
from .permissions import DirectorView, Paginated

PLAYER_ID = OpenApiParameter(
    "player_id",
    int,
    OpenApiParameter.PATH,
    description="The player's id.",
    examples=[OpenApiExample("a demo player", value=1)],
)


#: Lady or gentleman, where the whist drive's Second Method needs it (p. 24).
SEXES = [("", "not given"), *Sex.choices]
SEX_HELP = "lady or gentleman: only the whist drive's Second Method needs it (p. 24)."
VISITOR_HELP = "A visitor, not a member: the season's ladder ranks members only."
EMAIL_HELP = "Where the player's score card is sent after a session (blank: none); seen by directors only."


class PlayerSerializer(serializers.ModelSerializer):
    """A player on the roster (``merged_into``: the entry this one was merged into)."""

    sex = serializers.CharField(read_only=True, help_text="lady, gentleman, or blank (p. 24).")
    email = serializers.CharField(read_only=True, help_text=EMAIL_HELP)
    visitor = serializers.BooleanField(read_only=True, help_text=VISITOR_HELP)

    class Meta:
        model = Player
        fields = ["id", "name", "member_number", "sex", "email", "active", "visitor", "merged_into"]
        read_only_fields = fields


class PlayerCreateSerializer(serializers.Serializer):
    """A new player: a name, and a member number if the club gives them."""

    name = serializers.CharField(max_length=120)
    member_number = serializers.CharField(max_length=30, required=False, allow_blank=True, default="")
    sex = serializers.ChoiceField(SEXES, required=False, default="", help_text=SEX_HELP)
    email = serializers.CharField(
        max_length=254, required=False, allow_blank=True, default="", help_text=EMAIL_HELP
    )
    visitor = serializers.BooleanField(required=False, default=False, help_text=VISITOR_HELP)


class PlayerUpdateSerializer(serializers.Serializer):
    """A change to a player; fields left out keep their value."""

    name = serializers.CharField(max_length=120, required=False)
    member_number = serializers.CharField(max_length=30, required=False, allow_blank=True)
    sex = serializers.ChoiceField(SEXES, required=False, help_text=SEX_HELP)
    email = serializers.CharField(max_length=254, required=False, allow_blank=True, help_text=EMAIL_HELP)
    active = serializers.BooleanField(required=False)


class PlayerMergeSerializer(serializers.Serializer):
    """The player to keep: this one (a duplicate entry) is merged into it and retired."""

    into = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="The id of the player to keep.")


class RosterImportSerializer(serializers.Serializer):
    """A roster as CSV text with a ``name`` column (and ``member_number``)."""

    csv = serializers.CharField(trim_whitespace=False, help_text="At most ROSTER_MAX_BYTES bytes (UTF-8).")


class RosterImportResultSerializer(serializers.Serializer):
    """How an import went: players added, and the rows refused (with why)."""

    added = serializers.IntegerField()
    problems = serializers.ListField(child=serializers.CharField())


class RosterImportQueuedSerializer(serializers.Serializer):
    """An import checked whole and queued for a worker: its id, and where its progress is shown."""

    import_id = serializers.CharField()
    state = serializers.CharField(help_text="queued, running, done or failed.")
    total = serializers.IntegerField(help_text="The players the file adds.")
    done = serializers.IntegerField(help_text="The rows written so far.")
    status_url = serializers.URLField(help_text="This import's progress: GET it with the same credentials.")


class RosterImportStatusSerializer(serializers.Serializer):
    """How a queued import stands: its state, the rows written of all, and once done what was added."""

    import_id = serializers.CharField(source="id")
    state = serializers.CharField(help_text="queued, running, done or failed.")
    total = serializers.IntegerField()
    done = serializers.IntegerField()
    added = serializers.IntegerField()
    problems = serializers.ListField(child=serializers.CharField())
    error = serializers.CharField(help_text="Why a failed import stopped.")


class ClubPlayerMixin(DirectorView):
    """Resolve the club (and a player of it) once."""

    def club_player(self, club: Club, player_id: int) -> Player:
        """A player of this club, or 404."""
        player = Player.objects.filter(club=club, pk=player_id).first()
        if player is None:
            raise NotFound("No such player.")
        return player


@extend_schema(tags=["players"], parameters=[CLUB_SLUG])
class PlayerListView(ClubPlayerMixin, Paginated):
    """The roster (search by name or member number) and new players."""

    serializer_class = PlayerSerializer

    def get_queryset(self) -> QuerySet[Player]:
        """The roster search, as the director's page does it."""
        club = self.director_club(self.kwargs["slug"])
        active = self.request.query_params.get("active", "") in {"1", "true", "yes"}
        return players_search(club=club, q=self.request.query_params.get("q", ""), active_only=active)

    @extend_schema(
        operation_id="players_list",
        parameters=[
            OpenApiParameter("q", str, description="Part of a name, or a member number."),
            OpenApiParameter("active", bool, description="Only active players."),
        ],
        responses={200: PlayerSerializer(many=True), **errors(401, 404)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Search the roster."""
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="players_create",
        request=PlayerCreateSerializer,
        responses={201: PlayerSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, slug: str) -> Response:
        """Add a player to the roster."""
        club = self.director_club(slug)
        form = PlayerCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        player = player_create(club=club, user=request.user, **form.validated_data)
        return Response(PlayerSerializer(player).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["players"], parameters=[CLUB_SLUG, PLAYER_ID])
class PlayerDetailView(ClubPlayerMixin):
    """One player: read or change."""

    @extend_schema(operation_id="players_retrieve", responses={200: PlayerSerializer, **errors(401, 404)})
    def get(self, request: Request, slug: str, player_id: int) -> Response:
        """A player of the club."""
        return Response(PlayerSerializer(self.club_player(self.director_club(slug), player_id)).data)

    @extend_schema(
        operation_id="players_update",
        request=PlayerUpdateSerializer,
        responses={200: PlayerSerializer, **errors(400, 401, 404)},
    )
    def patch(self, request: Request, slug: str, player_id: int) -> Response:
        """Change a player's name, member number or active flag."""
        player = self.club_player(self.director_club(slug), player_id)
        form = PlayerUpdateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = {
            "name": player.name,
            "member_number": player.member_number,
            "active": player.active,
            "sex": player.sex,
            "email": player.email,
            **form.validated_data,
        }
        return Response(PlayerSerializer(player_update(player=player, user=request.user, **data)).data)


@extend_schema(tags=["players"], parameters=[CLUB_SLUG, PLAYER_ID])
class PlayerMergeView(ClubPlayerMixin):
    """Merge this player (a duplicate roster entry) into another, as the player's page does."""

    field_names = {"merge": "into"}

    @extend_schema(
        operation_id="players_merge",
        request=PlayerMergeSerializer,
        responses={200: PlayerSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, slug: str, player_id: int) -> Response:
        """Move this player's history to the one kept and retire this one; answers with the one kept."""
        club = self.director_club(slug)
        duplicate = self.club_player(club, player_id)
        form = PlayerMergeSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        keep = Player.objects.filter(club=club, pk=form.validated_data["into"]).first()
        if keep is None:
            raise UserError("No such player on this club's roster.", field="into")
        return Response(PlayerSerializer(player_merge(keep=keep, merge=duplicate, user=request.user)).data)


@extend_schema(tags=["players"], parameters=[CLUB_SLUG, PLAYER_ID])
class PlayerMemberView(ClubPlayerMixin):
    """A visitor joins the club: a member from now on, ranked on the season's ladder."""

    @extend_schema(
        operation_id="players_make_member",
        request=None,
        responses={200: PlayerSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, slug: str, player_id: int) -> Response:
        """Make the visitor a member (400 if a member already)."""
        player = self.club_player(self.director_club(slug), player_id)
        return Response(PlayerSerializer(player_make_member(player=player, user=request.user)).data)


@extend_schema(tags=["players"], parameters=[CLUB_SLUG])
class RosterImportView(DirectorView):
    """Import players from CSV; rows already on the roster are reported, not lost.

    The whole file is checked first: one that is not CSV, or has a row of
    more cells than its header, or would take the roster past its most
    players, is refused (400) and adds nobody. The players are then written
    in batches, each its own short transaction. While another import of the
    club's roster is under way, 409.
    """

    field_names = {"file": "csv"}

    @extend_schema(
        operation_id="players_import",
        request=RosterImportSerializer,
        responses={
            200: RosterImportResultSerializer,
            202: RosterImportQueuedSerializer,
            **errors(400, 401, 404, 409),
        },
    )
    def post(self, request: Request, slug: str) -> Response:
        """Add the CSV's players: 200 with what was added once done; 202 when a worker imports it."""
        club = self.director_club(slug)
        form = RosterImportSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        begun = roster_import_start(club=club, text=form.validated_data["csv"], user=request.user)
        if begun.finished:
            return Response({"added": begun.added, "problems": list(begun.problems)})
        return Response(queued(request, club, begun), status=status.HTTP_202_ACCEPTED)


IMPORT_ID = OpenApiParameter("import_id", str, OpenApiParameter.PATH, description="The import's id.")


@extend_schema(tags=["players"], parameters=[CLUB_SLUG, IMPORT_ID])
class RosterImportStatusView(DirectorView):
    """A queued roster import's progress (an unknown id, another club's or one long over: 404)."""

    @extend_schema(responses={200: RosterImportStatusSerializer, **errors(401, 404)})
    def get(self, request: Request, slug: str, import_id: str) -> Response:
        """Its state, the rows written so far of the file's, and once done what was added."""
        found = roster_import_status(club=self.director_club(slug), import_id=import_id)
        if found is None:
            raise NotFound("There is no such import of this club's roster.")
        return Response(RosterImportStatusSerializer(found).data)


def queued(request: Request, club: Club, begun: RosterImport) -> dict[str, Any]:
    """The 202's body: the import's id and progress, and where the API tells its progress."""
    url = request.build_absolute_uri(reverse("player-import-status", args=[club.slug, begun.id]))
    return {
        "import_id": begun.id,
        "state": begun.state,
        "total": begun.total,
        "done": begun.done,
        "status_url": url,
    }


urlpatterns = [
    path("clubs/<slug:slug>/players/", PlayerListView.as_view(), name="player-list"),
    path("clubs/<slug:slug>/players/import/", RosterImportView.as_view(), name="player-import"),
    path(
        "clubs/<slug:slug>/players/import/<str:import_id>/",
        RosterImportStatusView.as_view(),
        name="player-import-status",
    ),
    path("clubs/<slug:slug>/players/<int:player_id>/", PlayerDetailView.as_view(), name="player-detail"),
    path("clubs/<slug:slug>/players/<int:player_id>/merge/", PlayerMergeView.as_view(), name="player-merge"),
    path(
        "clubs/<slug:slug>/players/<int:player_id>/member/", PlayerMemberView.as_view(), name="player-member"
    ),
]
