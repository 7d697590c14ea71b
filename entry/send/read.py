"""Everything a send decides on, read in one place: a first look without locks, then the locks and the
rest.

The locks are ``tournaments.locks``' (the one order every writer takes them in). The **first look**
finds the line the send's key stored (a lost answer, answered even after close) and the line on the
tray it is told of (a twin's send, told at once), outside any lock: a table's send looks for its table's
line, a phone's for its entrant's own, wherever it was sent. The **locked read** takes the send's locks
(a table's own send locks its table's row and shares its session's; a phone's shares its session's row
first and reads where its entrant plays, then locks that table's row; the director's entry locks the
session's row) and reads what the rules need: the lines again only when the table's
``results_version`` moved while it waited, then the table's plays (a phone's: its entrant's plays, read
under the session's share) or the tray and its seating (the director's).
"""

from __future__ import annotations

from dataclasses import replace

from entry.selectors.rounds import Play, PlayTable, plays_now, seating_of, table_plays
from entry.send.rows import LineRow
from entry.send.rules import Asked, Found, PhonePlace, must, phone_place, plays_each_tray_once
from entry.send.sql import lines_found
from tournaments.link_reads import SessionRead, TableRead
from tournaments.locks import lock_session_row, lock_table_send, share_session
from tournaments.models import Session, Table
from tournaments.selectors import tray_by_number


def _lines(asked: Asked, table_id: int | None, session_id: int) -> tuple[LineRow | None, LineRow | None]:
    """The line of the send's key in its scope, and the line on the tray the send is told of: the own
    line of the entrant a phone follows, wherever it was sent (its opponents' phone sent it, and the
    entrant has moved on or not yet come up), else the table's (``table_id``; None: a phone's first look,
    before it knows its table)."""
    tray, key = asked.tray or 0, asked.key or ""
    rows = lines_found(table_id, session_id, tray, asked.scope, key, asked.entrant)
    mine = (asked.scope, asked.key)
    keyed = next((r for r in rows if asked.key and (r.idempotency_scope, r.idempotency_key) == mine), None)
    on_tray = [r for r in rows if r.tray.number == asked.tray]
    # A line at another table is the entrant's own (or its key's, which decides first).
    elsewhere = next((r for r in on_tray if r.table_id != table_id), None)
    sent = elsewhere or next((r for r in on_tray if r.table_id == table_id), None)
    return keyed, sent


def first_look(asked: Asked, table: Table | TableRead | None, session: Session | SessionRead) -> Found:
    """The send's lines, before any lock, with the session as the caller read it (``table``: the table's
    send; None: a phone's, which looks for its entrant's own line, where it plays each tray once)."""
    if not plays_each_tray_once(session.movement_family):
        asked = replace(asked, entrant=None)  # its first play's line is not this one
    keyed, sent = _lines(asked, table.pk if table else None, session.pk)
    return Found(session=session, table=table.number if table else 0, keyed=keyed, sent=sent)


def read_locked(
    asked: Asked, table: Table | PlayTable, first: Found, own: tuple[Play, ...] | None = None
) -> Found:
    """A table's own send's locks taken (its table's row, its session's shared), and what the rules
    decide on read under them (``own``: the table's plays of the tray as read under the session's share,
    a phone's; None: read here). The lines are read again at most once: when a twin's send was stored
    meanwhile (the table's ``results_version`` moved), or when the play says the table has a line on the
    tray that the first look did not find (the director's entry meanwhile, or not the entrant's own)."""
    locked = lock_table_send(table.pk)
    session = locked.session
    moved = locked.results_version != table.results_version
    keyed, sent = _lines(asked, table.pk, table.session_id) if moved else (first.keyed, first.sent)
    if keyed is not None or sent is not None or not session.accepts_results:
        return Found(session, table.number, True, keyed, sent)
    if own is None or moved:
        whole = asked.phone_round is None and session.tables_advance  # the table's round: its first play
        own = tuple(table_plays(table=table, tray=None if whole or asked.tray is None else asked.tray))
    play = next((p for p in own if p.tray == asked.tray), None)
    if play is not None and play.sent and not moved:
        keyed, sent = _lines(asked, table.pk, table.session_id)
    tray = tray_by_number(session=session, number=asked.tray_number) if play is None else None
    return Found(session, table.number, True, keyed, sent, own, tray)


def read_followed(
    asked: Asked, session: Session | SessionRead, first: Found
) -> tuple[Asked, PhonePlace, PlayTable, Found]:
    """A phone's send, under its locks: its session's row shared, then where its entrant plays (its
    plays, one read), the table and round the rules place the send at (``rules.phone_place``), that
    table's row locked, and the rest as a table's send reads it. ``asked`` comes back with what the
    place says of it (the entrant's round, whether it owes more, whose line is its answer)."""
    assert asked.entrant is not None, "a phone that follows an entrant"
    share_session(session.pk)
    plays, current = plays_now(asked.entrant, session)
    place = must(phone_place(asked.tray, plays, current))
    asked = replace(
        asked,
        phone_round=place.round,
        owes_more=place.owes_more,
        entrant=None if place.here else asked.entrant,  # here, the table's line is the answer
        unplayed=place.unplayed,
    )
    table = place.table
    own = tuple(p.play for p in plays if p.table.id == table.pk and p.play is not None)
    return asked, place, table, read_locked(asked, table, first, own)


def read_director(asked: Asked, table: Table) -> Found:
    """The director's entry: the session's row locked, the lines, the tray and where the table plays it."""
    session = lock_session_row(table.session_id)
    keyed, sent = _lines(asked, table.pk, table.session_id)
    tray = tray_by_number(session=table.session, number=asked.tray_number)
    seating = (
        seating_of(table=table, tray=tray, round_number=asked.round_number) if tray is not None else None
    )
    return Found(session, table.number, True, keyed, sent, (), tray, seating)
