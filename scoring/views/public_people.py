"""A player's page (results over time, with a small chart) and the season's ladder.

Reads are the selectors of ``scoring.selectors.people``: only sessions whose
standings are published count.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from scoring import display
from scoring.mixins import ClubMixin
from scoring.selectors.people import SessionResult, player_results_public, results_chart, series_ladder_public
from tournaments.models import Player, Series


class PlayerView(ClubMixin, TemplateView):
    """A player's published results over time."""

    template_name = "public/player.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        player = get_object_or_404(Player, club=self.club, pk=self.kwargs["player"])
        results = player_results_public(player=player)
        if not results:
            raise Http404("No published results for this player.")
        return {
            **super().get_context_data(**kwargs),
            "club": self.club,
            "player": player,
            "results": [_result_row(r) for r in reversed(results)],
            "chart": results_chart(results),
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
        if not ladder.sessions:
            raise Http404("No published sessions in this series.")
        rows = [
            {
                "row": row,
                "score": display.signed(row.score),
                "cells": [(display.signed(res.figure) if res else "", counted) for res, counted in row.cells],
                "first_waiting": not row.ranked and (i == 0 or ladder.rows[i - 1].ranked),
            }
            for i, row in enumerate(ladder.rows)
        ]
        return {**super().get_context_data(**kwargs), "club": self.club, "ladder": ladder, "rows": rows}
