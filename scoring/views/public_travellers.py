"""Travellers, score cards and hand records of a published session.

Each page needs its switch: travellers the travellers, hand records the hand
records, a score card both the standings and the travellers (it shows other
tables' results). Anything not published is a 404.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.core.cache import cache
from django.http import Http404
from django.views.generic import TemplateView

from tournaments.models import Deal, Session

from ..models import ScoreSnapshot
from ..scorers import Slips, get_method
from ..scorers.render import LABEL
from ..selectors import deals_public, slips_public, snapshot_public
from ..services.standings import modern_percentages
from ..tasks import compute_double_dummy
from .public_base import PublicSessionMixin
from .public_slips import (
    HandView,
    TravellerView,
    hand_view,
    score_card,
    totals_line,
    travellers_view,
)
from .public_standings import Cell, standings_view

DD_QUEUE_GUARD_SECONDS = 300


class TravellerMixin(PublicSessionMixin):
    """Reads shared by the traveller pages: slips, snapshot scores, deals."""

    needs = ("travellers",)

    @cached_property
    def slips(self) -> Slips:
        """The slips as scored (the travellers are published, so never None here)."""
        slips = slips_public(session=self.session)
        if slips is None:
            raise Http404("Not published.")
        return slips

    @cached_property
    def deals(self) -> dict[int, Deal]:
        """Tray number -> deal, when the hand records are published."""
        return {d.tray.number: d for d in deals_solved(self.session.pk, deals_public(session=self.session))}

    def travellers(self) -> list[TravellerView]:
        """Every tray's traveller."""
        snapshot = snapshot_public(session=self.session)
        return travellers_view(
            method=self.session.scoring_method,
            slips=self.slips,
            scores=snapshot.scores if snapshot else None,
            names=self.names,
            deals=self.deals,
            hands_published=self.published.hand_records,
        )


class TravellersView(TravellerMixin, TemplateView):
    """Every tray's traveling slip on one page (prints as the book's slips)."""

    template_name = "public/travellers.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {
            **super().get_context_data(**kwargs),
            **self.session_context(),
            "travellers": self.travellers(),
            "legend": sorted(self.names.items()),
            "tab": "travellers",
        }


class TrayView(TravellerMixin, TemplateView):
    """One tray: its traveller, its hand record, and the way to the next tray."""

    template_name = "public/tray.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        travellers = self.travellers()
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


class ScoreCardView(TravellerMixin, TemplateView):
    """An entrant's personal score card: every tray, against whom, the score and its working."""

    template_name = "public/card.html"
    needs = ("standings", "travellers")

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        snapshot = snapshot_public(session=self.session)
        entrant = self.kwargs["entrant"]
        row = _standing(self.session, snapshot, self.names, entrant)  # 404 unless it is in the standings
        assert snapshot is not None
        label = LABEL[get_method(snapshot.method).kind].lower()
        rows = score_card(
            method=snapshot.method,
            slips=self.slips,
            scores=snapshot.scores,
            entrant=entrant,
            names=self.names,
            label=label,
        )
        exact, text = totals_line(rows)
        return {
            **super().get_context_data(**kwargs),
            **self.session_context(),
            "entrant": entrant,
            "name": self.names.get(entrant, ""),
            "row": row,
            "rows": rows,
            "sum": text,
            "sum_exact": exact,
            "figures": row.figures,
            "others": sorted(self.names.items()),
            "tab": "results",
        }


@dataclass(frozen=True)
class CardStanding:
    """An entrant's line of the standings, for the head of its score card."""

    rank: int
    total: str
    figures: list[tuple[str, Cell]]


def _standing(
    session: Session, snapshot: ScoreSnapshot | None, names: dict[int, str], entrant: int
) -> CardStanding:
    """The entrant's rank (in its field) and figures, as the results page shows them; 404 if absent."""
    if snapshot is None:
        raise Http404("No standings yet.")
    standings = standings_view(
        session=session,
        scores=snapshot.scores,
        names=names,
        percents=modern_percentages(session=session, snapshot=snapshot),
    )
    found = next((r for f in standings.fields for r in f.rows if r.entrant == entrant), None)
    total = next((r["total"] for r in snapshot.scores["entrants"] if r["entrant"] == entrant), None)
    if found is None or total is None:
        raise Http404("No such entrant.")
    cells = zip(standings.columns, found.cells, strict=True)
    figures = [(label, c) for label, c in cells if c.text and not c.cls]
    return CardStanding(rank=found.rank, total=total, figures=figures)


class HandRecordsView(PublicSessionMixin, TemplateView):
    """Every recorded deal: the four hands, trump card, dealer, double-dummy tricks."""

    template_name = "public/hands.html"
    needs = ("hand_records",)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        deals = deals_solved(self.session.pk, deals_public(session=self.session))
        slips = slips_public(session=self.session)
        hands = [h for h in (hand_view(d) for d in deals) if h is not None]
        return {
            **super().get_context_data(**kwargs),
            **self.session_context(),
            "tab": "hands",
            "records": [(h, _against(h, slips)) for h in hands],
        }


def deals_solved(session_id: int, deals: list[Deal] | None) -> list[Deal]:
    """The deals; those still without double-dummy tricks are queued once (a page never waits on a worker)."""
    deals = deals or []
    missing = [d.pk for d in deals if d.hands and d.trump and d.double_dummy is None]
    if missing and cache.add(f"clubwhist:dd-queued:{session_id}", 1, DD_QUEUE_GUARD_SECONDS):
        compute_double_dummy.delay(session_id)  # a read: nothing to wait for
        # Eager Celery (no broker) has solved them already; a worker will later.
        solved = Deal.objects.select_related("tray").in_bulk(missing)
        deals = [solved.get(d.pk, d) for d in deals]
    return deals


def _against(hand: HandView, slips: Slips | None) -> str:
    """How the tables did against double dummy: "7 tricks at 2 tables (=), 8 at 1 (+1)"."""
    if slips is None or not hand.dd:
        return ""
    slip = next((s for s in slips.deals if s.deal == hand.tray), None)
    made = Counter(r.ns_tricks for r in slip.results if r.ns_tricks is not None) if slip else Counter()
    if not made:
        return ""
    par = int(hand.dd["ns"])
    parts = []
    for tricks, count in sorted(made.items(), reverse=True):
        diff = tricks - par
        mark = "=" if diff == 0 else f"{diff:+d}"
        parts.append(f"{tricks} at {count} table{'s' if count > 1 else ''} ({mark})")
    return "N-S took " + ", ".join(parts) + "."


__all__ = ["HandRecordsView", "ScoreCardView", "TravellersView", "TrayView", "deals_solved"]
