"""Selectors of the scoring side: travellers and standings, with their privacy rules.

The rule (DESIGN.md): a traveling slip stays folded. A table sees a tray's
lines only after it has sent its own result on that tray; the public sees
them only when the director has published the travellers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tournaments.models import Session, Table, Tray

from .models import SlipLine


@dataclass(frozen=True)
class TravellerLine:
    """One line of a tray's traveller as shown to someone allowed to see it."""

    table: int
    ns: int | None
    ew: int | None
    ns_tricks: int | None
    ew_tricks: int | None
    award: str
    status: str


def _lines(tray: Tray) -> list[TravellerLine]:
    return [
        TravellerLine(
            table=line.table.number,
            ns=line.ns.number if line.ns else None,
            ew=line.ew.number if line.ew else None,
            ns_tricks=line.ns_tricks,
            ew_tricks=line.ew_tricks,
            award=f"{line.ns_award}/{line.ew_award}" if line.ns_award else "",
            status=line.status,
        )
        for line in SlipLine.objects.filter(tray=tray).select_related("table", "ns", "ew").order_by("table__number")
    ]


def table_may_see_tray(*, table: Table, tray: Tray) -> bool:
    """A table may unfold a tray's slip once it has sent its own result on it."""
    return SlipLine.objects.filter(table=table, tray=tray).exists()


def traveller_for_table(*, table: Table, tray: Tray) -> list[TravellerLine] | None:
    """The traveller of a tray for a table, or None while it is folded for that table."""
    if tray.session_id != table.session_id or not table_may_see_tray(table=table, tray=tray):
        return None
    return _lines(tray)


def traveller_public(*, tray: Tray) -> list[TravellerLine] | None:
    """The traveller of a tray for the public, or None unless published."""
    session: Session = tray.session
    if session.status != Session.Status.PUBLISHED or not session.publish_travellers:
        return None
    return _lines(tray)


def traveller_director(*, tray: Tray) -> list[TravellerLine]:
    """The director sees every line."""
    return _lines(tray)


def standings_public(*, session: Session) -> dict[str, Any] | None:
    """The standings for the public, or None unless published."""
    if session.status != Session.Status.PUBLISHED or not session.publish_standings:
        return None
    from .services.standings import session_standings

    return session_standings(session=session)
