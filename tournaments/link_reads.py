"""A phone's link read by its token, with its session and club: literal SQL, one statement each.

Every request of a phone starts here (a table's link, an entrant's printed link, or a phone's pass),
and the ORM's compiling of these joins cost several times the queries. Each is written out once, with
its columns, in ``infra.statements``; ``tests/foundation/test_link_reads.py`` holds each read to its
ORM twin. The rows become the models' instances through ``Model.from_db`` (the ORM's documented way
to load an instance; the session's movement, which no phone request reads, left deferred), each set
on the one that points to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.models import Model

from infra.prepared import execute_prepared
from infra.sql import aware
from infra.statements import (
    CLUB_COLUMNS,
    ENTRANT_COLUMNS,
    LINK_BY_TOKEN,
    LINK_COLUMNS,
    PASS_BY_TOKEN,
    PASS_COLUMNS,
    SESSION_COLUMNS,
    TABLE_BY_TOKEN,
    TABLE_COLUMNS,
)

from .models import Club, Entrant, EntrantLink, PhonePass, Session, Table

#: The timestamps among them (SQLite gives them without their zone).
STAMPS = frozenset(
    {
        "created_at",
        "updated_at",
        "ended_at",
        "hands_release_at",
        "sim_sent_at",
        "published_at",
        "provisional_until",
        "seen_at",
        "doubted_at",
    }
)


def _one(sql: str, token: str) -> tuple[Any, ...] | None:
    """The one row of a read by token (a token is unique), or None."""
    with connection.cursor() as cursor:
        execute_prepared(cursor, sql, [token])
        row: tuple[Any, ...] | None = cursor.fetchone()
    return row


def _made(row: tuple[Any, ...], *parts: tuple[type[Model], Sequence[str]]) -> list[Model]:
    """The row cut into the parts' instances, in order."""
    made, start = [], 0
    for model, names in parts:
        values = [
            aware(v) if n in STAMPS else v
            for n, v in zip(names, row[start : start + len(names)], strict=True)
        ]
        made.append(model.from_db(connection.alias, list(names), values))
        start += len(names)
    return made


#: The models a row of each read is cut into, with their columns, in the statement's order.
_SESSION = ((Session, SESSION_COLUMNS), (Club, CLUB_COLUMNS))
_TABLE = ((Table, TABLE_COLUMNS), *_SESSION)
_LINK = ((EntrantLink, LINK_COLUMNS), (Entrant, ENTRANT_COLUMNS), *_SESSION)
_PASS = ((PhonePass, PASS_COLUMNS), *_LINK)


def table_by_token(token: str) -> Table | None:
    """The table of this token, with its session and club."""
    row = _one(TABLE_BY_TOKEN, token)
    if row is None:
        return None
    table, session, club = _made(row, *_TABLE)
    session.club = club
    table.session = session
    return table  # type: ignore[return-value]


def link_by_token(token: str) -> EntrantLink | None:
    """The entrant's own link of this token, with its entrant, session and club."""
    row = _one(LINK_BY_TOKEN, token)
    if row is None:
        return None
    link, entrant, session, club = _made(row, *_LINK)
    session.club = club
    link.entrant, link.session = entrant, session
    return link  # type: ignore[return-value]


def pass_by_token(token: str) -> PhonePass | None:
    """The phone's pass of this token, with its link, the link's entrant, the session and club."""
    row = _one(PASS_BY_TOKEN, token)
    if row is None:
        return None
    phone_pass, link, entrant, session, club = _made(row, *_PASS)
    session.club = club
    link.entrant, link.session = entrant, session
    phone_pass.link, phone_pass.session = link, session
    return phone_pass  # type: ignore[return-value]
