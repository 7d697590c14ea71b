"""Races that only a real database shows: threads released together by a barrier, on PostgreSQL.

SQLite takes one writer at a time, so these run on PostgreSQL only (CI's
second step). Each race starts its threads at one ``threading.Barrier``;
every thread closes its own database connection when it ends. A refusal a
person can read (``UserError``: a conflict, a closed session) is a proper
answer; any other exception is what a page would answer with a 500.

After each race the invariants hold: one line per table and tray, each
with its entrants on the slip; nothing a thread was told was stored is
missing; every change kept its old version (history complete); and the
newest snapshot was computed from the newest slips.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import OperationalError, connection, connections, transaction
from django.db.models import Count
from django.test.utils import CaptureQueriesContext

from entry.services.corrections import result_award, result_correct
from entry.services.decisions import Decision
from entry.services.directing import session_close, tray_set_status
from entry.services.results import result_confirm, result_dispute
from scoring.models import ScoreSnapshot, SlipLine, SlipLineVersion, SlipSeat, Via
from scoring.scorers import score, scores_to_json
from scoring.selectors.slips import session_slips
from scoring.selectors.standings import latest_snapshot, session_snapshot
from scoring.services import standings as standings_service
from scoring.services.standings import standings_compute
from tests.sends import result_submit
from tournaments.locks import lock_table_send
from tournaments.models import PhonePass, Session, Table
from tournaments.selectors import slips_version
from tournaments.services.errors import Conflict, UserError
from tournaments.services.phones import phone_claim

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite serialises every writer"),
]

#: Where each table plays in round 1 of the conftest's Mitchell: table t has tray t.
ROUND_ONE = {1: 1, 2: 2, 3: 3}


def race(*calls: Callable[[], Any]) -> list[tuple[str, Any]]:
    """Run the calls in threads released together; each answer is ("ok", value) or ("refused", error)."""
    barrier = threading.Barrier(len(calls))
    answers: list[tuple[str, Any]] = [("unfinished", None)] * len(calls)

    def run(i: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=20)
            answers[i] = ("ok", call())
        except UserError as refused:
            answers[i] = ("refused", refused)
        except BaseException as error:  # a 500 in a page: the race's finding
            answers[i] = ("error", error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    errors = [answer for answer in answers if answer[0] in ("error", "unfinished")]
    assert not errors, f"a racing call failed: {errors}"
    return answers


def table(session: Session, number: int) -> Table:
    return Table.objects.get(session=session, number=number)


def send_all(session: Session, ns_tricks: int = 7) -> None:
    """Every table's line on every tray, entered by the director."""
    for number in (1, 2, 3):
        for tray in (1, 2, 3):
            result_submit(
                table=table(session, number), tray_number=tray, ns_tricks=ns_tricks, via=Via.DIRECTOR,
                as_director=True,
            )  # fmt: skip


def assert_invariants(session: Session) -> None:
    """One line per table and tray, on the slip; history complete; the newest snapshot the newest slips'."""
    session.refresh_from_db()
    lines = SlipLine.objects.filter(session=session)
    doubled = lines.values("table", "tray").annotate(n=Count("id")).filter(n__gt=1)
    assert not doubled.exists()
    for line in lines.select_related("tray", "table"):
        assert SlipSeat.objects.filter(line=line).count() == 2, line
        kept = SlipLineVersion.objects.filter(
            session=session, tray_number=line.tray.number, table_number=line.table.number
        ).values_list("version", flat=True)
        assert sorted(kept) == list(range(1, line.version)), (line, list(kept))
    newest = session_snapshot(session=session, fresh=True)  # computed on the read when stale (no broker)
    if not lines.exists():
        assert newest is None
        return
    assert newest is not None
    assert newest.source_version == slips_version(session_id=session.pk)
    assert newest.scores == scores_to_json(score(session.scoring_method, session_slips(session=session)))


