"""Mnemonic duplicate at one table (pp. 25-27, 66): the original play and the overplay, kept apart.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900): the same four
players play every deal twice, "the second time playing a hand previously
played by an adversary" (p. 66), replaying "the deals in a different order"
(p. 26; the engine's ``overplay_order``). A deal's traveling slip then has
two lines, the **original play** and the **overplay**, which the scorer
tells apart as "table 1" and "table 2" (``scorers.mnemonic``). The app
seats the overplay at a second table of the session, the same table in the
room under another number, so that the database keeps one line a table and
a tray; on the overplay the players' seats name no entrant, because each
has already played the tray from the other side (the slip's "once per
entrant" holds of the original play).
"""

from __future__ import annotations

from dataclasses import replace

from ..models import Seat, Session, Table
from ..movements import Movement
from ..overplay import FAMILY, OVERPLAY_TABLE
from ..overplay import overplay_table as overplay_table  # the pages' and services' too


def plays_apart(movement: Movement) -> Movement:
    """The overplay's rounds at table 2: the second half of the engine's rounds (p. 66)."""
    half = len(movement.rounds) // 2
    rounds = tuple(
        r
        if r.number <= half
        else replace(r, tables=tuple(replace(t, table=OVERPLAY_TABLE) for t in r.tables))
        for r in movement.rounds
    )
    notes = (*movement.notes, "the overplay is entered as table 2: the same table, its second play")
    return replace(movement, tables=OVERPLAY_TABLE, rounds=rounds, notes=notes)


def is_one_table(movement: Movement) -> bool:
    """A mnemonic movement as the engine gives it: one table for both plays."""
    return movement.family == FAMILY and movement.tables == 1


def overplay_seats(session: Session) -> None:
    """On the overplay the seats name the players only (they played each tray once already).

    The overplay's table has no link of its own: it is the same table, and a
    bare link to it could send an overplay before the original play is in.
    The players' own links (and the director) send it, once the original
    play is complete.
    """
    Seat.objects.filter(round__session=session, seating__table__number=OVERPLAY_TABLE).update(entrant=None)
    Table.objects.filter(session=session, number=OVERPLAY_TABLE).update(token_revoked=True)
