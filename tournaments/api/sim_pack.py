"""A simultaneous event's pack played in a session (directors): import it, see it, take it away.

The rules are ``tournaments.services.sim_pack``'s; here the pack arrives as
a multipart ``file`` or as JSON ``{"pack": "<the file's text>"}``. The
answer is the event as the session keeps it, never the club's key.
"""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from ..models import Session
from ..pbn.pack import MAX_PACK_BYTES
from ..services import sim_pack
from ..services.errors import UserError
from . import errors
from .permissions import DirectorView
from .sessions import SESSION_ID


class SimPackInSerializer(serializers.Serializer):
    """The pack: its file (multipart ``file``) or its text (``pack``), at most 2 MB; or, online, the pack's
    ``address`` the organiser gave with the club's ``key``, to fetch it from there."""

    pack = serializers.CharField(
        required=False,
        trim_whitespace=False,
        max_length=MAX_PACK_BYTES,
        error_messages={
            "max_length": f"This file is larger than a pack can be ({MAX_PACK_BYTES // 1_000_000} MB)."
        },
    )
    file = serializers.FileField(required=False, max_length=200)
    address = serializers.CharField(required=False, max_length=600)
    key = serializers.CharField(required=False, max_length=200)


class SimPackSerializer(serializers.Serializer):
    """The event the session plays (never the key); ``hands_held``: the hands are still held back."""

    ref = serializers.CharField()
    event = serializers.CharField()
    organiser = serializers.CharField()
    club = serializers.CharField()
    methods = serializers.ListField(child=serializers.CharField())
    results_url = serializers.CharField(allow_blank=True)
    plays_from = serializers.DateField()
    plays_to = serializers.DateField()
    release_at = serializers.DateTimeField()
    hands_release_at = serializers.DateTimeField()


def pack_data(data: dict[str, Any]) -> bytes | str:
    """The pack's bytes or text, or ``UserError`` when neither was sent or the file is too large."""
    upload = data.get("file")
    if upload is not None:
        if (upload.size or 0) > MAX_PACK_BYTES:
            raise UserError(
                f"This file is larger than a pack can be ({MAX_PACK_BYTES // 1_000_000} MB).", field="pack"
            )
        return bytes(upload.read())
    if data.get("pack"):
        return str(data["pack"])
    raise UserError("Send the pack: its file as multipart 'file', or its text as 'pack'.", field="pack")


def pack_body(session: Session) -> dict[str, Any]:
    """The answer: the event the session plays, the key left out."""
    return sim_pack.pack_summary(session) or {}


@extend_schema(tags=["trays"], parameters=[SESSION_ID])
class SimPackView(DirectorView):
    """A simultaneous event's pack: its deals on the trays, its hands held back until its release time."""

    @extend_schema(
        operation_id="sessions_sim_pack_import",
        request={"multipart/form-data": SimPackInSerializer, "application/json": SimPackInSerializer},
        responses={200: SimPackSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Import the pack (a pairs session not closed, with no result yet); a refusal says why."""
        session = self.director_session(pk)
        form = SimPackInSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        given = form.validated_data
        if "address" in given or "key" in given:
            address, key = given.get("address"), given.get("key")
            session = sim_pack.sim_pack_fetch(session=session, address=address, key=key, user=request.user)
        else:
            session = sim_pack.sim_pack_import(session=session, data=pack_data(given), user=request.user)
        return Response(pack_body(session))

    @extend_schema(operation_id="sessions_sim_pack_remove", responses={204: None, **errors(400, 401, 404)})
    def delete(self, request: Request, pk: int) -> Response:
        """Take the pack away: the deals stay on the trays, the hands are no longer held back."""
        sim_pack.sim_pack_remove(session=self.director_session(pk), user=request.user)
        return Response(status=204)


urlpatterns = [
    path("sessions/<int:pk>/sim-pack/", SimPackView.as_view(), name="session-sim-pack"),
]