@pytest.mark.parametrize("same_key", [False, True])
def test_two_phones_on_one_tray_store_one_line(running_session: Session, same_key: bool) -> None:
    calls = []
    for number, tray in ROUND_ONE.items():
        for tricks, key in ((8, "a"), (9, "a" if same_key else "b")):
            at = table(running_session, number)
            calls.append(
                lambda at=at, tray=tray, tricks=tricks, key=key: result_submit(
                    table=at, tray_number=tray, ns_tricks=8 if same_key else tricks, idempotency_key=key
                )
            )
    answers = race(*calls)
    for first, second in zip(answers[0::2], answers[1::2], strict=True):
        stored = [a[1].line for a in (first, second) if a[0] == "ok" and a[1].created]
        assert len(stored) == 1  # one send stored; the twin replayed (same key) or refused
        other = second if first[0] == "ok" and first[1].created else first
        if same_key:
            assert other[0] == "ok" and other[1].replayed and other[1].line.pk == stored[0].pk
        else:
            assert other[0] == "refused" and isinstance(other[1], Conflict)
        line = SlipLine.objects.get(pk=stored[0].pk)
        assert line.ns_tricks == stored[0].ns_tricks  # what the phone was told is what is kept
    assert SlipLine.objects.filter(session=running_session).count() == 3
    assert_invariants(running_session)


def test_a_phones_send_against_the_directors_award(running_session: Session) -> None:
    calls: list[Callable[[], Any]] = []
    for number, tray in ROUND_ONE.items():
        at = table(running_session, number)
        calls.append(lambda at=at, tray=tray: result_submit(table=at, tray_number=tray, ns_tricks=8))
        calls.append(
            lambda number=number, tray=tray: result_award(
                session=running_session, table_number=number, tray_number=tray,
                ns_award="average", ew_award="average", reason="fouled board",
            )
        )  # fmt: skip
    answers = race(*calls)
    for send, award in zip(answers[0::2], answers[1::2], strict=True):
        assert award[0] == "ok"  # the director's award always lands
        line = SlipLine.objects.get(pk=award[1].pk)
        assert (line.ns_award, line.ew_award, line.ns_tricks) == ("average", "average", None)
        if send[0] == "ok":  # the send came first: the award corrected it, keeping the sent version
            assert line.version == 2
            assert SlipLineVersion.objects.get(line=line).data["ns_tricks"] == 8
        else:  # the award came first: the send is told what is stored
            assert isinstance(send[1], Conflict) and line.version == 1
    assert_invariants(running_session)


def test_close_against_a_dispute(running_session: Session) -> None:
    send_all(running_session)
    line = SlipLine.objects.get(session=running_session, table__number=1, tray__number=1)
    as_entered = [
        Decision(line=pk, action="confirm") for pk in running_session.slip_lines.values_list("pk", flat=True)
    ]
    answers = race(
        lambda: session_close(session=running_session, decisions=as_entered),
        lambda: result_dispute(line=line, claimed=6, by="E-W"),
    )
    closed, disputed = (answer[0] == "ok" for answer in answers)
    assert closed != disputed  # exactly one wins: never a closed session with a dispute open
    running_session.refresh_from_db()
    line.refresh_from_db()
    if closed:
        assert running_session.status == Session.Status.CLOSED and line.status != SlipLine.Status.DISPUTED
    else:
        assert running_session.status == Session.Status.RUNNING and line.status == SlipLine.Status.DISPUTED
        assert "disputed" in str(answers[0][1].problems)
    assert not (
        running_session.status == Session.Status.CLOSED
        and SlipLine.objects.filter(session=running_session, status=SlipLine.Status.DISPUTED).exists()
    )
    assert_invariants(running_session)


def test_a_correction_against_a_confirmation(running_session: Session) -> None:
    sent = result_submit(table=table(running_session, 1), tray_number=1, ns_tricks=8).line
    answers = race(
        lambda: result_correct(line=sent, ns_tricks=9, reason="miscounted"),
        lambda: result_confirm(line=sent, by="E-W", version=sent.version),
    )
    corrected, confirmed = answers
    assert corrected[0] == "ok"
    line = SlipLine.objects.get(pk=sent.pk)
    assert (line.ns_tricks, line.version, line.status) == (9, 2, SlipLine.Status.CONFIRMED)
    if confirmed[0] == "refused":  # the correction came first: E-W saw an older version
        assert isinstance(confirmed[1], Conflict)
    assert SlipLineVersion.objects.get(line=line).data["ns_tricks"] == 8
    assert_invariants(running_session)


