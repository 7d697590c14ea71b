"""The phone's page: where we are, enter a result, the opponents' check, the folded slips, the move.

Works without JavaScript: plain forms post the N-S tricks, the check and a
dispute, and the page redirects back (post/redirect/get). The page's script
(``static/js/table.js``) speaks the phones' REST API (``scoring.api.tables``)
instead. Both read their input through the same serializers
(``scoring.inputs``) and call the same services. A table's link asks once
who the phone is (``TableClaimView``); from then on the phone follows that
entrant's own link. The server checks
everything (services); the page's checks are only for comfort.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views import View

from tournaments.selectors import entrant_link_by_token
from tournaments.services.errors import NotFound, UserError

from ..inputs import ConfirmSerializer, DisputeSerializer, checked
from ..phone_http import (
    FOLLOW_COOKIE,
    PhoneMixin,
    back_home,
    follow,
    plain_send,
    refused,
    sent_words,
    tray_errors,
)
from ..selectors.phone import claims_at, phone_round
from ..selectors.table import table_page
from ..services.phones import phone_confirm, phone_dispute

#: The buttons: N-S tricks, and E-W's 13 less beside each.
TRICKS = [(n, 13 - n) for n in range(14)]


class TableView(PhoneMixin, View):
    """The page itself (GET; the script asks for the main part alone) and the plain send (POST)."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        followed = self.followed(request)
        if followed:
            return redirect("phone:home", token=followed)
        page = table_page(phone=self.phone, device=self.device)
        partial = request.headers.get("X-Table-Partial") == "1"
        template = "table/_main.html" if partial else "table/home.html"
        urls = {
            "home": reverse("phone:home" if self.follows else "table:home", args=[token]),
            "api": reverse("entrant-link-state" if self.follows else "table-link-state", args=[token]),
        }
        if not self.follows:
            urls["claim"] = reverse("table:claim", args=[token])
        else:
            urls["leave"] = reverse("phone:leave", args=[token])
        context = {"page": page, "token": token, "urls": urls, "key": uuid.uuid4().hex}
        extra = {"tricks": TRICKS, "revokes": range(4), "tray_errors": tray_errors(request)}
        return render(request, template, {**context, **extra})

    def followed(self, request: HttpRequest) -> str:
        """The entrant link this phone follows in this session, if it said who it is here before."""
        token = request.COOKIES.get(FOLLOW_COOKIE, "")
        if self.follows or not token or request.headers.get("X-Table-Partial") == "1":
            return ""
        try:
            link = entrant_link_by_token(token=token)
        except NotFound:
            return ""
        return token if link.session_id == self.phone.session.pk else ""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            line = plain_send(self, request)
            messages.success(request, sent_words(line))
        except UserError as exc:
            refused(request, exc, request.POST.get("tray", ""))
        return back_home(self, token)


class TableClaimView(PhoneMixin, View):
    """ "This is us": the phone says which entrant it is, and from then on follows that entrant."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        chosen = request.POST.get("entrant", "")
        number = phone_round(self.phone)
        assert self.phone.table is not None
        links = {c.link.token: c.link for c in claims_at(table=self.phone.table, round_number=number)}
        if chosen not in links:
            messages.error(request, "Choose one of the pairs seated at this table now.")
            return redirect("table:home", token=token)
        response = redirect(reverse("phone:home", args=[chosen]))
        return follow(response, request, chosen)


class PhoneLeaveView(PhoneMixin, View):
    """ "Not us": the phone stops following this entrant and goes back to a table's link."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        response = render(request, "table/left.html", {"page": None}, status=200)
        response.delete_cookie(FOLLOW_COOKIE)
        return response


class TableConfirmView(PhoneMixin, View):
    """E-W check a result entered at their table (plain form)."""

    def post(self, request: HttpRequest, token: str, tray: int) -> HttpResponse:
        try:
            version = checked(ConfirmSerializer, request.POST).get("version")
            line = phone_confirm(
                phone=self.phone, tray_number=tray, by=self.phone.actor("E-W"), version=version
            )
            messages.success(
                request, f"Tray {tray} checked by E-W: N-S {line.ns_tricks}, E-W {line.ew_tricks}."
            )
        except UserError as exc:
            refused(request, exc, tray)
        return back_home(self, token)


class TableDisputeView(PhoneMixin, View):
    """E-W disagree with a result: their count goes to the director (plain form)."""

    def post(self, request: HttpRequest, token: str, tray: int) -> HttpResponse:
        try:
            claimed = checked(DisputeSerializer, request.POST)["claimed"]
            phone_dispute(phone=self.phone, tray_number=tray, claimed=claimed, by=self.phone.actor("E-W"))
            messages.warning(request, f"Tray {tray}: your count went to the director, who will settle it.")
        except UserError as exc:
            refused(request, exc, tray)
        return back_home(self, token)
