"""Slip lines for the director: enter, confirm, correct (with a reason), history; awards; travellers.

Every rule is in ``entry.services.results`` and ``entry.services.directing``;
these views parse, call, and answer. A result entered here is ``via=api``
and the director's rules apply (any tray, any round); a table's own entry
goes through ``entry/api/tables.py`` with the table page's rules.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.db.models import QuerySet
from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from entry.inputs import SMALL, ConfirmSerializer, PhoneSubmitSerializer
from entry.selectors.board import board_to_json, line_versions, session_board
from entry.send import Sender, Standing, send_of, submit
from entry.send.rows import LineRow
from entry.services import directing
from entry.services.results import (
    MAX_REVOKES,
    SubmitOutcome,
    result_award,
    result_confirm,
    result_correct,
)
from scoring.api.standings import TRAVELLER
from scoring.models import AWARD_CHOICES, LAW_CHOICES, SlipLine, SlipLineVersion, Via
from scoring.scorers.types import ScoringError
from scoring.selectors.travellers import TravellerLine, law_name, traveller_lines
from scoring.visibility import DIRECTOR, sight
from tournaments.api import errors
from tournaments.api.entrants import ENTRANT_NUMBER, EntrantSerializer, session_entrant
from tournaments.api.permissions import DirectorView, Paginated
from tournaments.api.sessions import SESSION_ID, SessionSerializer, TablesAdvanceSerializer
from tournaments.api.trays import TRAY_NUMBER, TraySerializer, session_tray
from tournaments.models import Tray
from tournaments.services.errors import NotFound, UserError

#: The awards each way. Labelled by side so that the schema names one enum per field
#: (drf-spectacular tells choice sets apart by their labels).
NS_AWARDS = [(value, f"N-S {label}" if value else label) for value, label in AWARD_CHOICES]
EW_AWARDS = [(value, f"E-W {label}" if value else label) for value, label in AWARD_CHOICES]
LINE_ID = OpenApiParameter("line_id", int, OpenApiParameter.PATH, description="The slip line's id.")


class SlipLineSerializer(serializers.ModelSerializer):
    """One line of a traveling slip: a table's result on a tray (numbers as the book numbers them)."""

    tray = serializers.IntegerField(source="tray.number")
    table = serializers.IntegerField(source="table.number")
    round = serializers.IntegerField(source="round.number")
    ns = serializers.IntegerField(source="ns.number", allow_null=True, default=None)
    ew = serializers.IntegerField(source="ew.number", allow_null=True, default=None)
    ew_tricks = serializers.IntegerField(allow_null=True)
    ns_award = serializers.ChoiceField(NS_AWARDS, read_only=True)
    ew_award = serializers.ChoiceField(EW_AWARDS, read_only=True)
    law = serializers.ChoiceField(LAW_CHOICES, read_only=True, allow_null=True)
    law_name = serializers.SerializerMethodField()
    checked_how = serializers.ChoiceField(
        SlipLine.Checked.choices,
        allow_blank=True,
        read_only=True,
        help_text="How the line was checked; blank while unchecked (or checked before this was recorded).",
    )

    class Meta:
        model = SlipLine
        fields = [
            "id",
            "tray",
            "table",
            "round",
            "ns",
            "ew",
            "ns_tricks",
            "ew_tricks",
            "ns_revokes",
            "ew_revokes",
            "ns_award",
            "ew_award",
            "law",
            "law_name",
            "status",
            "version",
            "entered_via",
            "entered_by",
            "entered_at",
            "confirmed_by",
            "confirmed_at",
            "entered_side",
            "checked_side",
            "checked_how",
            "updated_at",
        ]
        read_only_fields = fields

    def get_law_name(self, line: SlipLine) -> str:
        """The law the director applied at this table, by name (Laws III-V), or blank."""
        return law_name(line.law)


#: How the line's answer writes a timestamp: the serializer's own field (ISO 8601, in the site's zone).
_STAMP = serializers.DateTimeField()


