"""A player's phone at a whist drive (p. 24): where to sit, the result to send or check, the move, the card.

Each player has his own link (his QR code): the phone follows him from
table to table. Works without JavaScript: plain forms post the result, the
check and a dispute, and the page redirects back (post/redirect/get). The
page's script (``static/js/drive.js``) speaks the REST API instead
(``entry.api.drive``: the player's ``drive/stamp/``, ``drive/result/``,
``drive/check/``, ``drive/dispute/``). Both read their input through the
same serializers and call the same services (``services.drive``); every
read is ``selectors.drive``'s, through the visibility rule.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views import View

from entry.inputs import ConfirmSerializer, checked
from entry.inputs_drive import DriveDisputeSerializer, PhoneResultSerializer
from entry.phone_http import PhoneMixin
from entry.selectors.drive import drive_of, drive_player_page
from entry.services.drive import drive_check, drive_dispute, drive_submit
from tournaments.services.errors import NotFound, UserError

POINTS = range(1, 8)


class DriveOnly(View):
    """After the phone is found: a link of any other kind of session is refused as unknown (404)."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            drive_of(self.phone.session)  # type: ignore[attr-defined]
        except NotFound as exc:
            return render(request, "table/invalid.html", {"message": exc.message}, status=404)
        return super().dispatch(request, *args, **kwargs)


class DriveMixin(PhoneMixin, DriveOnly):
    """A player's own link at a whist drive (404 for any other session's link)."""

    follows = True

    def back(self, token: str) -> HttpResponse:
        """Back to the player's page."""
        return redirect("drive:player", token=token)


class DrivePlayerView(DriveMixin):
    """The player's page (GET; the script asks for the main part alone) and the plain send (POST)."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        page = drive_player_page(phone=self.phone, device=self.device)
        partial = request.headers.get("X-Drive-Partial") == "1"
        api = reverse("entrant-link-drive", args=[token])
        context = {"page": page, "token": token, "points": POINTS, "key": uuid.uuid4().hex, "api": api}
        return render(request, "drive/_main.html" if partial else "drive/player.html", context)

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            data = checked(PhoneResultSerializer, request.POST)
            key = data.pop("key", None)
            line = drive_submit(
                phone=self.phone, device=self.device, idempotency_key=key, **data
            ).outcome.line
            messages.success(
                request, f"Deal {line.tray.number} sent: N-S {line.ns_tricks}, E-W {line.ew_tricks}."
            )
        except UserError as exc:
            messages.error(request, exc.message)
        return self.back(token)


class DriveCheckView(DriveMixin):
    """The other side agrees with the result sent from its table (plain form)."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            drive_check(phone=self.phone, version=checked(ConfirmSerializer, request.POST).get("version"))
            messages.success(request, "Checked: thank you.")
        except UserError as exc:
            messages.error(request, exc.message)
        return self.back(token)


class DriveDisputeView(DriveMixin):
    """The other side disagrees: its own count goes to the director (plain form)."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            drive_dispute(phone=self.phone, **checked(DriveDisputeSerializer, request.POST))
            messages.warning(request, "Your count went to the director, who will settle it.")
        except UserError as exc:
            messages.error(request, exc.message)
        return self.back(token)
