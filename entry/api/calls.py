"""The director's evening over the API: a call from a table, the round timer, a decision in one click.

- phones (a table's link, its header, or an entrant's own link, as in
  ``tables``): ``POST .../call/`` calls the director to the phone's table
  (201 the first time, 200 while that call is open); ``GET .../clock/`` gives
  the round's times (the page counts down from them) and the open call.
- the director: the open calls of a session and their answer; the round
  timer (minutes a tray, minutes for the change); a dispute settled by
  accepting one side's figure; an unconfirmed line confirmed as entered.

Every rule is in ``entry.services.calls``, ``entry.services.decisions`` and
``tournaments.services.running``; these views parse, call and answer.
"""

from __future__ import annotations

from typing import Any

from django.urls import path
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from entry.api.slips import LINE_ID, SlipLineSerializer, SlipView, line_data
from entry.api.tables import TableView
from entry.selectors.board import session_board
from entry.selectors.calls import open_calls, phone_clock, room_clock
from entry.services.calls import call_answer, call_director, caller
from entry.services.decisions import dispute_settle, line_confirm_as_entered
from tournaments.api import errors
from tournaments.api.permissions import DirectorView
from tournaments.api.sessions import SESSION_ID
from tournaments.clock import MAX_CHANGE_MINUTES, MAX_MINUTES_PER_TRAY
from tournaments.models import DirectorCall
from tournaments.services import running

CALL_ID = OpenApiParameter("call_id", int, OpenApiParameter.PATH, description="The call's id.")


class CallSerializer(serializers.ModelSerializer):
    """A call to the director: from which table (or entrant sitting out), when, and whether answered."""

    table = serializers.IntegerField(source="table.number", allow_null=True, read_only=True)
    entrant = serializers.IntegerField(source="entrant.number", allow_null=True, read_only=True)
    round = serializers.IntegerField(source="round_number", read_only=True)

    class Meta:
        model = DirectorCall
        fields = ["id", "table", "entrant", "round", "called_by", "called_at", "answered_at", "answered_by"]
        read_only_fields = fields


class ClockSerializer(serializers.Serializer):
    """A round's times: play ends at ``ends_at`` (its deadline, one for every table), the change at
    ``change_ends_at``; ``now`` server time."""

    round = serializers.IntegerField()
    trays = serializers.IntegerField()
    minutes_per_tray = serializers.IntegerField()
    change_minutes = serializers.IntegerField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    change_ends_at = serializers.DateTimeField()
    now = serializers.DateTimeField()
    phase = serializers.ChoiceField(["playing", "change", "over"])
    seconds_left = serializers.IntegerField()


class OpenCallSerializer(serializers.Serializer):
    """The phone's open call, if any."""

    id = serializers.IntegerField()
    called_at = serializers.DateTimeField()


class PhoneClockSerializer(serializers.Serializer):
    """What a phone shows: its round's clock (null without a timer) and its open call (null if none)."""

    clock = ClockSerializer(allow_null=True)
    call = OpenCallSerializer(allow_null=True)
    now = serializers.DateTimeField()


class TimerSerializer(serializers.Serializer):
    """The round timer: minutes a tray (0: no timer) and minutes for the change."""

    minutes_per_tray = serializers.IntegerField(min_value=0, max_value=MAX_MINUTES_PER_TRAY)
    change_minutes = serializers.IntegerField(min_value=0, max_value=MAX_CHANGE_MINUTES)


class RoomClockSerializer(TimerSerializer):
    """The timer's settings and the clock of the round the room is playing (null without a timer)."""

    clock = ClockSerializer(allow_null=True, read_only=True)


class SettleSerializer(serializers.Serializer):
    """Whose figure the director accepts, named by its side, whichever side sent the line."""

    accept = serializers.ChoiceField(
        ["ns", "ew"],
        help_text=(
            "The side whose count of the N-S tricks is accepted: ns, N-S's; ew, E-W's. The side that sent "
            "the line (its entered_side; blank: N-S) gave its ns_tricks, the other side its disputed count. "
            "On a line N-S sent (every line before E-W could send) ns is the line as entered and ew the "
            "claim, as before; on a line E-W sent, ew is the line as entered. The answer's checked_side "
            "is the side accepted."
        ),
    )


# --- The phones ------------------------------------------------------------------------------------


class PlaceCallSerializer(serializers.ModelSerializer):
    """A call from a table's own link, as its phone is told it: which table, when, whether answered (not
    the table's round, which the director's board shows: a table's link tells nothing that moves with
    the table's sends)."""

    table = serializers.IntegerField(source="table.number", allow_null=True, read_only=True)

    class Meta:
        model = DirectorCall
        fields = ["id", "table", "called_at", "answered_at"]
        read_only_fields = fields


@extend_schema(tags=["tables"])
class TableCallView(TableView):
    """Call the director to the table where the entrant this phone follows sits."""

    answer = CallSerializer

    @extend_schema(
        request=None, responses={201: CallSerializer, 200: CallSerializer, **errors(400, 401, 404, 429)}
    )
    def post(self, request: Request, token: str = "") -> Response:
        """201 with the call; 200 with the same call while it is open (a second press)."""
        before = set(
            DirectorCall.objects.filter(session_id=self.phone.session.pk).values_list("pk", flat=True)
        )
        call = call_director(phone=self.phone, by=caller(self.phone))
        code = status.HTTP_200_OK if call.pk in before else status.HTTP_201_CREATED
        return Response(self.answer(call).data, status=code)