def line_data(line: SlipLine | LineRow) -> dict[str, Any]:
    """``SlipLineSerializer(line).data``, written out: every phone's send and every twin's 409 answers
    with it, and the serializer's walk over its fields cost a tenth of a send (the profile of the entry
    bench's send); ``tests/api/test_line_data.py`` holds the two equal."""
    stamp = _STAMP.to_representation
    return {
        "id": line.pk,
        "tray": line.tray.number,
        "table": line.table.number,
        "round": line.round.number,
        "ns": line.ns.number if line.ns is not None else None,
        "ew": line.ew.number if line.ew is not None else None,
        "ns_tricks": line.ns_tricks,
        "ew_tricks": line.ew_tricks,
        "ns_revokes": line.ns_revokes,
        "ew_revokes": line.ew_revokes,
        "ns_award": line.ns_award,
        "ew_award": line.ew_award,
        "law": line.law,
        "law_name": law_name(line.law),
        "status": line.status,
        "version": line.version,
        "entered_via": line.entered_via,
        "entered_by": line.entered_by,
        "entered_at": stamp(line.entered_at),
        "confirmed_by": line.confirmed_by,
        "confirmed_at": stamp(line.confirmed_at),
        "entered_side": line.entered_side,
        "checked_side": line.checked_side,
        "checked_how": line.checked_how,
        "updated_at": stamp(line.updated_at),
    }


class SlipLineVersionSerializer(serializers.ModelSerializer):
    """An earlier version of a line: what it was, what replaced it, who, when, why."""

    changed_via = serializers.ChoiceField(Via.values, read_only=True)

    class Meta:
        model = SlipLineVersion
        fields = ["version", "data", "change", "reason", "changed_via", "changed_by", "changed_at"]
        read_only_fields = fields


class DirectorSubmitSerializer(PhoneSubmitSerializer):
    """A result entered by the director on a table's behalf (with the trump card the table turned, when the
    tray was dealt there and its slip brought it)."""

    table = serializers.IntegerField(min_value=1, max_value=SMALL)


class SubmitResultSerializer(serializers.Serializer):
    """The stored line (``replayed``: an earlier send with the same key) and the unfolded traveller."""

    line = SlipLineSerializer()
    replayed = serializers.BooleanField()
    traveller = serializers.JSONField(allow_null=True, help_text="The tray's traveller, now unfolded.")


class CorrectSerializer(serializers.Serializer):
    """A director's correction: tricks, or an award to both sides; revokes; always a reason."""

    reason = serializers.CharField(allow_blank=True, max_length=2000)
    ns_tricks = serializers.IntegerField(required=False, allow_null=True)
    ns_award = serializers.ChoiceField(NS_AWARDS, required=False, default="")
    ew_award = serializers.ChoiceField(EW_AWARDS, required=False, default="")
    ns_revokes = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=MAX_REVOKES)
    ew_revokes = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=MAX_REVOKES)


class AwardSerializer(serializers.Serializer):
    """An adjusted score to a table on a tray: average, average-plus or average-minus each way."""

    table = serializers.IntegerField(min_value=1, max_value=SMALL)
    tray = serializers.IntegerField(min_value=1, max_value=SMALL)
    ns_award = serializers.ChoiceField(NS_AWARDS[1:])
    ew_award = serializers.ChoiceField(EW_AWARDS[1:])
    reason = serializers.CharField(allow_blank=True, max_length=2000)


class TrayStatusSerializer(serializers.Serializer):
    """A tray in play, fouled (the finding table takes the average, Law V) or void."""

    status = serializers.ChoiceField(Tray.Status.values, help_text="ok (in play), fouled (Law V) or void.")
    reason = serializers.CharField(allow_blank=True, max_length=2000)
    table = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=SMALL,
        help_text="For a fouled tray: the table that found it.",
    )


class SlipFilterSerializer(serializers.Serializer):
    """Which lines to list."""

    tray = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=SMALL)
    table = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=SMALL)
    status = serializers.ChoiceField(SlipLine.Status.choices, required=False, allow_null=True)


class RoundEntrySerializer(serializers.Serializer):
    """One table's N-S tricks on one tray of the round."""

    table = serializers.IntegerField(min_value=1, max_value=SMALL)
    tray = serializers.IntegerField(min_value=1, max_value=SMALL)
    ns_tricks = serializers.IntegerField()


#: The most lines one round's entry may hold: sixty tables (``SEAT_MAX_TABLES``) of up to eight trays each,
#: with room to spare; a longer list is refused before any line of it is read.
ROUND_ENTRIES_MAX = 500


class RoundEnterSerializer(serializers.Serializer):
    """A round's results entered on the tables' behalf; each line stands alone."""

    entries = RoundEntrySerializer(
        many=True,
        max_length=ROUND_ENTRIES_MAX,
        error_messages={"max_length": f"At most {ROUND_ENTRIES_MAX} lines in one round's entry."},
        help_text=f"At most {ROUND_ENTRIES_MAX} lines.",
    )


