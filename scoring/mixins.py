"""Mixins of the public pages: resolve the club and the published session once.

Like Tabbycat's ``TournamentMixin``: the club comes from the URL's slug, the
session from its number. What the public may see is the visibility rule's
(``scoring.visibility``, through ``scoring.selectors.public``); anything not
published is a 404, exactly as if the session did not exist, so nothing
unpublished leaks by a different error. Every public page counts against
its address's ``public`` throttle (``infra.security``): 429 beyond.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from infra.security import page_throttled
from scoring.selectors.finality import Finality, session_finality
from scoring.selectors.public import NotPublished, has_travellers, public_sight, session_public
from scoring.tasks import solve_hand_records_once
from scoring.visibility import Published, published
from tournaments.models import Club, Session


class PublicPageMixin:
    """A public page: so many requests a minute from one address, then 429."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """Refuse an address that asks too fast; otherwise serve the page."""
        refused = page_throttled(request)
        if refused is not None:
            return refused
        self.set_going()
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc,no-any-return]

    def set_going(self) -> None:
        """What the page sets going before it reads anything (nothing, unless a kind of page says)."""


class ClubMixin(PublicPageMixin):
    """A page of one club, found by its slug."""

    kwargs: dict[str, Any]

    @cached_property
    def club(self) -> Club:
        """The club of the URL, or 404."""
        return get_object_or_404(Club, slug=self.kwargs["club"])


class PublicSessionMixin(ClubMixin):
    """A page of one published session; ``needs`` names the switches it requires."""

    needs: tuple[str, ...] = ()

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """What is not published is a 404, whichever selector says so."""
        try:
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc,no-any-return]
        except NotPublished as exc:
            raise Http404(str(exc)) from None

    @cached_property
    def session(self) -> Session:
        """The published session of the URL, or 404 unless what the page needs is published."""
        session = session_public(club=self.club, pk=self.kwargs["pk"])
        shown = published(session)
        if not all(getattr(shown, need) for need in self.needs):
            raise NotPublished("Not published.")
        return session

    def set_going(self) -> None:
        """The hand records' solve, queued once before the page reads the deals (the page's doing, at its
        door: reading the session queues nothing)."""
        if self.published.hand_records:
            solve_hand_records_once(self.session.pk)

    @cached_property
    def published(self) -> Published:
        """What of this session the public may see."""
        return published(self.session)

    @cached_property
    def finality(self) -> Finality | None:
        """Whether the results are provisional or final, and what was changed after publishing."""
        return session_finality(session=self.session, sight=public_sight(self.session))

    def session_context(self) -> dict[str, Any]:
        """What every session page shows in its header and tabs."""
        travellers = has_travellers(self.session)
        return {
            "club": self.club,
            "session": self.session,
            "published": self.published,
            "finality": self.finality,
            "card_urls": self.published.standings and self.published.travellers,
            # A whist drive: no traveling slips (no Travellers tab), its changes and deals counted (p. 24).
            "whist_drive": not travellers,
            "travellers_tab": self.published.travellers and travellers,
        }

    def card_url(self, entrant: int) -> str:
        """The score card of an entrant."""
        return reverse("public:card", args=[self.club.slug, self.session.pk, entrant])
