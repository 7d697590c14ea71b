"""One send, one decision: a table's result on one tray, from a phone, the API, the director or the CLI.

A send flows one way, each step in its own module:

1. ``rules.check_send``: what was asked, checked and typed (pure);
2. ``read``: a first look without locks, then the locks and everything the rules need (one place; a
   phone's send: where its entrant plays, and the table ``rules.phone_place`` places it at);
3. ``rules.decide``: a pure function of the two: accept, replay, conflict or refuse (each refusal
   named, ``rules.Refusal``);
4. ``store``: the accepted line inserted and the change announced.

A table's send and the director's go through ``submit``; a phone that follows an entrant through
``submit_followed``. The pages, the API, the CLI, the whist drive and the demo call them with one input
(``door.Send``, made by ``door.send_of``), who sends (``store.Sender``) and where the send stands
(``Standing``); one outcome (``SubmitOutcome``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction

from entry.selectors.rounds import PlayTable
from entry.send.door import Send, send_of
from entry.send.read import first_look, read_director, read_followed, read_locked
from entry.send.rows import LineRow
from entry.send.rules import Accept, Asked, Decision, Found, answer, check_send, decide
from entry.send.store import Sender, store_send
from scoring.models import Via
from tournaments.link_reads import SessionRead
from tournaments.models import Session, Table

#: A table link's keys are kept in its table's own scope: ``table:<table id>``.
TABLE_SCOPE = "table:"


@dataclass(frozen=True)
class SubmitOutcome:
    """What became of a send: stored (``created``), or a replay of one stored; its line as the send read
    or stored it (a row, ``rows.LineRow``)."""

    line: LineRow
    created: bool
    replayed: bool = False


def table_scope(table_id: int) -> str:
    """The scope of a table link's submission keys."""
    return f"{TABLE_SCOPE}{table_id}"


@dataclass(frozen=True)
class Standing:
    """Where a send stands: whose keys it uses (``scope``; blank: its table's), whether it is the
    director's entry (any tray of any round, ``as_director``), and for a phone that follows an entrant:
    that entrant's round (``phone_round``), whether it owes another tray besides (``owes_more``), and
    the entrant (id, side), told of its own line on the tray wherever it was sent (``entrant``), and
    whether the entrant has not played the tray yet (``unplayed``: ``rules.phone_place``)."""

    scope: str = ""
    as_director: bool = False
    phone_round: int | None = None
    owes_more: bool = False
    entrant: tuple[int, str] | None = None
    unplayed: bool = False


#: A table's own send: its table's keys, its table's round.
TABLE_SEND = Standing()
#: The director's entry (pages, API, CLI, demo) under the table's keys.
DIRECTOR_ENTRY = Standing(as_director=True)


@dataclass(frozen=True)
class Follower:
    """A phone that follows an entrant, as its send needs it: the session (as the phone's link read it),
    the entrant (id, side), the scope of its keys, and how the slip names the side that sends from the
    phone (``actor``: "NS" -> "pair 3 (N-S)")."""

    session: SessionRead
    entrant: tuple[int, str]
    scope: str
    actor: Callable[[str], str]


def _asked(send: Send, standing: Standing, *, scope: str, director_table: int | None) -> Asked:
    """The send as asked, checked and typed (``rules.check_send``), as its sender stands."""
    return check_send(
        tray=send.tray,
        ns_tricks=send.ns_tricks,
        revokes=(send.ns_revokes, send.ew_revokes),
        key=send.key,
        scope=scope,
        round_number=send.round,
        phone_round=standing.phone_round,
        director_table=director_table,
        owes_more=standing.owes_more,
        entrant=standing.entrant,
        trump=send.trump,
        device=send.device,
        unplayed=standing.unplayed,
    )


def submit(
    send: Send,
    *,
    table: Table,
    sender: Sender,
    standing: Standing = TABLE_SEND,
    session: Session | SessionRead | None = None,
) -> SubmitOutcome:
    """Store one table's result on one tray, once (``rules`` says every rule and its order): ``send`` as
    its door read it (``door.send_of``), ``sender`` who sends, ``standing`` under what keys and round;
    ``session``: the table's, as the caller read it already (else the table's own is read).
    A trump card sent is recorded on a tray whose trump is not known yet (a tray dealt at the table,
    Law III), never over one known."""
    director = table.number if standing.as_director else None
    asked = _asked(send, standing, scope=standing.scope or table_scope(table.pk), director_table=director)
    first = first_look(asked, table, table.session if session is None else session)
    decided = decide(asked, first)
    if decided is None:
        with transaction.atomic():
            found = read_director(asked, table) if asked.as_director else read_locked(asked, table, first)
            decided = decide(asked, found)
            if isinstance(decided, Accept):
                return _stored(asked, decided, table, found, sender)
    return _answered(decided)


def submit_followed(send: Send, follower: Follower) -> SubmitOutcome:
    """Store the N-S tricks of a tray the phone's entrant plays, at the table where it plays it
    (``rules.phone_place``), as sent by the side the entrant sits there; a repeated send (its key), or
    the entrant's own line on the tray wherever it was sent, is answered from the first look, before
    anything of where it plays is read."""
    standing = Standing(scope=follower.scope, entrant=follower.entrant)
    asked = _asked(send, standing, scope=follower.scope, director_table=None)
    first = first_look(asked, None, follower.session)
    decided = decide(asked, first)
    if decided is None:
        with transaction.atomic():
            asked, place, table, found = read_followed(asked, follower.session, first)
            decided = decide(asked, found)
            if isinstance(decided, Accept):
                sender = Sender(Via.TABLE, follower.actor(place.side), side=place.side)
                return _stored(asked, decided, table, found, sender)
    return _answered(decided)


def _stored(
    asked: Asked, accept: Accept, table: Table | PlayTable, found: Found, sender: Sender
) -> SubmitOutcome:
    """The accepted line stored (``store.store_send``), as the send's answer shows it."""
    return SubmitOutcome(store_send(asked, accept, table=table, session=found.session, sender=sender), True)


def _answered(decided: Decision | None) -> SubmitOutcome:
    """A decision that stores nothing: its replay, else its 409 or refusal raised (``rules.answer``)."""
    return SubmitOutcome(answer(decided).line, created=False, replayed=True)


__all__ = [
    "DIRECTOR_ENTRY",
    "TABLE_SCOPE",
    "TABLE_SEND",
    "Asked",
    "Follower",
    "Send",
    "Sender",
    "Standing",
    "SubmitOutcome",
    "send_of",
    "submit",
    "submit_followed",
    "table_scope",
]
