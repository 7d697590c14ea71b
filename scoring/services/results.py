"""Traveling-slip lines from the tables: send N-S tricks, and the opponents' check or dispute.

Every rule about a result lives in the services; the phone page, the
director's pages, the API and the CLI all call them. ``via`` says only where
an entry came from; ``as_director`` says which rules apply: a table sends
only the trays of its round, once, and its opponents may check or dispute
only while the session runs; the director enters any tray of any round and
settles disputes. The line itself is made and kept by ``lines``; the
director's corrections and awards are in ``corrections``.

An **idempotency key** lets a phone send again safely (a lost answer, a
double tap): the same key, in the same scope (the table's link, the
entrant's own link, the director's account), asking the same thing (the
request's fingerprint) is answered with the stored line. The same key
asking something else is refused (``KeyReused``, 422), never "replayed";
a key of another scope is simply another key, so no table learns of
another's.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from django.db import connection, transaction
from django.utils import timezone

from tournaments.models import Entrant, Round, Seating, Session, Table, Tray
from tournaments.services.club import log_action
from tournaments.services.errors import Conflict, KeyReused, UserError

from ..models import SlipLine, Via
from ..selectors.rounds import Play, table_plays, table_round
from .corrections import line_for, result_award, result_correct
from .lines import (
    AWARDS,
    LINE_BY_ID,
    MAX_REVOKES,
    check_revokes,
    check_tricks,
    find_tray,
    line_conflict,
    line_keep_version,
    line_store,
    lock_line,
    lock_session,
    new_line,
    seating_for,
    slips_changed,
)
from .locks import lock_table_send

#: The longest idempotency key kept (the column's length).
KEY_LENGTH = 64


@dataclass(frozen=True)
class SubmitOutcome:
    """What became of a submission: stored, a replay of one stored, or refused."""

    line: SlipLine
    created: bool
    replayed: bool = False


def request_fingerprint(**asked: Any) -> str:
    """A digest of what a send asks (tray, tricks, revokes, round...): a reused key must ask the same."""
    return hashlib.sha256(json.dumps(asked, sort_keys=True, default=str).encode()).hexdigest()


def _tray_number(value: Any) -> int | None:
    """A tray's number as sent, or None when it is not one (``find_tray`` then says so)."""
    try:
        number = int(str(value).strip())
    except ValueError:
        return None
    return number if 0 < number < 2**15 else None


#: A table link's keys are kept in its table's own scope: ``table:<table id>`` (``result_submit``).
TABLE_SCOPE = "table:"


def table_scope(table_id: int) -> str:
    """The scope of a table link's submission keys."""
    return f"{TABLE_SCOPE}{table_id}"


def submission_key(value: str | None) -> str | None:
    """A submission key as it is kept: stripped, and None when blank."""
    return (value or "").strip() or None


class Earlier(NamedTuple):
    """What a send looks for first: the line its key stored in its scope, and its table's line on
    its tray (either may be None)."""

    keyed: SlipLine | None
    sent: SlipLine | None


def _earlier(key: str | None, scope: str, table: Table, tray: int | None) -> Earlier:
    """The line this key stored in this scope, and this table's line on this tray (if any).

    One query finds and reads them whole, with the numbers their answer
    shows, each half of its condition on a unique index (most sends find
    neither). It is SQL, prepared: the ORM's compiling cost several times the
    query, on every send.
    """
    lines = LINE_BY_ID.where(_earlier_sql(), [table.pk, table.session_id, tray or 0, scope, key or ""])
    return _split(lines, key, scope, table, tray)


def _split(lines: list[SlipLine], key: str | None, scope: str, table: Table, tray: int | None) -> Earlier:
    """The lines found, as the key's and the table's."""
    keyed = next(
        (line for line in lines if key and (line.idempotency_scope, line.idempotency_key) == (scope, key)),
        None,
    )
    sent = next((line for line in lines if line.table_id == table.pk and line.tray.number == tray), None)
    return Earlier(keyed, sent)


@cache
def _earlier_sql() -> str:
    """The condition of ``_earlier``: the table's line on the tray by number, or the key's in its scope."""
    trays = connection.ops.quote_name(Tray._meta.db_table)
    tray = f"(SELECT t.id FROM {trays} t WHERE t.session_id = %s AND t.number = %s)"
    return (
        f"(j0.table_id = %s AND j0.tray_id = {tray})"
        " OR (j0.idempotency_scope = %s AND j0.idempotency_key = %s)"
    )


def _replay(keyed: SlipLine | None, fingerprint: str) -> SubmitOutcome | None:
    """The line a send with this key stored; the key asking something else is refused."""
    if keyed is None:
        return None
    if keyed.idempotency_fingerprint != fingerprint:
        raise KeyReused(
            "This submission key was already used for a different result; send a new result with a new key.",
            field="idempotency_key",
        )
    return SubmitOutcome(line=keyed, created=False, replayed=True)


