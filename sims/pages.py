"""The organiser's pages: the club's simultaneous events, and one event with its clubs, heats and field.

The organising club's directors only (another club's director: 404). A
club added is shown its key once, with its pack to download at once; the
key is known only then, so downloading the pack later issues a new key
(the page says so) and the old one stops working. Rules are in
``sims.services`` and ``sims.selectors``; these views read a form, call one,
and answer (a refusal: 400 with the sentence, nothing stored).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.files.uploadedfile import UploadedFile
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views import View

from tournaments.mixins import DirectorClubMixin
from tournaments.services.errors import NotFound, UserError
from tournaments.services.pbn import pbn_size_check
from whist.dates import FIRST_YEAR, LAST_YEAR

from . import selectors, services
from .models import METHODS, SimClub, SimEvent

FORM = ("name", "plays_from", "plays_to", "release_at", "deals", "methods")


#: Bytes of an upload read at a time: the organiser's files are read a chunk at a time, and refused as soon
#: as they pass their limit (``PBN_MAX_BYTES``), so that no more than the limit and a chunk is held.
UPLOAD_CHUNK = 64 * 1024


def upload_bytes(upload: UploadedFile) -> bytes:
    """The bytes of an uploaded PBN file, read a chunk at a time; a ``UserError`` as soon as they pass the
    ``PBN_MAX_BYTES`` setting (and before reading anything when the upload says it is larger)."""
    limit = int(settings.PBN_MAX_BYTES)
    pbn_size_check(upload.size or 0)
    data = bytearray()
    while chunk := upload.read(UPLOAD_CHUNK):
        data += chunk
        if len(data) > limit:
            pbn_size_check(max(len(data), upload.size or 0))
    return bytes(data)


def event_context(event: SimEvent, page: Any = None, **shown: Any) -> dict[str, Any]:
    """Everything the event's page shows, the field a page at a time (``page``, as ``?page=`` gives it);
    the organiser dealt the hands, and sees them (for the commentary) before the release time, when nobody
    else does."""
    released = selectors.released(event)
    at = selectors.field_page(selectors.field_size(event), page)
    return {
        "club": event.organiser,
        "event": event,
        "clubs": selectors.clubs_of(event=event),
        "checks": selectors.checks(event),
        "taking_part": selectors.taking_part(event),
        "missing": selectors.missing_heats(event),
        "page": at,
        "fields": [(m, selectors.standings_rows(event, m, at)) for m in event.methods],
        "boards": services.event_boards(event),
        "commentary": event.commentary or {},
        "released": released,
        "pack_url": selectors.pack_url(event),
        "deals": selectors.deal_records(event),
        "errors": {},
        **shown,
    }


class SimListView(DirectorClubMixin, View):
    """The club's simultaneous events, and the form to create one."""

    def page(self, request: HttpRequest, status: int = 200, **shown: Any) -> HttpResponse:
        context = {"club": self.club, "events": selectors.events_of(club=self.club), "methods": METHODS}
        context.update(values={}, errors={}, now=timezone.localtime())
        context.update(first_day=f"{FIRST_YEAR}-01-01", last_day=f"{LAST_YEAR}-12-31")
        return render(request, "sims/list.html", {**context, **shown}, status=status)

    def get(self, request: HttpRequest, club: str) -> HttpResponse:
        return self.page(request)

    def post(self, request: HttpRequest, club: str) -> HttpResponse:
        values = {k: str(request.POST.get(k, ""))[:200] for k in FORM if k != "methods"}
        upload = request.FILES.get("file")
        try:
            event = services.event_create(
                organiser=self.club, methods=request.POST.getlist("methods"), user=request.user,
                pbn=upload_bytes(upload) if upload else None, **values,
            )  # fmt: skip
        except UserError as exc:
            errors = getattr(exc, "errors", None) or {exc.field or "form": exc.message}
            return self.page(request, 400, values=values, errors=errors)
        return redirect("sims:event", club=self.club.slug, ref=event.ref)


def not_found(exc: NotFound) -> Http404:
    """A service's 404 as the page's."""
    return Http404(exc.message)


class SimEventPage(DirectorClubMixin, View):
    """One of the club's events (404 for another club's, or none); each handler calls ``load`` first."""

    event: SimEvent

    def load(self, ref: str) -> SimEvent:
        """The event named in the URL, of this club."""
        try:
            self.event = selectors.event_of(club=self.club, ref=ref)
        except NotFound as exc:
            raise not_found(exc) from None
        return self.event

    def sim_club(self, pk: Any) -> SimClub:
        """A club of this event, or 404."""
        try:
            return selectors.sim_club_of(event=self.event, pk=pk)
        except NotFound as exc:
            raise not_found(exc) from None

    def page(self, request: HttpRequest, status: int = 200, **shown: Any) -> HttpResponse:
        context = event_context(self.event, request.GET.get("page"), **shown)
        return render(request, "sims/event.html", context, status=status)

    def to_page(self, anchor: str = "") -> HttpResponse:
        url = reverse("sims:event", args=[self.club.slug, self.event.ref])
        return redirect(url + (f"#{anchor}" if anchor else ""))


