"""The phone calls the director, and asks for the round's clock (``templates/table/_call.html``).

``POST <link>/call`` calls the director to the phone's table (a plain form:
back to the page with a message; from the page's script, JSON). ``GET
<link>/clock`` gives the round's times and whether a call is open, for the
countdown in ``static/js/clock.js``. Both serve a table's link (``/t/``) and
an entrant's own (``/p/``).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.views import View

from tournaments.services.errors import UserError

from ..phone_http import PhoneMixin, error_json
from ..selectors.calls import phone_clock
from ..services.calls import call_director, caller


def wants_json(request: HttpRequest) -> bool:
    """Whether the page's script (not a plain form) sent the request."""
    return (
        "application/json" in request.headers.get("Accept", "") or request.content_type == "application/json"
    )


class TableCallView(PhoneMixin, View):
    """Call the director to this phone's table."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        self.json_errors = wants_json(request)
        try:
            call = call_director(phone=self.phone, by=caller(self.phone))
        except UserError as exc:
            if self.json_errors:
                return error_json(exc)
            messages.error(request, exc.message)
        else:
            if self.json_errors:
                return JsonResponse(
                    {"ok": True, "call": {"id": call.pk, "round": call.round_number}}, status=201
                )
            messages.success(request, "The director is called and will come to your table.")
        return redirect("phone:home" if self.follows else "table:home", token=token)


class TableClockView(PhoneMixin, View):
    """The round's clock and the phone's open call, as JSON."""

    json_errors = True

    def get(self, request: HttpRequest, token: str) -> JsonResponse:
        return JsonResponse(phone_clock(phone=self.phone).to_json())