@extend_schema(tags=["tables"])
class PlaceCallView(TableCallView):
    """Call the director to this table (its own link)."""

    answer = PlaceCallSerializer

    @extend_schema(
        request=None,
        responses={201: PlaceCallSerializer, 200: PlaceCallSerializer, **errors(400, 401, 404, 429)},
    )
    def post(self, request: Request, token: str = "") -> Response:
        """201 with the call; 200 with the same call while it is open (a second press)."""
        return super().post(request, token)


@extend_schema(tags=["tables"])
class TableClockView(TableView):
    """The round's clock for this phone, and its open call."""

    @extend_schema(responses={200: PhoneClockSerializer, **errors(401, 404, 429)})
    def get(self, request: Request, token: str = "") -> Response:
        """The times of the round the phone is playing (the phone counts down from them)."""
        return Response(phone_clock(phone=self.phone).to_json())


def phone_urls(prefix: str, name: str, follows: bool = False) -> list[Any]:
    """The call and the clock under one of the phones' prefixes."""
    return [
        path(
            prefix + "call/",
            (TableCallView if follows else PlaceCallView).as_view(follows=follows),
            name=f"{name}-call",
        ),
        path(prefix + "clock/", TableClockView.as_view(follows=follows), name=f"{name}-clock"),
    ]


# --- The director ----------------------------------------------------------------------------------


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class CallListView(DirectorView):
    """The calls the director has not answered yet, oldest first."""

    @extend_schema(operation_id="calls_list", responses={200: CallSerializer(many=True), **errors(401, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """The open calls."""
        session = self.director_session(pk)
        calls = DirectorCall.objects.filter(pk__in=[c.id for c in open_calls(session=session)])
        return Response(CallSerializer(calls.select_related("table", "entrant"), many=True).data)


@extend_schema(tags=["sessions"], parameters=[SESSION_ID, CALL_ID])
class CallAnswerView(DirectorView):
    """Mark a call answered: it leaves the live board."""

    @extend_schema(
        operation_id="calls_answer", request=None, responses={200: CallSerializer, **errors(401, 404)}
    )
    def post(self, request: Request, pk: int, call_id: int) -> Response:
        """Answer it (answering twice changes nothing)."""
        call = call_answer(session=self.director_session(pk), call_id=call_id, user=request.user)
        return Response(CallSerializer(call).data)


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class TimerView(DirectorView):
    """The round timer: its settings and the room's clock."""

    def body(self, session: Any) -> dict[str, Any]:
        """The timer's settings and the room's clock."""
        clock = room_clock(session=session, room_round=session_board(session=session).room_round)
        return {
            "minutes_per_tray": session.minutes_per_tray,
            "change_minutes": session.change_minutes,
            "clock": clock.to_json(timezone.localtime()) if clock else None,
        }

    @extend_schema(operation_id="timer_retrieve", responses={200: RoomClockSerializer, **errors(401, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """The settings and the clock of the round the room is playing."""
        return Response(self.body(self.director_session(pk)))

    @extend_schema(
        operation_id="timer_set",
        request=TimerSerializer,
        responses={200: RoomClockSerializer, **errors(400, 401, 404)},
    )
    def put(self, request: Request, pk: int) -> Response:
        """Set minutes a tray (0 turns the timer off) and minutes for the change."""
        form = TimerSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        session = running.session_timer_set(
            session=self.director_session(pk), user=request.user, **form.validated_data
        )
        return Response(self.body(session))


@extend_schema(tags=["slips"], parameters=[SESSION_ID, LINE_ID])
class SettleView(SlipView):
    """Settle a dispute in one click: accept N-S's figure or E-W's, whichever sent the line; the line's
    history is kept."""

    @extend_schema(
        operation_id="slips_settle",
        request=SettleSerializer,
        responses={200: SlipLineSerializer, **errors(400, 401, 404, 409)},
    )
    def post(self, request: Request, pk: int, line_id: int) -> Response:
        """Accept one side's figure (409 if the line is no longer disputed)."""
        line = self.session_line(pk, line_id)
        form = SettleSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        settled = dispute_settle(
            line=line, accept=form.validated_data["accept"], user=request.user, by=request.user.get_username()
        )
        return Response(line_data(settled))


@extend_schema(tags=["slips"], parameters=[SESSION_ID, LINE_ID])
class ConfirmAsEnteredView(SlipView):
    """Confirm a line nobody at the table checked, as its side entered it; the unconfirmed version is kept."""

    @extend_schema(
        operation_id="slips_confirm_as_entered",
        request=None,
        responses={200: SlipLineSerializer, **errors(401, 404, 409)},
    )
    def post(self, request: Request, pk: int, line_id: int) -> Response:
        """Confirm it (409 unless it is waiting for a check)."""
        line = self.session_line(pk, line_id)
        done = line_confirm_as_entered(line=line, user=request.user, by=request.user.get_username())
        return Response(line_data(done))


SESSION = "sessions/<int:pk>/"
urlpatterns = [
    *phone_urls("tables/<link:token>/", "table-link"),
    *phone_urls("table/", "table-header"),
    *phone_urls("entrant-links/<link:token>/", "entrant-link", follows=True),
    path(SESSION + "calls/", CallListView.as_view(), name="call-list"),
    path(SESSION + "calls/<int:call_id>/answer/", CallAnswerView.as_view(), name="call-answer"),
    path(SESSION + "timer/", TimerView.as_view(), name="session-timer"),
    path(SESSION + "slips/<int:line_id>/settle/", SettleView.as_view(), name="slip-settle"),
    path(
        SESSION + "slips/<int:line_id>/confirm-as-entered/",
        ConfirmAsEnteredView.as_view(),
        name="slip-confirm-as-entered",
    ),
]
