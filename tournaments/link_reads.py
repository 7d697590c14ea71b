"""A phone's link read by its token, with its session and club: literal SQL, one statement each, read
into plain named tuples.

Every request of a phone starts here (a table's link, an entrant's printed link, or a phone's pass),
and the ORM's compiling of these joins cost several times the queries. Each is written out once, with
its columns, in ``infra.statements``; ``tests/foundation/test_link_reads.py`` holds each read to its
ORM twin. A row is cut into one named tuple for each table it joins (the columns as the statement names
them), each holding the one it points to: a pass its link, a link its entrant and session, a session its
club. None is a model: nothing reads more of the database through them, and a page that needs more of
the session asks for it by its id. The session's movement, which no phone request reads, is not read.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any, NamedTuple

from django.db import connection

from infra.prepared import execute_prepared
from infra.sql import aware
from infra.statements import LINK_BY_TOKEN, PASS_BY_TOKEN, TABLE_BY_TOKEN

from .models import EntrantLink
from .models.entrant import entrant_word
from .models.session import release_come, still_provisional, takes_results


class ClubRead(NamedTuple):
    """The club of a link's session."""

    id: int
    name: str
    slug: str
    provisional_hours: int
    created_at: datetime

    @property
    def pk(self) -> int:
        """The club's id, by the models' name for it."""
        return self.id


class SessionRead(NamedTuple):
    """A link's session: every column but its movement, its pack and its placings (``MOVEMENT_FIELDS``),
    with its club."""

    id: int
    club_id: int
    series_id: int | None
    date: date
    title: str
    entrant_kind: str
    movement_family: str
    movement_variant: str
    trays_count: int
    deals_per_round: int
    scoring_method: str
    status: str
    declared_trump: str
    current_round: int
    tables_advance: bool
    show_running_score: bool
    phones_claim: bool
    running_score_hidden_rounds: int
    minutes_per_tray: int | None
    change_minutes: int | None
    publish_standings: bool
    publish_travellers: bool
    publish_hand_records: bool
    results_version: int
    seating_version: int
    hands_release_at: datetime | None
    sim_sent_at: datetime | None
    sim_sends: int
    published_at: datetime | None
    provisional_until: datetime | None
    created_at: datetime
    updated_at: datetime
    club: ClubRead

    @property
    def pk(self) -> int:
        """The session's id, by the models' name for it."""
        return self.id

    @property
    def accepts_results(self) -> bool:
        """Tables may send results only while the session runs (``Session.accepts_results``)."""
        return takes_results(self.status)

    def hands_released(self, now: datetime | None = None) -> bool:
        """Whether a simultaneous event's release time has come (``Session.hands_released``)."""
        return release_come(self.hands_release_at, now)

    def provisional(self, now: datetime | None = None) -> bool:
        """Whether the session's published results are still provisional (``Session.provisional``)."""
        return still_provisional(self.status, self.provisional_until, now)


class TableRead(NamedTuple):
    """A table's link: the table, with its session."""

    id: int
    session_id: int
    number: int
    token: str
    token_revoked: bool
    results_version: int
    session: SessionRead

    @property
    def pk(self) -> int:
        """The table's id, by the models' name for it."""
        return self.id


class EntrantRead(NamedTuple):
    """The entrant an entrant's link is of."""

    id: int
    session_id: int
    kind: str
    number: int
    label: str
    is_phantom: bool
    team_id: int | None

    @property
    def pk(self) -> int:
        """The entrant's id, by the models' name for it."""
        return self.id

    def __str__(self) -> str:
        """ "Pair 3", as the entrant's model says it."""
        return entrant_word(self.kind, self.number)


class LinkRead(NamedTuple):
    """An entrant's own link (a pair's, or one pair of a team of four by its ``side``), with its entrant
    and its session."""

    id: int
    session_id: int
    entrant_id: int
    side: str
    token: str
    revoked: bool
    join_code: str
    join_failures: int
    entrant: EntrantRead
    session: SessionRead

    @property
    def pk(self) -> int:
        """The link's id, by the models' name for it."""
        return self.id


class PassRead(NamedTuple):
    """A phone's pass, with the link it follows (and through it the entrant and the session)."""

    id: int
    link_id: int
    session_id: int
    token: str
    device: str
    table_id: int | None
    via: str
    created_at: datetime
    ended_at: datetime | None
    ended_why: str
    seen_at: datetime | None
    doubted_at: datetime | None
    doubted_why: str
    doubted_table_id: int | None
    link: LinkRead

    @property
    def pk(self) -> int:
        """The pass's id, by the models' name for it."""
        return self.id

    @property
    def session(self) -> SessionRead:
        """The pass's session: its link's."""
        return self.link.session

    @property
    def in_doubt(self) -> bool:
        """Whether the pass is in doubt (``PhonePass.in_doubt``)."""
        return self.doubted_at is not None


def link_word(link: EntrantLink | LinkRead) -> str:
    """The entrant a link is of, as the slip's history and a phone's messages name it: "pair 5", "team 2's
    N-S pair", "player 7"."""
    return str(link.entrant).lower() + {"NS": "'s N-S pair", "EW": "'s E-W pair"}.get(link.side, "")


def _one(sql: str, token: str) -> tuple[Any, ...] | None:
    """The one row of a read by token (a token is unique), or None."""
    with connection.cursor() as cursor:
        execute_prepared(cursor, sql, [token])
        row: tuple[Any, ...] | None = cursor.fetchone()
    return row


def _cut(row: tuple[Any, ...], sizes: Sequence[int]) -> list[list[Any]]:
    """The row cut into its tables' columns, in order, each timestamp with its zone (SQLite keeps none)."""
    parts, start = [], 0
    for size in sizes:
        parts.append([aware(v) if isinstance(v, datetime) else v for v in row[start : start + size]])
        start += size
    return parts


_SESSION = len(SessionRead._fields) - 1
_CLUB = len(ClubRead._fields)
_LINK = len(LinkRead._fields) - 2
_ENTRANT = len(EntrantRead._fields)
_TABLE = len(TableRead._fields) - 1
_PASS = len(PassRead._fields) - 1


def _session(session: list[Any], club: list[Any]) -> SessionRead:
    """The session's columns, with its club's."""
    return SessionRead(*session, ClubRead(*club))


def _link(link: list[Any], entrant: list[Any], session: list[Any], club: list[Any]) -> LinkRead:
    """The link's columns, with its entrant's, its session's and its club's."""
    return LinkRead(*link, EntrantRead(*entrant), _session(session, club))


def table_by_token(token: str) -> TableRead | None:
    """The table of this token, with its session and club."""
    row = _one(TABLE_BY_TOKEN, token)
    if row is None:
        return None
    table, session, club = _cut(row, (_TABLE, _SESSION, _CLUB))
    return TableRead(*table, _session(session, club))


def link_by_token(token: str) -> LinkRead | None:
    """The entrant's own link of this token, with its entrant, session and club."""
    row = _one(LINK_BY_TOKEN, token)
    return None if row is None else _link(*_cut(row, (_LINK, _ENTRANT, _SESSION, _CLUB)))


def pass_by_token(token: str) -> PassRead | None:
    """The phone's pass of this token, with its link, the link's entrant, the session and club."""
    row = _one(PASS_BY_TOKEN, token)
    if row is None:
        return None
    phone_pass, *link = _cut(row, (_PASS, _LINK, _ENTRANT, _SESSION, _CLUB))
    return PassRead(*phone_pass, _link(*link))