class RoundEnteredSerializer(serializers.Serializer):
    """Lines saved, and the refusals by ``t<table>-<tray>``."""

    saved = serializers.IntegerField()
    errors = serializers.DictField(child=serializers.CharField())


def submit_response(outcome: SubmitOutcome, traveller: list[TravellerLine] | None) -> Response:
    """201 for a new line, 200 for a replay; the traveller if it is unfolded."""
    body = {
        "line": line_data(outcome.line),
        "replayed": outcome.replayed,
        "traveller": None if traveller is None else [asdict(t) for t in traveller],
    }
    return Response(body, status=status.HTTP_201_CREATED if outcome.created else status.HTTP_200_OK)


class SlipErrorsMixin:
    """A 409 on a slip shows the stored line beside the refused tricks.

    A change that leaves the slips unscorable (the scorer's ``ScoringError``,
    raised when the standings are recomputed after the commit; at once when
    tasks run eagerly) is answered 409 too: the change is stored and the
    director must correct the line at fault, as the close page says.
    """

    def handle_exception(self, exc: Exception) -> Response:
        """The scorer's refusal as a 409; everything else as the base does."""
        if isinstance(exc, ScoringError):
            detail = f"Stored, but the slips cannot be scored now: {exc}. Correct the line at fault."
            body = {"detail": detail, "stored": None, "attempted": None}
            return Response(body, status=status.HTTP_409_CONFLICT)
        return super().handle_exception(exc)  # type: ignore[misc, no-any-return]

    def conflict_stored(self, stored: Any) -> Any:
        """The stored line, in full."""
        return line_data(stored) if isinstance(stored, SlipLine | LineRow) else None

    def error_body(self, exc: UserError) -> dict[str, Any]:
        """As the base does, with the refused tricks both ways."""
        body: dict[str, Any] = super().error_body(exc)  # type: ignore[misc]
        if isinstance(body.get("attempted"), int):
            body["attempted"] = {"ns_tricks": body["attempted"], "ew_tricks": 13 - body["attempted"]}
        return body


class SlipView(SlipErrorsMixin, DirectorView):
    """A director's slip endpoint: resolve the session and a line of it."""

    def session_line(self, pk: int, line_id: int) -> SlipLine:
        """A line of the user's session, or 404."""
        session = self.director_session(pk)
        line = (
            SlipLine.objects.filter(session=session, pk=line_id)
            .select_related("tray", "table", "round", "ns", "ew")
            .first()
        )
        if line is None:
            raise NotFound("No such slip line.")
        return line


