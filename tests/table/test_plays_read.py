"""A send reads its table's plays by its own session, however many evenings the database holds.

Not a timing: PostgreSQL's plan for ``table_plays`` (its generic plan, as a
prepared send runs it) is read with the rows each scan went through. Before
the rounds and entrants were joined by the session as well, PostgreSQL
hashed every round and entrant in the database on each send, and a club's
sends grew slower with every evening it had played.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from clubwhist.prepared import numbered
from scoring.selectors.rounds import _plays_sql, table_plays
from tournaments.models import Entrant, Round, Session

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's plan"),
]
EVENINGS, EACH = 40, 20  # the evenings before, each with as many entrants and rounds


def rows_read(plan: dict[str, Any], relations: set[str]) -> int:
    """The rows the plan's scans of these tables went through (kept and filtered out), in all loops."""
    here = 0
    if plan.get("Relation Name") in relations:
        kept = plan.get("Actual Rows", 0) + plan.get("Rows Removed by Filter", 0)
        here = kept * plan.get("Actual Loops", 1)
    return here + sum(rows_read(child, relations) for child in plan.get("Plans", []))


def test_a_send_reads_no_round_or_entrant_of_another_session(running_session: Session) -> None:
    club, date = running_session.club, running_session.date
    before = Session.objects.bulk_create(Session(club=club, date=date, title=f"{n}") for n in range(EVENINGS))
    Entrant.objects.bulk_create(Entrant(session=s, number=n) for s in before for n in range(1, EACH + 1))
    Round.objects.bulk_create(Round(session=s, number=n) for s in before for n in range(1, EACH + 1))
    table = running_session.tables.select_related("session").get(number=1)
    mine = running_session.entrants.count() + running_session.rounds.count()
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE tournaments_entrant, tournaments_round")
        cursor.execute("SET plan_cache_mode = force_generic_plan")
        cursor.execute("PREPARE plays_read AS " + numbered(_plays_sql())[0])
        session = table.session_id
        args = [table.pk, session, session, session, table.pk]
        cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE plays_read (%s, %s, %s, %s, %s)", args)
        plan = cursor.fetchone()[0][0]["Plan"]
        cursor.execute("DEALLOCATE plays_read")
    assert table_plays(table=table)  # the query the plan is of still answers
    assert rows_read(plan, {"tournaments_entrant", "tournaments_round"}) <= 3 * mine
