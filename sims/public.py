"""The public page of a simultaneous event: its name and dates; once published, the field a page at a time;
from the release time, the hands with their frequency tables and the commentary; and the published field
as a file (``field.json``, the public API's answer), for a club with no internet to import. An unknown
reference: 404 (and for the file, an event not published yet).

Both read the placings kept when the event was published (``sims.models.SimPlacing``), the page only the
rows it shows (``?page=``, ``sims.selectors.FIELD_PAGE_ROWS`` a page); both count against the address's
``public`` throttle, as every public page does (429 beyond).
"""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import View

from scoring.mixins import PublicPageMixin
from tournaments.services.errors import NotFound

from . import selectors
from .api import public_body
from .models import SimEvent


class SimPublicView(PublicPageMixin, View):
    """What everyone may see of the event, and no more."""

    def get(self, request: HttpRequest, ref: str) -> HttpResponse:
        try:
            event = selectors.event_public(ref=ref)
        except NotFound as exc:
            raise Http404(exc.message) from None
        published = event.state == SimEvent.State.PUBLISHED
        page = selectors.field_page(event.field_size, request.GET.get("page"))
        fields = [(m, selectors.published_page(event, m, page)) for m in event.methods if published]
        context = {
            "event": event,
            "published": published,
            "page": page,
            "fields": fields,
            "deals": selectors.deal_records(event, published=True) if selectors.public_hands(event) else [],
        }
        return render(request, "sims/public.html", context)


class SimFieldFileView(PublicPageMixin, View):
    """The published field as a file: the public API's answer, for a club's director to import."""

    def get(self, request: HttpRequest, ref: str) -> HttpResponse:
        try:
            body = public_body(ref)
        except NotFound as exc:
            raise Http404(exc.message) from None
        text = json.dumps(body, ensure_ascii=False, separators=(",", ":"), default=str)
        response = HttpResponse(text.encode("utf-8"), content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{body["ref"]}-field.json"'
        return response
