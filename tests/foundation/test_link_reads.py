"""A phone's link, read by literal SQL (``tournaments.link_reads``) into named tuples, is what the ORM reads.

Every field of the table (or the entrant's link), its entrant, its session
(without the movement) and its club must equal the ORM's read of the same
row, converted the same way (dates, times, booleans), each a plain named
tuple that reads nothing more; an unknown or revoked link is still refused.
A phone's pass reads its entrant's link, entrant, session and club the same way.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.models import Model
from django.test.utils import CaptureQueriesContext

from entry.services.lines import LINE_RELATED
from infra import statements
from scoring.models import SlipLine
from tournaments import link_reads
from tournaments.models import MOVEMENT_FIELDS, Club, Entrant, EntrantLink, PhonePass, Session, Table
from tournaments.selectors import entrant_link_by_token, follower_by_token, table_by_token
from tournaments.services.errors import NotFound
from tournaments.services.phones import phone_claim
from tournaments.services.running import entrant_revoke_link, table_revoke_link

pytestmark = pytest.mark.django_db


def run(queries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The queries run, without the PREPARE made the first time on a PostgreSQL connection."""
    return [q for q in queries if not q["sql"].startswith("PREPARE ")]


def fields_of(instance: Model, *, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every concrete field's value, with its Python type."""
    return {
        f.attname: (getattr(instance, f.attname), type(getattr(instance, f.attname)))
        for f in type(instance)._meta.concrete_fields
        if f.name not in skip
    }


def read_of(row: tuple[Any, ...], model: type[Model]) -> dict[str, Any]:
    """A named tuple's values by the model's fields (``fields_of``'s form): every concrete field but the
    movement's, and nothing else."""
    named = {f.attname for f in model._meta.concrete_fields if f.name not in MOVEMENT_FIELDS}
    values = row._asdict()  # type: ignore[attr-defined]
    assert named <= set(values), named - set(values)
    return {name: (values[name], type(values[name])) for name in named}


def test_a_table_read_by_its_token_is_the_orms_read(running_session: Session) -> None:
    orm = Table.objects.select_related("session", "session__club").filter(session=running_session).first()
    assert orm is not None
    with CaptureQueriesContext(connection) as read:
        table = table_by_token(token=orm.token)
    assert len(run(read.captured_queries)) == 1
    assert read_of(table, Table) == fields_of(orm)
    assert read_of(table.session, Session) == fields_of(orm.session, skip=MOVEMENT_FIELDS)
    assert read_of(table.session.club, Club) == fields_of(orm.session.club)
    assert not isinstance(table.session, Model) and not hasattr(table.session, "movement_json")
    assert table.session.created_at.tzinfo is not None and isinstance(table.session.publish_standings, bool)


def test_an_entrants_link_read_by_its_token_is_the_orms_read(running_session: Session) -> None:
    orm = (
        EntrantLink.objects.select_related("entrant", "session", "session__club")
        .filter(session=running_session)
        .first()
    )
    assert orm is not None
    with CaptureQueriesContext(connection) as read:
        link = entrant_link_by_token(token=orm.token)
    assert len(run(read.captured_queries)) == 1
    assert read_of(link, EntrantLink) == fields_of(orm)
    assert read_of(link.entrant, Entrant) == fields_of(orm.entrant)
    assert read_of(link.session.club, Club) == fields_of(orm.session.club)
    assert link.session.pk == running_session.pk and link.session.club.pk == running_session.club_id


@pytest.mark.parametrize("token", ["", "no-such-token", "bad token!", "x" * 65])
def test_an_unknown_token_is_refused(running_session: Session, token: str) -> None:
    with pytest.raises(NotFound):
        table_by_token(token=token)
    with pytest.raises(NotFound):
        entrant_link_by_token(token=token)


def test_a_revoked_link_is_refused(running_session: Session) -> None:
    table = Table.objects.filter(session=running_session).first()
    link = EntrantLink.objects.filter(session=running_session).first()
    assert table is not None and link is not None
    table_revoke_link(table=table)
    entrant_revoke_link(link=link)
    with pytest.raises(NotFound):
        table_by_token(token=table.token)
    with pytest.raises(NotFound):
        entrant_link_by_token(token=link.token)


def same_line(ours: SlipLine | None, theirs: SlipLine | None) -> bool:
    """Both None, or the same line read whole, its chain too."""
    if ours is None or theirs is None:
        return ours is theirs
    return fields_of(ours) == fields_of(theirs) and all(
        fields_of(getattr(ours, n)) == fields_of(getattr(theirs, n))
        for n in LINE_RELATED
        if getattr(theirs, n)
    )


def test_a_phones_pass_read_by_its_token_is_the_orms_read(running_session: Session) -> None:
    """A phone's pass (the phones' hot path: read first), with its entrant's link, entrant and club."""
    table = Table.objects.get(session=running_session, number=1)
    token = phone_claim(table=table, number=1, device="phone").token
    orm = PhonePass.objects.select_related("link", "link__entrant", "link__session__club").get(token=token)
    with CaptureQueriesContext(connection) as read:
        link, found = follower_by_token(token=token)
    assert len(run(read.captured_queries)) == 1
    assert found is not None and read_of(found, PhonePass) == fields_of(orm)
    assert read_of(link, EntrantLink) == fields_of(orm.link)
    assert read_of(link.entrant, Entrant) == fields_of(orm.link.entrant)
    assert read_of(link.session.club, Club) == fields_of(orm.link.session.club)
    assert found.link == link and found.session == link.session


@pytest.mark.parametrize(
    ("model", "columns"),
    [
        (Table, statements.TABLE_COLUMNS),
        (Session, statements.SESSION_COLUMNS),
        (Club, statements.CLUB_COLUMNS),
        (EntrantLink, statements.LINK_COLUMNS),
        (Entrant, statements.ENTRANT_COLUMNS),
        (PhonePass, statements.PASS_COLUMNS),
    ],
)
def test_the_reads_list_every_column_of_their_models(model: type[Model], columns: tuple[str, ...]) -> None:
    """A field added to a model is read by the phones too (the movement aside), or this says so."""
    assert columns == tuple(f.column for f in model._meta.concrete_fields if f.name not in MOVEMENT_FIELDS)


@pytest.mark.parametrize(
    ("row", "columns"),
    [
        (link_reads.TableRead, statements.TABLE_COLUMNS),
        (link_reads.SessionRead, statements.SESSION_COLUMNS),
        (link_reads.ClubRead, statements.CLUB_COLUMNS),
        (link_reads.LinkRead, statements.LINK_COLUMNS),
        (link_reads.EntrantRead, statements.ENTRANT_COLUMNS),
        (link_reads.PassRead, statements.PASS_COLUMNS),
    ],
)
def test_each_named_tuple_holds_its_statements_columns_in_their_order(
    row: Any, columns: tuple[str, ...]
) -> None:
    """A row is cut into its tuples by the columns' count: each tuple's fields are its columns, in order,
    then the tuples it holds."""
    assert row._fields[: len(columns)] == columns
    assert all(name in ("session", "club", "entrant", "link") for name in row._fields[len(columns) :])
