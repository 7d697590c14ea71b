"""The club's public pages: home, club, session results. Only what is published is shown.

The other public pages live beside this module: ``public_travellers``
(travellers, score cards, hand records), ``public_people`` (player pages,
season ladder) and ``public_exports`` (CSV, JSON, PBN, PDF). Every read is a
selector of ``scoring.selectors.public``.
"""

from __future__ import annotations

from typing import Any

from django.views.generic import TemplateView

from scoring import display
from scoring.mixins import ClubMixin, PublicPageMixin, PublicSessionMixin
from scoring.selectors.people import series_ladder_public
from scoring.selectors.public import (
    recent_sessions,
    results_layout,
    sessions_with_standings,
    upcoming_sessions,
)
from tournaments.models import Club

LADDER_TOP = 8


class HomeView(PublicPageMixin, TemplateView):
    """The clubs on this site."""

    template_name = "public/home.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "clubs": Club.objects.all()}


class ClubView(ClubMixin, TemplateView):
    """A club's home: recent results, the season's ladder, upcoming sessions."""

    template_name = "public/club.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        latest = sessions_with_standings(club=self.club).filter(series__isnull=False).first()
        ladder = series_ladder_public(series=latest.series) if latest and latest.series else None
        top = ladder.ranked[:LADDER_TOP] if ladder else ()
        return {
            **super().get_context_data(**kwargs),
            "club": self.club,
            "recent": recent_sessions(club=self.club),
            "ladder": ladder,
            "ladder_rows": [{"row": r, "score": display.signed(r.score)} for r in top],
            "upcoming": upcoming_sessions(club=self.club),
        }


class SessionResultsView(PublicSessionMixin, TemplateView):
    """A session's standings, the book's way with a modern percentage beside."""

    template_name = "public/session.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        layout = results_layout(session=self.session, card_url=self.card_url)
        return {
            **super().get_context_data(**kwargs),
            **self.session_context(),
            "standings": layout[0] if layout else None,
            "tab": "results",
        }
