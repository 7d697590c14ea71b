"""The sizes the app seats, previews and recommends: the book's, with room to spare.

The book's tables of deals run to "14 or more" tables (the Clay System,
p. 34) and its longest match is forty-eight deals (league matches, p. 29).
Anyone's preview or recommendation is served up to twenty tables, eighty
players (forty pairs, twenty teams of four), and fifty-two deals. A request
beyond that is refused with its reason before any engine runs: at these
limits the costliest preview with its analysis takes about half a second and
two megabytes, where the engines would take tens of seconds for a few
hundred entrants.

A whist drive's next change (the drive's change with its results, which
anyone may send) is served for up to twenty tables too: at most twenty
``tables`` and ``results`` and eighty ``ladies`` in the change.

A director seats the club's own session, without the analysis, up to
sixty tables (``SEAT_MAX_TABLES``: a whole hall of fifty and more; the
costliest engine at that size, the Snow System for fours, takes about half
a second).

The arrow switch that balances a movement with fixed lines best is searched
for up to fifteen tables (``SWITCH_MAX_TABLES``); a larger movement is
switched in the rounds the director names.

Nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .types import MovementUserError

MAX_TABLES = 20
MAX_DEALS = 52
#: The most of each unit a request may name: twenty tables' worth.
MAX_UNITS: dict[str, int] = {"pairs": 40, "teams": 20, "players": 80, "tables": MAX_TABLES}
#: Players in each unit, to count a session's entrants as players.
PLAYERS_EACH: dict[str, int] = {"pairs": 2, "teams": 4, "players": 1}
MAX_PLAYERS = 4 * MAX_TABLES
#: The most tables a director's own session is seated at (no analysis is run).
SEAT_MAX_TABLES = 60
#: The most tables at which the arrow switch that balances a movement best is searched (``design.switches``):
#: every round and every two rounds switched, each measured whole, so the search grows with the fifth power
#: of the size. Measured on two cores: 0.4 s at 15 tables, 1.8 s at 19, 20 s at 31 (a Set up page that took
#: 20 s to open); past this size the director names the rounds to switch.
SWITCH_MAX_TABLES = 15
#: The most items of each list of a whist drive's change a request may send: twenty tables' worth.
MAX_CHANGE: dict[str, int] = {"tables": MAX_TABLES, "results": MAX_TABLES, "ladies": MAX_PLAYERS}


def size_problem(
    *, deals: int | None = None, most_tables: int = MAX_TABLES, **sizes: int | None
) -> str | None:
    """Why these sizes (``pairs=``, ``teams=``, ``players=``) exceed ``most_tables`` tables, or None."""
    for unit, value in sizes.items():
        most = MAX_UNITS[unit] * most_tables // MAX_TABLES
        if value is not None and value > most:
            return f"at most {most} {unit}: the app seats up to {most_tables} tables"
    if deals is not None and deals > MAX_DEALS:
        return f"at most {MAX_DEALS} deals"
    return None


def check_size(*, deals: int | None = None, most_tables: int = MAX_TABLES, **sizes: int | None) -> None:
    """Refuse sizes beyond ``most_tables`` tables' worth with the reason (``MovementUserError``)."""
    problem = size_problem(deals=deals, most_tables=most_tables, **sizes)
    if problem is not None:
        raise MovementUserError(problem)


def change_problem(change: Mapping[str, Any]) -> str | None:
    """Why a whist drive's change (its round JSON with results) is beyond twenty tables' worth, or None."""
    for key, most in MAX_CHANGE.items():
        items = change.get(key)
        if isinstance(items, list | dict) and len(items) > most:
            return (
                f"at most {most} {key} in a change: the app serves a whist drive of up to "
                f"{MAX_TABLES} tables ({MAX_PLAYERS} players)"
            )
    return None


def check_change(change: Mapping[str, Any]) -> None:
    """Refuse a change beyond twenty tables' worth with the reason (``MovementUserError``)."""
    problem = change_problem(change)
    if problem is not None:
        raise MovementUserError(problem)
