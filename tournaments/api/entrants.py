"""Entrants (pairs, teams, individuals): enter, withdraw, a phantom pair, a substitute.

The same services as the set-up page: adding or withdrawing an entrant
re-seats the session by its chosen movement when it can (``services.setup``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from ..models import NAMED, Entrant, EntrantLink, Player, Session
from ..services import entrant_names, running, sessions, setup
from ..services.errors import NotFound, UserError
from ..services.phones import entrant_release_phones
from ..services.sessions import KIND_SHAPE
from . import ID_MAX, errors
from .permissions import DirectorView
from .sessions import SESSION_ID

ENTRANT_NUMBER = OpenApiParameter("number", int, OpenApiParameter.PATH, description="The entrant's number.")


class MemberSerializer(serializers.Serializer):
    """A player in an entrant (``role``: N, S, E or W in a team of four)."""

    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")
    role = serializers.CharField()


class EntrantSerializer(serializers.ModelSerializer):
    """A pair, team or individual, numbered as the movement numbers it."""

    members = MemberSerializer(many=True, read_only=True)
    name = serializers.CharField(
        read_only=True,
        help_text=(
            "Its players' names as the roster has them now, the director's label beside them "
            "('The Quills (Margaret Quill & Nathaniel Price)'); 'phantom' for a phantom."
        ),
    )
    label = serializers.CharField(read_only=True, help_text="The director's own name for it ('' for none).")

    class Meta:
        model = Entrant
        fields = ["id", "number", "kind", "name", "label", "is_phantom", "team", "members"]
        read_only_fields = fields


class EntrantLabelSerializer(serializers.Serializer):
    """The director's own name for an entrant, shown beside its players' names; blank for none."""

    label = serializers.CharField(allow_blank=True, max_length=160, trim_whitespace=True)


class EntrantCreateSerializer(serializers.Serializer):
    """A new entrant: its players from the roster (a team of four in the order N, S, E, W)."""

    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
        min_length=1,
        max_length=8,
        help_text="Player ids: two for a pair, four, six or eight for a team, one for an individual.",
    )
    team = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=3,
        help_text="Teams of more than eight: the pair's team, 1 to 3 (pp. 56-59).",
    )


class SubstituteSerializer(serializers.Serializer):
    """A substitute takes a player's seats from a round on."""

    player_out = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    player_in = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    from_round = serializers.IntegerField(min_value=1, max_value=1000)


class SubstituteResultSerializer(serializers.Serializer):
    """How many seats changed hands."""

    seats = serializers.IntegerField()


def roster_players(session: Session, ids: Sequence[int], *, field: str) -> list[Player]:
    """The players with these ids on the session's club's roster, in order; 400 names the field."""
    found = {p.pk: p for p in Player.objects.filter(club_id=session.club_id, pk__in=ids)}
    missing = [i for i in ids if i not in found]
    if missing:
        raise UserError(f"No player {missing[0]} on this club's roster.", field=field)
    return [found[i] for i in ids]


def session_entrant(session: Session, number: int) -> Entrant:
    """The session's entrant with this number (of the kind its movement seats), or 404."""
    kind, _ = KIND_SHAPE[session.entrant_kind]
    entrant = session.entrants.filter(kind=kind, number=number).first()
    if entrant is None:
        raise NotFound(f"There is no entrant {number}.")
    return entrant