def test_two_recomputes_never_leave_the_older_snapshot_newest(
    running_session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A recompute that read older slips and finishes last stores nothing over the newer one.

    The older one does not wait its turn (as closing, which holds the session's row, does not), so
    the newer one, a correction's, runs while it scores: the snapshot still only moves forward.
    """
    send_all(running_session)
    older_read, newer_stored = threading.Event(), threading.Event()
    real_score = standings_service.score

    def held_score(method: str, slips: Any) -> Any:
        scores = real_score(method, slips)
        if threading.current_thread().name == "older":
            older_read.set()
            assert newer_stored.wait(timeout=30)
        return scores

    monkeypatch.setattr(standings_service, "score", held_score)
    found: dict[str, Any] = {}

    def older() -> None:
        try:
            found["older"] = standings_compute(session_id=running_session.pk, wait_turn=False)
        finally:
            connections.close_all()

    thread = threading.Thread(target=older, name="older")
    thread.start()
    assert older_read.wait(timeout=30)  # the older recompute has read its slips and is scoring
    line = SlipLine.objects.get(session=running_session, table__number=2, tray__number=2)
    result_correct(line=line, ns_tricks=10, reason="miscounted")  # newer slips
    newer = standings_compute(session_id=running_session.pk)  # and their recompute stores
    newer_stored.set()
    thread.join(timeout=60)
    assert not thread.is_alive()
    running_session.refresh_from_db()
    assert newer is not None and newer.source_version == slips_version(session_id=running_session.pk)
    assert latest_snapshot(session=running_session) == newer
    assert found["older"] == newer  # the older recompute kept the newer snapshot
    assert not ScoreSnapshot.objects.filter(session=running_session, pk__gt=newer.pk).exists()
    assert_invariants(running_session)


def test_two_recomputes_released_together_take_turns(
    running_session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    send_all(running_session)
    real_score = standings_service.score
    scoring, most = [0], [0]
    guard = threading.Lock()

    def watched_score(method: str, slips: Any) -> Any:
        with guard:
            scoring[0] += 1
            most[0] = max(most[0], scoring[0])
        time.sleep(0.2)  # long enough for the other to arrive
        try:
            return real_score(method, slips)
        finally:
            with guard:
                scoring[0] -= 1

    monkeypatch.setattr(standings_service, "score", watched_score)
    race(*[lambda: standings_compute(session_id=running_session.pk)] * 3)
    assert most[0] == 1  # one recompute of a session at a time
    assert_invariants(running_session)


def holding_a_send_lock(at: Table, held: threading.Event, release: threading.Event) -> threading.Thread:
    """A thread that takes a table's send lock (as a send does) and keeps it until released."""

    def hold() -> None:
        try:
            with transaction.atomic():
                lock_table_send(at.pk)
                held.set()
                assert release.wait(timeout=30)
        finally:
            connections.close_all()

    thread = threading.Thread(target=hold)
    thread.start()
    assert held.wait(timeout=30)
    return thread


@contextmanager
def second_waiting_on_first(
    first: Callable[[], None], holds: threading.Event, second: Callable[[], None], release: threading.Event
) -> Iterator[None]:
    """Run ``first`` until it holds its lock (``holds``), then ``second``, which must wait for it; on
    leaving, ``release`` lets the first finish, and both are joined."""
    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    threads[0].start()
    assert holds.wait(timeout=30)
    threads[1].start()
    time.sleep(0.5)  # the second is waiting for a row the first holds
    try:
        assert threads[1].is_alive()
        yield
    finally:
        release.set()
        for thread in threads:
            thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)


def test_a_send_waits_for_no_other_tables_send_and_the_director_waits_for_it(
    running_session: Session,
) -> None:
    """Table 1's send holds its table's row: table 2 sends at once; the session's own lock must wait."""
    held, release = threading.Event(), threading.Event()
    thread = holding_a_send_lock(table(running_session, 1), held, release)
    try:
        started = time.monotonic()
        sent = result_submit(table=table(running_session, 2), tray_number=2, ns_tricks=7)
        assert sent.created and time.monotonic() - started < 5  # did not wait for table 1's send
        with pytest.raises(OperationalError), transaction.atomic():
            Session.objects.select_for_update(nowait=True).get(pk=running_session.pk)  # the director's
    finally:
        release.set()
        thread.join(timeout=30)
    assert not thread.is_alive()
    assert_invariants(running_session)


def test_every_tables_send_against_the_directors_void_of_its_tray(running_session: Session) -> None:
    """Sends of all tables and the director voiding their trays, released together: each tray's
    line is kept whichever comes first, and the snapshot counts every change (the sum of versions)."""
    calls: list[Callable[[], Any]] = []
    for number, tray in ROUND_ONE.items():
        at = table(running_session, number)
        calls.append(lambda at=at, tray=tray: result_submit(table=at, tray_number=tray, ns_tricks=8))
        calls.append(
            lambda tray=tray: tray_set_status(
                tray=running_session.trays.get(number=tray), status="void", reason="misdealt"
            )
        )
    answers = race(*calls)
    assert all(answer[0] == "ok" for answer in answers[1::2])  # the director's void always lands
    trays = running_session.trays.filter(number__in=ROUND_ONE.values())
    assert set(trays.values_list("status", flat=True)) == {"void"}
    stored = {a[1].line.pk for a in answers[0::2] if a[0] == "ok"}
    assert stored == set(SlipLine.objects.filter(session=running_session).values_list("pk", flat=True))
    assert_invariants(running_session)


def test_a_send_waiting_for_the_director_holds_no_tables_row(running_session: Session) -> None:
    """The send takes the session's row before its table's: while the director holds the session, a
    waiting send keeps nothing the director might want next (no deadlock between them)."""
    at = table(running_session, 1)
    director_has, done = threading.Event(), threading.Event()

    def director() -> None:
        try:
            with transaction.atomic():
                Session.objects.select_for_update().get(pk=running_session.pk)
                director_has.set()
                assert done.wait(timeout=30)
        finally:
            connections.close_all()

    def send() -> None:
        try:
            with transaction.atomic():
                lock_table_send(at.pk)  # waits for the director
        finally:
            connections.close_all()

    with second_waiting_on_first(director, director_has, send, done), transaction.atomic():
        Table.objects.select_for_update(nowait=True).get(pk=at.pk)  # the table's row is free


@pytest.mark.parametrize("same_key", [False, True])
def test_a_twin_that_looked_before_the_send_was_stored_is_told_after_the_lock(
    running_session: Session, same_key: bool
) -> None:
    """The twin reads its table while the first send is not yet committed, so finds no line, and
    waits for the table's row; the send commits: the twin, seeing its table's count moved, looks for
    the lines again and is told (409 with the stored line; its own key: a replay) before reading its
    table's plays (no query of the seatings)."""
    at = table(running_session, 1)
    inserted, commit = threading.Event(), threading.Event()
    stored: list[SlipLine] = []

    def first() -> None:
        try:
            with transaction.atomic():
                stored.append(result_submit(table=at, tray_number=1, ns_tricks=8, idempotency_key="a").line)
                inserted.set()
                assert commit.wait(timeout=30)
        finally:
            connections.close_all()

    answer: list[tuple[str, Any]] = []

    def twin() -> None:
        try:
            with CaptureQueriesContext(connection) as queries:
                try:
                    key = "a" if same_key else "b"
                    answer.append(
                        ("ok", result_submit(table=at, tray_number=1, ns_tricks=8, idempotency_key=key))
                    )
                except Conflict as refused:
                    answer.append(("refused", refused))
            answer.append(("queries", [q["sql"] for q in queries.captured_queries]))
        finally:
            connections.close_all()

    with second_waiting_on_first(first, inserted, twin, commit):
        pass  # the twin found no line and waits for the table's row, until the send commits
    (kind, told), (_, sql) = answer
    if same_key:
        assert kind == "ok" and told.replayed and told.line.pk == stored[0].pk
    else:
        assert kind == "refused" and told.stored.pk == stored[0].pk and told.attempted == 8
    assert not any("seatingtray" in query for query in sql)  # told before its plays were read
    assert_invariants(running_session)


def test_two_phones_saying_they_are_one_pair_at_once_one_is_refused(running_session: Session) -> None:
    """The entrant's row is locked first: the second phone finds the first's pass and needs the code."""
    here = table(running_session, 1)
    answers = race(
        lambda: phone_claim(table=here, number=1, device="phone-a"),
        lambda: phone_claim(table=here, number=1, device="phone-b"),
    )
    assert sorted(kind for kind, _ in answers) == ["ok", "refused"]
    assert PhonePass.objects.filter(link__entrant__number=1, ended_at__isnull=True).count() == 1


def test_one_phone_saying_it_is_two_pairs_at_once_follows_one(running_session: Session) -> None:
    """The database keeps one pass a phone: the later claim ends the earlier one's once it is stored."""
    here = table(running_session, 1)
    answers = race(
        lambda: phone_claim(table=here, number=1, device="shared"),
        lambda: phone_claim(table=here, number=2, device="shared"),
    )
    assert [kind for kind, _ in answers] == ["ok", "ok"]
    active = PhonePass.objects.filter(session=running_session, device="shared", ended_at__isnull=True)
    assert active.count() == 1
    assert PhonePass.objects.filter(session=running_session, device="shared").count() == 2


def phone_of_pass(token: str, device: str) -> Any:
    """The phone that follows an entrant by this pass, as its requests find it."""
    from entry.selectors.phone import phone_for_entrant

    return phone_for_entrant(token=token, device=device)


def sent_by_north_south(session: Session) -> tuple[Any, SlipLine]:
    """Table 1's N-S (pair 1) says who it is on a phone and sends tray 1 from it: the phone and the line."""
    from entry.send import Send
    from entry.services.phones import phone_submit

    ns = phone_of_pass(phone_claim(table=table(session, 1), number=1, device="ns-phone").token, "ns-phone")
    outcome = phone_submit(phone=ns, sent=Send(tray=1, ns_tricks=8, device="ns-phone"))
    return ns, SlipLine.objects.get(pk=outcome.line.pk)


def test_two_phones_checking_at_once_the_senders_is_refused(running_session: Session) -> None:
    """E-W hold a phone of their own: their check and the sender's phone's, together. The sender's is
    refused whichever comes first, and the line is checked once, by E-W on their own phone."""
    from entry.services.phones import phone_confirm

    ns, line = sent_by_north_south(running_session)
    ew = phone_of_pass(
        phone_claim(table=table(running_session, 1), number=2, device="ew-phone").token, "ew-phone"
    )
    answers = race(
        lambda: phone_confirm(phone=ns, tray_number=1, version=1),
        lambda: phone_confirm(phone=ew, tray_number=1, version=1),
    )
    assert [kind for kind, _ in answers] == ["refused", "ok"]
    line.refresh_from_db()
    assert (line.status, line.checked_side, line.checked_how, line.confirmed_device) == (
        "confirmed", "EW", "own", "ew-phone",
    )  # fmt: skip
    assert_invariants(running_session)


def test_a_check_handed_across_against_the_other_side_saying_who_it_is(running_session: Session) -> None:
    """E-W have no phone: the sender's, handed across, checks as E-W claim a phone of their own. Either the
    check came first (handed across, recorded so) or the claim did (the sender's check refused): never a
    line checked on the sender's phone while E-W held one, nor a line recorded as neither."""
    from entry.services.phones import phone_confirm

    ns, line = sent_by_north_south(running_session)
    answers = race(
        lambda: phone_confirm(phone=ns, tray_number=1, version=1),
        lambda: phone_claim(table=table(running_session, 1), number=2, device="ew-phone"),
    )
    checked, claimed = answers
    assert claimed[0] == "ok"
    line.refresh_from_db()
    if checked[0] == "ok":
        assert (line.status, line.checked_side, line.checked_how) == ("confirmed", "EW", "across")
    else:
        assert line.status == "entered" and "on their own phone" in checked[1].message
    assert_invariants(running_session)
