"""A player's phone at a whist drive (p. 24): where to sit, the result to send or check, the move, the card.

Each player has his own link (his QR code): the phone follows him from
table to table. Works without JavaScript: plain forms post the result and
the check, and the page redirects back (post/redirect/get); the page's
script (``static/js/drive.js``) polls the state JSON and posts the same
forms as JSON. Every rule is a service's (``services.drive``); every read
a selector's (``selectors.drive``), through the visibility rule.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.csrf import csrf_exempt

from tournaments.services.errors import NotFound, UserError

from ..phone_http import PhoneMixin, error_json, read_body, small_int
from ..selectors.drive import drive_of, drive_player_page, drive_stamp, page_json, player_place
from ..services.drive import drive_submit, tricks_of
from ..services.phones import phone_confirm, phone_dispute

POINTS = range(1, 8)


class DriveOnly(View):
    """After the phone is found: a link of any other kind of session is refused as unknown (404)."""

    json_errors = False

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            drive_of(self.phone.session)  # type: ignore[attr-defined]
        except NotFound as exc:
            if self.json_errors:
                return error_json(exc)
            return render(request, "table/invalid.html", {"message": exc.message}, status=404)
        return super().dispatch(request, *args, **kwargs)


class DriveMixin(PhoneMixin, DriveOnly):
    """A player's own link at a whist drive (404 for any other session's link)."""

    follows = True

    def actor(self, side: str = "") -> str:
        """ "player 7 (N-S phone)": who sent or checked, and from which side of the table."""
        place = player_place(phone=self.phone)
        where = {"NS": "N-S", "EW": "E-W"}.get(place.side if place else "", side)
        assert self.phone.link is not None
        return f"player {self.phone.link.entrant.number} ({where} phone)"


class DrivePlayerView(DriveMixin):
    """The player's page (GET; the script asks for the main part alone) and the plain send (POST)."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        page = drive_player_page(phone=self.phone, device=self.device)
        partial = request.headers.get("X-Drive-Partial") == "1"
        context = {"page": page, "token": token, "points": POINTS, "key": uuid.uuid4().hex}
        return render(request, "drive/_main.html" if partial else "drive/player.html", context)

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        data = read_body(request)
        try:
            sent = _send(self, data)
            line = sent.outcome.line
            messages.success(
                request, f"Deal {line.tray.number} sent: N-S {line.ns_tricks}, E-W {line.ew_tricks}."
            )
        except UserError as exc:
            messages.error(request, exc.message)
        return redirect("drive:player", token=token)


@method_decorator(csrf_exempt, name="dispatch")  # the private link is the only key (as table_json.py)
class DriveCheckView(DriveMixin):
    """The other side agrees with the result sent from its table (plain form, or JSON)."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        data = read_body(request) if request.content_type == "application/json" else request.POST.dict()
        try:
            place = player_place(phone=self.phone)
            if place is None:
                raise UserError("You have no table in the change being played.")
            version = small_int(data.get("version"), field="version", default=None)
            phone_confirm(phone=self.phone, tray_number=place.deal, by=self.actor(), version=version)
        except UserError as exc:
            if request.content_type == "application/json":
                return error_json(exc)
            messages.error(request, exc.message)
            return redirect("drive:player", token=token)
        if request.content_type == "application/json":
            return _state(self)
        messages.success(request, "Checked: thank you.")
        return redirect("drive:player", token=token)


@method_decorator(csrf_exempt, name="dispatch")  # the private link is the only key (as table_json.py)
class DriveDisputeView(DriveMixin):
    """The other side disagrees with the result sent: its own count goes to the director (form, or JSON)."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        json_body = request.content_type == "application/json"
        data = read_body(request) if json_body else request.POST.dict()
        try:
            place = player_place(phone=self.phone)
            if place is None:
                raise UserError("You have no table in the change being played.")
            claimed = tricks_of(winner=data.get("winner"), points=data.get("points"))
            phone_dispute(phone=self.phone, tray_number=place.deal, claimed=claimed, by=self.actor())
        except UserError as exc:
            if json_body:
                return error_json(exc)
            messages.error(request, exc.message)
            return redirect("drive:player", token=token)
        if json_body:
            return _state(self)
        messages.warning(request, "Your count went to the director, who will settle it.")
        return redirect("drive:player", token=token)


class DriveStampView(DriveMixin):
    """What the page depends on, in a few small reads: the script polls it and refreshes when it changes."""

    json_errors = True

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return JsonResponse({"stamp": drive_stamp(phone=self.phone)})


class DriveStateView(DriveMixin):
    """The page's state as JSON (the script polls its ``stamp``)."""

    json_errors = True

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return _state(self)


@method_decorator(csrf_exempt, name="dispatch")  # the private link is the only key (as table_json.py)
class DriveSendView(DriveMixin):
    """Send the table's result as JSON: ``{"winner": "NS", "points": 2}`` or ``{"ns_tricks": 8}``."""

    json_errors = True

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            sent = _send(self, read_body(request))
        except UserError as exc:
            return error_json(exc)
        return _state(self, status=201 if sent.outcome.created else 200)


def _send(view: DriveMixin, data: dict[str, Any]) -> Any:
    """The service call both sends share."""
    return drive_submit(
        phone=view.phone,
        winner=data.get("winner"),
        points=data.get("points"),
        ns_tricks=data.get("ns_tricks"),
        by=view.actor(),
        device=view.device,
        idempotency_key=data.get("key"),
    )


def _state(view: DriveMixin, status: int = 200) -> JsonResponse:
    """The page's state, never cached."""
    body = page_json(drive_player_page(phone=view.phone, device=view.device))
    body["urls"] = {"home": reverse("drive:player", args=[view.kwargs["token"]])}
    return JsonResponse(body, status=status)
