"""The public page of a simultaneous event: its name and dates; once published, the field; from the
release time, the hands with their frequency tables and the commentary. An unknown reference: 404."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import View

from tournaments.services.errors import NotFound

from . import selectors
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
