"""The phone's page: N-S correct their count before E-W check it (plain form; the script uses the API)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.views import View

from tournaments.services.errors import UserError

from ..inputs import AmendSerializer, checked
from ..phone_http import PhoneMixin, back_home, refused
from ..services.amend import phone_amend


class TableAmendView(PhoneMixin, View):
    """N-S's corrected count on a tray, until E-W check it; a refusal is shown by that tray's form."""

    def post(self, request: HttpRequest, token: str, tray: int) -> HttpResponse:
        try:
            data = checked(AmendSerializer, request.POST)
            line = phone_amend(
                phone=self.phone,
                tray_number=tray,
                ns_tricks=data["ns_tricks"],
                ns_revokes=data.get("ns_revokes"),
                ew_revokes=data.get("ew_revokes"),
                version=data.get("version"),
                by=self.phone.actor("N-S"),
            )
            messages.success(request, f"Tray {tray} corrected: N-S {line.ns_tricks}, E-W {line.ew_tricks}.")
        except UserError as exc:
            refused(request, exc, tray)
        return back_home(self, token)
