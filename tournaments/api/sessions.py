"""Sessions: create, read, the actions of their life (start, advance, reopen), tables and switches.

Closing and publishing score the slips, so they live with the scoring side
(``scoring/api/standings.py``), as do the public's views of a published
session; everything else about a session is here.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.urls import path
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from ..models import EntrantKind, ScoringMethod, Series, Session, Table
from ..selectors import running_score_reach, slips_version
from ..services import running, sessions
from ..services.club import clubs_directed_by
from ..services.errors import NotFound, UserError
from ..services.phones import session_phones_claim
from ..services.sessions import default_scoring
from . import ID_MAX, errors
from .clubs import CLUB_SLUG
from .permissions import DirectorView, Paginated

Status = Session.Status

#: ``<int:pk>`` in the URLs; the schema calls it ``id`` (drf-spectacular's coercion of pk).
SESSION_ID = OpenApiParameter(
    "id",
    int,
    OpenApiParameter.PATH,
    description="The session's id.",
    examples=[
        OpenApiExample("the demo's running Mitchell", value=2),
        OpenApiExample("the demo's published Howell", value=1),
    ],
)


TABLE_NUMBER = OpenApiParameter("number", int, OpenApiParameter.PATH, description="The table's number.")


class PublishingSerializer(serializers.Serializer):
    """What the public (and the tables) may see of a session."""

    standings = serializers.BooleanField(required=False)
    travellers = serializers.BooleanField(required=False)
    hand_records = serializers.BooleanField(required=False)
    running_score = serializers.BooleanField(
        required=False, help_text="Tables see the running score (complete trays only)."
    )
    running_score_hidden_rounds = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=999,
        help_text="Hide the running score for this many last rounds.",
    )
    phones_claim = serializers.BooleanField(
        required=False,
        help_text="A phone may say at a table's code which pair it is (off: only each pair's own QR code).",
    )
    running_score_first_round = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="The first round in which a tray is complete, so the running score can move (a Mitchell: "
        "the last round).",
    )
    running_score_warning = serializers.CharField(
        read_only=True, help_text="Why the tables would never see the running score as set, or empty."
    )


def publishing(session: Session) -> dict[str, Any]:
    """A session's publishing switches as the API names them."""
    reach = running_score_reach(session=session)
    return {
        "standings": session.publish_standings,
        "travellers": session.publish_travellers,
        "hand_records": session.publish_hand_records,
        "running_score": session.show_running_score,
        "running_score_hidden_rounds": session.running_score_hidden_rounds,
        "phones_claim": session.phones_claim,
        "running_score_first_round": reach.first_round,
        "running_score_warning": reach.warning() if session.show_running_score else "",
    }


class SessionSerializer(serializers.ModelSerializer):
    """A session as its director sees it."""

    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    rounds = serializers.SerializerMethodField()
    tables = serializers.SerializerMethodField()
    publishing = serializers.SerializerMethodField()
    results_version = serializers.SerializerMethodField(
        help_text="Grows with every change to the session's slips (the tables' sends and the director's)."
    )
    declared_trump = serializers.CharField(
        read_only=True,
        help_text="A suit declared trumps for the sitting (S, H, D, C; Law IV, Sec. 11), or blank.",
    )
    provisional = serializers.SerializerMethodField(
        help_text="Published, and the results still provisional (before provisional_until): a correction"
        " is made with a reason and shown on the public pages; after it they are final, and are changed"
        " only by reopening with a reason."
    )

    class Meta:
        model = Session
        fields = [
            "id",
            "club",
            "series",
            "date",
            "title",
            "entrant_kind",
            "scoring_method",
            "status",
            "current_round",
            "rounds",
            "tables",
            "trays_count",
            "deals_per_round",
            "movement_family",
            "movement_variant",
            "declared_trump",
            "tables_advance",
            "publishing",
            "results_version",
            "published_at",
            "provisional_until",
            "provisional",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_provisional(self, session: Session) -> bool:
        """Whether the published results are still provisional."""
        return session.provisional()

    def get_rounds(self, session: Session) -> int:
        """How many rounds the movement has."""
        return session.rounds.count()

    def get_tables(self, session: Session) -> int:
        """How many tables the movement uses."""
        return session.tables.count()

    def get_results_version(self, session: Session) -> int:
        """The slips' version: the session's own count and its tables'."""
        return slips_version(session_id=session.pk)

    @extend_schema_field(PublishingSerializer)
    def get_publishing(self, session: Session) -> dict[str, Any]:
        """The publishing switches."""
        return publishing(session)


class SessionCreateSerializer(serializers.Serializer):
    """A new session, in draft."""

    date = serializers.DateField()
    title = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
    entrant_kind = serializers.ChoiceField(EntrantKind.choices, default=EntrantKind.PAIRS)
    scoring_method = serializers.ChoiceField(
        ScoringMethod.choices,
        required=False,
        help_text="By default the page's: trick for pairs, individual for individuals, team-match for teams.",
    )
    series = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=ID_MAX,
        help_text="A series (club tournament or ladder) of this club.",
    )


