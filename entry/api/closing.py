"""The director closes a session (deciding each line nobody checked) and publishes it: the API's doors.

The rules are the services' (``entry.services.directing``: what a close
needs, what publishing shows); these views check the input's types and
hand it over.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from entry.api.slips import SlipErrorsMixin
from entry.services import directing
from entry.services.decisions import Decision
from scoring.api.standings import PublishSerializer
from scoring.models import ScoreCardSend, Via
from scoring.selectors.heat import heat_site, results_filename, session_results_pbn
from scoring.selectors.score_cards import score_card_sends, send_said
from scoring.services.score_cards import score_cards_send
from sims.club_send import heat_send
from tournaments.api import ID_MAX, errors
from tournaments.api.permissions import DirectorView
from tournaments.api.sessions import SESSION_ID, SessionSerializer


class DecisionSerializer(serializers.Serializer):
    """The director's decision on a line nobody at the table checked: confirm it as entered, or correct it."""

    line = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="The slip line's id.")
    decision = serializers.ChoiceField(["confirm", "correct"])
    ns_tricks = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=13)


class CloseSerializer(serializers.Serializer):
    """A decision for each unconfirmed line (none needed when every line is confirmed)."""

    decisions = DecisionSerializer(many=True, required=False)


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class SessionCloseView(SlipErrorsMixin, DirectorView):
    """Close a running session once every slip is complete and every unconfirmed line decided; score it."""

    @extend_schema(
        operation_id="sessions_close",
        request=CloseSerializer,
        responses={200: SessionSerializer, **errors(400, 401, 404, 409)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Close it; a 400 lists in ``problems`` each tray owed, dispute, undecided line (``undecided``)."""
        session = self.director_session(pk)
        form = CloseSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        decisions = [
            Decision(d["line"], d["decision"], d.get("ns_tricks"))
            for d in form.validated_data.get("decisions", [])
        ]
        directing.session_close(session=session, decisions=decisions, user=request.user)
        session.refresh_from_db()
        return Response(SessionSerializer(session).data)


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class SessionPublishView(DirectorView):
    """Publish a closed session (or change what a published one shows)."""

    @extend_schema(
        operation_id="sessions_publish",
        request=PublishSerializer,
        responses={200: SessionSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Publish it."""
        session = self.director_session(pk)
        form = PublishSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        switches = {
            "standings": session.publish_standings,
            "travellers": session.publish_travellers,
            "hand_records": session.publish_hand_records,
            **form.validated_data,
        }
        session = directing.session_publish(session=session, user=request.user, **switches)
        session.refresh_from_db()
        return Response(SessionSerializer(session).data)


class ScoreCardsSendSerializer(serializers.Serializer):
    """A send of the score cards: the first, or, once they were sent, every card again."""

    again = serializers.BooleanField(
        default=False,
        help_text="Send every card again (after a correction, say): a send once the cards were sent is"
        " refused (409) without it.",
    )


class ScoreCardSendSerializer(serializers.Serializer):
    """One recorded send of the session's score cards: when, by whom, the cards, to whom, who was left out."""

    number = serializers.IntegerField(help_text="1 for the session's first send, 2 for the next, ...")
    again = serializers.BooleanField()
    sent_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True, help_text="Null: the send did not finish.")
    sent_via = serializers.CharField()
    sent_by = serializers.CharField(help_text="The director's user name (blank from the command line).")
    cards = serializers.IntegerField(help_text="The cards the mail server took.")
    recipients = serializers.JSONField(help_text="[{player, name, email, entrant}] for each card taken.")
    skipped = serializers.JSONField(help_text="[{player, name, why}] for each player not written to.")
    said = serializers.CharField(help_text='"Sent 12 score cards on 29 Nov at 21:40 by ..."')


def send_record(send: ScoreCardSend) -> dict[str, Any]:
    """A send's record as the API writes it."""
    fields = (
        "number",
        "again",
        "sent_at",
        "finished_at",
        "sent_via",
        "sent_by",
        "cards",
        "recipients",
        "skipped",
    )
    return ScoreCardSendSerializer({**{f: getattr(send, f) for f in fields}, "said": send_said(send)}).data


class CardsSentSerializer(serializers.Serializer):
    """Whom the score cards went to, the players left out, and the send's record."""

    sent = serializers.ListField(child=serializers.CharField(), help_text="The players e-mailed, by name.")
    without_address = serializers.ListField(
        child=serializers.CharField(), help_text="The players with no e-mail address on the roster."
    )
    bad_address = serializers.ListField(
        child=serializers.CharField(), help_text="The players whose address mail cannot carry."
    )
    not_sent = serializers.ListField(
        child=serializers.CharField(), help_text="The players whose card the mail server did not take."
    )
    send = ScoreCardSendSerializer()


class ScoreCardSendsSerializer(serializers.Serializer):
    """Every send of the session's score cards, the first first."""

    sends = ScoreCardSendSerializer(many=True)


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class SessionScoreCardsSendView(DirectorView):
    """E-mail each player with an address on the roster their entrant's score card (closed or published)."""

    @extend_schema(
        operation_id="sessions_score_cards_sends",
        responses={200: ScoreCardSendsSerializer, **errors(401, 404)},
    )
    def get(self, request: Request, pk: int) -> Response:
        """The record of every send of the cards."""
        sends = score_card_sends(session=self.director_session(pk))
        return Response({"sends": [send_record(s) for s in sends]})

    @extend_schema(
        operation_id="sessions_score_cards_send",
        request=ScoreCardsSendSerializer,
        responses={200: CardsSentSerializer, **errors(400, 401, 404, 409, 429)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Send them; 409 once they were sent, unless ``again``; 429 past the sends an hour."""
        session = self.director_session(pk)
        form = ScoreCardsSendSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        report = score_cards_send(session=session, user=request.user, via=Via.API, **form.validated_data)
        return Response(
            {
                "sent": list(report.sent),
                "without_address": list(report.without_address),
                "bad_address": list(report.bad_address),
                "not_sent": list(report.not_sent),
                "send": send_record(report.record),
            }
        )


RESULTS_PBN = OpenApiResponse(
    OpenApiTypes.BINARY, description="The PBN 2.1 file (ISO-8859-1), a ScoreTable per board, as a download."
)


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class SessionResultsPbnView(DirectorView):
    """The session's heat of a simultaneous event: every slip as a PBN ScoreTable (closed or published)."""

    def perform_content_negotiation(self, request: Request, force: bool = False) -> Any:
        """A file whatever the client accepts; an error is JSON."""
        return super().perform_content_negotiation(request, force=True)

    @extend_schema(
        operation_id="sessions_results_pbn",
        responses={(200, "application/octet-stream"): RESULTS_PBN, **errors(400, 401, 404)},
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        """The file; a 400 when the session is not closed, or not of pairs."""
        session = self.director_session(pk)
        response = HttpResponse(
            session_results_pbn(session=session, site=heat_site(session)),
            content_type="application/octet-stream",
        )
        response["Content-Disposition"] = f'attachment; filename="{results_filename(session)}"'
        return response


class SimSentSerializer(serializers.Serializer):
    """The organiser's receipt (its club's name, its count of this club's sends, the lines it took) and the
    session's own record of its sends."""

    club = serializers.CharField()
    sends = serializers.IntegerField()
    lines = serializers.IntegerField()
    sim_sends = serializers.IntegerField()
    sim_sent_at = serializers.DateTimeField()


@extend_schema(tags=["sessions"], parameters=[SESSION_ID], request=None)
class SessionSimSendView(DirectorView):
    """Send the closed session's heat to the organiser of the simultaneous event it plays."""

    @extend_schema(
        operation_id="sessions_sim_send", responses={200: SimSentSerializer, **errors(400, 401, 404)}
    )
    def post(self, request: Request, pk: int) -> Response:
        """Send it; a 400 says why not (not closed, no pack, the organiser refused or was not reached)."""
        session = self.director_session(pk)
        sent = heat_send(session=session, user=request.user)
        return Response(
            {
                "club": sent.club,
                "sends": sent.sends,
                "lines": sent.lines,
                "sim_sends": session.sim_sends,
                "sim_sent_at": session.sim_sent_at.isoformat() if session.sim_sent_at else None,
            }
        )


urlpatterns = [
    path("sessions/<int:pk>/close/", SessionCloseView.as_view(), name="session-close"),
    path("sessions/<int:pk>/publish/", SessionPublishView.as_view(), name="session-publish"),
    path(
        "sessions/<int:pk>/score-cards/send/", SessionScoreCardsSendView.as_view(), name="session-score-cards"
    ),
    path("sessions/<int:pk>/results.pbn", SessionResultsPbnView.as_view(), name="session-results-pbn"),
    path("sessions/<int:pk>/sim-send/", SessionSimSendView.as_view(), name="session-sim-send"),
]
