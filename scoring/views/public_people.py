"""A player's page (results over time, with a small chart) and the season's ladder.

The ladder follows the book's club tournaments with changing partners
(p. 46): players, not pairs, are ranked over a series of sessions, each
session adding the player's plus/minus there; the club's ``best_of`` rule
says how many of a player's best sessions count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from tournaments.models import Player, Series

from ..scorers.fmt import mixed, signed
from ..selectors import SessionResult, player_results_public, series_ladder_public
from .public_base import ClubMixin
from .public_standings import percent_text

CHART_W, CHART_H, PAD, MAX_BAR = 640, 280, 44, 64


@dataclass(frozen=True)
class Bar:
    """One session's bar on the chart: from the baseline up (good) or down."""

    x: float
    y: float
    w: float
    h: float
    up: bool
    label: str
    title: str
    value: str
    value_y: float

    @property
    def cx(self) -> float:
        """The middle of the bar, where its texts stand."""
        return self.x + self.w / 2


@dataclass(frozen=True)
class Chart:
    """A small inline SVG bar chart around a baseline (50% or a plus/minus of 0)."""

    bars: tuple[Bar, ...]
    baseline_y: float
    caption: str
    width: int = CHART_W
    height: int = CHART_H


def results_chart(results: Sequence[SessionResult]) -> Chart | None:
    """Percentages around 50 when every session has one, else plus/minus around 0."""
    if not results:
        return None
    use_percent = all(r.percent is not None for r in results)
    base = Fraction(50) if use_percent else Fraction(0)
    values = [(r.percent if use_percent else r.figure) or Fraction(0) for r in results]
    span = max([abs(v - base) for v in values] + [Fraction(10 if use_percent else 2)])
    half = (CHART_H - 2 * PAD) / 2
    mid = PAD + half
    slot = (CHART_W - 2 * PAD) / len(values)
    every = max(1, len(values) // 8)  # a date under every bar would crowd a long season
    bars = []
    for i, (r, v) in enumerate(zip(results, values, strict=True)):
        h = float(abs(v - base) / span) * half
        up = v >= base
        text = f"{percent_text(v)}%" if use_percent else signed(v)
        width = min(slot * 0.6, MAX_BAR)
        bars.append(
            Bar(
                x=PAD + i * slot + (slot - width) / 2,
                y=mid - h if up else mid,
                w=width,
                h=max(h, 1.0),
                up=up,
                label=r.session.date.strftime("%-d %b") if i % every == 0 else "",
                title=f"{r.session.date:%d %b %Y} {r.session.title}: {text}",
                value=text,
                value_y=mid - h - 8 if up else mid + h + 24,
            )
        )
    caption = (
        "Matchpoint percentage by session (50% is average)"
        if use_percent
        else "Plus/minus by session (0 is average)"
    )
    return Chart(bars=tuple(bars), baseline_y=mid, caption=caption)


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
        "pm": "" if r.plus_minus is None else signed(r.plus_minus),
        "total": mixed(r.total),
        "percent": percent_text(r.percent) if r.percent is not None else "",
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
                "score": signed(row.score),
                "cells": [(signed(res.figure) if res else "", counted) for res, counted in row.cells],
            }
            for row in ladder.rows
        ]
        return {**super().get_context_data(**kwargs), "club": self.club, "ladder": ladder, "rows": rows}
