"""One send, one decision: a table's result on one tray, from a phone, the API, the director or the CLI.

A send flows one way, each step in its own module:

1. ``rules.check_send``: what was asked, checked and typed (pure);
2. ``read``: a first look without locks, then the locks and everything the rules need (one place);
3. ``rules.decide``: a pure function of the two: accept, replay, conflict or refuse (each refusal
   named, ``rules.Refusal``);
4. ``store``: the accepted line inserted and the change announced.

The phone page, the phone API, the director's pages and API and the CLI are adapters over
``result_submit``: one input, one outcome (``SubmitOutcome``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from entry.send.read import first_look, read_locked
from entry.send.rules import (
    Accept,
    Asked,
    ConflictWith,
    Decision,
    Refuse,
    Replay,
    check_send,
    conflict,
    decide,
)
from entry.send.store import Sender, store_send
from scoring.models import SlipLine, Via
from tournaments.models import Table

#: A table link's keys are kept in its table's own scope: ``table:<table id>``.
TABLE_SCOPE = "table:"


@dataclass(frozen=True)
class SubmitOutcome:
    """What became of a send: stored (``created``), or a replay of one stored."""

    line: SlipLine
    created: bool
    replayed: bool = False


def table_scope(table_id: int) -> str:
    """The scope of a table link's submission keys."""
    return f"{TABLE_SCOPE}{table_id}"


def result_submit(
    *,
    table: Table,
    tray_number: Any,
    ns_tricks: Any,
    via: str = Via.TABLE,
    by: str = "",
    device: str = "",
    idempotency_key: str | None = None,
    ns_revokes: Any = 0,
    ew_revokes: Any = 0,
    user: Any = None,
    round_number: int | None = None,
    phone_round: int | None = None,
    as_director: bool = False,
    key_scope: str = "",
    sender_owes_more: bool = False,
    entrant: tuple[int, str] | None = None,
    trump: Any = None,
    side: str = "",
) -> SubmitOutcome:
    """Store one table's result on one tray, once (``rules`` says every rule and its order).

    ``via``, ``by``, ``device``, ``user``: who sends, from where; ``phone_round``: the round of the
    entrant a phone follows; ``as_director``: the director enters any tray of any round; ``key_scope``:
    whose keys (the table's by default); ``sender_owes_more``: the entrant whose phone sends owes
    another tray besides; ``entrant``: the one (id, side) a phone follows, told of its own line on the
    tray wherever it was sent; ``trump``: the card turned at the table, recorded on a tray whose trump
    is not known yet (a tray dealt at the table, Law III), never over one known; ``side``: the side of
    the table whose phone sends ("NS", "EW"), whose line the other side checks (``rules.decide_check``).
    """
    asked = check_send(
        tray=tray_number,
        ns_tricks=ns_tricks,
        revokes=(ns_revokes, ew_revokes),
        key=idempotency_key,
        scope=key_scope or table_scope(table.pk),
        round_number=round_number,
        phone_round=phone_round,
        director_table=table.number if as_director else None,
        owes_more=sender_owes_more,
        entrant=entrant,
        trump=trump,
    )
    first = first_look(asked, table)
    decided = decide(asked, first)
    if decided is None:
        with transaction.atomic():
            found = read_locked(asked, table, first)
            decided = decide(asked, found)
            if isinstance(decided, Accept):
                sender = Sender(via, by, device, user, side)
                line = store_send(asked, decided, table=table, session=found.session, sender=sender)
                line.session = table.session
                return SubmitOutcome(line, created=True)
    return _answer(decided)


def _answer(decided: Decision | None) -> SubmitOutcome:
    """A decision that stores nothing, as the send's answer or its error."""
    if isinstance(decided, Replay):
        return SubmitOutcome(decided.line, created=False, replayed=True)
    if isinstance(decided, ConflictWith):
        raise conflict(decided.line, decided.attempted)
    assert isinstance(decided, Refuse), decided
    raise decided.error()


__all__ = ["TABLE_SCOPE", "Asked", "Sender", "SubmitOutcome", "result_submit", "table_scope"]
