"""The scorer's eye at a mnemonic sitting (pp. 25-27, 66): the phone's plain form asks once before a count
that fits the deal far better read the other way (13 - N), as the table's phone does.

Each deal is played twice with the same cards (p. 66), so a tray has two lines and the hands' double-dummy
tricks to judge by: an overplay count entered the other way round is asked about before it is sent.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from scoring.hand_records import session_double_dummy
from scoring.models import SlipLine
from scoring.tasks import solve_one
from tests.mnemonic.test_mnemonic_session import link
from tournaments.models import Deal, Session

pytestmark = pytest.mark.django_db


def made(session: Session) -> dict[int, int]:
    """Each tray's N-S tricks double dummy with the sitting's trumps, kept as the solver does in the
    background during play."""
    session_double_dummy(session_id=session.pk)
    deals = Deal.objects.filter(tray__session=session).select_related("tray")
    return {d.tray.number: solve_one(hands=d.hands, trump_card=d.trump, dealer=d.dealer).ns for d in deals}


def order(session: Session, play: int) -> list[int]:
    seating = session.rounds.get(number=play).seatings.get()
    return [st.tray.number for st in seating.seating_trays.order_by("order")]


def post(url: str, tray: int, ns: int, **more: str) -> str:
    data = {"tray": str(tray), "ns_tricks": str(ns), "ask": "true", **more}
    return Client().post(url, data, follow=True).content.decode()


def test_an_overplay_count_entered_the_other_way_is_asked_about_once_and_goes_when_sure(
    mnemonic_of: Callable[..., Session],
) -> None:
    session = mnemonic_of(deals_count=4)
    dd = made(session)
    url = reverse("mnemonic:player", args=[link(session)])
    for tray in order(session, 1):
        assert f"Tray {tray} sent: N-S {dd[tray]}" in post(url, tray, dd[tray])
    first = order(session, 2)[0]
    wrong = 13 - dd[first]
    assert abs(wrong - dd[first]) >= 3, dd  # a deal one side clearly wins
    asked = Client().post(url, {"tray": str(first), "ns_tricks": str(wrong), "ask": "true"})
    assert asked.status_code == 400
    page = asked.content.decode()
    assert f"N-S {wrong}, so E-W {13 - wrong}: is that right?" in page
    assert not SlipLine.objects.filter(session=session, tray__number=first, table__number=2).exists()
    assert f"Tray {first} sent: N-S {wrong}" in post(url, first, wrong, sure="true")
    assert SlipLine.objects.get(session=session, tray__number=first, table__number=2).ns_tricks == wrong


def test_an_overplay_count_that_fits_goes_at_once(mnemonic_of: Callable[..., Session]) -> None:
    session = mnemonic_of(deals_count=4)
    dd = made(session)
    url = reverse("mnemonic:player", args=[link(session)])
    for tray in order(session, 1):
        post(url, tray, dd[tray])
    first = order(session, 2)[0]
    assert f"Tray {first} sent: N-S {dd[first]}" in post(url, first, dd[first])


def test_the_players_page_asks_first(mnemonic_of: Callable[..., Session]) -> None:
    session = mnemonic_of(deals_count=4)
    page = Client().get(reverse("mnemonic:player", args=[link(session)])).content.decode()
    assert '<input type="hidden" name="ask" value="true">' in page
