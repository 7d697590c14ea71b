"""A player's phone at a mnemonic sitting (pp. 25-27, 66): the play, the seats, the trays, the comparison.

Plain forms send each tray's N-S tricks (post/redirect/get); the rules of a
result are ``services.results``' (through ``services.phones``: the overplay
is refused until every deal of the original play is in). Reads are
``selectors.mnemonic``'s, through the visibility rule.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views import View

from entry.phone_http import PhoneMixin, asked_first, plain_send, sent_words
from entry.selectors.mnemonic import check_mnemonic, mnemonic_page
from tournaments.services.errors import NotFound, UserError

#: The buttons: N-S tricks, and E-W's 13 less beside each.
TRICKS = [(n, 13 - n) for n in range(14)]


class MnemonicOnly(View):
    """After the phone is found: a link of any other kind of session is refused as unknown (404)."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            check_mnemonic(self.phone.session)  # type: ignore[attr-defined]
        except NotFound as exc:
            return render(request, "table/invalid.html", {"message": exc.message}, status=404)
        return super().dispatch(request, *args, **kwargs)


class MnemonicPlayerView(PhoneMixin, MnemonicOnly):
    """The player's page (GET) and the plain send of a tray's N-S tricks (POST); a count the scorer's eye
    would flag is asked about first, on a page of its own (``asked_first``)."""

    follows = True

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        page = mnemonic_page(phone=self.phone)
        context = {"page": page, "token": token, "tricks": TRICKS, "key": uuid.uuid4().hex}
        return render(request, "mnemonic/player.html", context)

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            line = plain_send(self, request, with_round=False)
            messages.success(request, sent_words(line))
        except UserError as exc:
            if exc.field == "ask":  # the scorer's eye: asked once before a count it would flag
                return asked_first(request, exc, home=reverse("mnemonic:player", args=[token]))
            messages.error(request, exc.message)
        return redirect("mnemonic:player", token=token)
