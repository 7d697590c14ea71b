"""What the drive's set-up page shows: the options, the players (ladies and gentlemen), the first change."""

from __future__ import annotations

from typing import Any

from whist.cards import SEATS

from ..forms import DriveForm
from ..models import Drive, DriveChange, Entrant, Seat, Session


def drive_setup_context(session: Session, form: DriveForm | None = None) -> dict[str, Any]:
    """The options form (filled from the drive if there is one), who plays, and the first change drawn."""
    drive = Drive.objects.filter(session=session).first()
    initial: dict[str, Any] = {"method": "first", "changes": 12, "scoring_method": "points", "prizes": 3}
    if drive is not None:
        initial = {
            "method": drive.method,
            "changes": drive.changes,
            "scoring_method": session.scoring_method,
            "exchange_at_head": drive.exchange_at_head,
            "prizes": drive.prizes,
            "booby": drive.booby,
        }
    players = list(
        session.entrants.filter(kind=Entrant.Kind.PLAYER)
        .prefetch_related("members__player")
        .order_by("number")
    )
    sexes = [m.player.sex for e in players for m in e.members.all()]
    return {
        "session": session,
        "club": session.club,
        "drive": drive,
        "form": form or DriveForm(initial=initial),
        "players": len(players),
        "tables": len(players) // 4,
        "over": len(players) % 4,
        "ladies": sexes.count("lady"),
        "gentlemen": sexes.count("gentleman"),
        "first": _first_change(session) if drive is not None else [],
        "individuals": session.entrant_kind == "individuals",
    }


def _first_change(session: Session) -> list[dict[str, Any]]:
    """The first change as drawn: each table's four seats, by name."""
    first = DriveChange.objects.filter(session=session, number=1).select_related("round").first()
    if first is None:
        return []
    seats = Seat.objects.filter(round=first.round).select_related("seating__table", "player")
    tables: dict[int, dict[str, str]] = {}
    for seat in seats:
        tables.setdefault(seat.seating.table.number, {})[seat.direction] = (
            seat.player.name if seat.player else ""
        )
    return [{"table": t, "seats": [(d, row.get(d, "")) for d in SEATS]} for t, row in sorted(tables.items())]