@extend_schema(tags=["slips"], parameters=[SESSION_ID])
class SlipListView(SlipView, Paginated):
    """Every line of the session's slips; and a result entered by the director."""

    serializer_class = SlipLineSerializer

    def get_queryset(self) -> QuerySet[SlipLine]:
        """The lines, by tray and table; ``tray``/``table``/``status`` filter them."""
        query = SlipFilterSerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        qs = (
            SlipLine.objects.filter(session=self.director_session(self.kwargs["pk"]))
            .select_related("tray", "table", "round", "ns", "ew")
            .order_by("tray__number", "table__number")
        )
        lookups = {"tray": "tray__number", "table": "table__number", "status": "status"}
        return qs.filter(**{lookups[k]: v for k, v in query.validated_data.items() if v is not None})

    @extend_schema(
        operation_id="slips_list",
        parameters=[SlipFilterSerializer],
        responses={200: SlipLineSerializer(many=True), **errors(401, 404)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List the lines."""
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="slips_submit",
        request=DirectorSubmitSerializer,
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER)],
        responses={
            201: SubmitResultSerializer,
            200: SubmitResultSerializer,
            **errors(400, 401, 404, 409, 422),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        """Enter a table's result (201; a replayed key 200, the key with another result 422; a second 409)."""
        session = self.director_session(pk)
        form = DirectorSubmitSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        table = session.tables.filter(number=data["table"]).first()
        if table is None:
            raise UserError(f"There is no table {data['table']}.", field="table")
        sender = Sender(Via.API, request.user.get_username(), request.user)
        standing = Standing(scope=f"user:{request.user.pk}", as_director=True)
        sent = send_of(data, headers=request.headers, device="api")
        outcome = submit(sent, table=table, sender=sender, standing=standing)
        seen = sight(viewer=DIRECTOR, session=session)
        return submit_response(
            outcome, traveller_lines(session=session, tray=outcome.line.tray.number, sight=seen)
        )


@extend_schema(tags=["slips"], parameters=[SESSION_ID, LINE_ID])
class SlipDetailView(SlipView):
    """One line."""

    @extend_schema(operation_id="slips_retrieve", responses={200: SlipLineSerializer, **errors(401, 404)})
    def get(self, request: Request, pk: int, line_id: int) -> Response:
        """The line as it stands."""
        return Response(SlipLineSerializer(self.session_line(pk, line_id)).data)


@extend_schema(tags=["slips"], parameters=[SESSION_ID, LINE_ID])
class SlipCorrectView(SlipView):
    """Correct a line: the old version is kept, with the reason."""

    @extend_schema(
        operation_id="slips_correct",
        request=CorrectSerializer,
        responses={200: SlipLineSerializer, **errors(400, 401, 404, 409)},
    )
    def post(self, request: Request, pk: int, line_id: int) -> Response:
        """Change tricks, awards or revokes."""
        line = self.session_line(pk, line_id)
        form = CorrectSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        line = result_correct(
            line=line, via=Via.API, by=request.user.get_username(), user=request.user, **form.validated_data
        )
        return Response(SlipLineSerializer(line).data)


@extend_schema(tags=["slips"], parameters=[SESSION_ID, LINE_ID])
class SlipConfirmView(SlipView):
    """Confirm a line on the opponents' behalf (at the version seen)."""

    @extend_schema(
        operation_id="slips_confirm",
        request=ConfirmSerializer,
        responses={200: SlipLineSerializer, **errors(400, 401, 404, 409)},
    )
    def post(self, request: Request, pk: int, line_id: int) -> Response:
        """Confirm it."""
        line = self.session_line(pk, line_id)
        form = ConfirmSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        line = result_confirm(
            line=line,
            by=request.user.get_username(),
            via=Via.API,
            as_director=True,
            version=form.validated_data.get("version"),
        )
        return Response(SlipLineSerializer(line).data)


@extend_schema(tags=["slips"], parameters=[SESSION_ID, LINE_ID])
class SlipHistoryView(SlipView, Paginated):
    """The earlier versions of a line, newest first, a page at a time."""

    serializer_class = SlipLineVersionSerializer

    def get_queryset(self) -> QuerySet[SlipLineVersion]:
        """The line's versions (404 for a line not of the user's session)."""
        return line_versions(line=self.session_line(self.kwargs["pk"], self.kwargs["line_id"]))

    @extend_schema(
        operation_id="slips_history",
        responses={200: SlipLineVersionSerializer(many=True), **errors(401, 404)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Who changed it, when, from where, why: by ``limit`` and ``offset``."""
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["slips"], parameters=[SESSION_ID])
class AwardView(SlipView):
    """An adjusted score to a table on a tray (a new line, or a correction of its line)."""

    @extend_schema(
        operation_id="slips_award",
        request=AwardSerializer,
        responses={200: SlipLineSerializer, **errors(400, 401, 404, 409)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Award it."""
        session = self.director_session(pk)
        form = AwardSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        line = result_award(
            session=session,
            table_number=data["table"],
            tray_number=data["tray"],
            ns_award=data["ns_award"],
            ew_award=data["ew_award"],
            reason=data["reason"],
            user=request.user,
            by=request.user.get_username(),
        )
        return Response(SlipLineSerializer(line).data)


@extend_schema(tags=["slips"], parameters=[SESSION_ID, OpenApiParameter("round", int, OpenApiParameter.PATH)])
class RoundEnterView(SlipView):
    """Enter a round's results on the tables' behalf (the director's round sheet)."""

    @extend_schema(
        operation_id="slips_round_enter",
        request=RoundEnterSerializer,
        responses={200: RoundEnteredSerializer, **errors(400, 401, 404, 409)},
    )
    def post(self, request: Request, pk: int, round: int) -> Response:
        """Each line stands alone: the saved count, and the refusals."""
        session = self.director_session(pk)
        form = RoundEnterSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        entries = {(e["table"], e["tray"]): str(e["ns_tricks"]) for e in form.validated_data["entries"]}
        outcome = directing.round_enter(
            session=session, round_number=round, entries=entries, user=request.user
        )
        return Response({"saved": outcome.saved, "errors": outcome.errors})


@extend_schema(tags=["slips"], parameters=[SESSION_ID, TRAY_NUMBER])
class TravellerView(DirectorView):
    """A tray's traveller: every line (the director sees them all)."""

    @extend_schema(operation_id="slips_traveller", responses={200: TRAVELLER, **errors(401, 404)})
    def get(self, request: Request, pk: int, number: int) -> Response:
        """The traveller."""
        session = self.director_session(pk)
        tray = session_tray(session, number)
        lines = traveller_lines(
            session=session, tray=tray.number, sight=sight(viewer=DIRECTOR, session=session)
        )
        return Response([asdict(t) for t in lines or []])


@extend_schema(tags=["trays"], parameters=[SESSION_ID, TRAY_NUMBER])
class TrayStatusView(SlipErrorsMixin, DirectorView):
    """Mark a tray in play, fouled or void (Laws III-V)."""

    @extend_schema(
        operation_id="trays_status",
        request=TrayStatusSerializer,
        responses={200: TraySerializer, **errors(400, 401, 404, 409)},
    )
    def post(self, request: Request, pk: int, number: int) -> Response:
        """Set the status; a fouled tray's finding table takes the average."""
        tray = session_tray(self.director_session(pk), number)
        form = TrayStatusSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        tray = directing.tray_set_status(
            tray=tray,
            status=data["status"],
            reason=data["reason"],
            table_number=data.get("table"),
            user=request.user,
            by=request.user.get_username(),
        )
        return Response(TraySerializer(tray).data)


@extend_schema(tags=["entrants"], parameters=[SESSION_ID, ENTRANT_NUMBER], request=None)
class MakePhantomView(SlipErrorsMixin, DirectorView):
    """A late pair becomes a phantom: its seats empty, its opponents take averages."""

    @extend_schema(
        operation_id="entrants_make_phantom", responses={200: EntrantSerializer, **errors(400, 401, 404, 409)}
    )
    def post(self, request: Request, pk: int, number: int) -> Response:
        """Make it a phantom."""
        entrant = session_entrant(self.director_session(pk), number)
        phantom = directing.entrant_make_phantom(entrant=entrant, user=request.user)
        return Response(EntrantSerializer(phantom).data)


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class TablesAdvanceView(DirectorView):
    """Whether tables move on by themselves when their round is done, or wait for the director."""

    @extend_schema(
        operation_id="sessions_tables_advance",
        request=TablesAdvanceSerializer,
        responses={200: SessionSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Set it; switching it off holds the room at ``room_round`` (by default the board's)."""
        session = self.director_session(pk)
        form = TablesAdvanceSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        session = directing.tables_advance(
            session=session, on=data["on"], room_round=data.get("room_round"), user=request.user
        )
        return Response(SessionSerializer(session).data)


@extend_schema(tags=["slips"], parameters=[SESSION_ID])
class BoardView(DirectorView):
    """The director's live board: every table's round, late tables, disputes."""

    @extend_schema(
        operation_id="sessions_board",
        responses={200: {"type": "object", "additionalProperties": {}}, **errors(401, 404)},
    )
    def get(self, request: Request, pk: int) -> Response:
        """The board, as its page polls it."""
        session = self.director_session(pk)
        return Response(board_to_json(session_board(session=session), session))


SESSION = "sessions/<int:pk>/"

urlpatterns = [
    path(SESSION + "slips/", SlipListView.as_view(), name="slip-list"),
    path(SESSION + "slips/<int:line_id>/", SlipDetailView.as_view(), name="slip-detail"),
    path(SESSION + "slips/<int:line_id>/correct/", SlipCorrectView.as_view(), name="slip-correct"),
    path(SESSION + "slips/<int:line_id>/confirm/", SlipConfirmView.as_view(), name="slip-confirm"),
    path(SESSION + "slips/<int:line_id>/history/", SlipHistoryView.as_view(), name="slip-history"),
    path(SESSION + "awards/", AwardView.as_view(), name="slip-award"),
    path(SESSION + "rounds/<int:round>/results/", RoundEnterView.as_view(), name="round-enter"),
    path(SESSION + "trays/<int:number>/traveller/", TravellerView.as_view(), name="tray-traveller"),
    path(SESSION + "trays/<int:number>/status/", TrayStatusView.as_view(), name="tray-status"),
    path(SESSION + "entrants/<int:number>/phantom/", MakePhantomView.as_view(), name="entrant-make-phantom"),
    path(SESSION + "board/", BoardView.as_view(), name="session-board"),
    path(SESSION + "tables-advance/", TablesAdvanceView.as_view(), name="session-tables-advance"),
]
