"""Fixtures for the director's running pages: slips filled in (the directors are in ``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from entry.services.directing import round_enter
from tournaments.models import Session


def tricks_for(table: int, tray: int) -> int:
    """Made-up but varied N-S tricks for a table on a tray."""
    return (3 * table + 5 * tray) % 9 + 2


def fill_slips(session: Session, *, skip: frozenset[tuple[int, int]] = frozenset(), user: Any = None) -> None:
    """Enter every (table, tray) of every round on the tables' behalf, except those skipped."""
    for rnd in session.rounds.order_by("number"):
        entries = {}
        for seating in rnd.seatings.select_related("table"):
            for tray in seating.trays.all():
                if (seating.table.number, tray.number) not in skip:
                    entries[(seating.table.number, tray.number)] = str(
                        tricks_for(seating.table.number, tray.number)
                    )
        outcome = round_enter(session=session, round_number=rnd.number, entries=entries, user=user)
        assert not outcome.errors, outcome.errors


@pytest.fixture
def fill() -> Callable[..., None]:
    """``fill(session, skip=...)``: enter every slip of the session on the tables' behalf."""
    return fill_slips