class TableLinkSerializer(serializers.ModelSerializer):
    """A table and its private link (what its QR code opens)."""

    url = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = ["number", "token", "token_revoked", "url", "api_url"]
        read_only_fields = fields

    def get_url(self, table: Table) -> str:
        """The table page."""
        return f"{settings.SITE_URL}/t/{table.token}/"

    def get_api_url(self, table: Table) -> str:
        """The table's own API."""
        return f"{settings.SITE_URL}/api/v1/tables/{table.token}/"


class TablesAdvanceSerializer(serializers.Serializer):
    """Tables move on by themselves, or wait for the director (held at ``room_round``)."""

    on = serializers.BooleanField()
    room_round = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=1000)


class SessionFilterSerializer(serializers.Serializer):
    """Which sessions to list: one club's, in one state."""

    club = serializers.SlugField(required=False, allow_blank=True, max_length=60, help_text="A club's slug.")
    status = serializers.ChoiceField(Status.choices, required=False, allow_blank=True)


class SessionListView(DirectorView, Paginated):
    """Every session of the clubs the user directs, newest first."""

    serializer_class = SessionSerializer

    def get_queryset(self) -> QuerySet[Session]:
        """The user's sessions, filtered by club and status if asked."""
        query = SessionFilterSerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        qs = Session.objects.filter(club__in=clubs_directed_by(user=self.request.user)).select_related("club")
        lookups = {"club": "club__slug", "status": "status"}
        return qs.filter(**{lookups[k]: v for k, v in query.validated_data.items() if v})  # blank: any

    @extend_schema(
        tags=["sessions"],
        operation_id="sessions_list",
        parameters=[SessionFilterSerializer],
        responses={200: SessionSerializer(many=True), **errors(400, 401)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List the user's sessions."""
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["sessions"], parameters=[CLUB_SLUG])
class ClubSessionListView(DirectorView, Paginated):
    """A club's sessions; and a new one."""

    serializer_class = SessionSerializer

    def get_queryset(self) -> QuerySet[Session]:
        """Every session of the club."""
        return self.director_club(self.kwargs["slug"]).sessions.select_related("club")

    @extend_schema(
        operation_id="club_sessions_list", responses={200: SessionSerializer(many=True), **errors(401, 404)}
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List the club's sessions."""
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="club_sessions_create",
        request=SessionCreateSerializer,
        responses={201: SessionSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, slug: str) -> Response:
        """Open a new session in draft."""
        club = self.director_club(slug)
        form = SessionCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        data.setdefault("scoring_method", default_scoring(data["entrant_kind"]))
        series = None
        if data.pop("series") is not None:
            series = Series.objects.filter(club=club, pk=form.validated_data["series"]).first()
            if series is None:
                raise UserError("No such series in this club.", field="series")
        session = sessions.session_create(club=club, series=series, user=request.user, **data)
        return Response(SessionSerializer(session).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class SessionDetailView(DirectorView):
    """One session of the user's."""

    @extend_schema(operation_id="sessions_retrieve", responses={200: SessionSerializer, **errors(401, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """The session."""
        return Response(SessionSerializer(self.director_session(pk)).data)


@extend_schema(
    tags=["sessions"],
    parameters=[SESSION_ID],
    request=None,
    responses={200: SessionSerializer, **errors(400, 401, 404)},
)
class SessionActionView(DirectorView):
    """A step in the session's life; subclasses say which service."""

    @abstractmethod
    def act(self, session: Session, user: Any) -> Session:
        """Call the service."""

    def post(self, request: Request, pk: int) -> Response:
        """Take the step and answer with the session as it now is."""
        session = self.act(self.director_session(pk), request.user)
        session.refresh_from_db()
        return Response(SessionSerializer(session).data)


class SessionStartView(SessionActionView):
    """Start: the seating is fixed, the tables' links open, round 1 begins."""

    @extend_schema(operation_id="sessions_start")
    def post(self, request: Request, pk: int) -> Response:
        """Start the session."""
        return super().post(request, pk)

    def act(self, session: Session, user: Any) -> Session:
        """``session_start``."""
        return sessions.session_start(session=session, user=user)


class SessionAdvanceView(SessionActionView):
    """Move the whole room to the next round (the director's call)."""

    @extend_schema(operation_id="sessions_advance")
    def post(self, request: Request, pk: int) -> Response:
        """Advance the room."""
        return super().post(request, pk)

    def act(self, session: Session, user: Any) -> Session:
        """``session_advance``."""
        return sessions.session_advance(session=session, user=user)


class ReopenSerializer(serializers.Serializer):
    """Why the session is reopened: required when its published results are final."""

    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)


class SessionReopenView(SessionActionView):
    """One step back: a published session to closed, a closed one to running."""

    @extend_schema(
        operation_id="sessions_reopen",
        request=ReopenSerializer,
        responses={200: SessionSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Reopen the session; final results only with a ``reason``, shown on the public pages."""
        form = ReopenSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        self.reason = form.validated_data["reason"]
        return super().post(request, pk)

    def act(self, session: Session, user: Any) -> Session:
        """``session_reopen``: one step back."""
        return sessions.session_reopen(session=session, reason=self.reason, user=user)


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class SessionPublishingView(DirectorView):
    """The publishing switches: standings, travellers, hand records, the tables' running score."""

    @extend_schema(
        operation_id="sessions_publishing_retrieve", responses={200: PublishingSerializer, **errors(401, 404)}
    )
    def get(self, request: Request, pk: int) -> Response:
        """The switches as they are."""
        return Response(publishing(self.director_session(pk)))

    @extend_schema(
        operation_id="sessions_publishing_update",
        request=PublishingSerializer,
        responses={200: PublishingSerializer, **errors(400, 401, 404)},
    )
    def patch(self, request: Request, pk: int) -> Response:
        """Turn switches on or off; those left out stay as they are."""
        session = self.director_session(pk)
        form = PublishingSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        switches = dict(form.validated_data)
        claims = switches.pop("phones_claim", None)
        if switches or claims is None:
            session = sessions.session_publish_switches(session=session, user=request.user, **switches)
        if claims is not None:
            session = session_phones_claim(session=session, on=claims, user=request.user)
        return Response(publishing(session))


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class SessionTablesView(DirectorView):
    """The session's tables and their private links (for the QR codes)."""

    @extend_schema(
        operation_id="sessions_tables_list",
        responses={200: TableLinkSerializer(many=True), **errors(401, 404)},
    )
    def get(self, request: Request, pk: int) -> Response:
        """Every table of the session, with its link."""
        session = self.director_session(pk)
        return Response(TableLinkSerializer(session.tables.order_by("number"), many=True).data)


@extend_schema(
    tags=["sessions"],
    parameters=[SESSION_ID, TABLE_NUMBER],
    request=None,
    responses={200: TableLinkSerializer, **errors(401, 404)},
)
class TableLinkActionView(DirectorView):
    """Revoke a table's link, or issue it a new one."""

    @abstractmethod
    def act(self, table: Table, user: Any) -> Table:
        """Call the service."""

    def post(self, request: Request, pk: int, number: int) -> Response:
        """Change the link and answer with the table."""
        table = self.director_session(pk).tables.filter(number=number).first()
        if table is None:
            raise NotFound(f"There is no table {number}.")
        return Response(TableLinkSerializer(self.act(table, request.user)).data)


class TableRevokeView(TableLinkActionView):
    """Stop a table's link working (a lost phone)."""

    @extend_schema(operation_id="sessions_tables_revoke")
    def post(self, request: Request, pk: int, number: int) -> Response:
        """Revoke the link."""
        return super().post(request, pk, number)

    def act(self, table: Table, user: Any) -> Table:
        """``table_revoke_link``."""
        return running.table_revoke_link(table=table, user=user)


class TableNewLinkView(TableLinkActionView):
    """Issue a table a new link; the old one stops at once."""

    @extend_schema(operation_id="sessions_tables_new_link")
    def post(self, request: Request, pk: int, number: int) -> Response:
        """A new link."""
        return super().post(request, pk, number)

    def act(self, table: Table, user: Any) -> Table:
        """``table_new_link``."""
        return running.table_new_link(table=table, user=user)


urlpatterns = [
    path("sessions/", SessionListView.as_view(), name="session-list"),
    path("clubs/<slug:slug>/sessions/", ClubSessionListView.as_view(), name="club-session-list"),
    path("sessions/<int:pk>/", SessionDetailView.as_view(), name="session-detail"),
    path("sessions/<int:pk>/start/", SessionStartView.as_view(), name="session-start"),
    path("sessions/<int:pk>/advance/", SessionAdvanceView.as_view(), name="session-advance"),
    path("sessions/<int:pk>/reopen/", SessionReopenView.as_view(), name="session-reopen"),
    path("sessions/<int:pk>/publishing/", SessionPublishingView.as_view(), name="session-publishing"),
    path("sessions/<int:pk>/tables/", SessionTablesView.as_view(), name="session-tables"),
    path("sessions/<int:pk>/tables/<int:number>/revoke/", TableRevokeView.as_view(), name="table-revoke"),
    path(
        "sessions/<int:pk>/tables/<int:number>/new-link/", TableNewLinkView.as_view(), name="table-new-link"
    ),
]
