"""What a send reads: a fixed few queries however full the session, and its twin told before the lock.

Not a timing (the entry bench measures time): the queries a phone's send
(by the pass of the pair it follows) and its twin's second send (the
partner's phone) make are counted, at the first round and again at the
last, so that a send never reads more as the session fills
(bench/profile_entry.py has the profile these numbers came from).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import SlipLine
from tournaments.models import Session

pytestmark = pytest.mark.django_db
#: A stored send: the pass, the entrant's plays (each with its table, marked sent), the key's and the
#: twin's lines, the table's lock, the table's plays of the tray, the line, its places on the slip, the
#: results version; then the answer's traveller (the entrant's trays played, the tray's lines). What
#: runs after the commit (the queued recompute, the eager hand records' count) is not the send's. On
#: PostgreSQL the line, its places and the version are one statement (``entry.services.lines``).
MOST_FOR_A_SEND = 8 if connection.vendor == "postgresql" else 10
#: The twin's second send: the pass, the entrant's plays, the stored line (told before the lock).
MOST_FOR_A_TWIN = 3


def statements(context: CaptureQueriesContext) -> list[str]:
    """The queries made, without the transaction's own statements and the PREPAREs that come once on a
    PostgreSQL connection (infra/prepared.py)."""
    words = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "PREPARE ")
    return [q["sql"] for q in context.captured_queries if not q["sql"].startswith(words)]


def send_round(session: Session, number: int, make_phone: Any) -> list[tuple[int, int]]:
    """Every table sends its trays of this round, each with its twin; the queries of each (send, twin)."""
    counts = []
    for seat in session.rounds.get(number=number).seatings.select_related("table").order_by("table__number"):
        phones = make_phone(seat.table), make_phone(seat.table)
        for tray in seat.trays.order_by("number"):
            made = []
            for n, phone in enumerate(phones):
                with CaptureQueriesContext(connection) as context:
                    answer = phone.send(tray.number, 7, key=f"{seat.pk}-{tray.number}-{n}", round=number)
                assert answer.status_code == (201, 409)[n], answer.json()
                made.append(len(statements(context)))
            counts.append((made[0], made[1]))
        session.refresh_from_db()
    return counts


def test_a_send_and_its_twin_read_a_fixed_few_from_the_first_round_to_the_last(
    running_session: Session, make_phone: Any
) -> None:
    session = running_session
    first = send_round(session, 1, make_phone)
    for number in range(2, session.rounds.count()):
        send_round(session, number, make_phone)
    last = send_round(session, session.rounds.count(), make_phone)
    assert max(s for s, _ in first + last) <= MOST_FOR_A_SEND
    assert max(t for _, t in first + last) <= MOST_FOR_A_TWIN
    assert max(s for s, _ in last) <= max(s for s, _ in first)  # no more as the session fills
    assert SlipLine.objects.filter(session=session).count() == session.trays.count() * session.tables.count()


def test_without_a_broker_only_a_table_s_last_tray_counts_whether_the_session_is_all_played(
    running_session: Session, make_phone: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """The laptop's way (no broker): the hand records are solved once every tray is played, and the
    count that decides it is made when a table sends the last tray it owes, not on every send."""
    from scoring import recompute

    session, counted = running_session, []
    real = recompute.all_played
    monkeypatch.setattr(recompute, "all_played", lambda **kw: counted.append(real(**kw)) or counted[-1])
    for number in range(1, session.rounds.count() + 1):
        for seat in session.rounds.get(number=number).seatings.select_related("table"):
            phone = make_phone(seat.table)
            for tray in seat.trays.order_by("number"):
                with django_capture_on_commit_callbacks(execute=True):  # each send's commit, as it comes
                    assert phone.send(tray.number, 7, round=number).status_code == 201
    assert counted == [False] * (session.tables.count() - 1) + [True]
