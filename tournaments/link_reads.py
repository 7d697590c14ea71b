"""A phone's link read by its token, with its session and club: literal SQL, one statement each.

Every request of a phone starts here (a table's link, an entrant's printed link, or a phone's pass),
and the ORM's compiling of these joins cost several times the queries. Each is written out once; its
columns are listed below by hand, and ``tests/foundation/test_link_reads.py`` holds each read to its
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

from .models import Club, Entrant, EntrantLink, PhonePass, Session, Table

TABLE = ("id", "session_id", "number", "token", "token_revoked", "results_version")
#: Every column of the session but its heavy ones: the movement, a pack, its placings (``MOVEMENT_FIELDS``).
SESSION = (
    "id",
    "club_id",
    "series_id",
    "date",
    "title",
    "entrant_kind",
    "movement_family",
    "movement_variant",
    "trays_count",
    "deals_per_round",
    "scoring_method",
    "status",
    "declared_trump",
    "current_round",
    "tables_advance",
    "show_running_score",
    "phones_claim",
    "running_score_hidden_rounds",
    "minutes_per_tray",
    "change_minutes",
    "publish_standings",
    "publish_travellers",
    "publish_hand_records",
    "results_version",
    "seating_version",
    "hands_release_at",
    "sim_sent_at",
    "sim_sends",
    "published_at",
    "provisional_until",
    "created_at",
    "updated_at",
)
CLUB = ("id", "name", "slug", "provisional_hours", "created_at")
LINK = ("id", "session_id", "entrant_id", "side", "token", "revoked", "join_code", "join_failures")
ENTRANT = ("id", "session_id", "kind", "number", "label", "is_phantom", "team_id")
PASS = (
    "id",
    "link_id",
    "session_id",
    "token",
    "device",
    "table_id",
    "via",
    "created_at",
    "ended_at",
    "ended_why",
    "seen_at",
    "doubted_at",
    "doubted_why",
    "doubted_table_id",
)
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


def _columns(alias: str, names: Sequence[str]) -> str:
    """``alias.name, ...``."""
    return ", ".join(f"{alias}.{name}" for name in names)


_SESSION_AND_CLUB = (
    "JOIN tournaments_session s ON s.id = {on} JOIN tournaments_club c ON c.id = s.club_id WHERE {token} = %s"
)
TABLE_BY_TOKEN = (
    f"SELECT {_columns('t', TABLE)}, {_columns('s', SESSION)}, {_columns('c', CLUB)}"
    " FROM tournaments_table t " + _SESSION_AND_CLUB.format(on="t.session_id", token="t.token")
)
LINK_BY_TOKEN = (
    f"SELECT {_columns('l', LINK)}, {_columns('e', ENTRANT)}, {_columns('s', SESSION)},"
    f" {_columns('c', CLUB)} FROM tournaments_entrantlink l"
    " JOIN tournaments_entrant e ON e.id = l.entrant_id "
    + _SESSION_AND_CLUB.format(on="l.session_id", token="l.token")
)
PASS_BY_TOKEN = (
    f"SELECT {_columns('p', PASS)}, {_columns('l', LINK)}, {_columns('e', ENTRANT)},"
    f" {_columns('s', SESSION)}, {_columns('c', CLUB)} FROM tournaments_phonepass p"
    " JOIN tournaments_entrantlink l ON l.id = p.link_id JOIN tournaments_entrant e ON e.id = l.entrant_id "
    + _SESSION_AND_CLUB.format(on="l.session_id", token="p.token")
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


def table_by_token(token: str) -> Table | None:
    """The table of this token, with its session and club."""
    row = _one(TABLE_BY_TOKEN, token)
    if row is None:
        return None
    table, session, club = _made(row, (Table, TABLE), (Session, SESSION), (Club, CLUB))
    session.club = club
    table.session = session
    return table  # type: ignore[return-value]


def link_by_token(token: str) -> EntrantLink | None:
    """The entrant's own link of this token, with its entrant, session and club."""
    row = _one(LINK_BY_TOKEN, token)
    if row is None:
        return None
    link, entrant, session, club = _made(
        row, (EntrantLink, LINK), (Entrant, ENTRANT), (Session, SESSION), (Club, CLUB)
    )
    session.club = club
    link.entrant, link.session = entrant, session
    return link  # type: ignore[return-value]


def pass_by_token(token: str) -> PhonePass | None:
    """The phone's pass of this token, with its link, the link's entrant, the session and club."""
    row = _one(PASS_BY_TOKEN, token)
    if row is None:
        return None
    parts = (PhonePass, PASS), (EntrantLink, LINK), (Entrant, ENTRANT), (Session, SESSION), (Club, CLUB)
    phone_pass, link, entrant, session, club = _made(row, *parts)
    session.club = club
    link.entrant, link.session = entrant, session
    phone_pass.link, phone_pass.session = link, session
    return phone_pass  # type: ignore[return-value]
