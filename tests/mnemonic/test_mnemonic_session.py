"""Mnemonic duplicate in the app (pp. 25-27, 66): one table of four, every deal dealt, played twice, compared.

"Each player plays each deal twice, the second time playing a hand
previously played by an adversary. Instead of turning the trump, a single
suit may be declared trumps for the game" (p. 66); "replaying the deals in
a different order" (p. 26); "in case of the discovery of an irregularity
in the hands, there must always be a new deal" (p. 66).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from entry.selectors.phone import phone_for_entrant
from entry.send import Send
from entry.services.laws import law_record
from entry.services.phones import phone_submit
from scoring.models import SlipLine
from scoring.scorers import score
from scoring.selectors.slips import session_slips
from tournaments.models import Deal, EntrantLink, Seat, Session
from tournaments.movements.mnemonic import overplay_order
from tournaments.services.errors import UserError

pytestmark = pytest.mark.django_db


def link(session: Session, number: int = 1) -> str:
    return EntrantLink.objects.get(session=session, entrant__number=number).token


def send(session: Session, tray: int, tricks: int, number: int = 1) -> Any:
    phone = phone_for_entrant(token=link(session, number))
    return phone_submit(phone=phone, sent=Send(tray=tray, ns_tricks=tricks))


def play_all(session: Session, tricks: Callable[[int, int], int]) -> None:
    """Every tray of each play in the order played: ``tricks(round, tray)`` N-S tricks."""
    for rnd in session.rounds.order_by("number"):
        for st in rnd.seatings.get().seating_trays.order_by("order"):
            send(session, st.tray.number, tricks(rnd.number, st.tray.number))


def test_the_app_deals_every_tray_with_the_declared_suit_and_no_card_turned(
    mnemonic_of: Callable[..., Session],
) -> None:
    session = mnemonic_of(deals_count=6, suit="H")
    assert session.scoring_method == "mnemonic" and session.declared_trump == "H"
    deals = Deal.objects.filter(tray__session=session)
    assert deals.count() == 6 and all(d.hands for d in deals) and {d.trump for d in deals} == {"H"}
    assert session_slips(session=session).declared_trump == "H"


def test_the_overplay_comes_in_the_engines_other_order_with_every_player_one_seat_on(
    mnemonic_of: Callable[..., Session],
) -> None:
    session = mnemonic_of(deals_count=8)
    first, second = (session.rounds.get(number=n).seatings.get() for n in (1, 2))
    order = [st.tray.number for st in second.seating_trays.order_by("order")]
    assert order == overplay_order(list(range(1, 9))) == [5, 1, 6, 2, 7, 3, 8, 4]
    assert (first.table.number, second.table.number) == (1, 2)  # the same table, its second play
    before = {s.direction: s.player_id for s in Seat.objects.filter(seating=first)}
    after = {s.direction: s.player_id for s in Seat.objects.filter(seating=second)}
    assert after == {"N": before["W"], "E": before["N"], "S": before["E"], "W": before["S"]}


def test_both_plays_are_recorded_and_compared_by_the_mnemonic_method(
    mnemonic_of: Callable[..., Session],
) -> None:
    session = mnemonic_of(deals_count=4)
    play_all(session, lambda rnd, tray: 8 if rnd == 1 else 6)
    assert SlipLine.objects.filter(session=session).count() == 8
    scores = score("mnemonic", session_slips(session=session))
    totals = {t.entrant: t.total for t in scores.entrants}
    assert totals == {1: 8, 3: 8, 2: -8, 4: -8}  # N-S first took 8, their adversaries 6 with the same cards


def test_the_overplay_waits_until_every_deal_of_the_original_play_is_in(
    mnemonic_of: Callable[..., Session],
) -> None:
    session = mnemonic_of(deals_count=4)
    send(session, 1, 7)
    with pytest.raises(UserError, match="already sent from table 1"):
        send(session, 1, 6, number=2)  # tray 1 again, before the original play is over: not its overplay
    assert not SlipLine.objects.filter(session=session, table__number=2).exists()
    assert session.tables.get(number=2).token_revoked  # the overplay has no bare table link
    for tray in (2, 3, 4):
        send(session, tray, 7)
    assert send(session, 1, 6, number=2).line.table.number == 2


def test_an_irregularity_in_the_hands_is_always_a_new_deal_at_one_table(
    mnemonic_of: Callable[..., Session],
) -> None:
    session = mnemonic_of(deals_count=4)
    play_all(session, lambda rnd, tray: 7 + (tray if rnd == 1 else 0) % 3)
    law_record(session=session, table_number=2, tray_number=3, law="V.2", reason="a card left in the tray")
    scores = score("mnemonic", session_slips(session=session))
    assert next(d for d in scores.deals if d.deal == 3).scores == {}


def test_the_players_page_shows_the_play_the_seats_the_declared_suit_and_the_comparison(
    mnemonic_of: Callable[..., Session],
) -> None:
    session = mnemonic_of(deals_count=4, suit="S")
    url = reverse("mnemonic:player", args=[link(session)])
    page = Client().get(url).content.decode()
    assert "Original play" in page and "Spades, declared trumps for the sitting" in page
    assert "Send tray 1" in page and "Send tray 2" not in page  # the trays in the order played
    posted = Client().post(url, {"tray": "1", "ns_tricks": "9"}, follow=True).content.decode()
    assert "Tray 1 sent: N-S 9, E-W 4." in posted
    play_all_rest(session)
    page = Client().get(url).content.decode()
    assert "The deals compared" in page and "Every deal is played twice" in page
    assert "Overplay" not in page or "overplay-note" not in page


def play_all_rest(session: Session) -> None:
    """Send whatever is not yet sent, in the order played."""
    for rnd in session.rounds.order_by("number"):
        seating = rnd.seatings.get()
        for st in seating.seating_trays.order_by("order"):
            if not SlipLine.objects.filter(table=seating.table, tray=st.tray).exists():
                send(session, st.tray.number, 7)


def test_on_the_overplay_the_page_says_each_holds_the_hand_an_adversary_held(
    mnemonic_of: Callable[..., Session],
) -> None:
    session = mnemonic_of(deals_count=2)
    for tray in (1, 2):
        send(session, tray, 7)
    page = Client().get(reverse("mnemonic:player", args=[link(session)])).content.decode()
    assert "Overplay" in page and "holds the hand an adversary held" in page
    assert "sat North: holds the East hand" in page


def test_the_mnemonic_state_api_and_404_for_other_links(
    mnemonic_of: Callable[..., Session], running_session: Session
) -> None:
    session = mnemonic_of(deals_count=2)
    state = APIClient().get(f"/api/v1/entrant-links/{link(session)}/mnemonic/")
    assert state.status_code == 200 and state.json()["play"] == "original play"
    assert state.json()["trump_suit"] == "S"
    other = EntrantLink.objects.filter(session=running_session).first()
    assert other is not None
    assert APIClient().get(f"/api/v1/entrant-links/{other.token}/mnemonic/").status_code == 404
    assert Client().get(reverse("mnemonic:player", args=[other.token])).status_code == 404


def test_the_players_qr_codes_open_their_mnemonic_pages(
    director_client: Client, mnemonic_of: Callable[..., Session]
) -> None:
    session = mnemonic_of(deals_count=2)
    page = director_client.get(
        reverse("director:print_page", args=[session.pk, "entrant-qr"])
    ).content.decode()
    assert f"/m/{link(session)}/" in page


def test_the_individual_record_plays_thirds_with_each_partner_and_scores_each_player(
    mnemonic_of: Callable[..., Session],
) -> None:
    session = mnemonic_of(deals_count=6, variant="individual")
    assert session.rounds.count() == 6
    play_all(session, lambda rnd, tray: 8 if rnd <= 3 else 6)
    scores = score("mnemonic", session_slips(session=session))
    assert sum(t.total for t in scores.entrants) == 0 and len({t.total for t in scores.entrants}) >= 1
