"""The scorer's eye in the API: a session's checks, and the director's answers (swap, correct, right).

The rules are the selector's and the service's (``entry.selectors.checks``,
``entry.services.checks``); these views check the input's types and hand it
over. The checks are the director's alone (they name the double-dummy tricks
before the hands are released): another club's director is told 404. The
answers are within the director's rate (``API_DIRECTOR_RATE``).
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from entry.api.slips import SlipErrorsMixin
from entry.selectors.checks import session_checks
from entry.services.checks import ANSWERS, check_answer
from scoring.models import Via
from scoring.scorers.line_checks import KINDS
from tournaments.api import ID_MAX, errors
from tournaments.api.permissions import DirectorView
from tournaments.api.sessions import SESSION_ID


class CheckSerializer(serializers.Serializer):
    """One line that looks wrong (or a table's missing line), in a sentence, and whether it was answered."""

    tray = serializers.IntegerField()
    table = serializers.IntegerField()
    kind = serializers.ChoiceField(KINDS)
    sentence = serializers.CharField(help_text='"Table 4, tray 7: N-S 4 where the other tables made 9 ..."')
    answered = serializers.BooleanField(help_text="Answered for the line as it stands.")
    line = serializers.IntegerField(allow_null=True, help_text="The slip line's id (null: missing).")
    ns_tricks = serializers.IntegerField(allow_null=True)
    answer = serializers.ChoiceField(["right", "swapped", "corrected"], allow_null=True)
    answered_by = serializers.CharField(allow_null=True)
    answered_at = serializers.DateTimeField(allow_null=True)


class ChecksSerializer(serializers.Serializer):
    """Every check on the session."""

    checks = CheckSerializer(many=True)


class AnswerSerializer(serializers.Serializer):
    """The director's answer to one check."""

    line = serializers.IntegerField(min_value=1, max_value=ID_MAX, help_text="The slip line's id.")
    kind = serializers.ChoiceField([k for k in KINDS if k != "missing"])
    answer = serializers.ChoiceField(ANSWERS, help_text="swap (N becomes 13 - N), correct, or right.")
    ns_tricks = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=13, help_text="For correct."
    )


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class SessionChecksView(SlipErrorsMixin, DirectorView):
    """The scorer's eye: lines that cannot be right, and the director's answers to them."""

    @extend_schema(operation_id="sessions_checks", responses={200: ChecksSerializer, **errors(401, 404)})
    def get(self, request: Request, pk: int) -> Response:
        """Every check, answered or not."""
        session = self.director_session(pk)
        return Response({"checks": [c.to_json() for c in session_checks(session=session)]})

    @extend_schema(
        operation_id="sessions_checks_answer",
        request=AnswerSerializer,
        responses={200: ChecksSerializer, **errors(400, 401, 404, 409, 429)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Answer a check: swap or correct the line (its history keeps the old one), or mark it right."""
        session = self.director_session(pk)
        form = AnswerSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        check_answer(
            session=session,
            line_id=data["line"],
            kind=data["kind"],
            answer=data["answer"],
            ns_tricks=data.get("ns_tricks"),
            user=request.user,
            via=Via.API,
        )
        return Response({"checks": [c.to_json() for c in session_checks(session=session)]})


urlpatterns = [path("sessions/<int:pk>/checks/", SessionChecksView.as_view(), name="session-checks")]
