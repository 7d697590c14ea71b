"""Mnemonic duplicate's two tables (pp. 25-27, 66): which family it is, and the overplay's table number.

The same four players play every deal twice, the second time "playing a
hand previously played by an adversary" (p. 66). The app seats that
**overplay** at a second table of the session, the same table in the room
under another number. Read here by selectors and services alike
(``tournaments.services.mnemonic`` seats it).
"""

from __future__ import annotations

from .models import Session

FAMILY = "mnemonic"
#: The number the overplay's table bears in the session (the same table in the room).
OVERPLAY_TABLE = 2


def overplay_table(session: Session) -> int | None:
    """The number of a mnemonic session's overplay table (the same table, its second play), else None."""
    return OVERPLAY_TABLE if session.movement_family == FAMILY else None
