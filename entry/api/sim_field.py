"""The director brings a simultaneous event's published field to the session: the API's door.

``POST sessions/{id}/sim-field/``: an empty body fetches the field from the
organiser's public API; ``{"field": <the field file's JSON>}`` imports it
(the file the organiser's public page offers). The rules are
``sims.club_field``'s; the answer is the copy kept and every pair's two
placings (``sims.club_placings``). Another club's session: 404.
"""

from __future__ import annotations

from dataclasses import asdict

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.visibility import DIRECTOR
from sims.club_field import sim_field_fetch, sim_field_import
from sims.club_placings import placings_seen
from tournaments.api import errors
from tournaments.api.permissions import DirectorView
from tournaments.api.sessions import SESSION_ID


class SimFieldSerializer(serializers.Serializer):
    """Nothing (fetch from the organiser), or the field file's JSON (import it)."""

    field = serializers.JSONField(required=False, help_text="The published field, as the organiser's file.")


@extend_schema(tags=["sessions"], parameters=[SESSION_ID])
class SessionSimFieldView(DirectorView):
    """The simultaneous event's published field, as it concerns the club's pairs."""

    @extend_schema(
        operation_id="sessions_sim_field",
        request=SimFieldSerializer,
        responses={200: OpenApiTypes.OBJECT, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Fetch the field (empty body) or import it (``field``); a 400 says why not."""
        session = self.director_session(pk)
        form = SimFieldSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        if "field" in form.validated_data:
            kept = sim_field_import(session=session, data=form.validated_data["field"], user=request.user)
        else:
            kept = sim_field_fetch(session=session, user=request.user)
        placings = placings_seen(session=session, viewer=DIRECTOR)
        body = {k: kept.get(k) for k in ("ref", "event", "via", "at")}
        return Response({**body, "placings": [asdict(p) for p in placings]})


urlpatterns = [
    path("sessions/<int:pk>/sim-field/", SessionSimFieldView.as_view(), name="session-sim-field"),
]
