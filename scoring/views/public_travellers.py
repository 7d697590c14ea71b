"""Travellers, score cards and hand records of a published session.

Each page needs its switch: travellers the travellers, hand records the hand
records, a score card both the standings and the travellers (it shows other
tables' results). Anything not published is a 404. Every read is a selector
of ``scoring.selectors.public``.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.views.generic import TemplateView

from scoring.mixins import PublicSessionMixin
from scoring.selectors.public import (
    NotPublished,
    hand_records_public,
    score_card_public,
    travellers_public,
)
from scoring.selectors.standings import entrant_names


class TravellersView(PublicSessionMixin, TemplateView):
    """Every tray's traveling slip on one page (prints as the book's slips)."""

    template_name = "public/travellers.html"
    needs = ("travellers",)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        travellers = travellers_public(session=self.session)
        if travellers is None:
            raise NotPublished("A whist drive has no traveling slips.")
        return {
            **super().get_context_data(**kwargs),
            **self.session_context(),
            "travellers": travellers,
            "legend": sorted(entrant_names(session=self.session).items()),
            "tab": "travellers",
        }


class TrayView(PublicSessionMixin, TemplateView):
    """One tray: its traveller, its hand record, and the way to the next tray."""

    template_name = "public/tray.html"
    needs = ("travellers",)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        travellers = travellers_public(session=self.session) or []
        numbers = [t.tray for t in travellers]
        if self.kwargs["tray"] not in numbers:
            raise Http404("No such tray.")
        i = numbers.index(self.kwargs["tray"])
        return {
            **super().get_context_data(**kwargs),
            **self.session_context(),
            "t": travellers[i],
            "prev": numbers[i - 1] if i else None,
            "next": numbers[i + 1] if i + 1 < len(numbers) else None,
            "tab": "travellers",
        }


class ScoreCardView(PublicSessionMixin, TemplateView):
    """An entrant's personal score card: every tray, against whom, the score and its working."""

    template_name = "public/card.html"
    needs = ("standings", "travellers")

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        card = score_card_public(session=self.session, entrant=self.kwargs["entrant"])
        return {
            **super().get_context_data(**kwargs),
            **self.session_context(),
            "card": card,
            "others": sorted(entrant_names(session=self.session).items()),
            "tab": "results",
        }


class HandRecordsView(PublicSessionMixin, TemplateView):
    """Every recorded deal: the four hands, trump card, dealer, double-dummy tricks."""

    template_name = "public/hands.html"
    needs = ("hand_records",)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {
            **super().get_context_data(**kwargs),
            **self.session_context(),
            "tab": "hands",
            "records": hand_records_public(session=self.session) or [],
        }
