"""Which round a table, or an entrant, is playing now.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900): a **round** is one
change of seats (the book's "change"). A table **owes** the trays of its
seating in a round: not a void tray (Laws III-V; nobody owes it), and
nothing at all in a round against a phantom (its opponents take the
average, p. 38).

When tables move on by themselves, a table is in the first round whose
trays it has not all sent, and an entrant (a phone that follows it) in the
first round it is seated in whose trays its table has not all sent; past
the last round both are finished (last + 1). Otherwise everybody plays the
director's current round.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, NamedTuple

from django.db import connection

from infra.prepared import execute_prepared
from infra.statements import ENTRANT_PLAYS, TABLE_PLAYS, TABLE_PLAYS_OF_TRAY
from tournaments.link_reads import LinkRead, SessionRead, TableRead
from tournaments.models import (
    EntrantLink,
    Round,
    SeatedEntrant,
    Seating,
    SeatingTray,
    Session,
    Table,
    Tray,
)


class Play(NamedTuple):
    """One tray a table plays in one round, whether the table owes its result (see the docstring) and
    has sent it, and who sits N-S and E-W there (ids and numbers): what a send decides on.

    A named tuple: a send makes one for each of its table's plays, and a frozen dataclass cost
    five times as much to make."""

    seating_id: int
    round_id: int
    round: int
    tray_id: int
    tray: int
    tray_status: str
    owed: bool
    sent: bool
    ns: tuple[int, int] | None  # (entrant id, number)
    ew: tuple[int, int] | None


def table_plays(*, table: Table | TableRead | PlayTable, tray: int | None = None) -> list[Play]:
    """Every tray the table plays (or its plays of tray number ``tray``), in the order of play, each
    marked owed and sent: one query.

    Written as SQL: a club night's burst of sends runs it once each, and
    the ORM's compiling of its five joins cost ten times the query itself
    (bench/profile_entry.py). The sent lines are looked for by the table's
    id as given, not the seating's: PostgreSQL then reads only this table's
    lines (by their index), where it read every line of the session.
    """
    session = table.session_id
    params = [table.pk, session, session, session, table.pk]
    with connection.cursor() as cursor:
        if tray is None:
            execute_prepared(cursor, TABLE_PLAYS, params)
        else:
            execute_prepared(cursor, TABLE_PLAYS_OF_TRAY, [*params, tray])
        return [_play(row) for row in cursor.fetchall()]


def _play(row: tuple[Any, ...]) -> Play:
    """A row of ``TABLE_PLAYS`` as a play: the seating, round and tray as read, then who sits there."""
    *where, status, ns, ns_number, ns_phantom, ew, ew_number, ew_phantom, sent = row
    return Play(
        *where,
        status,
        status != Tray.Status.VOID and not (ns_phantom or ew_phantom),
        bool(sent),
        (ns, ns_number) if ns is not None else None,
        (ew, ew_number) if ew is not None else None,
    )


def table_round(
    *, table: Table | TableRead, rounds: int | None = None, plays: list[Play] | None = None
) -> int:
    """The round this table is playing now (the module docstring says how)."""
    session = table.session
    if not session.tables_advance:
        return session.current_round
    for play in table_plays(table=table) if plays is None else plays:
        if play.owed and not play.sent:
            return play.round
    return (Round.objects.filter(session_id=session.pk).count() if rounds is None else rounds) + 1


def seating_of(*, table: Table, tray: Tray, round_number: int | None) -> Seating | None:
    """The seating at which this table plays this tray (in the given round, if any), with its round and
    entrants; None when it does not."""
    seatings = Seating.objects.filter(table=table, seating_trays__tray=tray)
    if round_number is not None:
        seatings = seatings.filter(round__number=round_number)
    return seatings.select_related("round", "ns", "ew").order_by("round__number").first()


def entrant_seatings(*, link: EntrantLink | LinkRead) -> dict[int, Seating]:
    """Round number -> where this entrant (or pair of a team) sits; a round it sits out is absent."""
    rows = (
        SeatedEntrant.objects.filter(entrant_id=link.entrant_id, side=link.side)
        .select_related("seating", "seating__table", "seating__round", "seating__ns", "seating__ew")
        .order_by()
    )
    return {row.seating.round.number: row.seating for row in rows}


def seating_trays(seatings: list[Seating]) -> dict[int, list[Tray]]:
    """Seating id -> its trays (with their deals) in the order the table plays them, in one query."""
    rows = (
        SeatingTray.objects.filter(seating__in=seatings)
        .select_related("tray", "tray__deal")
        .order_by("seating_id", "order")
    )
    out: dict[int, list[Tray]] = defaultdict(list)
    for row in rows:
        out[row.seating_id].append(row.tray)
    return out


class PlayTable(NamedTuple):
    """A table as an entrant's plays name it: its id, number, results version and session (a row, not a
    model; a phone's send stores at it)."""

    id: int
    number: int
    results_version: int
    session_id: int

    @property
    def pk(self) -> int:
        """The table's id, by the models' name for it."""
        return self.id


