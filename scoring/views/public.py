"""The club's public pages: home, club, session results. Only what is published is shown.

The other public pages live beside this module: ``public_travellers``
(travellers, score cards, hand records), ``public_people`` (player pages,
season ladder) and ``public_exports`` (CSV, JSON, PBN, PDF).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.views.generic import TemplateView

from tournaments.models import Club, Session
from tournaments.selectors import sessions_public

from ..scorers.fmt import signed
from ..selectors import (
    entrant_names,
    series_ladder_public,
    session_published,
    sessions_with_standings,
    snapshot_public,
)
from ..services.standings import modern_percentages
from .public_base import ClubMixin, PublicSessionMixin
from .public_standings import standings_view

RECENT = 8
LADDER_TOP = 8


@dataclass(frozen=True)
class RecentSession:
    """A published session on the club's home page, with its winners if the standings are out."""

    session: Session
    winners: str
    entrants: int


class HomeView(TemplateView):
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
        top = ladder.rows[:LADDER_TOP] if ladder else ()
        return {
            **super().get_context_data(**kwargs),
            "club": self.club,
            "recent": _recent(self.club),
            "ladder": ladder,
            "ladder_rows": [{"row": r, "score": signed(r.score)} for r in top],
            "upcoming": _upcoming(self.club),
        }


def _recent(club: Club) -> list[RecentSession]:
    """The newest published sessions, each with its winners when the standings are published."""
    out = []
    for session in sessions_public(club=club).order_by("-date", "-id")[:RECENT]:
        if not session_published(session=session).anything:
            continue
        snapshot = snapshot_public(session=session)
        rows = snapshot.scores["entrants"] if snapshot else []
        names = entrant_names(session=session) if rows else {}
        winners = " · ".join(names.get(r["entrant"], str(r["entrant"])) for r in rows if r["rank"] == 1)
        out.append(RecentSession(session=session, winners=winners, entrants=len(rows)))
    return out


def _upcoming(club: Club) -> list[Session]:
    """Sessions set up or in play today or later: titles and dates only, never results."""
    today = timezone.localdate()
    return list(
        club.sessions.filter(
            status__in=[Session.Status.DRAFT, Session.Status.RUNNING], date__gte=today
        ).order_by("date", "id")[:RECENT]
    )


class SessionResultsView(PublicSessionMixin, TemplateView):
    """A session's standings, the book's way with a modern percentage beside."""

    template_name = "public/session.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        snapshot = snapshot_public(session=self.session)
        standings = None
        if snapshot is not None:
            percents = modern_percentages(session=self.session, snapshot=snapshot)
            card_url = self.card_url if self.published.travellers else None
            standings = standings_view(
                session=self.session,
                scores=snapshot.scores,
                names=self.names,
                percents=percents,
                card_url=card_url,
            )
        return {
            **super().get_context_data(**kwargs),
            **self.session_context(),
            "standings": standings,
            "snapshot": snapshot,
            "tab": "results",
        }
