"""Hand records: double-dummy tricks for whist (trump from the turned card, dealer's left leads)."""

from __future__ import annotations

import datetime as dt
import threading
from typing import Any

import pytest
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

    def spied(*, session_id: int) -> int:
        solved_on.append(threading.get_ident())
        return real(session_id=session_id)

    monkeypatch.setattr(tasks, "session_double_dummy", spied)
    session = played_mitchell(club, members)
    tasks.solver_idle().result(timeout=120)
    assert solved_on and threading.get_ident() not in solved_on, "the send's own thread never solves"
    for deal in Deal.objects.filter(tray__session=session):
        expected = solve(hands=deal.hands, trump_card=deal.trump, dealer=deal.dealer)
        assert deal.double_dummy == expected.as_json()
