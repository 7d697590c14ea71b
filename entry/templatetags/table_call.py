"""The phone page's call button and round clock: ``{% phone_call as call %}`` in ``table/_call.html``."""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.urls import reverse

from entry.selectors.calls import phone_clock
from entry.selectors.phone import phone_for_entrant, phone_for_table
from tournaments.models import Session
from tournaments.services.errors import NotFound

register = template.Library()


@register.simple_tag(takes_context=True)
def phone_call(context: Any) -> dict[str, Any] | None:
    """The phone's clock and open call, from the page's ``phone`` (else found again by its ``token`` and
    ``urls.home``); None if unknown."""
    token = context.get("token") or ""
    home = (context.get("urls") or {}).get("home", "")
    follows = bool(token) and home == reverse("phone:home", args=[token])
    phone = context.get("phone")
    if phone is None:
        try:
            phone = phone_for_entrant(token=token) if follows else phone_for_table(token=token)
        except NotFound:
            return None
    shown = phone_clock(phone=phone)
    return {
        "running": phone.session.status == Session.Status.RUNNING,
        "open": shown.call is not None,
        "clock": shown.clock,
        "clock_json": json.dumps(shown.clock.to_json(shown.now)) if shown.clock else "",
        "words": shown.words,
        "home": home,
        "api": reverse("entrant-link-clock" if follows else "table-link-clock", args=[token])[
            : -len("clock/")
        ],
    }
