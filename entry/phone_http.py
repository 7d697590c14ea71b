"""What the phone's pages and their JSON endpoints share: the link, the phone, the input.

A phone holds a table's link (its QR code: a place), an entrant's own link
(the QR code on the entrant's card), or a pass of its own, given when it
said at a table which entrant it is; there are no player accounts. Each
phone gets a random device id in a cookie: a phone follows one entrant of a
session at a time (``tournaments.services.phones``), and the page knows
which phone sent a result (and asks that phone to hand itself to E-W for
the check).
"""

from __future__ import annotations

import math
import uuid
from dataclasses import replace
from typing import Any, TypeVar

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from rest_framework.request import Request

from entry.inputs import PhoneSubmitSerializer, checked, device_id
from entry.phone_actions import asks, send
from entry.selectors.phone import Phone, phone_for_entrant, phone_for_table
from entry.send.door import send_of
from entry.send.rows import LineRow
from entry.services.phones import DRIVE_ELSEWHERE
from scoring.models import SlipLine
from tournaments.api.permissions import TableRateThrottle
from tournaments.selectors import seated_by_results
from tournaments.services.errors import NotFound, UserError
from tournaments.services.phones import pass_seen, pass_vouch_by_link

DEVICE_COOKIE = "cw_device"
ResponseType = TypeVar("ResponseType", bound=HttpResponseBase)
ONE_YEAR = 365 * 24 * 3600


class PhoneMixin:
    """Resolve the phone from its link once (TournamentMixin style): a table's, or an entrant's."""

    phone: Phone
    device: str
    follows: bool = False
    new_device: bool = False

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """Refuse a link asked too fast, or unknown or revoked, with a plain message; otherwise carry on,
        never cached."""
        slow_down = too_fast(request, self)
        if slow_down is not None:
            return slow_down
        self.device = device_of(request)
        if not self.device:
            self.device, self.new_device = uuid.uuid4().hex, True
        try:
            self.phone = phone_of(kwargs["token"], follows=self.follows, device=self.device)
        except NotFound as exc:
            return render(request, "table/invalid.html", {"message": exc.message}, status=404)
        own_link = self.follows and self.phone.pass_ is None and request.method == "GET"  # its printed link
        if own_link and pass_vouch_by_link(link=self.phone.link, device=self.device):
            messages.success(request, "This phone follows you again: it was opened with your own link.")
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
        return no_store(response)


def phone_of(token: str, *, follows: bool, device: str) -> Phone:
    """The phone of a link (an entrant's, or a pass, with ``follows``; else a table's), asked by this
    device; NotFound for an unknown link."""
    if not follows:
        return phone_for_table(token=token, device=device)
    phone = phone_for_entrant(token=token, device=device)
    if phone.pass_ is not None:  # a request by its pass: in doubt after a pause (``pass_seen``)
        phone = replace(phone, pass_=pass_seen(phone_pass=phone.pass_))
    return phone


def device_of(request: HttpRequest) -> str:
    """The phone's own id, from its cookie (blank without one)."""
    return device_id(request.COOKIES.get(DEVICE_COOKIE, ""))


def too_fast(request: HttpRequest, view: Any) -> HttpResponse | None:
    """A phone's page asked faster than its link's rate: the 429 page, before the link is even looked up.

    A link's pages count in the same bucket as its API (``TableRateThrottle``, the ``table`` rate,
    ``API_TABLE_RATE``: 120 a minute), so a phone's script, which polls every ten seconds, is never near
    it, and a page hammered by hand costs the server no more than the API would."""
    throttle = TableRateThrottle()
    if throttle.allow_request(request, view):
        return None
    wait = math.ceil(throttle.wait() or 1)
    message = f"This link was asked too often in the last minute; try again in {wait} seconds."
    response = render(request, "table/too_fast.html", {"message": message}, status=429)
    response["Retry-After"] = str(wait)
    return no_store(response)


