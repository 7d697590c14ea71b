"""The app's URLs, and a bare insert view: the entry bench's measure of the stack itself.

``POST /bench/bare/`` takes the body a phone sends (tray, N-S tricks,
round), checks it with a DRF serializer and inserts one row with the ORM in
a transaction, then answers 201 with the row: a plain DRF create view, with
none of the rules of a send.
"""

from __future__ import annotations

import os
from typing import Any

from django.db import transaction
from django.urls import path
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubwhist.urls import urlpatterns as app_urlpatterns
from tournaments.models import ActionLog

#: The bench's club: the one row a bare insert writes is an entry in its action log.
CLUB = int(os.environ.get("BENCH_BARE_CLUB", "1"))


class BareSerializer(serializers.Serializer):
    """The send's fields, checked as a serializer checks them."""

    tray = serializers.IntegerField(min_value=1, max_value=10_000)
    ns_tricks = serializers.IntegerField(min_value=0, max_value=13)
    round = serializers.IntegerField(min_value=1, max_value=10_000, required=False)


class BareInsertView(APIView):
    """Check the body and insert one row: the least a send can do on this stack."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]

    def post(self, request: Request) -> Response:
        """201 with the stored row."""
        form = BareSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        with transaction.atomic():
            row = ActionLog.objects.create(club_id=CLUB, actor="bench", action="bench.bare", data=data)
        return Response({"id": row.pk, **data}, status=status.HTTP_201_CREATED)


urlpatterns = [path("bench/bare/", BareInsertView.as_view()), *app_urlpatterns]