def _open_session(table: Table) -> Session:
    """The table's session, locked while the director's entry decides, and only while it takes results."""
    return _taking_results(lock_session(table.session_id))


def _taking_results(session: Session) -> Session:
    """The session, if it takes results now."""
    if not session.accepts_results:
        raise UserError(f"The session is {session.get_status_display().lower()}; results are not taken now.")
    return session


def _open_table(table: Table) -> tuple[Session, bool]:
    """A table's own send: its table's row locked and its session's shared with the other tables'
    sends (only while the session takes results), and whether a send of this table was stored since
    ``table`` was read (its ``results_version`` moved: the lines looked for first may be stale)."""
    locked = lock_table_send(table.pk)
    return _taking_results(locked.session), locked.results_version != table.results_version


@dataclass(frozen=True)
class TablePlay:
    """What a table's send decides on, read under its table's lock (``lock_table_send``): the tray,
    where it is played, whether the table has sent a line on it already, and whether it owes another
    tray besides (``owes_more``: known only when all the table's plays were read; False otherwise)."""

    tray: Tray
    seating: Seating
    sent: bool
    owes_more: bool = False


def table_seating(
    session: Session, table: Table, number: Any, *, round_number: int | None, phone_round: int | None
) -> TablePlay:
    """The tray and where the table plays it, if that is its round now (``phone_round``: the round of
    the entrant a phone follows, which may be ahead of its new table's). One query: the table's
    plays of that tray (all its plays, when the table's round is its first play not sent), each
    marked sent or not; the seating is made from the play (its ids and numbers)."""
    wanted = _tray_number(number)
    whole = phone_round is None and session.tables_advance  # the table's round is its first play not sent
    plays = table_plays(table=table, tray=None if whole or wanted is None else wanted)
    play = next((p for p in plays if p.tray == wanted), None)
    if play is None:
        tray = find_tray(session, number)
        raise UserError(f"Tray {tray.number} is not played at table {table.number}.", field="tray")
    if phone_round is not None:
        current = phone_round
    else:
        current = table_round(table=table, plays=plays) if whole else session.current_round
    if play.round > current:
        raise UserError(f"Tray {play.tray} is not at table {table.number} this round.", field="tray")
    if play.round < current and not session.tables_advance:
        raise UserError(f"Round {play.round} is over; ask the director to enter tray {play.tray}.")
    if round_number is not None and round_number != play.round:
        raise UserError(f"Round {round_number} is over or not begun at this table.", field="round")
    tray = Tray(pk=play.tray_id, session_id=session.pk, number=play.tray, status=play.tray_status)
    owes_more = whole and any(p.owed and not p.sent and p is not play for p in plays)
    return TablePlay(tray, _seating_of(play, session, table), play.sent, owes_more)


def _seating_of(play: Play, session: Session, table: Table) -> Seating:
    """The play's seating with its round and entrants as far as a line needs them (ids and numbers)."""

    def entrant(who: tuple[int, int] | None) -> Entrant | None:
        return Entrant(pk=who[0], session_id=session.pk, number=who[1]) if who else None

    rnd = Round(pk=play.round_id, session_id=session.pk, number=play.round)
    return Seating(pk=play.seating_id, round=rnd, table=table, ns=entrant(play.ns), ew=entrant(play.ew))


