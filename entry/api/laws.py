"""The director applies a law at a table (Laws III-V, pp. 61-62): one endpoint for every law.

``POST /api/v1/sessions/{id}/slips/law/`` with the table, the tray, the
law's code (``III.2d``, ``IV.8``, ``IV.9``, ``IV.10``, ``IV.10-next``,
``V.1``, ``V.2``; null to clear it) and the reason, as the law page does.
The rule is ``services.laws.law_record``; the line keeps its history.
"""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from entry.api.slips import SlipLineSerializer, SlipView, line_data
from entry.inputs import SMALL
from entry.services.laws import law_record
from scoring.models import LAW_CHOICES
from tournaments.api import errors
from tournaments.api.sessions import SESSION_ID


class LawSerializer(serializers.Serializer):
    """A law applied at one table on one tray, and what happened there."""

    table = serializers.IntegerField(min_value=1, max_value=SMALL)
    tray = serializers.IntegerField(min_value=1, max_value=SMALL)
    law = serializers.ChoiceField(
        LAW_CHOICES, allow_null=True, help_text="The law's code; null takes the law off the line."
    )
    reason = serializers.CharField(allow_blank=True, max_length=2000)


class LawAppliedSerializer(serializers.Serializer):
    """The line carrying the law, or null when clearing removed a line that carried only the law."""

    line = SlipLineSerializer(allow_null=True)


@extend_schema(tags=["slips"], parameters=[SESSION_ID])
class LawView(SlipView):
    """Apply a law at a table on a tray: the table's line carries it, its earlier versions kept."""

    @extend_schema(
        operation_id="slips_law",
        request=LawSerializer,
        responses={200: LawAppliedSerializer, **errors(400, 401, 404, 409)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Record (or clear) the law; the scores are worked out again."""
        session = self.director_session(pk)
        form = LawSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data: dict[str, Any] = form.validated_data
        line = law_record(
            session=session,
            table_number=data["table"],
            tray_number=data["tray"],
            law=data["law"],
            reason=data["reason"],
            user=request.user,
            by=request.user.get_username(),
            via="api",
        )
        return Response({"line": line_data(line) if line is not None else None})


urlpatterns = [
    path("sessions/<int:pk>/slips/law/", LawView.as_view(), name="slip-law"),
]
