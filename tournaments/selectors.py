"""Selectors: reads of the club and its sessions, shared by pages, API and CLI."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from .models import Club, Seat, Seating, Session, Table
from .services.errors import NotFound


def table_by_token(*, token: str) -> Table:
    """The table behind a private link; a revoked or unknown link is NotFound."""
    table = Table.objects.select_related("session", "session__club").filter(token=token).first()
    if table is None or table.token_revoked:
        raise NotFound("This table link is not valid. Ask the director for the table's QR code.")
    return table


@dataclass
class SeatView:
    """One seat as the table page shows it."""

    direction: str
    name: str
    number: int | None


@dataclass
class SeatingView:
    """One table in one round: who sits where, which trays."""

    round: int
    table: int
    ns: Any
    ew: Any
    seats: list[SeatView] = field(default_factory=list)
    trays: list[Any] = field(default_factory=list)


def seating_view(*, table: Table, round_number: int) -> SeatingView | None:
    """Who sits N, E, S, W at this table in that round, and the trays (with deals)."""
    seating = (
        Seating.objects.filter(table=table, round__number=round_number)
        .select_related("round", "ns", "ew")
        .first()
    )
    if seating is None:
        return None
    seats = {s.direction: s for s in Seat.objects.filter(seating=seating).select_related("player", "entrant")}
    view = SeatingView(round=round_number, table=table.number, ns=seating.ns, ew=seating.ew)
    for direction in "NESW":
        seat = seats.get(direction)
        entrant = seating.ns if direction in "NS" else seating.ew
        number = seat.entrant.number if seat and seat.entrant else (entrant.number if entrant else None)
        name = (
            seat.player.name
            if seat and seat.player
            else ("phantom" if entrant and entrant.is_phantom else "—")
        )
        view.seats.append(SeatView(direction=direction, name=name, number=number))
    view.trays = list(seating.trays.select_related("deal").order_by("seatingtray__order"))
    return view


def sessions_public(*, club: Club) -> QuerySet[Session]:
    """A club's sessions the public may know of (any published switch on)."""
    return club.sessions.filter(status=Session.Status.PUBLISHED)


def session_for_director(*, user: Any, pk: int) -> Session:
    """A session of a club the user directs, or NotFound (no leaks by 403)."""
    session = Session.objects.select_related("club").filter(pk=pk, club__clubdirector__user=user).first()
    if session is None:
        raise NotFound("No such session.")
    return session
