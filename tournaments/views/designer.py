"""The club's designer: a movement searched for to order, its progress, and the club's own movements.

The form asks for a size and a time; the search runs off the request
(``tasks.design_start``) and this page (``?design=<id>``) shows how far it
is, ``designer.js`` polling ``design.json`` and, without JavaScript, a link
to look again. Once done the page shows the movement found and a form to
keep it as the club's own, which a session of its size is then offered on
its movement page.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views import View

from .. import tasks
from ..mixins import DirectorClubMixin
from ..models import Session
from ..pages import designer as page
from ..services import designs
from ..services.errors import UserError


class DesignerPage(DirectorClubMixin, View):
    """The designer's page, with a design shown and any refusal by its field.

    Opened from a session's movement page, it carries that session (``session``, in its address and in
    each of its forms) to offer the way back to it once a movement is kept."""

    def back(self) -> Session | None:
        """The club's session this page was opened from, if any."""
        data = self.request.POST if self.request.method == "POST" else self.request.GET
        return page.session_back(club=self.club, value=data.get("session"))

    def page(
        self, request: HttpRequest, design_id: str, status: int = 200, **shown: dict[str, str]
    ) -> HttpResponse:
        design = designs.design_status(club=self.club, design_id=design_id)
        context = page.designer_context(club=self.club, design=design, back=self.back(), **shown)
        return render(request, "director/designer.html", context, status=status)

    def to_page(self, design_id: str = "", anchor: str = "design") -> HttpResponse:
        """Back to the page (showing a design, for the session it was opened from), at one of its sections."""
        back = self.back()
        query = urlencode({k: v for k, v in (("design", design_id), ("session", back and back.pk)) if v})
        where = reverse("director:designer", args=[self.club.slug])
        return redirect(f"{where}{'?' if query else ''}{query}#{anchor}")


class DesignerView(DesignerPage):
    """The form to design a movement, a design's progress or result (``?design=``), the club's own."""

    def get(self, request: HttpRequest, club: str) -> HttpResponse:
        return self.page(request, request.GET.get("design", ""))

    def post(self, request: HttpRequest, club: str) -> HttpResponse:
        values = page.form_values(request.POST)
        try:
            begun = tasks.design_start(club=self.club, ask=designs.design_ask(**values))
        except UserError as exc:
            return self.page(request, "", status=400, values=values, errors=page.refusal(exc))
        return self.to_page(begun.id)


class DesignProgressJsonView(DirectorClubMixin, View):
    """A design's progress for the page to poll (404 for a design this club has not begun)."""

    def get(self, request: HttpRequest, club: str) -> JsonResponse:
        design = designs.design_status(club=self.club, design_id=request.GET.get("design", ""))
        if design is None:
            return JsonResponse({"detail": "No such design."}, status=404)
        return JsonResponse(page.progress_json(design))


class DesignStopView(DesignerPage):
    """Stop a search now: it keeps the best movement found so far."""

    def post(self, request: HttpRequest, club: str) -> HttpResponse:
        try:
            design = designs.design_stop(club=self.club, design_id=request.POST.get("design", ""))
        except UserError as exc:
            raise Http404(exc.message) from None
        return self.to_page(design.id)


class DesignKeepView(DesignerPage):
    """Keep the movement a design found as the club's own, under a name."""

    def post(self, request: HttpRequest, club: str) -> HttpResponse:
        design_id = request.POST.get("design", "")
        try:
            kept = designs.club_movement_keep(
                club=self.club, design_id=design_id, name=request.POST.get("name", ""), user=request.user
            )
        except UserError as exc:
            return self.page(request, design_id, status=400, keep_errors=page.refusal(exc, ("name",)))
        messages.success(
            request, f"Kept as the club's movement “{kept.name}”: a session of its size is offered it."
        )
        return self.to_page(anchor="kept")


class ClubMovementDeleteView(DesignerPage):
    """Forget one of the club's movements (sessions seated by it keep theirs)."""

    def post(self, request: HttpRequest, club: str, pk: int) -> HttpResponse:
        try:
            kept = designs.club_movement_get(club=self.club, pk=pk)
        except UserError as exc:
            raise Http404(exc.message) from None
        designs.club_movement_delete(club_movement=kept, user=request.user)
        messages.success(request, f"The club's movement “{kept.name}” is deleted.")
        return self.to_page(anchor="kept")
