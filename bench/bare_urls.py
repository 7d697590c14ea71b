"""The app's URLs, a bare insert view and a floor send: the entry bench's measures of the stack itself.

``POST /bench/bare/`` takes the body a phone sends (tray, N-S tricks,
round), checks it with a DRF serializer and inserts one row with the ORM in
a transaction, then answers 201 with the row: a plain DRF create view, with
none of the rules of a send.

``POST /bench/floor/<pass>/`` is the least a phone's send by its pass and
its twin can do on the same stack: the same serializer, the pass found by
its token and its entrant's table in the round sent (one indexed read), one
row a table and tray kept once by the database's own key (``INSERT ... ON
CONFLICT DO NOTHING``), and the twin told both values (409), or a lost
answer its own (200, by its key); each statement in SQL, nothing for the
ORM to compile. No session's rules, no other plays, no standings, no rate
limit: what any pass's send must pay, whatever its rules, so that the bench
can say how much of a result's cost is the rules'.
"""

from __future__ import annotations

import os
from typing import Any

from django.db import connection, transaction
from django.urls import path
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubwhist.urls import urlpatterns as app_urlpatterns
from tournaments.models import ActionLog, EntrantLink, PhonePass, Round, SeatedEntrant, Seating

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


#: The floor send's rows: one a table and tray (made by the bench's set-up, ``FLOOR_TABLE_SQL``).
FLOOR_TABLE_SQL = (
    "CREATE TABLE IF NOT EXISTS bench_floor (table_id integer NOT NULL, tray integer NOT NULL,"
    " ns_tricks integer NOT NULL, idempotency_key varchar(64) NOT NULL, PRIMARY KEY (table_id, tray))"
)
FLOOR_INSERT = (
    "INSERT INTO bench_floor (table_id, tray, ns_tricks, idempotency_key) VALUES (%s, %s, %s, %s)"
    " ON CONFLICT DO NOTHING RETURNING ns_tricks"
)
FLOOR_STORED = "SELECT ns_tricks, idempotency_key FROM bench_floor WHERE table_id = %s AND tray = %s"
#: A pass's table this round: the pass by its token (not ended), its entrant's seating in the round sent.
FLOOR_TABLE = (
    f"SELECT s.table_id FROM {PhonePass._meta.db_table} p"
    f" JOIN {EntrantLink._meta.db_table} l ON l.id = p.link_id"
    f" JOIN {SeatedEntrant._meta.db_table} se ON se.entrant_id = l.entrant_id AND se.side = l.side"
    f" JOIN {Seating._meta.db_table} s ON s.id = se.seating_id"
    f" JOIN {Round._meta.db_table} r ON r.id = s.round_id AND r.number = %s"
    " WHERE p.token = %s AND p.ended_at IS NULL"
)


class FloorSendView(APIView):
    """The least a pass's send can do: its table this round, the line stored once, a twin told (409)."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]

    def post(self, request: Request, token: str) -> Response:
        """201 with the line; a replayed key 200; a second send for the tray 409 with both values."""
        form = BareSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        tray, tricks = form.validated_data["tray"], form.validated_data["ns_tricks"]
        rnd = form.validated_data.get("round") or 0
        key = request.headers.get("Idempotency-Key", "")[:64]
        line = {"tray": tray, "ns_tricks": tricks, "ew_tricks": 13 - tricks}
        with connection.cursor() as cursor:
            cursor.execute(FLOOR_TABLE, [rnd, token])
            found = cursor.fetchone()
            if found is None:
                raise exceptions.NotFound("This pass has no table this round.")
            table = found[0]
            cursor.execute(FLOOR_INSERT, [table, tray, tricks, key])
            if cursor.fetchone() is not None:
                return Response({"line": line, "replayed": False}, status=status.HTTP_201_CREATED)
            cursor.execute(FLOOR_STORED, [table, tray])
            stored, stored_key = cursor.fetchone()
        if key and stored_key == key:
            return Response({"line": line, "replayed": True})
        attempted = {"ns_tricks": tricks, "ew_tricks": 13 - tricks}
        return Response(
            {"stored": {"ns_tricks": stored, "ew_tricks": 13 - stored}, "attempted": attempted},
            status=status.HTTP_409_CONFLICT,
        )


urlpatterns = [
    path("bench/bare/", BareInsertView.as_view()),
    path("bench/floor/<str:token>/", FloorSendView.as_view()),  # a pass's token
    *app_urlpatterns,
]
