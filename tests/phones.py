"""Phones at the tables, as the tests make them: a table's link is a place, so a phone that sends or checks
says first which entrant it is (``tournaments.services.phones``) and acts through the pass it is given."""

from __future__ import annotations

import uuid

from scoring.selectors.rounds import table_round
from tournaments.models import EntrantLink, SeatedEntrant, Seating, Table
from tournaments.services.phones import phone_claim


def seated_link(table: Table, side: str = "NS", round_number: int | None = None) -> EntrantLink:
    """The own link of the entrant sitting on ``side`` ("NS", "EW") at this table in a round (by default
    the round the table plays now; its first before the start)."""
    number = round_number or max(table_round(table=table), 1)
    last = table.session.rounds.count()
    seating = Seating.objects.select_related("ns", "ew").get(table=table, round__number=min(number, last))
    entrant = seating.ns if side == "NS" else seating.ew
    if entrant is not None:
        team_side = side if table.session.entrant_kind == "fours" else ""
        return EntrantLink.objects.get(entrant=entrant, side=team_side)
    seat = seating.seats.filter(direction=side[0]).select_related("entrant").first()
    assert seat is not None and seat.entrant is not None, f"nobody sits {side} at {table} in round {number}"
    seated = SeatedEntrant.objects.get(seating=seating, entrant=seat.entrant)
    return EntrantLink.objects.get(entrant=seat.entrant, side=seated.side)


def claimed(link: EntrantLink, table: Table | None = None, device: str = "") -> str:
    """A pass for this entrant, as a phone gets it by saying at a table's link who it is (a phone of
    its own, ``device``, made up when not given; the entrant's code when another phone follows it)."""
    if table is None:
        table = Seating.objects.filter(seated__entrant=link.entrant).select_related("table").first().table
    link.refresh_from_db()
    got = phone_claim(
        table=table,
        number=link.entrant.number,
        side=link.side,
        device=device or uuid.uuid4().hex,
        code=link.join_code if link.passes.filter(ended_at__isnull=True).exists() else "",
    )
    return got.token


def seated_pass(table: Table, side: str = "NS", round_number: int | None = None) -> str:
    """A pass of the entrant sitting on ``side`` at this table (see ``seated_link``)."""
    return claimed(seated_link(table, side, round_number), table)


def follower_api(table: Table, side: str = "NS", round_number: int | None = None) -> str:
    """The phones' API of a phone that claimed the entrant sitting on ``side`` at this table."""
    return f"/api/v1/entrant-links/{seated_pass(table, side, round_number)}/"
