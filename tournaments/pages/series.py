"""What the partner-rotation page shows: the series' numbering and the next session's pairs."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django import forms

from ..forms import EntrantRowsForm, RotationProposeForm, SeriesClubPlayersForm
from ..models import Player, Series
from ..services import rotations as rotation_services
from ..services.errors import UserError

COUPLE_LABELS = ("Lady", "Gentleman")


def _roster(series: Series) -> list[Player]:
    return list(
        Player.objects.filter(club=series.club, active=True, merged_into__isnull=True).order_by("name")
    )


def numbering_form(series: Series, method: str, data: Any = None) -> forms.Form:
    """The form that numbers the players (club) or the couples (Edgewood, ladies in order)."""
    roster = _roster(series)
    if method == "club":
        current = rotation_services.series_players(series=series)
        initial = {"players": [str(p.pk) for p in current.players]} if current else None
        return SeriesClubPlayersForm(data, roster=roster, initial=initial)
    current = rotation_services.series_players(series=series)
    couples = current.couples if current else []
    initial = {
        f"r{i}_{j}": str(p.pk) for i, c in enumerate(couples, start=1) for j, p in enumerate(c, start=1)
    }
    rows = max(len(couples) + 2, min(12, len(roster) // 2))
    return EntrantRowsForm(data, players=roster, rows=rows, size=2, labels=COUPLE_LABELS, initial=initial)


def numbering_people(series: Series, form: forms.Form) -> dict[str, Any]:
    """The numbered players (club) or couples from a numbering form, for the service."""
    if isinstance(form, SeriesClubPlayersForm):
        current = rotation_services.series_players(series=series)
        return {"players": form.chosen(current.players if current else [])}
    assert isinstance(form, EntrantRowsForm)
    couples = []
    for number, (lady, gent) in form.rows():
        if lady is None or gent is None:
            raise UserError("A couple is a lady and a gentleman.", field=f"r{number}_1")
        couples.append((lady, gent))
    return {"couples": couples}


def _next_number(series: Series, query: Mapping[str, str]) -> int:
    raw = query.get("session_number", "")
    whole = raw.isascii() and raw.isdigit() and len(raw) <= 9  # never a number Python will not read
    return int(raw) if whole and int(raw) >= 1 else series.sessions.count() + 1


def rotation_context(
    series: Series,
    query: Mapping[str, str],
    *,
    propose_form: RotationProposeForm | None = None,
    club_form: forms.Form | None = None,
    couples_form: forms.Form | None = None,
) -> dict[str, Any]:
    """Everything the rotation page shows."""
    numbering = rotation_services.series_players(series=series)
    number = _next_number(series, query)
    if propose_form is not None and propose_form.is_bound and propose_form.is_valid():
        number = propose_form.cleaned_data["session_number"]
    proposal, problem = None, ""
    if numbering is not None:
        try:
            proposal = rotation_services.rotation_propose(series=series, session_number=number)
        except UserError as exc:
            problem = exc.message
    initial = {"session_number": number, "date": dt.date.today(), "title": f"{series.name}, session {number}"}
    return {
        "series": series,
        "club": series.club,
        "numbering": numbering,
        "proposal": proposal,
        "problem": problem,
        "number": number,
        "sessions": series.sessions.order_by("date", "id"),
        "propose_form": propose_form or RotationProposeForm(initial=initial),
        "club_form": club_form or numbering_form(series, "club"),
        "couples_form": couples_form or numbering_form(series, "couples"),
        "couple_method": numbering.method if numbering and numbering.method != "club" else "edgewood",
    }
