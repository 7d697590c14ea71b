"""Hand records: double-dummy tricks for whist (trump from the turned card, dealer's left leads)."""

from __future__ import annotations

import datetime as dt
import threading
import time
from typing import Any

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.core.cache import cache
from django.urls import reverse
from public.builders import play_session

from scoring.hand_records import leader_of, solve, solver_available
from tournaments.models import Club, Deal, Player, Session

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not solver_available(), reason="endplay is not installed"),
]

HANDS = "N:T.A543.AKQJ.AJ85 A73.JT98.95.Q964 KJ5.K76.T86432.T Q98642.Q2.7.K732"


def played_mitchell(club: Club, members: list[Player]) -> Session:
    """A three-table Mitchell of six deals, every tray played, not yet published."""
    return play_session(
        club=club,
        players=members,
        title="T",
        date=dt.date(2026, 11, 2),
        family="mitchell",
        deals_count=6,
        method="trick",
        publish=None,
    )


def test_the_leader_is_on_the_dealers_left() -> None:
    assert [leader_of(d) for d in "NESW"] == ["E", "S", "W", "N"]


def test_double_dummy_agrees_with_the_solvers_table_for_the_dealer_as_declarer() -> None:
    """With dealer's left leading, the dealer's side is the "declarer" of the DD table."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    table = calc_dd_table(EndplayDeal(HANDS))
    for dealer in "NESW":
        for suit in "SHDC":
            dd = solve(hands=HANDS, trump_card=f"2{suit}", dealer=dealer)
            dealer_side = dd.ns if dealer in "NS" else dd.ew
            assert dealer_side == table[Denom.find(suit), Player.find(dealer)]
            assert dd.ns + dd.ew == 13 and dd.leader == leader_of(dealer)
            assert dd.best_leads and set(dd.best_leads).isdisjoint(dd.other_leads)


def test_finishing_play_solves_the_hand_records_before_publishing(
    club: Club, members: list[Player], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        session = played_mitchell(club, members)
    deals = Deal.objects.filter(tray__session=session)
    assert deals.count() == session.trays.count()
    for deal in deals:
        expected = solve(hands=deal.hands, trump_card=deal.trump, dealer=deal.dealer)
        assert deal.double_dummy == expected.as_json()


def test_hand_records_page_shows_each_deal_and_its_double_dummy_tricks(
    client: Any, published_howell: Session
) -> None:
    Deal.objects.filter(tray__session=published_howell).update(double_dummy=None)
    text = client.get(reverse("public:hands", args=[published_howell.club.slug, published_howell.pk]))
    body = text.content.decode()
    for deal in Deal.objects.filter(tray__session=published_howell).select_related("tray"):
        assert deal.double_dummy is not None, "the page queued the task (eager here) and shows its answer"
        assert f'data-tray="{deal.tray.number}"' in body
        assert f"N-S {deal.double_dummy['ns']}</b>, <b>E-W {deal.double_dummy['ew']}</b>" in body
    assert "N-S took" in body


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_last_send_leaves_the_solve_to_the_solver_thread(
    club: Club, members: list[Player], settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue: the evening's last send waited seconds for the solve of every deal (eager Celery, no broker).

    The solve now runs on the process's solver thread; the request that finished the play is not where it
    runs, and the answers land all the same.
    """
    from scoring import tasks

    settings.SOLVE_IN_BACKGROUND = True
    solved_on: list[int] = []
    real = tasks.session_double_dummy

    def spied(*, session_id: int, **kwargs: Any) -> int:
        solved_on.append(threading.get_ident())
        return real(session_id=session_id, **kwargs)

    monkeypatch.setattr(tasks, "session_double_dummy", spied)
    session = played_mitchell(club, members)
    tasks.solver_idle().result(timeout=120)
    assert solved_on and threading.get_ident() not in solved_on, "the send's own thread never solves"
    for deal in Deal.objects.filter(tray__session=session):
        expected = solve(hands=deal.hands, trump_card=deal.trump, dealer=deal.dealer)
        assert deal.double_dummy == expected.as_json()


