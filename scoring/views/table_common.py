"""What the table's pages and its JSON endpoints share: the link, the phone, the input.

A table's private link (its QR code) is the only key a phone holds; there
are no player accounts. Each phone gets a random device id in a cookie so
the page knows which phone sent a result (and asks that phone to hand
itself to E-W for the check, rather than check its own entry).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from tournaments.models import Table
from tournaments.services.errors import Conflict, NotFound, UserError

from ..models import SlipLine
from ..selectors_table import table_for_link

DEVICE_COOKIE = "cw_device"
ONE_YEAR = 365 * 24 * 3600


class TableMixin:
    """Resolve the table from its private link once, and know the phone (TournamentMixin style)."""

    table: Table
    device: str
    new_device: bool = False
    json_errors: bool = False

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """Refuse an unknown or revoked link with a plain message; otherwise carry on."""
        try:
            self.table = table_for_link(token=kwargs["token"])
        except NotFound as exc:
            if self.json_errors:
                return error_json(exc)
            return render(request, "table/invalid.html", {"message": exc.message}, status=404)
        self.device = request.COOKIES.get(DEVICE_COOKIE, "")[:64]
        if not self.device:
            self.device, self.new_device = uuid.uuid4().hex, True
        response: HttpResponse = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        if self.new_device:
            response.set_cookie(
                DEVICE_COOKIE,
                self.device,
                max_age=ONE_YEAR,
                path="/t/",
                samesite="Lax",
                httponly=True,
                secure=request.is_secure(),
            )
        response["Cache-Control"] = "no-store"
        return response

    def actor(self, side: str) -> str:
        """Who acted, for the slip's history: "table 3 N-S"."""
        return f"table {self.table.number} {side}"


def read_body(request: HttpRequest) -> dict[str, Any]:
    """The posted fields: a JSON object, or an ordinary form."""
    if request.content_type == "application/json":
        try:
            data = json.loads(request.body or b"{}")
        except ValueError:
            raise UserError("The request is not valid JSON.") from None
        if not isinstance(data, dict):
            raise UserError("Send a JSON object.")
        return data
    return request.POST.dict()


def small_int(value: Any, *, field: str, default: int | None = 0) -> int | None:
    """A whole number from a form or JSON field; blank gives the default."""
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        raise UserError("Give a whole number.", field=field)
    try:
        return int(str(value).strip())
    except ValueError:
        raise UserError(f"{value!r} is not a whole number.", field=field) from None


def line_json(line: SlipLine) -> dict[str, Any]:
    """A line of this table, as the page's script needs it."""
    return {
        "tray": line.tray.number,
        "ns_tricks": line.ns_tricks,
        "ew_tricks": line.ew_tricks,
        "status": line.status,
        "version": line.version,
        "ns_revokes": line.ns_revokes,
        "ew_revokes": line.ew_revokes,
    }


def error_json(exc: UserError) -> JsonResponse:
    """A refusal as JSON: 400 (with field errors), 404, or 409 with both values."""
    body: dict[str, Any] = {
        "ok": False,
        "error": exc.message,
        "field": exc.field,
        "errors": {exc.field or "__all__": [exc.message]},
    }
    if isinstance(exc, Conflict):
        stored = exc.stored
        body["stored"] = line_json(stored) if isinstance(stored, SlipLine) else None
        attempted = exc.attempted
        body["attempted"] = (
            {"ns_tricks": attempted, "ew_tricks": 13 - attempted} if isinstance(attempted, int) else None
        )
    return JsonResponse(body, status=exc.status)
