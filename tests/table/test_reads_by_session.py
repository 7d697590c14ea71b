"""A phone's reads of its table go by its own session, however many evenings the database holds.

Not a timing: PostgreSQL's plan is read with the rows each scan went
through in one loop, on a database with forty evenings before the session.
A scan repeated for each of the table's plays (a nested loop reading the
session's three rounds by its index, once a play) reads the session's own
rows again, not another session's: what is bounded is one pass. Before the
rounds and entrants were joined by the session as well, PostgreSQL hashed
every round and entrant in the database for a send's plays
(``table_plays``, as its generic plan, the way a prepared send runs it) and
for a table phone's seatings (``Phone.seatings``, read on each look at the
table's state): a club's phones grew slower with every evening it had
played.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from entry.selectors.phone import Phone
from entry.selectors.rounds import table_plays
from infra.prepared import numbered
from infra.statements import TABLE_PLAYS
from tournaments.models import Entrant, Round, Session, Table

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's plan"),
]
EVENINGS, EACH = 40, 20  # the evenings before, each with as many entrants and rounds
READ = {"tournaments_entrant", "tournaments_round"}


def rows_read(plan: dict[str, Any], relations: set[str]) -> int:
    """The most rows one pass of a scan of these tables went through (kept and filtered out): the
    plan's figures for a node run in loops are each loop's average."""
    here = 0
    if plan.get("Relation Name") in relations:
        here = plan.get("Actual Rows", 0) + plan.get("Rows Removed by Filter", 0)
    return max([here, *(rows_read(child, relations) for child in plan.get("Plans", []))])


@pytest.fixture
def table(running_session: Session) -> Table:
    """Table 1 of the running session, after forty evenings of the club (their statistics gathered)."""
    club, date = running_session.club, running_session.date
    before = Session.objects.bulk_create(Session(club=club, date=date, title=f"{n}") for n in range(EVENINGS))
    Entrant.objects.bulk_create(Entrant(session=s, number=n) for s in before for n in range(1, EACH + 1))
    Round.objects.bulk_create(Round(session=s, number=n) for s in before for n in range(1, EACH + 1))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE tournaments_entrant, tournaments_round")
    return running_session.tables.select_related("session").get(number=1)


def its_own(table: Table) -> int:
    """How many rounds and entrants the table's own session has."""
    return table.session.entrants.count() + table.session.rounds.count()


def test_a_send_reads_no_round_or_entrant_of_another_session(table: Table) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SET plan_cache_mode = force_generic_plan")
        cursor.execute("PREPARE plays_read AS " + numbered(TABLE_PLAYS)[0])
        session = table.session_id
        args = [table.pk, session, session, session, table.pk]
        cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE plays_read (%s, %s, %s, %s, %s)", args)
        plan = cursor.fetchone()[0][0]["Plan"]
        cursor.execute("DEALLOCATE plays_read")
    assert table_plays(table=table)  # the query the plan is of still answers
    assert rows_read(plan, READ) <= its_own(table)


def test_a_table_phone_reads_its_seatings_by_its_session(table: Table) -> None:
    phone = Phone(session=table.session, table=table)
    with CaptureQueriesContext(connection) as read:
        assert phone.seatings  # every round's seating of the table
    (query,) = [q["sql"] for q in read.captured_queries if '"tournaments_seating"' in q["sql"]]
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + query)
        plan = cursor.fetchone()[0][0]["Plan"]
    assert rows_read(plan, READ) <= its_own(table)