class EntrantPlay(NamedTuple):
    """One tray an entrant plays in one round, at which table, and whether its table owes the result
    (see the docstring) and has sent it: what a phone that follows the entrant decides on; and the play
    as its table's send stores it (``play``: the seating, round, tray and who sits there)."""

    round: int
    table: PlayTable
    tray: int
    owed: bool
    sent: bool
    #: The side the entrant sits there ("NS", "EW"): by the seating's pairs, else by its players' seats.
    side: str = ""
    play: Play | None = None


def entrant_plays(*, link: EntrantLink | LinkRead, session: Session | SessionRead) -> list[EntrantPlay]:
    """Every tray this entrant (or pair of a team) plays, in the order of play, each with its table and
    marked owed and sent: one query (SQL, prepared, as ``table_plays``: a phone's send runs it)."""
    return plays_of((link.entrant_id, link.side), session.pk)


def plays_of(entrant: tuple[int, str], session_id: int) -> list[EntrantPlay]:
    """``entrant_plays`` of the entrant (id, side) in the session of this id."""
    params = [session_id, session_id, session_id, *entrant]
    with connection.cursor() as cursor:
        execute_prepared(cursor, ENTRANT_PLAYS, params)
        rows = cursor.fetchall()
    tables: dict[int, PlayTable] = {}
    out = []
    for row in rows:
        play, (table_id, number, version, side) = _play(row[:13]), row[13:]
        table = tables.get(table_id) or tables.setdefault(
            table_id, PlayTable(table_id, number, version, session_id)
        )
        out.append(EntrantPlay(play.round, table, play.tray, play.owed, play.sent, side, play))
    return out


def plays_now(entrant: tuple[int, str], session: Session | SessionRead) -> tuple[list[EntrantPlay], int]:
    """The entrant's (id, side) plays (``plays_of``) and the round it plays now (past its last play:
    finished, the last round + 1), what a phone's send places itself by."""
    plays = plays_of(entrant, session.pk)
    return plays, round_of_plays(plays, session=session, rounds=max((p.round for p in plays), default=0))


def round_of_plays(
    plays: list[EntrantPlay], *, session: Session | SessionRead, rounds: int | None = None
) -> int:
    """The round an entrant with these plays is playing now (the module docstring says how)."""
    if not session.tables_advance:
        return session.current_round
    for play in plays:
        if play.owed and not play.sent:
            return play.round
    return (Round.objects.filter(session_id=session.pk).count() if rounds is None else rounds) + 1


def entrant_round(
    *, link: EntrantLink | LinkRead, session: Session | SessionRead, rounds: int | None = None
) -> int:
    """The round this entrant is playing now (the module docstring says how)."""
    if not session.tables_advance:
        return session.current_round
    return round_of_plays(entrant_plays(link=link, session=session), session=session, rounds=rounds)