class SimEventView(SimEventPage):
    """The event: its clubs, heats, checks, field by each method, state, commentary."""

    def get(self, request: HttpRequest, club: str, ref: str) -> HttpResponse:
        self.load(ref)
        return self.page(request)


class SimClubAddView(SimEventPage):
    """Add a club taking part: its key is shown once, with its pack to download at once."""

    def post(self, request: HttpRequest, club: str, ref: str) -> HttpResponse:
        self.load(ref)
        try:
            sim_club, key = services.sim_club_add(
                event=self.event, name=request.POST.get("name", ""), user=request.user
            )
        except UserError as exc:
            return self.page(request, 400, errors={"club": exc.message})
        return self.page(request, issued={"club": sim_club, "key": key})


class SimPackView(SimEventPage):
    """The club's pack as a file: with the key just shown, or else a new key (the old one stops working)."""

    def post(self, request: HttpRequest, club: str, ref: str, pk: int) -> HttpResponse:
        self.load(ref)
        sim_club = self.sim_club(pk)
        key = str(request.POST.get("key", ""))[:200]
        try:
            if not key or not services.key_matches(sim_club, key):
                key = services.sim_club_rekey(sim_club=sim_club, user=request.user)
        except UserError as exc:
            return self.page(request, 400, errors={"club": exc.message})
        text = services.pack_for(sim_club=sim_club, key=key, results_url=selectors.results_url(self.event))
        response = HttpResponse(text, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{self.event.ref}-{sim_club.pk}-pack.json"'
        return response


class SimClubWithdrawView(SimEventPage):
    """The club no longer takes part: its heat is left out of the field."""

    def post(self, request: HttpRequest, club: str, ref: str, pk: int) -> HttpResponse:
        self.load(ref)
        try:
            services.sim_club_withdraw(sim_club=self.sim_club(pk), user=request.user)
        except UserError as exc:
            return self.page(request, 400, errors={"club": exc.message})
        return self.to_page("clubs")


class SimHeatUploadView(SimEventPage):
    """A club's heat file, uploaded by the organiser on its behalf (it replaces the club's last)."""

    def post(self, request: HttpRequest, club: str, ref: str, pk: int) -> HttpResponse:
        self.load(ref)
        sim_club, upload = self.sim_club(pk), request.FILES.get("file")
        try:
            if upload is None:
                raise UserError(
                    f"Choose the heat file of {sim_club.name} (PBN with a ScoreTable).", field="file"
                )
            services.heat_receive(
                event=self.event, sim_club=sim_club, data=upload_bytes(upload), via="file", user=request.user
            )
        except UserError as exc:
            said = {
                "heat": f"The heat of {sim_club.name} was not taken. {exc.message}",
                "heat_club": sim_club.pk,
            }
            return self.page(request, 409 if exc.status == 409 else 400, errors=said)
        messages.success(request, f"The heat of {sim_club.name} is in.")
        return self.to_page("heats")


class SimStateView(SimEventPage):
    """Close the event to heats, reopen it, or publish its field."""

    DO = {"close": services.event_close, "reopen": services.event_reopen, "publish": services.event_publish}

    def post(self, request: HttpRequest, club: str, ref: str, action: str) -> HttpResponse:
        self.load(ref)
        if action not in self.DO:
            raise Http404("No such action.")
        asks = action == "publish" and self.event.state != SimEvent.State.PUBLISHED
        waiting = selectors.missing_heats(self.event) if asks else []
        if waiting and request.POST.get("anyway") != "1":  # ask first: their pairs would not be ranked
            return self.page(request, confirm_publish=waiting)
        try:
            self.DO[action](event=self.event, user=request.user)
        except UserError as exc:
            return self.page(request, 400, errors={"state": exc.message})
        return self.to_page("state")


class SimCommentaryView(SimEventPage):
    """The commentary on one deal (shown with the hands from the release time)."""

    def post(self, request: HttpRequest, club: str, ref: str) -> HttpResponse:
        self.load(ref)
        try:
            services.event_update_commentary(
                event=self.event, deal=request.POST.get("deal", ""), text=request.POST.get("text", ""),
                user=request.user,
            )  # fmt: skip
        except UserError as exc:
            return self.page(request, 400, errors={"commentary": exc.message})
        return self.to_page("commentary")