class NotADrive:
    """After the phone is found: a whist drive's player has his own page (``/d/``), never a duplicate one.

    For the duplicate phone's pages (``/p/``): at a drive, a page asked for
    goes to the player's drive page; a form posted is refused (409) and
    stores nothing.
    """

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not seated_by_results(self.phone.session):  # type: ignore[attr-defined]
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc,no-any-return]
        home = reverse("drive:player", args=[kwargs["token"]])
        if request.method in ("GET", "HEAD"):
            return redirect(home)
        return render(request, "drive/elsewhere.html", {"message": DRIVE_ELSEWHERE, "home": home}, status=409)


def no_store(response: ResponseType) -> ResponseType:
    """Nothing a phone is told may be kept by a cache (its pages, its API, its player's own link's API)."""
    response["Cache-Control"] = "no-store"
    return response


class NoStoreMixin:
    """An API view whose every answer goes to a phone: never cached (``no_store``)."""

    def finalize_response(
        self, request: Request, response: HttpResponseBase, *args: Any, **kwargs: Any
    ) -> HttpResponseBase:
        """The answer, marked not to be kept."""
        return no_store(super().finalize_response(request, response, *args, **kwargs))  # type: ignore[misc]


def back_home(view: PhoneMixin, token: str) -> HttpResponse:
    """Back to the phone's own page (post/redirect/get)."""
    return redirect("phone:home" if view.follows else "table:home", token=token)


def refused(request: HttpRequest, exc: UserError, tray: Any) -> None:
    """A refusal for the page to show next to that tray's form (and with the other messages at the top)."""
    messages.error(request, exc.message, extra_tags=f"tray-{tray}")


def tray_errors(request: HttpRequest) -> list[tuple[int, str]]:
    """The refusals this page shows next to a tray's form: (tray, message)."""
    out = []
    for message in messages.get_messages(request):
        tag = next((t for t in message.extra_tags.split() if t.startswith("tray-")), "")
        if tag[5:].isdigit():
            out.append((int(tag[5:]), str(message)))
    return out


def plain_send(view: PhoneMixin, request: HttpRequest, *, with_round: bool = True) -> LineRow:
    """A tray sent from a page's plain form (no JavaScript): the API's input serializer and service.

    Raises the service's ``UserError`` for the page to show beside the tray.
    """
    data = checked(PhoneSubmitSerializer, request.POST)
    sent = send_of({**data, "key": request.POST.get("key", "")}, device=view.device, with_round=with_round)
    return send(view.phone, sent, ask=asks(data)).line


#: The fields of a plain send (or correction) the question's page carries again with ``sure`` (each
#: already checked by ``PhoneSubmitSerializer`` or ``AmendSerializer``, whose lengths bound them): the count
#: as the pair tapped it, nothing else.
ASKED_FIELDS = (
    "tray",
    "version",
    "round",
    "key",
    "ns_tricks",
    "ns_revokes",
    "ew_revokes",
    "trump",
    "trump_rank",
    "trump_suit",
)


def asked_first(
    request: HttpRequest, exc: UserError, *, home: str, to: str = "", yes: str = "send"
) -> HttpResponse:
    """The plain form's question before a count the checks would flag (400): "Yes, send" posts the same
    send again with ``sure`` (to ``to``, the form's own address: the page's by default; ``yes``: "send"
    or "correct to"); "No, change it" leads back to the page. Nothing is stored."""
    carried = [(name, request.POST[name]) for name in ASKED_FIELDS if request.POST.get(name, "") != ""]
    context = {"question": exc.message, "carried": carried, "home": home, "to": to or home, "yes": yes}
    context["ns"] = request.POST.get("ns_tricks")
    return no_store(
        render(request, "table/ask.html", {**context, "tray": request.POST.get("tray")}, status=400)
    )


def sent_words(line: SlipLine | LineRow) -> str:
    """What the page says once a tray is stored."""
    return f"Tray {line.tray.number} sent: N-S {line.ns_tricks}, E-W {line.ew_tricks}."
