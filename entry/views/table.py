"""The phones' pages: a table's own link (a place) and the page of an entrant a phone follows.

A table's QR code opens ``PlaceView``: the table's card and "who has this
phone?" (``ClaimView``). Saying which entrant it is gives the phone a pass
of its own, and from then on the phone follows that entrant
(``TableView``, ``/p/<token>/``, which also opens an entrant's own printed
link): where it sits, the trays to send and check, the folded slips, the
move. Works without JavaScript: plain forms post, and the page redirects
back (post/redirect/get). The page's script (``static/js/table.js``)
speaks the phones' REST API (``entry.api.tables``) instead; both read
their input through the same serializers (``entry.inputs``) and call the
same services, which check everything.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views import View

from entry.inputs import ClaimSerializer, checked
from entry.phone_actions import CONFIRM, DISPUTE
from entry.phone_http import (
    NotADrive,
    PhoneMixin,
    asked_first,
    back_home,
    plain_send,
    refused,
    sent_words,
    tray_errors,
)
from entry.selectors.phone import table_left_at
from entry.selectors.place import follower_urls, place_page
from entry.selectors.table import table_page
from entry.selectors.table_parts import status_label
from entry.services.phones import pass_scanned
from tournaments.services.errors import UserError
from tournaments.services.phones import CODE_DIGITS, pass_leave, pass_vouch, phone_claim
from whist.cards import RANK_TABLE, SUIT_TABLE

#: The buttons: N-S tricks, and E-W's 13 less beside each.
TRICKS = [(n, 13 - n) for n in range(14)]
#: The trump card's picker (a tray dealt at the table, Law III): its suits (letter, glyph, name), its ranks.
TRUMP_SUITS = SUIT_TABLE
TRUMP_RANKS = [(letter, printed) for letter, printed, _ in RANK_TABLE]


class PlaceView(PhoneMixin, View):
    """A table's own link (GET; the script asks for the main part alone): its card, and who has this phone."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        assert self.phone.table is not None
        pass_scanned(table=self.phone.table, device=self.device)  # a phone left here: its pass in doubt
        page = place_page(table=self.phone.table, device=self.device)
        asked = request.GET.get("pair", "")
        asking = next((c for c in page.claims if c.value == asked and c.held and not c.this_phone), None)
        partial = request.headers.get("X-Table-Partial") == "1"
        urls = {
            "home": reverse("table:home", args=[token]),
            "api": reverse("table-link-state", args=[token]),
            "claim": reverse("table:claim", args=[token]),
        }
        context = {"page": page, "token": token, "urls": urls, "phone": self.phone, "asking": asking}
        return render(request, "table/_place.html" if partial else "table/place.html", context)


class ClaimView(PhoneMixin, View):
    """ "This is us": the phone says which entrant it is, and from then on follows it by a pass of its own."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        assert self.phone.table is not None
        try:
            data = checked(ClaimSerializer, request.POST)
            got = phone_claim(table=self.phone.table, device=self.device, **data)
        except UserError as exc:
            messages.error(request, exc.message)
            home = reverse("table:home", args=[token])
            asked = request.POST.get("entrant", "")
            return redirect(f"{home}?pair={asked}" if exc.field == "code" and asked.isascii() else home)
        return redirect(follower_urls(session=self.phone.session, token=got.token)[0])


class TableView(PhoneMixin, NotADrive, View):
    """The page of the entrant a phone follows (GET) and the plain send (POST)."""

    follows = True

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        page = table_page(phone=self.phone, device=self.device)
        partial = request.headers.get("X-Table-Partial") == "1"
        urls = {
            "home": reverse("phone:home", args=[token]),
            "api": reverse("entrant-link-state", args=[token]),
            "leave": reverse("phone:leave", args=[token]),
            "vouch": reverse("phone:vouch", args=[token]),
        }
        context = {"page": page, "token": token, "urls": urls, "key": uuid.uuid4().hex, "phone": self.phone}
        extra = {"tricks": TRICKS, "revokes": range(4), "tray_errors": tray_errors(request)}
        extra |= {"trump_suits": TRUMP_SUITS, "trump_ranks": TRUMP_RANKS}
        return render(request, "table/_main.html" if partial else "table/home.html", {**context, **extra})

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            line = plain_send(self, request)
            messages.success(request, sent_words(line))
        except UserError as exc:
            if exc.field == "ask":
                return asked_first(request, exc, home=reverse("phone:home", args=[token]))
            refused(request, exc, request.POST.get("tray", ""))
        return back_home(self, token)


class PhoneLeaveView(PhoneMixin, View):
    """ "Not us": a phone with a pass stops following its entrant (a printed link is only left), and
    leads back to the page of the table it was left at."""

    follows = True

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        table = table_left_at(self.phone)
        if self.phone.pass_ is not None:
            pass_leave(phone_pass=self.phone.pass_)
        back = reverse("table:home", args=[table.token]) if table is not None else ""
        return render(request, "table/left.html", {"page": None, "back": back, "table": table}, status=200)


class PhoneVouchView(PhoneMixin, View):
    """ "This is us": the entrant's code typed on a phone whose pass is in doubt (plain form)."""

    follows = True

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        if self.phone.pass_ is not None:
            try:
                pass_vouch(phone_pass=self.phone.pass_, code=request.POST.get("code", "")[:CODE_DIGITS])
                messages.success(request, "This phone follows you again.")
            except UserError as exc:
                messages.error(request, exc.message)
        return back_home(self, token)


class TableConfirmView(PhoneMixin, NotADrive, View):
    """The other side checks a result sent at its table (plain form)."""

    follows = True

    def post(self, request: HttpRequest, token: str, tray: int) -> HttpResponse:
        try:
            line = CONFIRM.from_page(self.phone, tray, request.POST)
            messages.success(
                request,
                f"Tray {tray} {status_label(line).lower()}: N-S {line.ns_tricks}, E-W {line.ew_tricks}.",
            )
        except UserError as exc:
            refused(request, exc, tray)
        return back_home(self, token)


class TableDisputeView(PhoneMixin, NotADrive, View):
    """The other side disagrees with a result: its count goes to the director (plain form)."""

    follows = True

    def post(self, request: HttpRequest, token: str, tray: int) -> HttpResponse:
        try:
            DISPUTE.from_page(self.phone, tray, request.POST)
            messages.warning(request, f"Tray {tray}: your count went to the director, who will settle it.")
        except UserError as exc:
            refused(request, exc, tray)
        return back_home(self, token)