class Clock:
    """A ``time`` whose clock moves only when a test moves it: each deal's solve takes what it says."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleep = time.sleep

    def monotonic(self) -> float:
        return self.now


def solved(session: Session) -> list[bool]:
    """Whether each deal of the session, in tray order, has its double-dummy answer, and the right one."""
    out = []
    for deal in Deal.objects.filter(tray__session=session).order_by("tray__number"):
        if deal.double_dummy is not None:
            assert (
                deal.double_dummy
                == solve(hands=deal.hands, trump_card=deal.trump, dealer=deal.dealer).as_json()
            )
        out.append(deal.double_dummy is not None)
    return out


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_a_solve_past_its_time_stops_between_deals_and_frees_the_solver_thread(
    club: Club, members: list[Player], settings: Any, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    """Issue: the solver thread (no broker) had no deadline: a solve could hold it for ever, and every
    later solve of the process waited behind it. It now begins no deal past ``SOLVE_SOFT_SECONDS``."""
    from scoring import hand_records, tasks

    session = played_mitchell(club, members)
    Deal.objects.filter(tray__session=session).update(double_dummy=None)
    settings.SOLVE_IN_BACKGROUND, settings.SOLVE_SOFT_SECONDS = True, 250
    clock, real = Clock(), hand_records.deal_double_dummy
    monkeypatch.setattr(hand_records, "time", clock)
    monkeypatch.setattr(tasks, "time", clock)

    def a_hundred_seconds_a_deal(*, deal: Deal) -> Any:
        answer = real(deal=deal)
        clock.now += 100
        return answer

    monkeypatch.setattr(hand_records, "deal_double_dummy", a_hundred_seconds_a_deal)
    tasks.solve_missing_hand_records(session.pk)
    tasks.solver_idle().result(timeout=120)  # the thread is free for the next job
    assert solved(session) == [True, True, True, False, False, False], "begun at 0, 100, 200; not at 300"
    said = [r.getMessage() for r in caplog.records if r.name == "scoring.tasks"]
    assert said and "ran past its 250 s (SOLVE_SOFT_SECONDS) and was stopped between deals" in said[0]
    tasks.solve_missing_hand_records(session.pk)
    tasks.solver_idle().result(timeout=120)
    assert solved(session).count(True) == 3, (
        "a solve that ran out of time is tried again once its guard lapses"
    )
    cache.delete(tasks.solve_guard_key(session.pk))  # the guard lapses (DD_QUEUE_GUARD_SECONDS)
    tasks.solve_missing_hand_records(session.pk)
    tasks.solver_idle().result(timeout=120)
    assert solved(session) == [True] * 6, "the next solve takes up the deals left"


def test_in_a_worker_a_solve_stopped_by_its_soft_limit_keeps_whole_answers_and_says_so(
    club: Club, members: list[Player], monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    """Past ``SOLVE_SOFT_SECONDS`` the worker's soft limit strikes in the middle of a deal's solve: the deals
    solved before it are kept, that deal has no answer rather than half of one, and the task stops, logged."""
    from scoring import hand_records, tasks

    session = played_mitchell(club, members)
    Deal.objects.filter(tray__session=session).update(double_dummy=None)
    calls, real = [0], hand_records.solve

    def struck_on_the_third(**kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == 3:
            raise SoftTimeLimitExceeded()
        return real(**kwargs)

    monkeypatch.setattr(hand_records, "solve", struck_on_the_third)
    tasks.compute_double_dummy(session.pk)  # the worker runs it; nothing escapes
    assert solved(session) == [True, True, False, False, False, False]
    assert any(
        "was stopped between deals" in r.getMessage() for r in caplog.records if r.levelname == "ERROR"
    )


def test_with_a_broker_a_sessions_solve_is_queued_once_however_many_ask(
    client: Any,
    published_howell: Session,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """Issue: with a broker, only the pages queued a session's solve once; the last send's recompute and the
    director's publishing queued one each time. Now one guard, wherever it is queued, until it is done."""
    from scoring import recompute, tasks
    from scoring.signals import announce_hand_records_wanted

    session = published_howell
    Deal.objects.filter(tray__session=session).update(double_dummy=None)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    queued: list[int] = []
    monkeypatch.setattr(tasks.compute_double_dummy, "delay", queued.append)
    page = reverse("public:hands", args=[session.club.slug, session.pk])
    recompute.hand_records_when_played(session.pk)  # a worker's recompute, once every tray is played
    with django_capture_on_commit_callbacks(execute=True):
        announce_hand_records_wanted(session.pk)  # the director publishes the hand records
    assert client.get(page).status_code == 200  # a page shows them
    client.get(page)
    assert queued == [session.pk]
    tasks.compute_double_dummy(queued[0])  # the worker solves every deal, and lets the guard go
    assert all(solved(session))
    first = Deal.objects.filter(tray__session=session).order_by("tray__number").first()
    Deal.objects.filter(pk=first.pk).update(double_dummy=None)  # a deal the director changed
    client.get(page)
    client.get(page)
    assert queued == [session.pk, session.pk]


def test_a_solve_the_broker_did_not_take_leaves_no_guard_behind(
    published_howell: Session, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scoring import tasks

    session = published_howell
    Deal.objects.filter(tray__session=session).update(double_dummy=None)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    queued: list[int] = []

    def broker_down(session_id: int) -> None:
        raise ConnectionError("the broker did not answer")

    monkeypatch.setattr(tasks.compute_double_dummy, "delay", broker_down)
    with pytest.raises(ConnectionError):
        tasks.solve_missing_hand_records(session.pk)
    monkeypatch.setattr(tasks.compute_double_dummy, "delay", queued.append)
    tasks.solve_missing_hand_records(session.pk)
    assert queued == [session.pk], "the next to ask queues it"
