"""A player's page (results over time, with a small chart) and the season's ladder.

Reads are the selectors of ``scoring.selectors.people``: only sessions whose
standings are published count. Both pages are paged (``?page=``): a
player's page lists ``PLAYER_PAGE_SIZE`` sessions, newest first, and reads
only those; the ladder lists ``LADDER_PAGE_SIZE`` players a page (it ranks
them over every session of the series, whose standings are kept in the
cache by each session's version: ``scoring.selectors.lines``).
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from scoring import display
from scoring.mixins import ClubMixin
from scoring.selectors.people import (
    LADDER_PAGE_SIZE,
    PLAYER_PAGE_SIZE,
    LadderRow,
    SessionResult,
    player_results_public,
    player_sessions_public,
    results_chart,
    series_ladder_public,
)
from tournaments.models import Player, Series


class PlayerView(ClubMixin, TemplateView):
    """A player's published results over time, a page of sessions at a time."""

    template_name = "public/player.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        player = get_object_or_404(Player, club=self.club, pk=self.kwargs["player"])
        pages = Paginator(player_sessions_public(player=player), PLAYER_PAGE_SIZE)
        page = pages.get_page(self.request.GET.get("page"))
        results = player_results_public(player=player, sessions=page)
        if not results:
            raise Http404("No published results for this player.")
        return {
            **super().get_context_data(**kwargs),
            "club": self.club,
            "player": player,
            "page": page,
            "results": [_result_row(r) for r in results],
            "chart": results_chart(results[::-1]),
        }


def _result_row(r: SessionResult) -> dict[str, Any]:
    """A result as the player page's table shows it."""
    return {
        "r": r,
        "pm": "" if r.plus_minus is None else display.signed(r.plus_minus),
        "total": display.number(r.total),
        "percent": display.percent(r.percent) if r.percent is not None else "",
    }


class LadderView(ClubMixin, TemplateView):
    """A series' individual standings: each player's best sessions count."""

    template_name = "public/ladder.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        series = get_object_or_404(Series, club=self.club, pk=self.kwargs["series"])
        ladder = series_ladder_public(series=series)
        if not ladder.sessions and not ladder.provisional:
            raise Http404("No published sessions in this series.")
        page = Paginator(range(len(ladder.rows)), LADDER_PAGE_SIZE).get_page(self.request.GET.get("page"))
        rows = [_ladder_row(ladder.rows, i) for i in page]
        return {
            **super().get_context_data(**kwargs),
            "club": self.club,
            "ladder": ladder,
            "rows": rows,
            "page": page,
        }


def _ladder_row(rows: tuple[LadderRow, ...], i: int) -> dict[str, Any]:
    """The ladder's ``i``-th row as its page shows it (the first not yet ranked opens their heading)."""
    row = rows[i]
    return {
        "row": row,
        "score": display.signed(row.score),
        "cells": [(display.signed(res.figure) if res else "", counted) for res, counted in row.cells],
        "first_waiting": not row.ranked and (i == 0 or rows[i - 1].ranked),
    }
