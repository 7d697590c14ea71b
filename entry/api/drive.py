"""The whist drive's API (p. 24): set it up, follow it, enter results, seat changes; players' links; prizes.

Directors: ``sessions/{id}/drive/`` (GET the drive; POST its options and
the first change drawn by lot, before the start), ``drive/results/`` (a
table's result of the change in play), ``drive/next/`` (seat the next
change once every table has sent: it is seated by itself when the last
result comes in), and ``sessions/{id}/prizes/`` (the prize list, any
session). The public: ``public/clubs/{slug}/sessions/{id}/prizes/`` once
the standings are published. A player's phone, by his own token:
``entrant-links/{token}/drive/`` (where to sit, the move, his card),
``drive/result/`` (which side won and the points made, or the N-S
tricks) and ``drive/check/``. Every rule is ``services.drive``'s; every
read ``selectors.drive``'s, through the visibility rule.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from entry.api.own_link import OwnLinkView
from entry.api.slips import SlipLineSerializer, line_data
from entry.inputs import SMALL, ConfirmSerializer
from entry.inputs_drive import DriveDisputeSerializer, DriveResultSerializer, PhoneResultSerializer
from entry.selectors.drive import (
    BoardChange,
    DriveBoard,
    DrivePlayerPage,
    drive_board,
    drive_of,
    drive_player_page,
    drive_stamp,
    page_json,
)
from entry.send.door import key_of
from entry.services.drive import drive_advance, drive_check, drive_dispute, drive_enter, drive_submit
from scoring.api import dataclass_schema
from scoring.api.standings import PublicScoresView, public_session
from scoring.selectors.prizes import PrizeLine, prizes_or_problem, prizes_seen
from scoring.selectors.public import public_sight
from scoring.visibility import DIRECTOR, sight
from tournaments.api import errors
from tournaments.api.clubs import CLUB_SLUG
from tournaments.api.permissions import DirectorView
from tournaments.api.sessions import SESSION_ID
from tournaments.models import Drive, ScoringMethod, Session
from tournaments.services.drive import drive_setup
from tournaments.services.errors import Conflict, NotFound, UserError

PRIZES = {"type": "array", "items": dataclass_schema(PrizeLine)}


class DriveSetupSerializer(serializers.Serializer):
    """A whist drive's options; the first change is drawn by lot from the session's players."""

    method = serializers.ChoiceField(Drive.Method.choices)
    changes = serializers.IntegerField(min_value=1, max_value=200, help_text="Deals at every table.")
    scoring_method = serializers.CharField(
        default=ScoringMethod.POINTS, max_length=20, help_text="points, or counters (p. 24)."
    )
    exchange_at_head = serializers.BooleanField(
        default=False, help_text="First Method: the winners at table 1 also change partners (p. 24)."
    )
    prizes = serializers.IntegerField(min_value=1, max_value=50, default=3)
    booby = serializers.BooleanField(default=False, help_text="A booby prize for the last place.")


class DirectorResultSerializer(DriveResultSerializer):
    """A table's result of the change in play, entered by the director (checked at once)."""

    table = serializers.IntegerField(min_value=1, max_value=SMALL)


class DriveSentSerializer(serializers.Serializer):
    """The line stored, and the number of the change it seated (null unless it completed one)."""

    line = SlipLineSerializer()
    seated = serializers.IntegerField(allow_null=True)


class StampSerializer(serializers.Serializer):
    """A digest of what a player's page depends on."""

    stamp = serializers.CharField()


class SeatedSerializer(serializers.Serializer):
    """The change just seated."""

    seated = serializers.IntegerField()


DRIVE_SCHEMA = {
    "type": "object",
    "properties": {
        "method": {"type": "string"},
        "changes_planned": {"type": "integer"},
        "exchange_at_head": {"type": "boolean"},
        "prizes_offered": {"type": "integer"},
        "booby": {"type": "boolean"},
        "tables": {"type": "integer"},
        "players": {"type": "integer"},
        "changes": {"type": "array", "items": dataclass_schema(BoardChange)},
        "prizes": {**PRIZES, "nullable": True},
        "can_seat_next": {"type": "boolean"},
        "prize_problem": {"type": "string"},
    },
}


