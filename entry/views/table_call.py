"""The phone's plain call to the director (``templates/table/_call.html``), for a phone without JavaScript.

``POST <link>/call`` calls the director to the phone's table and goes back
to the page with a message. The page's script speaks the phones' REST API
instead (``api/calls.py``: the call and the round's clock), as every other
action of the table page does. Serves a table's link (``/t/``) and an
entrant's own (``/p/``).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views import View

from entry.phone_http import PhoneMixin
from entry.services.calls import call_director, caller
from tournaments.services.errors import UserError


class TableCallView(PhoneMixin, View):
    """Call the director to this phone's table."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            call_director(phone=self.phone, by=caller(self.phone))
        except UserError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, "The director is called and will come to your table.")
        return redirect("phone:home" if self.follows else "table:home", token=token)
