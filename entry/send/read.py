"""Everything a send decides on, read in one place: a first look without locks, then the locks and the
rest.

The locks are ``tournaments.locks``' (the one order every writer takes them in). The **first look**
finds the line the send's key stored (a lost answer, answered even after close) and the table's line
on the tray (a twin's send, told at once), outside any lock. The **locked read** takes the send's locks
(a table's own send locks its table's row and shares its session's; the director's entry locks the
session's row) and reads what the rules need: the lines again only when the table's
``results_version`` moved while it waited, then the table's plays (a table's own send) or the tray and
its seating (the director's).
"""

from __future__ import annotations

from entry.selectors.rounds import seating_of, table_plays
from entry.send.rules import Asked, Found
from entry.send.sql import line_of, lines_found
from scoring.models import SlipLine
from tournaments.locks import lock_session_row, lock_table_send
from tournaments.models import Table
from tournaments.selectors import tray_by_number


def _lines(asked: Asked, table: Table) -> tuple[SlipLine | None, SlipLine | None]:
    """The line of the send's key in its scope, and the line on the tray the send is told of: the own
    line of the entrant a phone follows, wherever it was sent (its opponents' phone sent it, and the
    entrant has moved on or not yet come up), else the table's."""
    tray, key = asked.tray or 0, asked.key or ""
    rows = lines_found(table.pk, table.session_id, tray, asked.scope, key, asked.entrant)
    mine = (asked.scope, asked.key)
    keyed = next((r for r in rows if asked.key and (r.idempotency_scope, r.idempotency_key) == mine), None)
    on_tray = [r for r in rows if r.tray == asked.tray]
    # A line at another table is the entrant's own (or its key's, which decides first).
    elsewhere = next((r for r in on_tray if r.table_id != table.pk), None)
    sent = elsewhere or next((r for r in on_tray if r.table_id == table.pk), None)
    return (line_of(keyed) if keyed else None), (line_of(sent) if sent else None)


def first_look(asked: Asked, table: Table) -> Found:
    """The send's lines, before any lock, with the session as the caller read it."""
    keyed, sent = _lines(asked, table)
    return Found(session=table.session, table=table.number, keyed=keyed, sent=sent)


def read_locked(asked: Asked, table: Table, first: Found) -> Found:
    """The send's locks taken, and what the rules decide on read under them."""
    if asked.as_director:
        return _director_read(asked, table)
    locked = lock_table_send(table.pk)
    session = locked.session
    moved = locked.results_version != table.results_version  # a twin's send was stored meanwhile
    keyed, sent = _lines(asked, table) if moved else (first.keyed, first.sent)
    found = Found(session=session, table=table.number, locked=True, keyed=keyed, sent=sent)
    if keyed is not None or sent is not None or not session.accepts_results:
        return found
    whole = asked.phone_round is None and session.tables_advance  # the table's round: its first play not sent
    plays = tuple(table_plays(table=table, tray=None if whole or asked.tray is None else asked.tray))
    play = next((p for p in plays if p.tray == asked.tray), None)
    tray = tray_by_number(session=table.session, number=asked.tray_number) if play is None else None
    if play is not None and play.sent:  # the director's entry meanwhile (counted in the session's version)
        keyed, sent = _lines(asked, table)
    return Found(session, table.number, True, keyed, sent, plays, tray)


def _director_read(asked: Asked, table: Table) -> Found:
    """The director's entry: the session's row locked, the lines, the tray and where the table plays it."""
    session = lock_session_row(table.session_id)
    keyed, sent = _lines(asked, table)
    tray = tray_by_number(session=table.session, number=asked.tray_number)
    seating = (
        seating_of(table=table, tray=tray, round_number=asked.round_number) if tray is not None else None
    )
    return Found(session, table.number, True, keyed, sent, (), tray, seating)
