"""The club's public pages. Only what the director has published is shown."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from tournaments.models import Club, Session
from tournaments.selectors import sessions_public

from ..selectors import standings_public


class HomeView(TemplateView):
    """The clubs on this site."""

    template_name = "public/home.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "clubs": Club.objects.all()}


class ClubView(TemplateView):
    """A club's home: its published sessions."""

    template_name = "public/club.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        club = get_object_or_404(Club, slug=kwargs["club"])
        return {**super().get_context_data(**kwargs), "club": club, "sessions": sessions_public(club=club)}


class SessionResultsView(TemplateView):
    """A session's standings, when published."""

    template_name = "public/session.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        club = get_object_or_404(Club, slug=kwargs["club"])
        session = Session.objects.filter(club=club, pk=kwargs["pk"], status=Session.Status.PUBLISHED).first()
        if session is None:
            raise Http404("No such published session.")
        scores = standings_public(session=session)
        names = {e.number: e.name or str(e) for e in session.entrants.all()}
        rows = [
            {**row, "name": names.get(row["entrant"], "")} for row in (scores or {}).get("entrants", [])
        ]
        return {**super().get_context_data(**kwargs), "club": club, "session": session, "rows": rows,
                "scores": scores}
