"""What the phone's pages and their JSON endpoints share: the link, the phone, the input.

A phone holds a table's link (its QR code) or an entrant's own link (the QR
code on the entrant's card); there are no player accounts. A phone that
says at a table which entrant it is gets a cookie that sends it on to that
entrant's link, so it follows the entrant from table to table. Each phone
also gets a random device id in a cookie so the page knows which phone sent
a result (and asks that phone to hand itself to E-W for the check).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from tournaments.services.errors import Conflict, NotFound, UserError

from .models import SlipLine
from .selectors.phone import Phone, phone_for_entrant, phone_for_table

DEVICE_COOKIE = "cw_device"
FOLLOW_COOKIE = "cw_follow"
ONE_YEAR = 365 * 24 * 3600
ONE_DAY = 24 * 3600


class PhoneMixin:
    """Resolve the phone from its link once (TournamentMixin style): a table's, or an entrant's."""

    phone: Phone
    device: str
    follows: bool = False
    new_device: bool = False
    json_errors: bool = False

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """Refuse an unknown or revoked link with a plain message; otherwise carry on, never cached."""
        try:
            token = kwargs["token"]
            self.phone = phone_for_entrant(token=token) if self.follows else phone_for_table(token=token)
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
                samesite="Lax",
                httponly=True,
                secure=request.is_secure(),
            )
        response["Cache-Control"] = "no-store"
        return response

    def actor(self, side: str) -> str:
        """Who acted, for the slip's history: "table 3 N-S", or "pair 5 (phone) at table 3"."""
        link = self.phone.link
        if link is None:
            assert self.phone.table is not None
            return f"table {self.phone.table.number} {side}"
        return f"{link.entrant.get_kind_display().lower()} {link.entrant.number} ({side} phone)"


def follow(response: HttpResponse, request: HttpRequest, token: str) -> HttpResponse:
    """Remember on this phone which entrant it follows (its own link's token)."""
    response.set_cookie(
        FOLLOW_COOKIE, token, max_age=ONE_DAY, samesite="Lax", httponly=True, secure=request.is_secure()
    )
    return response


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
    response = JsonResponse(body, status=exc.status)
    response["Cache-Control"] = "no-store"
    return response
