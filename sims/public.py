"""The public page of a simultaneous event: its name and dates; once published, the field; from the
release time, the hands with their frequency tables and the commentary; and the published field as a
file (``field.json``, the public API's answer), for a club with no internet to import. An unknown
reference: 404 (and for the file, an event not published yet)."""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import View

from tournaments.services.errors import NotFound

from . import selectors
from .api import public_body
from .models import SimEvent


class SimPublicView(View):
    """What everyone may see of the event, and no more."""

    def get(self, request: HttpRequest, ref: str) -> HttpResponse:
        try:
            event = selectors.event_public(ref=ref)
        except NotFound as exc:
            raise Http404(exc.message) from None
        published = event.state == SimEvent.State.PUBLISHED
        context = {
            "event": event,
            "published": published,
            "fields": [(m, selectors.standings_rows(event, m)) for m in event.methods] if published else [],
            "deals": selectors.deal_records(event) if selectors.public_hands(event) else [],
        }
        return render(request, "sims/public.html", context)


class SimFieldFileView(View):
    """The published field as a file: the public API's answer, for a club's director to import."""

    def get(self, request: HttpRequest, ref: str) -> HttpResponse:
        try:
            body = public_body(ref)
        except NotFound as exc:
            raise Http404(exc.message) from None
        text = json.dumps(body, ensure_ascii=False, indent=1, default=str)
        response = HttpResponse(text.encode("utf-8"), content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{body["ref"]}-field.json"'
        return response
