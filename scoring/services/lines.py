"""A slip line's making and keeping, shared by every service that writes one.

A **line** is one table's result on one tray's traveling slip (p. 42): the
N-S and E-W entrants, the N-S tricks (or the director's adjusted score), the
revokes charged (Law X). Whoever writes it (a phone, the director, the API)
goes through ``line_store``, and a changed line keeps its old version first
(``line_keep_version``). The database has the last word: a second line for
the same tray and table is refused by a unique constraint.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import IntegrityError, connection, transaction

from infra.insert import RowsInsert, with_children_sql
from infra.joined import JoinedRead, Step
from infra.prepared import execute_prepared
from tournaments.models import Entrant, EntrantKind, Round, Seating, Session, Table, Tray
from tournaments.selectors import tray_by_number
from tournaments.services.errors import Conflict, UserError

from ..models import SlipLine, SlipLineVersion, SlipSeat
from ..tasks import queue_standings
from .locks import lock_session

AWARDS = ("average", "average-plus", "average-minus")
#: The most revokes a side may be charged with on one deal (the table page's limit).
MAX_REVOKES = 3
#: What a line's answer shows beside its counts (the numbers of its tray, table, round and entrants).
LINE_RELATED = ("tray", "table", "round", "ns", "ew")
#: A line by its id (or by a condition), with ``LINE_RELATED``: read on every send, as SQL written once
#: (``infra.joined``: the ORM's compiling cost more than the query).
LINE_STEPS = (
    Step(SlipLine),
    *(
        Step(model, via=name, on=0)
        for model, name in zip((Tray, Table, Round, Entrant, Entrant), LINE_RELATED, strict=True)
    ),
)
LINE_BY_ID = JoinedRead(LINE_STEPS, "id")

#: A new line and its entrants' places, inserted by SQL written once (``infra.insert``: on every
#: send, the ORM's compiling of the two inserts cost more than they did).
LINE_INSERT, SEATS_INSERT = RowsInsert(SlipLine), RowsInsert(SlipSeat)


def check_tricks(value: Any, *, field: str = "ns_tricks") -> int:
    """N-S tricks must be a whole number from 0 to 13."""
    try:
        tricks = int(value)
        if str(value).strip() != str(tricks):
            raise ValueError
    except (TypeError, ValueError):
        raise UserError("Tricks must be a whole number from 0 to 13.", field=field) from None
    if not 0 <= tricks <= 13:
        raise UserError(f"Tricks must be from 0 to 13, not {tricks}.", field=field)
    return tricks


def check_revokes(**counts: Any) -> None:
    """Revokes charged to each side: a whole number from 0 to 3 (Law X; the table page's limit)."""
    for label, value in counts.items():
        whole = isinstance(value, int) and not isinstance(value, bool)
        if value is not None and not (whole and 0 <= value <= MAX_REVOKES):
            raise UserError(f"Revokes must be a whole number from 0 to {MAX_REVOKES}.", field=label)


def seating_for(table: Table, tray: Tray, *, round_number: int | None) -> Seating:
    """The seating at which this table plays this tray (in the given round, if any)."""
    qs = Seating.objects.filter(table=table, seating_trays__tray=tray).select_related("round", "ns", "ew")
    if round_number is not None:
        qs = qs.filter(round__number=round_number)
    seating = qs.order_by("round__number").first()  # not the models' ordering: it joins the session twice
    if seating is None:
        where = f" in round {round_number}" if round_number else ""
        raise UserError(f"Tray {tray.number} is not played at table {table.number}{where}.", field="tray")
    return seating


def find_tray(session: Session, number: Any) -> Tray:
    """The session's tray with this number, or a ``UserError`` on the tray field."""
    tray = tray_by_number(session=session, number=number)
    if tray is None:
        raise UserError(f"There is no tray {number} in this session.", field="tray")
    return tray


def slip_seats(line: SlipLine, seating: Seating) -> list[SlipSeat]:
    """The entrants on this line, for the database's 'once per slip' rule."""
    session = line.session
    team = session.entrant_kind == EntrantKind.FOURS
    seats: list[SlipSeat] = []
    for side, entrant in (("NS", seating.ns), ("EW", seating.ew)):
        if entrant is not None:
            seats.append(SlipSeat(line=line, tray=line.tray, entrant=entrant, side=side if team else ""))
    if (
        seating.ns_id is None and seating.ew_id is None
    ):  # seated by seats (individuals, teams of six or eight)
        for entrant_id in seating.seats.filter(entrant__isnull=False).values_list("entrant_id", flat=True):
            seats.append(SlipSeat(line=line, tray=line.tray, entrant_id=entrant_id))
    return seats


def slips_changed(
    session: Session, *, owes_more: bool = False, bumped: bool = False, table_id: int | None = None
) -> None:
    """Count a change to the session's slips and recompute its standings after commit (the one bump).

    ``owes_more``: a table's send, and the table still owes a tray (``queue_standings``);
    ``bumped``: the count was made with the change (``line_insert``); ``table_id``: the count is that
    table's (its own send), not the session's.
    The bump is SQL written once: it runs on every send, and the ORM's compiling of it cost more than it.
    """
    if not bumped:
        with connection.cursor() as cursor:
            if table_id is None:
                execute_prepared(cursor, _bump_sql(Session), [session.pk])
            else:
                execute_prepared(cursor, _bump_sql(Table), [table_id])
    running = session.status == Session.Status.RUNNING
    queue_standings(session.pk, running=running, seating_version=session.seating_version, owes_more=owes_more)


@cache
def _bump_sql(model: type[Session] | type[Table]) -> str:
    """``UPDATE ... SET results_version = results_version + 1`` for one session, or one table (its
    own send)."""
    quote = connection.ops.quote_name
    table, column = quote(model._meta.db_table), quote("results_version")
    return f"UPDATE {table} SET {column} = {column} + 1 WHERE {quote('id')} = %s"


def new_line(
    session: Session,
    seating: Seating,
    table: Table,
    tray: Tray,
    *,
    via: str,
    by: str,
    user: Any = None,
    **fields: Any,
) -> SlipLine:
    """A line for a table's play of a tray, unsaved: who sat N-S and E-W, and who entered it from where."""
    return SlipLine(
        session=session,
        tray=tray,
        round=seating.round,
        table=table,
        ns=seating.ns,
        ew=seating.ew,
        entered_via=via,
        entered_by=by[:80],
        entered_user=user if getattr(user, "is_authenticated", False) else None,
        **fields,
    )


def line_store(
    line: SlipLine,
    seating: Seating,
    attempted: Any,
    *,
    free: bool = False,
    owes_more: bool = False,
    by_table: bool = False,
) -> SlipLine:
    """Save a new line and its entrants' places on the slip; a line already there is a ``Conflict``.

    ``free``: the caller has just looked, under the session's or its table's lock, and found none there.
    ``owes_more``: the line's table still owes another tray (``slips_changed``).
    ``by_table``: a table's own send, counted in its table's ``results_version`` (``lock_table_send``).
    """
    tray, table = line.tray, line.table
    stored = None if free else SlipLine.objects.filter(tray=tray, table=table).first()
    if stored is None:
        try:
            with transaction.atomic(savepoint=not free):  # free: a refusal ends the whole transaction
                bumped = line_insert(line, slip_seats(line, seating), by_table=by_table)
        except IntegrityError:
            if free:  # no line was there under the lock: a same-key send, or an entrant's place, at once
                raise UserError(
                    f"Tray {tray.number} could not be stored: another send with this key, or for an entrant "
                    "at this table, was stored at the same moment. Look at the table's page again."
                ) from None
            stored = SlipLine.objects.filter(tray=tray, table=table).select_related(*LINE_RELATED).first()
            if stored is None:
                raise UserError(
                    f"An entrant at this table already has a result on tray {tray.number}."
                ) from None
        else:
            slips_changed(
                line.session, owes_more=owes_more, bumped=bumped, table_id=line.table_id if by_table else None
            )
            return line
    raise line_conflict(stored, attempted)


def line_insert(line: SlipLine, seats: list[SlipSeat], *, by_table: bool = False) -> bool:
    """Insert a new line and its entrants' places; whether the results version (the session's, or
    ``by_table`` the line's table's) was bumped with them.

    On PostgreSQL one statement inserts both and makes the bump (``with_children_sql``): a
    send's three round trips to the database in one. Elsewhere they are inserted in turn.
    """
    if connection.vendor != "postgresql":
        LINE_INSERT.insert([line])
        for seat in seats:
            seat.line = line  # its key, now that the line has one
        SEATS_INSERT.insert(seats)
        return False
    bumped = line.table_id if by_table else line.session_id
    params = [*LINE_INSERT.params([line]), *SEATS_INSERT.params(seats, given=("line",)), bumped]
    with connection.cursor() as cursor:
        execute_prepared(cursor, _line_insert_sql(len(seats), by_table), params)
        keys = cursor.fetchall()
    LINE_INSERT.keep([line], keys[:1])
    for seat in seats:
        seat.line = line
    SEATS_INSERT.keep(seats, keys[1:])
    return True


@cache
def _line_insert_sql(seats: int, by_table: bool) -> str:
    """PostgreSQL's one statement for a line, this many places on its slip, and the bump."""
    return with_children_sql(
        LINE_INSERT, SEATS_INSERT, "line", seats, _bump_sql(Table if by_table else Session)
    )


def line_conflict(stored: SlipLine, attempted: Any) -> Conflict:
    """The refusal of a second line for a tray at a table, carrying the stored one and the value sent."""
    tray, table = stored.tray, stored.table
    said = "" if stored.ns_tricks == attempted or attempted is None else f" You sent {attempted}."
    return Conflict(
        f"Tray {tray.number} was already sent from table {table.number}: N-S {stored.ns_tricks}." + said,
        field="ns_tricks",
    ).with_line(stored, attempted)


def lock_line(line: SlipLine) -> SlipLine:
    """The line, locked after its session (see ``lock_session``), with the locked session on it."""
    session = lock_session(line.session_id)
    locked = SlipLine.objects.select_for_update(of=("self",)).select_related("tray", "table").get(pk=line.pk)
    locked.session = session
    return locked


def line_snapshot(line: SlipLine) -> dict[str, Any]:
    """A line as its kept version records it."""
    return {
        "ns": line.ns.number if line.ns else None,
        "ew": line.ew.number if line.ew else None,
        "ns_tricks": line.ns_tricks,
        "ns_revokes": line.ns_revokes,
        "ew_revokes": line.ew_revokes,
        "ns_award": line.ns_award,
        "ew_award": line.ew_award,
        "law": line.law,
        "status": line.status,
        "entered_via": line.entered_via,
        "entered_by": line.entered_by,
        "confirmed_by": line.confirmed_by,
    }


def line_keep_version(line: SlipLine, *, change: str, reason: str, via: str, by: str, user: Any) -> None:
    """Keep the line as it stands, with what replaces it, who, from where and why."""
    SlipLineVersion.objects.create(
        line=line,
        session=line.session,
        tray_number=line.tray.number,
        table_number=line.table.number,
        version=line.version,
        data=line_snapshot(line),
        change=change,
        reason=reason,
        changed_via=via,
        changed_by=by[:80],
        changed_user=user if getattr(user, "is_authenticated", False) else None,
    )
