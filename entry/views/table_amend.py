"""The phone's page: N-S correct their count before E-W check it (plain form; the script uses the API)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.views import View

from entry.phone_actions import AMEND
from entry.phone_http import NotADrive, PhoneMixin, asked_first, back_home, refused
from tournaments.services.errors import UserError


class TableAmendView(PhoneMixin, NotADrive, View):
    """N-S's corrected count on a tray, until E-W check it; a refusal is shown by that tray's form."""

    def post(self, request: HttpRequest, token: str, tray: int) -> HttpResponse:
        try:
            line = AMEND.from_page(self.phone, tray, request.POST)
            messages.success(request, f"Tray {tray} corrected: N-S {line.ns_tricks}, E-W {line.ew_tricks}.")
        except UserError as exc:
            if exc.field == "ask":  # the scorer's eye: asked once before a corrected count it would flag
                home = request.path.rsplit("trays/", 1)[0]  # the page this form is on, /t/ or /p/
                return asked_first(request, exc, home=home, to=request.path, yes="correct to")
            refused(request, exc, tray)
        return back_home(self, token)
