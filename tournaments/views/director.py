"""The director's home and a session's page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.generic import TemplateView

from ..models import Session
from ..pages import setup as setup_page
from ..pages.name_history import session_name_history
from ..selectors import session_for_director
from ..services.club import club_provisional_set, clubs_directed_by
from ..services.errors import NotFound, UserError
from ..services.mnemonic import overplay_table
from ..site_selectors import is_site_admin


class DirectorHomeView(LoginRequiredMixin, TemplateView):
    """The clubs this director runs and their sessions."""

    template_name = "director/home.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        clubs = clubs_directed_by(user=self.request.user)
        sessions = Session.objects.filter(club__in=clubs).select_related("club")[:50]
        context = {"clubs": clubs, "sessions": sessions, "site_admin": is_site_admin(self.request.user)}
        return {**super().get_context_data(**kwargs), **context}


class ClubProvisionalView(DirectorHomeView):
    """The club's setting: for how many hours published results stay provisional; a refusal is the home
    page again, 400, beside the field."""

    def post(self, request: HttpRequest, club: str) -> HttpResponse:
        found = clubs_directed_by(user=request.user).filter(slug=club).first()
        if found is None:
            raise Http404("No such club.")
        try:
            club_provisional_set(club=found, hours=request.POST.get("hours", ""), user=request.user)
        except UserError as exc:
            context = self.get_context_data(errors={found.slug: exc.message}, values=request.POST)
            return self.render_to_response(context, status=400)
        messages.success(request, f"{found.name}: results stay provisional {found.provisional_hours} hours.")
        return redirect("director:home")


class SessionDetailView(LoginRequiredMixin, TemplateView):
    """One session: what to do next, its tables' pages and its entrants."""

    template_name = "director/session.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        try:
            session = session_for_director(user=self.request.user, pk=kwargs["pk"])
        except NotFound as exc:
            raise Http404(exc.message) from None
        one, many = setup_page.UNIT_WORDS[session.entrant_kind]
        return {
            **super().get_context_data(**kwargs),
            "session": session,
            "tables": session.tables.all(),
            "overplay_table": overplay_table(session),
            "entrants": setup_page.entrant_list(session),
            "name_history": session_name_history(session),
            "unit": one,
            "units": many,
        }