def board_json(board: DriveBoard) -> dict[str, Any]:
    """The director's drive as JSON."""
    drive = board.drive
    return {
        "method": drive.method,
        "changes_planned": drive.changes,
        "exchange_at_head": drive.exchange_at_head,
        "prizes_offered": drive.prizes,
        "booby": drive.booby,
        "tables": board.tables,
        "players": board.players,
        "changes": [asdict(c) for c in board.changes],
        "prizes": None if board.prizes is None else [asdict(p) for p in board.prizes],
        "can_seat_next": board.can_seat_next,
        "prize_problem": board.prize_problem,
    }


class DriveDirectorView(DirectorView):
    """A director's drive endpoint: the session, and its drive (404 for a session that is none)."""

    def drive_session(self, pk: int) -> Any:
        session = self.director_session(pk)
        drive_of(session)
        return session


@extend_schema(tags=["drive"], parameters=[SESSION_ID])
class DriveView(DirectorView):
    """A session's whist drive: read it, or set it up (before the start)."""

    @extend_schema(operation_id="drive_retrieve", responses={200: DRIVE_SCHEMA, **errors(401, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """The options, every change seated with its tables and results, the prize list."""
        session = self.director_session(pk)
        return Response(
            board_json(drive_board(session=session, seen=sight(viewer=DIRECTOR, session=session)))
        )

    @extend_schema(
        operation_id="drive_setup",
        request=DriveSetupSerializer,
        responses={200: DRIVE_SCHEMA, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Make a draft session of individuals a whist drive and draw its first change by lot."""
        session = self.director_session(pk)
        form = DriveSetupSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        drive_setup(session=session, user=request.user, **form.validated_data)
        return Response(
            board_json(drive_board(session=session, seen=sight(viewer=DIRECTOR, session=session)))
        )


@extend_schema(tags=["drive"], parameters=[SESSION_ID])
class DriveResultsView(DriveDirectorView):
    """The director enters a table's result of the change in play."""

    @extend_schema(
        operation_id="drive_result_enter",
        request=DirectorResultSerializer,
        responses={201: DriveSentSerializer, **errors(400, 401, 404, 409)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Store it (checked); the last table's result seats the next change."""
        session = self.drive_session(pk)
        form = DirectorResultSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        sent = drive_enter(session=session, user=request.user, table_number=data.pop("table"), **data)
        body = {
            "line": line_data(sent.outcome.line),
            "seated": sent.seated and sent.seated.number,
        }
        return Response(body, status=status.HTTP_201_CREATED)


@extend_schema(tags=["drive"], parameters=[SESSION_ID], request=None)
class DriveNextView(DriveDirectorView):
    """Seat the next change once every table of this one has sent."""

    @extend_schema(operation_id="drive_next", responses={200: SeatedSerializer, **errors(400, 401, 404)})
    def post(self, request: Request, pk: int) -> Response:
        """Seat it (it is seated by itself when the last result comes in)."""
        seated = drive_advance(session=self.drive_session(pk), user=request.user)
        if seated is None:
            raise UserError(
                "The next change cannot be seated yet: a table has not sent, or the drive is over."
            )
        return Response({"seated": seated.number})


@extend_schema(tags=["drive"], parameters=[SESSION_ID])
class PrizesView(DirectorView):
    """The prize list of any session: the best first, ties sharing the place (p. 24), the booby if offered."""

    @extend_schema(operation_id="prizes_retrieve", responses={200: PRIZES, **errors(401, 404, 409)})
    def get(self, request: Request, pk: int) -> Response:
        """The places that win a prize (409 while a slip cannot be scored: the director's to fix)."""
        session = self.director_session(pk)
        prizes, problem = prizes_or_problem(session=session, sight=sight(viewer=DIRECTOR, session=session))
        if problem:
            raise Conflict(problem)
        return Response([asdict(p) for p in prizes or []])


@extend_schema(tags=["public"], parameters=[CLUB_SLUG, SESSION_ID])
class PublicPrizesView(PublicScoresView):
    """The prize list of a session whose standings are published."""

    @extend_schema(operation_id="public_prizes", responses={200: PRIZES, **errors(404)})
    def get(self, request: Request, slug: str, pk: int) -> Response:
        """The places that win a prize."""
        session = public_session(slug, pk)
        prizes = prizes_seen(session=session, sight=public_sight(session))
        if prizes is None:
            raise NotFound("The standings are not published.")
        return Response([asdict(p) for p in prizes])


class PlayerView(OwnLinkView):
    """A player's own link at a whist drive (any other link: 404)."""

    def require(self, session: Session) -> None:
        """A whist drive's link only."""
        drive_of(session)


@extend_schema(tags=["tables"], parameters=[OpenApiParameter("token", str, OpenApiParameter.PATH)])
class PlayerStateView(PlayerView):
    """Where the player sits now, the result of his table, how he came there, his card, the prizes."""

    @extend_schema(
        operation_id="drive_player_state",
        responses={200: dataclass_schema(DrivePlayerPage), **errors(404, 429)},
    )
    def get(self, request: Request, token: str) -> Response:
        """The player's page as JSON."""
        return Response(page_json(drive_player_page(phone=self.phone)))


@extend_schema(tags=["tables"], parameters=[OpenApiParameter("token", str, OpenApiParameter.PATH)])
class PlayerResultView(PlayerView):
    """Send the table's result of the change in play, once."""

    @extend_schema(
        operation_id="drive_player_result",
        request=PhoneResultSerializer,
        responses={201: DriveSentSerializer, 200: DriveSentSerializer, **errors(400, 404, 409, 429)},
    )
    def post(self, request: Request, token: str) -> Response:
        """Store it; the last table's result seats the next change."""
        form = PhoneResultSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        key = key_of(data, request.headers)
        data.pop("key", None)
        sent = drive_submit(phone=self.phone, device="api", idempotency_key=key, **data)
        body = {
            "line": line_data(sent.outcome.line),
            "seated": sent.seated and sent.seated.number,
        }
        return Response(body, status=status.HTTP_201_CREATED if sent.outcome.created else status.HTTP_200_OK)


@extend_schema(tags=["tables"], parameters=[OpenApiParameter("token", str, OpenApiParameter.PATH)])
class PlayerCheckView(PlayerView):
    """The other side agrees with the result sent from the player's table."""

    @extend_schema(
        operation_id="drive_player_check",
        request=ConfirmSerializer,
        responses={200: SlipLineSerializer, **errors(400, 404, 409, 429)},
    )
    def post(self, request: Request, token: str) -> Response:
        """Check it, at the version seen."""
        form = ConfirmSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        line = drive_check(phone=self.phone, version=form.validated_data.get("version"))
        return Response(line_data(line))


@extend_schema(tags=["tables"], parameters=[OpenApiParameter("token", str, OpenApiParameter.PATH)])
class PlayerStampView(PlayerView):
    """What the player's page depends on, in a few small reads: poll it, and read the page when it moves."""

    @extend_schema(operation_id="drive_player_stamp", responses={200: StampSerializer, **errors(404, 429)})
    def get(self, request: Request, token: str) -> Response:
        """The stamp."""
        return Response({"stamp": drive_stamp(phone=self.phone)})


@extend_schema(tags=["tables"], parameters=[OpenApiParameter("token", str, OpenApiParameter.PATH)])
class PlayerDisputeView(PlayerView):
    """The other side disagrees with the result sent from its table: its count goes to the director."""

    @extend_schema(
        operation_id="drive_player_dispute",
        request=DriveDisputeSerializer,
        responses={200: SlipLineSerializer, **errors(400, 404, 409, 429)},
    )
    def post(self, request: Request, token: str) -> Response:
        """Send the count."""
        form = DriveDisputeSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        line = drive_dispute(phone=self.phone, **form.validated_data)
        return Response(line_data(line))


urlpatterns = [
    path("sessions/<int:pk>/drive/", DriveView.as_view(), name="drive"),
    path("sessions/<int:pk>/drive/results/", DriveResultsView.as_view(), name="drive-results"),
    path("sessions/<int:pk>/drive/next/", DriveNextView.as_view(), name="drive-next"),
    path("sessions/<int:pk>/prizes/", PrizesView.as_view(), name="session-prizes"),
    path(
        "public/clubs/<slug:slug>/sessions/<int:pk>/prizes/", PublicPrizesView.as_view(), name="public-prizes"
    ),
    path("entrant-links/<link:token>/drive/", PlayerStateView.as_view(), name="entrant-link-drive"),
    path(
        "entrant-links/<link:token>/drive/result/",
        PlayerResultView.as_view(),
        name="entrant-link-drive-result",
    ),
    path(
        "entrant-links/<link:token>/drive/check/",
        PlayerCheckView.as_view(),
        name="entrant-link-drive-check",
    ),
    path(
        "entrant-links/<link:token>/drive/dispute/",
        PlayerDisputeView.as_view(),
        name="entrant-link-drive-dispute",
    ),
    path(
        "entrant-links/<link:token>/drive/stamp/", PlayerStampView.as_view(), name="entrant-link-drive-stamp"
    ),
]
