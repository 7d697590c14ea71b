"""A phone sends only a tray its entrant has played (or whose own line its adversaries sent): never one
that the table it sits at now played in an earlier round with other pairs. Such a send was answered with
that table's line ("Tray 3 was already sent from table 2: N-S 6"), a result the pair had not played, or,
where that line was not yet sent, stored the phone's count as the other pairs' line."""

from __future__ import annotations

import pytest

from entry.services.directing import round_enter
from scoring.models import SlipLine
from tests.phones import Phone
from tournaments.models import Seating, Session

pytestmark = pytest.mark.django_db


def _newcomer(session: Session) -> tuple[int, int, int]:
    """(entrant number, table, tray): an entrant sitting at a table in round 2 whose round-1 tray there it
    does not play by then (it plays it later, or never), and not at that table in round 1."""
    rows = Seating.objects.filter(round__session=session).select_related("round", "table", "ns", "ew")
    at = {(s.round.number, s.table.number): s for s in rows}
    plays = {
        (e.number, t.number, s.round.number) for s in rows for e in (s.ns, s.ew) if e for t in s.trays.all()
    }
    for (rnd, table), seat in sorted(at.items()):
        if rnd != 2 or (1, table) not in at:
            continue
        for entrant in (seat.ns, seat.ew):
            for tray in at[(1, table)].trays.all():
                played = {r for n, t, r in plays if n == entrant.number and t == tray.number}
                if not played & {1, 2} and entrant not in (at[(1, table)].ns, at[(1, table)].ew):
                    return entrant.number, table, tray.number
    raise AssertionError("no such entrant in this movement")


def _round_1_but(session: Session, table: int | None, counts: int = 6) -> None:
    """Round 1's lines of every table (but ``table``), entered by the director."""
    entries = {
        (s.table.number, t.number): str(counts)
        for s in session.rounds.get(number=1).seatings.select_related("table")
        for t in s.trays.all()
        if s.table.number != table
    }
    assert not round_enter(session=session, round_number=1, entries=entries).errors


def test_a_tray_the_table_played_before_with_other_pairs_tells_nothing(running_session: Session) -> None:
    number, table, tray = _newcomer(running_session)
    _round_1_but(running_session, None)
    answer = Phone.following(running_session, number).send(tray, 0)
    assert answer.status_code == 400, answer.json()
    assert answer.json() == {"tray": [f"Tray {tray} is not at table {table} this round."]}


def test_a_tray_the_table_has_not_sent_yet_is_not_stored_from_another_pairs_phone(
    running_session: Session,
) -> None:
    number, table, tray = _newcomer(running_session)
    _round_1_but(running_session, table)
    answer = Phone.following(running_session, number).send(tray, 0)
    assert answer.status_code == 400, answer.json()
    assert not SlipLine.objects.filter(
        session=running_session, table__number=table, tray__number=tray
    ).exists()
