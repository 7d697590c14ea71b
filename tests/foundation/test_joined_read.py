"""A phone's link, a line and the locked session, read as SQL written once, are what the ORM reads
(``infra.joined``).

Every field of the table (or the entrant's link), its entrant, its session
(without the movement) and its club must equal the ORM's read of the same
row, converted the same way (dates, times, booleans); the movement is read
only when asked for, and an unknown or revoked link is still refused. A
phone's pass reads its entrant's link, entrant, session and club the same way.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection, transaction
from django.db.models import Model
from django.test.utils import CaptureQueriesContext

from scoring.models import SlipLine
from scoring.services.lines import LINE_BY_ID, LINE_RELATED, lock_session
from scoring.services.results import _earlier, result_submit
from tournaments.models import MOVEMENT_FIELDS, EntrantLink, PhonePass, Session, Table
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


def test_a_table_read_by_its_token_is_the_orms_read(running_session: Session) -> None:
    orm = Table.objects.select_related("session", "session__club").filter(session=running_session).first()
    assert orm is not None
    with CaptureQueriesContext(connection) as read:
        table = table_by_token(token=orm.token)
    assert len(run(read.captured_queries)) == 1
    assert fields_of(table) == fields_of(orm)
    heavy = MOVEMENT_FIELDS
    assert fields_of(table.session, skip=heavy) == fields_of(orm.session, skip=heavy)
    assert fields_of(table.session.club) == fields_of(orm.session.club)
    assert table.session.get_deferred_fields() == set(heavy)
    assert table.session.movement_json == orm.session.movement_json  # read when asked for
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
    assert fields_of(link) == fields_of(orm)
    assert fields_of(link.entrant) == fields_of(orm.entrant)
    assert fields_of(link.session.club) == fields_of(orm.session.club)
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


def test_a_line_read_by_its_id_is_the_orms_read(running_session: Session) -> None:
    table = Table.objects.get(session=running_session, number=1)
    stored = result_submit(table=table, tray_number=1, ns_tricks=8).line
    orm = SlipLine.objects.select_related(*LINE_RELATED).get(pk=stored.pk)
    line = LINE_BY_ID.first(stored.pk)
    assert fields_of(line) == fields_of(orm)
    for name in LINE_RELATED:
        assert fields_of(getattr(line, name)) == fields_of(getattr(orm, name))
    assert LINE_BY_ID.first(stored.pk + 1000) is None


def test_lines_read_by_a_condition_are_the_orms_read(running_session: Session) -> None:
    """``where``: every row the condition holds for, each with its chain, in one query."""
    tables = Table.objects.filter(session=running_session).order_by("number")
    stored = [result_submit(table=t, tray_number=t.number, ns_tricks=8).line for t in tables[:2]]
    with CaptureQueriesContext(connection) as read:
        lines = LINE_BY_ID.where('"j0"."ns_tricks" = %s', [8])
    assert len(run(read.captured_queries)) == 1
    assert sorted(line.pk for line in lines) == sorted(line.pk for line in stored)
    for line in lines:
        orm = SlipLine.objects.select_related(*LINE_RELATED).get(pk=line.pk)
        assert fields_of(line) == fields_of(orm)
        assert all(fields_of(getattr(line, n)) == fields_of(getattr(orm, n)) for n in LINE_RELATED)
    assert LINE_BY_ID.where('"j0"."ns_tricks" = %s', [9]) == []


def test_a_null_key_joins_nothing(running_session: Session) -> None:
    table = Table.objects.get(session=running_session, number=1)
    stored = result_submit(table=table, tray_number=1, ns_tricks=8).line
    SlipLine.objects.filter(pk=stored.pk).update(ew=None)  # as a seat-based line has no E-W entrant
    with CaptureQueriesContext(connection) as read:
        line = LINE_BY_ID.first(stored.pk)
        assert line.ew is None and line.ns.number == stored.ns.number
    assert len(run(read.captured_queries)) == 1


def test_the_sessions_lock_reads_the_session(running_session: Session) -> None:
    with transaction.atomic():
        locked = lock_session(running_session.pk)
    orm = Session.objects.get(pk=running_session.pk)
    assert fields_of(locked, skip=MOVEMENT_FIELDS) == fields_of(orm, skip=MOVEMENT_FIELDS)
    with pytest.raises(Session.DoesNotExist), transaction.atomic():
        lock_session(running_session.pk + 1000)


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
    assert found is not None and fields_of(found) == fields_of(orm)
    assert fields_of(link) == fields_of(orm.link) and fields_of(link.entrant) == fields_of(orm.link.entrant)
    assert fields_of(link.session.club) == fields_of(orm.link.session.club)
    assert link.session.get_deferred_fields() == set(MOVEMENT_FIELDS)


@pytest.mark.parametrize(
    ("tray", "key"),
    [(1, None), (1, "k-1"), (2, "k-1"), (3, "k-1"), (3, None), (1, "other"), (2, "k-2"), (40, "k-1")],
)
def test_what_a_send_looks_for_first_is_one_read(
    running_session: Session, tray: int, key: str | None
) -> None:
    """Tray 1 was sent with key k-1, tray 2 with k-2; another table sent tray 3 with key k-1 (its own
    scope): one query finds the key's line in its scope and the table's line on the tray."""
    one, two = Table.objects.filter(session=running_session).order_by("number")[:2]
    result_submit(table=one, tray_number=1, ns_tricks=8, idempotency_key="k-1", as_director=True)
    result_submit(table=one, tray_number=2, ns_tricks=6, idempotency_key="k-2", as_director=True)
    SlipLine.objects.filter(table=one, tray__number=2).update(ew=None)  # a null key joins nothing
    result_submit(table=two, tray_number=3, ns_tricks=5, idempotency_key="k-1", as_director=True)
    with CaptureQueriesContext(connection) as read:
        found = _earlier(key, f"table:{one.pk}", one, tray)
    assert len(run(read.captured_queries)) == 1
    keyed = SlipLine.objects.filter(idempotency_scope=f"table:{one.pk}", idempotency_key=key).first()
    sent = SlipLine.objects.filter(table=one, tray__number=tray).first()
    assert same_line(found.keyed, keyed if key else None) and same_line(found.sent, sent)
    assert (found.keyed is not None, found.sent is not None) == {
        (1, None): (False, True),
        (1, "k-1"): (True, True),
        (2, "k-1"): (True, True),
        (3, "k-1"): (True, False),
        (3, None): (False, False),
        (1, "other"): (False, True),
        (2, "k-2"): (True, True),
        (40, "k-1"): (True, False),
    }[(tray, key)]