@extend_schema(tags=["entrants"], parameters=[SESSION_ID])
class EntrantListView(DirectorView):
    """The session's entrants; and a new one."""

    field_names = {"r1_1": "players", "r1_team": "team"}

    @extend_schema(
        operation_id="entrants_list", responses={200: EntrantSerializer(many=True), **errors(401, 404)}
    )
    def get(self, request: Request, pk: int) -> Response:
        """Every entrant, by kind and number."""
        session = self.director_session(pk)
        entrants = session.entrants.order_by("kind", "number").prefetch_related(*NAMED)
        return Response(EntrantSerializer(entrants, many=True).data)

    @extend_schema(
        operation_id="entrants_create",
        request=EntrantCreateSerializer,
        responses={201: EntrantSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Enter a pair or team before the start (the movement re-seats if it can)."""
        session = self.director_session(pk)
        form = EntrantCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        people = roster_players(session, form.validated_data["players"], field="players")
        team = {1: form.validated_data.get("team")}
        added = setup.entrants_add(session=session, rows=[(1, people)], teams=team, user=request.user)
        return Response(EntrantSerializer(added[0]).data, status=status.HTTP_201_CREATED)


class EntrantNamesSerializer(serializers.Serializer):
    """A list of entrants, one a line, as the set-up page's list to paste."""

    text = serializers.CharField(
        allow_blank=True,
        trim_whitespace=False,
        help_text=(
            "One entrant a line, its players' names separated by '&', ' and ', '/' or ',' (a team of four "
            "N, S, E, W; teams of more than eight begin 'Team 1: '). A name is matched to the roster by name "
            "or member number, any case ('Ann Lee (123)' where two share a name); a name on no roster entry "
            "is added to the roster as a visitor, unless it is near a roster name ('Margret Quill', "
            "'M. Quill'): then the list is refused with `did_you_mean`, and `choices` answers. "
            f"At most {entrant_names.MAX_LINES} lines; all are added or none."
        ),
    )
    choices = serializers.DictField(
        child=serializers.CharField(max_length=20),
        required=False,
        default=dict,
        help_text=(
            "For a name on no roster entry, as typed: the id of the player meant, 'visitor', or 'member' "
            f"(a new member). At most {entrant_names.MAX_CHOICES}."
        ),
    )


class RosterEntrySerializer(serializers.Serializer):
    """A player of the roster, as a list named them."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    member_number = serializers.CharField()
    visitor = serializers.BooleanField(help_text="A visitor, not a member (the ladder ranks members only).")


class EntrantNamesAddedSerializer(serializers.Serializer):
    """What a list added: the entrants, the players new on the roster, the retired ones made active."""

    entrants = EntrantSerializer(many=True)
    new_players = RosterEntrySerializer(
        many=True, help_text="Names on no roster entry, added to it (each says whether a visitor)."
    )
    active_again = RosterEntrySerializer(many=True, help_text="Inactive players named, made active again.")


class PreviousNamesSerializer(serializers.Serializer):
    """The club's last session of this kind, its entrants as a list to edit and send back."""

    session = serializers.IntegerField(allow_null=True, help_text="That session's id (null: none).")
    text = serializers.CharField(allow_blank=True, help_text="Its entrants, one a line; phantoms left out.")
    left_out = serializers.IntegerField(help_text="Its entrants with a player entered here already.")


@extend_schema(tags=["entrants"], parameters=[SESSION_ID])
class EntrantNamesView(DirectorView):
    """Entrants as a list of names: last week's to start from; and a list to enter, all or none."""

    @extend_schema(
        operation_id="entrants_names_previous", responses={200: PreviousNamesSerializer, **errors(401, 404)}
    )
    def get(self, request: Request, pk: int) -> Response:
        """The entrants of the club's most recent earlier session of the same kind, as a list."""
        found = entrant_names.previous_entrants(self.director_session(pk))
        session = found.session.pk if found.session else None
        return Response({"session": session, "text": found.text, "left_out": found.left_out})

    @extend_schema(
        operation_id="entrants_names_add",
        request=EntrantNamesSerializer,
        responses={201: EntrantNamesAddedSerializer, **errors(400, 401, 404)},
        description=(
            "A refused list adds nothing: the 400 says why under `text`, and `problems` names each line at "
            "fault ('Line 3: Ann Lee is already entered (pair 2).'). A name near a roster entry is asked "
            "about: `did_you_mean` lists each such name, its lines and the players it may mean; send the "
            "list again with `choices`."
        ),
    )
    def post(self, request: Request, pk: int) -> Response:
        """Enter the list before the start (the movement re-seats if it can)."""
        session = self.director_session(pk)
        form = EntrantNamesSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        added = entrant_names.entrants_add_names(
            session=session,
            text=form.validated_data["text"],
            choices=form.validated_data["choices"],
            user=request.user,
        )
        body = {
            "entrants": EntrantSerializer(added.entrants, many=True).data,
            "new_players": [_roster_entry(p) for p in added.new_players],
            "active_again": [_roster_entry(p) for p in added.active_again],
        }
        return Response(body, status=status.HTTP_201_CREATED)


def _roster_entry(player: Player) -> dict[str, Any]:
    """A roster player as the answer names them."""
    return {
        "id": player.pk,
        "name": player.name,
        "member_number": player.member_number,
        "visitor": player.visitor,
    }


@extend_schema(tags=["entrants"], parameters=[SESSION_ID, ENTRANT_NUMBER])
class EntrantDetailView(DirectorView):
    """One entrant: read, name (its label), or withdraw before the start."""

    @extend_schema(operation_id="entrants_retrieve", responses={200: EntrantSerializer, **errors(401, 404)})
    def get(self, request: Request, pk: int, number: int) -> Response:
        """The entrant and its players."""
        return Response(EntrantSerializer(session_entrant(self.director_session(pk), number)).data)

    @extend_schema(
        operation_id="entrants_label",
        request=EntrantLabelSerializer,
        responses={200: EntrantSerializer, **errors(400, 401, 404)},
        description="At any time: the session's pages and downloads show the new label at once.",
    )
    def patch(self, request: Request, pk: int, number: int) -> Response:
        """Give the entrant the director's own name, or none (a blank label)."""
        entrant = session_entrant(self.director_session(pk), number)
        form = EntrantLabelSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        entrant = sessions.entrant_label_set(
            entrant=entrant, label=form.validated_data["label"], user=request.user
        )
        return Response(EntrantSerializer(entrant).data)

    @extend_schema(operation_id="entrants_withdraw", responses={204: None, **errors(400, 401, 404)})
    def delete(self, request: Request, pk: int, number: int) -> Response:
        """Withdraw it; the higher numbers close the gap."""
        entrant = session_entrant(self.director_session(pk), number)
        setup.entrant_withdraw(entrant=entrant, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=["entrants"], parameters=[SESSION_ID])
class PhantomAddView(DirectorView):
    """Make an odd number of pairs even with a phantom pair (its opponents sit out, p. 38)."""

    @extend_schema(
        operation_id="entrants_phantom_add",
        request=None,
        responses={201: EntrantSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Add the phantom pair."""
        phantom = setup.phantom_add(session=self.director_session(pk), user=request.user)
        return Response(EntrantSerializer(phantom).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["entrants"], parameters=[SESSION_ID])
class SubstituteView(DirectorView):
    """A substitute sits in a player's seats from a round on; the pair keeps its number."""

    @extend_schema(
        operation_id="entrants_substitute",
        request=SubstituteSerializer,
        responses={200: SubstituteResultSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Substitute the player."""
        session = self.director_session(pk)
        form = SubstituteSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        seats = running.seat_substitute(
            session=session,
            from_round=data["from_round"],
            user=request.user,
            player_out=roster_players(session, [data["player_out"]], field="player_out")[0],
            player_in=roster_players(session, [data["player_in"]], field="player_in")[0],
        )
        return Response({"seats": seats})


class EntrantLinkSerializer(serializers.ModelSerializer):
    """An entrant's own private link (the QR code on its card): a phone that holds it follows the entrant."""

    entrant = serializers.IntegerField(source="entrant.number", read_only=True)
    url = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()
    phones = serializers.SerializerMethodField(help_text="Phones that follow the entrant by a pass now.")
    refused = serializers.IntegerField(
        source="join_failures", read_only=True, help_text="Wrong codes typed for it since it was released."
    )

    class Meta:
        model = EntrantLink
        fields = ["id", "entrant", "side", "token", "revoked", "url", "api_url", "phones", "refused"]
        read_only_fields = fields

    def get_phones(self, link: EntrantLink) -> list[dict[str, Any]]:
        """Each phone that follows it: how it claimed (said at a table, or with the code), where, when."""
        passes = link.passes.filter(ended_at__isnull=True).select_related("table").order_by("created_at")
        return [
            {"via": p.via, "table": p.table.number if p.table else None, "since": p.created_at.isoformat()}
            for p in passes
        ]

    def get_url(self, link: EntrantLink) -> str:
        """The entrant's phone page."""
        return f"{settings.SITE_URL}/p/{link.token}/"

    def get_api_url(self, link: EntrantLink) -> str:
        """The entrant's own API."""
        return f"{settings.SITE_URL}/api/v1/entrant-links/{link.token}/"


LINK_ID = OpenApiParameter("link_id", int, OpenApiParameter.PATH, description="The link's id.")


@extend_schema(tags=["entrants"], parameters=[SESSION_ID])
class EntrantLinkListView(DirectorView):
    """Every entrant's own link (each pair of a team of four has its own)."""

    @extend_schema(
        operation_id="entrant_links_list",
        responses={200: EntrantLinkSerializer(many=True), **errors(401, 404)},
    )
    def get(self, request: Request, pk: int) -> Response:
        """The links, by entrant number."""
        session = self.director_session(pk)
        links = (
            EntrantLink.objects.filter(session=session)
            .select_related("entrant")
            .order_by("entrant__number", "side")
        )
        return Response(EntrantLinkSerializer(links, many=True).data)


@extend_schema(tags=["entrants"], parameters=[SESSION_ID, LINK_ID], request=None)
class EntrantLinkActionView(DirectorView):
    """Revoke an entrant's link (``revoke``), issue it a new one (``new``), or end every phone that
    follows it by a pass (``release``: it may be claimed again)."""

    @extend_schema(
        operation_id="entrant_links_change", responses={200: EntrantLinkSerializer, **errors(400, 401, 404)}
    )
    def post(self, request: Request, pk: int, link_id: int, action: str) -> Response:
        """Change the link and answer with it."""
        link = EntrantLink.objects.filter(session=self.director_session(pk), pk=link_id).first()
        if link is None:
            raise NotFound("There is no such link.")
        if action == "release":
            entrant_release_phones(link=link, user=request.user)
            return Response(EntrantLinkSerializer(link).data)
        change = {"revoke": running.entrant_revoke_link, "new": running.entrant_new_link}.get(action)
        if change is None:
            raise NotFound("Revoke a link, issue a new one, or release its phones.")
        return Response(EntrantLinkSerializer(change(link=link, user=request.user)).data)


urlpatterns = [
    path("sessions/<int:pk>/entrant-links/", EntrantLinkListView.as_view(), name="entrant-link-list"),
    path(
        "sessions/<int:pk>/entrant-links/<int:link_id>/<str:action>/",
        EntrantLinkActionView.as_view(),
        name="entrant-link-change",
    ),
    path("sessions/<int:pk>/entrants/", EntrantListView.as_view(), name="entrant-list"),
    path("sessions/<int:pk>/entrants/phantom/", PhantomAddView.as_view(), name="entrant-phantom-add"),
    path("sessions/<int:pk>/entrants/names/", EntrantNamesView.as_view(), name="entrant-names"),
    path("sessions/<int:pk>/entrants/<int:number>/", EntrantDetailView.as_view(), name="entrant-detail"),
    path("sessions/<int:pk>/substitute/", SubstituteView.as_view(), name="session-substitute"),
]