def result_submit(
    *,
    table: Table,
    tray_number: Any,
    ns_tricks: Any,
    via: str = Via.TABLE,
    by: str = "",
    device: str = "",
    idempotency_key: str | None = None,
    ns_revokes: int = 0,
    ew_revokes: int = 0,
    user: Any = None,
    round_number: int | None = None,
    phone_round: int | None = None,
    as_director: bool = False,
    key_scope: str = "",
    sender_owes_more: bool = False,
) -> SubmitOutcome:
    """Store one table's result on one tray, once.

    A replay of the same idempotency key (in ``key_scope``, by default the
    table's) asking the same returns the stored line; asking something else
    it raises ``KeyReused``. A second send for a tray this table already
    sent raises ``Conflict`` carrying the stored line, so the page can show
    both values. A table sends only trays of its round; the director
    (``as_director``) may enter any. ``sender_owes_more``: the entrant whose phone sends owes another tray
    besides (then the session is not all played, and nobody counts).
    """
    key = submission_key(idempotency_key)
    if key is not None and len(key) > KEY_LENGTH:
        raise UserError(f"A submission key has at most {KEY_LENGTH} characters.", field="idempotency_key")
    scope = key_scope or table_scope(table.pk)
    asked = {"tray": tray_number, "ns_tricks": ns_tricks, "revokes": [ns_revokes, ew_revokes]}
    asked.update(round=round_number, table=table.number if as_director else None)
    fingerprint = request_fingerprint(**asked)
    tricks = check_tricks(ns_tricks)
    check_revokes(ns_revokes=ns_revokes, ew_revokes=ew_revokes)
    # Before the lock, and outside a transaction (a read that finds a line decides nothing the lock
    # guards): a lost answer is found even after close, and a twin's line is told at once.
    number = _tray_number(tray_number)
    keyed, sent = _earlier(key, scope, table, number)
    replayed = _replay(keyed, fingerprint)
    if replayed is not None:
        return replayed
    if sent is not None and table.session.accepts_results:
        raise line_conflict(sent, tricks)
    with transaction.atomic():
        if as_director:
            session = _open_session(table)
            keyed, sent = _earlier(key, scope, table, number)  # under the lock
            replayed = _replay(keyed, fingerprint)
            if replayed is not None:
                return replayed
            tray = find_tray(session, tray_number)
            seating, owes_more = seating_for(table, tray, round_number=round_number), False
        else:
            session, moved = _open_table(table)
            if moved:  # a twin's send was stored while this one waited: looked for before the plays
                keyed, sent = _earlier(key, scope, table, number)
            if sent is None:
                play = table_seating(
                    session, table, tray_number, round_number=round_number, phone_round=phone_round
                )
                tray, seating, owes_more = play.tray, play.seating, play.owes_more or sender_owes_more
                if play.sent:  # sent meanwhile (the director's entry counts in the session, not the table)
                    keyed, sent = _earlier(key, scope, table, tray.number)
            replayed = _replay(keyed, fingerprint)  # with this key: the twin's send was this one's
            if replayed is not None:
                return replayed
        if sent is not None:
            raise line_conflict(sent, tricks)
        counts = {"ns_tricks": tricks, "ns_revokes": ns_revokes, "ew_revokes": ew_revokes}
        line = new_line(
            session,
            seating,
            table,
            tray,
            via=via,
            by=by,
            user=user,
            device=device[:64],
            idempotency_key=key,
            idempotency_scope=scope if key else "",
            idempotency_fingerprint=fingerprint if key else "",
            **counts,
        )
        stored = line_store(line, seating, tricks, free=True, owes_more=owes_more, by_table=not as_director)
        return SubmitOutcome(line=stored, created=True)


def _table_may_still(line: SlipLine) -> None:
    """The opponents at the table act only while the session runs."""
    if not line.session.accepts_results:
        raise UserError("The session is not running.")


@transaction.atomic
def result_confirm(
    *,
    line: SlipLine,
    by: str = "",
    via: str = Via.TABLE,
    version: int | None = None,
    as_director: bool = False,
) -> SlipLine:
    """The opponents agree with the line as it stands (at the version seen); or the director settles it."""
    line = lock_line(line)
    if not as_director:
        _table_may_still(line)  # first: once closed, a phone is told nothing of the line
    if version is not None and version != line.version:
        raise Conflict("The result changed since you saw it; look again before confirming.")
    if line.status == SlipLine.Status.CONFIRMED:
        return line
    if not as_director and line.status == SlipLine.Status.DISPUTED:
        raise Conflict("This result is disputed; the director will settle it.")
    line.status, line.claimed = SlipLine.Status.CONFIRMED, None
    line.confirmed_by, line.confirmed_at = by[:80], timezone.now()
    line.save(update_fields=["status", "claimed", "confirmed_by", "confirmed_at", "updated_at"])
    return line


@transaction.atomic
def result_dispute(
    *, line: SlipLine, claimed: Any, by: str = "", via: str = Via.TABLE, as_director: bool = False
) -> SlipLine:
    """The opponents disagree: their count is kept on the line, which goes to the director's live board."""
    line = lock_line(line)
    tricks = check_tricks(claimed, field="claimed")
    if not as_director:
        _table_may_still(line)
        if line.status == SlipLine.Status.DISPUTED:
            return line  # a repeated dispute: already with the director
        if line.status == SlipLine.Status.CONFIRMED:
            raise Conflict("This result was already checked by E-W; ask the director to correct it.")
    if tricks == line.ns_tricks:
        raise UserError(
            f"N-S sent {tricks} too: the same count is no dispute. Check the result instead.", field="claimed"
        )
    reason = f"{by or 'opponents'} claim N-S {tricks}"
    line_keep_version(line, change="disputed", reason=reason, via=via, by=by, user=None)
    line.status, line.claimed = SlipLine.Status.DISPUTED, tricks
    line.version += 1
    line.save(update_fields=["status", "claimed", "version", "updated_at"])
    log_action(
        club=line.session.club,
        session=line.session,
        actor=by or f"table {line.table.number}",
        action="result.dispute",
        tray=line.tray.number,
        table=line.table.number,
        claimed=tricks,
        stored=line.ns_tricks,
    )
    return line


__all__ = [
    "AWARDS",
    "MAX_REVOKES",
    "Earlier",
    "SubmitOutcome",
    "line_for",
    "result_award",
    "result_confirm",
    "result_correct",
    "result_dispute",
    "result_submit",
    "slips_changed",
    "table_round",
    "table_scope",
]
