"""The trump card of a tray dealt at the table (Law III, Sec. 1): the phone's first result records it.

The trays page promises that the players record the card turned with the
first result of a tray whose trump is not known (``director/setup_trays``):
the phone's send (its page's picker and its API) takes it, checks it, and
keeps it on the tray's deal; a later send never overwrites it, nor a trump
known before play. A phone sees a card turned at another table only once its
pair has played the tray (it would tell that the other table had played it).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from scoring.models import SlipLine
from tournaments.models import Deal, Session

pytestmark = pytest.mark.django_db


def trump_of(session: Session, tray: int) -> tuple[str, int | None]:
    """The tray's trump as kept, and the table that turned it (None: known before play)."""
    deal = Deal.objects.get(tray__session=session, tray__number=tray)
    return deal.trump, deal.trump_table


def now_tray(phone: Any, number: int) -> dict[str, Any]:
    """A tray of the phone's round now, as its state gives it."""
    return next(t for t in phone.state().json()["now"]["trays"] if t["number"] == number)


def test_the_page_asks_for_the_card_and_the_plain_form_records_it(
    phone: Any, running_session: Session
) -> None:
    html = phone.page().content.decode()
    assert "Trump as turned" in html and 'name="trump_suit"' in html and 'name="trump_rank"' in html
    assert now_tray(phone, 1)["asks_trump"] is True
    form = {"tray": "1", "round": "1", "ns_tricks": "7", "trump_rank": "T", "trump_suit": "H", "key": "k"}
    page = phone.client.post(phone.base, form, follow=True).content.decode()
    assert "Tray 1 sent: N-S 7, E-W 6." in page
    assert trump_of(running_session, 1) == ("TH", 1)
    assert 'title="Trump: ten of hearts"' in page and "<b>10</b><i>♥</i>" in page


@pytest.mark.parametrize(("sent", "kept"), [("7H", "7H"), ("7♥", "7H"), (" 10c ", "TC"), ("q♠️", "QS")])
def test_the_api_records_the_card_as_rank_and_suit(
    phone: Any, running_session: Session, sent: str, kept: str
) -> None:
    response = phone.send(1, 8, key="k-1", trump=sent)
    assert response.status_code == 201, response.json()
    assert trump_of(running_session, 1) == (kept, 1)
    assert phone.state().json()["just_played"]["trays"][0]["trump"]["code"] == kept


@pytest.mark.parametrize("bad", ["7X", "1H", "77H", "H7", "♥", "joker"])
def test_a_card_that_is_not_one_is_refused_plainly(phone: Any, running_session: Session, bad: str) -> None:
    response = phone.send(1, 8, key=f"k-{bad}", trump=bad)
    assert response.status_code == 400
    assert "A trump card is a rank and a suit, like 7H or 7♥" in response.json()["trump"][0]
    assert not SlipLine.objects.filter(session=running_session).exists()
    assert trump_of(running_session, 1) == ("", None)


def test_a_card_too_long_or_half_picked_is_refused(phone: Any, running_session: Session) -> None:
    assert phone.send(1, 8, trump="seven of hearts").status_code == 400
    response = phone.send(1, 8, trump_suit="H")
    assert response.status_code == 400
    assert response.json()["trump"] == ["Tap the trump card's suit and its rank, or neither."]
    form = {"tray": "1", "ns_tricks": "7", "trump_rank": "7"}
    page = phone.client.post(phone.base, form, follow=True).content.decode()
    assert "Tap the trump card&#x27;s suit and its rank, or neither." in page
    assert not SlipLine.objects.filter(session=running_session).exists()


def test_a_later_send_never_overwrites_the_card(make_phone: Any, running_session: Session) -> None:
    """Tray 1 goes from table 1 (round 1) to table 2 (round 2): table 2's card does not replace it."""
    first = make_phone(running_session.tables.get(number=1))
    assert first.send(1, 8, key="a", trump="7H").status_code == 201
    again = first.send(1, 8, key="a", trump="KS")  # the same key asking another card is not a replay
    assert again.status_code == 422
    later = make_phone(running_session.tables.get(number=2))
    assert later.send(2, 6, key="b").status_code == 201  # table 2's round 1; then tray 1, in round 2
    assert now_tray(later, 1)["asks_trump"] is True  # its pair has not played tray 1: nothing told
    assert later.send(1, 5, key="c", trump="KS").status_code == 201
    assert trump_of(running_session, 1) == ("7H", 1)
    assert later.state().json()["just_played"]["trays"][0]["trump"]["code"] == "7H"


def test_another_tables_card_is_not_told_before_the_pair_plays_the_tray(
    make_phone: Any, running_session: Session
) -> None:
    """Pair 3 (table 2) has tray 1 in round 2: table 1's result and card on it change nothing it sees."""
    later = make_phone(running_session.tables.get(number=2))
    assert later.send(2, 6).status_code == 201
    before = later.state().json()
    assert make_phone(running_session.tables.get(number=1)).send(1, 8, trump="7H").status_code == 201
    assert later.state().json() == before
    assert later.page().content.decode().count('class="trump-pick"') == 1


def test_a_trump_known_before_play_is_neither_asked_nor_overwritten(
    phone: Any, running_session: Session
) -> None:
    Deal.objects.filter(tray__session=running_session, tray__number=1).update(trump="KC")
    assert now_tray(phone, 1)["asks_trump"] is False
    assert 'name="trump_suit"' not in phone.page().content.decode()
    assert phone.send(1, 8, trump="7H").status_code == 201
    assert trump_of(running_session, 1) == ("KC", None)


def test_the_api_schema_names_the_card() -> None:
    from rest_framework.test import APIClient

    schema = APIClient().get("/api/v1/schema/?format=json").json()
    body = schema["paths"]["/api/v1/entrant-links/{token}/results/"]["post"]["requestBody"]
    ref = body["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    fields = schema["components"]["schemas"][ref]["properties"]
    assert "Law III" in fields["trump"]["description"] and "trump_rank" in fields and "trump_suit" in fields
    state = schema["paths"]["/api/v1/entrant-links/{token}/"]["get"]["responses"]["200"]
    assert '"asks_trump": {"type": "boolean"}' in json.dumps(state)
