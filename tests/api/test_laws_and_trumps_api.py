"""The API's law endpoint (Laws III-V, pp. 61-62) and a declared trump suit (Law IV, Sec. 11)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from scoring.models import SlipLine
from tests.api.helpers import OtherClub, play_all, seated_mitchell
from tournaments.models import Club, Deal, Player, Session

pytestmark = pytest.mark.django_db


def test_the_law_endpoint_records_the_law_on_the_line_with_its_history(
    director_api: APIClient, running_session: Session
) -> None:
    play_all(running_session)
    url = f"/api/v1/sessions/{running_session.pk}/slips/law/"
    body = {"table": 2, "tray": 1, "law": "V.2", "reason": "a card left in the tray"}
    answer = director_api.post(url, body, format="json")
    assert answer.status_code == 200
    line = answer.json()["line"]
    assert line["law"] == "V.2" and line["version"] == 2
    assert line["law_name"] == "Law V, Sec. 2 (cards left in the tray on the overplay)"
    url = f"/api/v1/sessions/{running_session.pk}/slips/{line['id']}/history/"
    history = director_api.get(url).json()["results"]
    assert history[0]["change"] == "law" and history[0]["reason"] == "a card left in the tray"


def test_the_law_endpoint_makes_a_line_for_a_table_that_did_not_play_and_clears_it_again(
    director_api: APIClient, running_session: Session
) -> None:
    url = f"/api/v1/sessions/{running_session.pk}/slips/law/"
    made = director_api.post(
        url, {"table": 1, "tray": 1, "law": "V.1", "reason": "hands rectified"}, format="json"
    )
    assert made.status_code == 200 and made.json()["line"]["ns_tricks"] is None
    cleared = director_api.post(
        url, {"table": 1, "tray": 1, "law": None, "reason": "wrong table"}, format="json"
    )
    assert cleared.status_code == 200 and cleared.json() == {"line": None}
    assert not SlipLine.objects.filter(session=running_session).exists()


def test_the_law_endpoint_refuses_bad_input_with_field_messages(
    director_api: APIClient, running_session: Session, other: OtherClub
) -> None:
    url = f"/api/v1/sessions/{running_session.pk}/slips/law/"
    unknown = director_api.post(url, {"table": 1, "tray": 1, "law": "XII", "reason": "x"}, format="json")
    assert unknown.status_code == 400 and "law" in unknown.json()
    standing = director_api.post(url, {"table": 1, "tray": 1, "law": "IV.8", "reason": "x"}, format="json")
    assert standing.status_code == 400 and "leaves the score standing" in standing.json()["law"][0]
    theirs = director_api.post(
        f"/api/v1/sessions/{other.session.pk}/slips/law/",
        {"table": 1, "tray": 1, "law": "V.2", "reason": "x"},
        format="json",
    )
    assert theirs.status_code == 404


def test_a_declared_trump_suit_stands_for_every_deal_before_the_start(
    director_api: APIClient, club: Club, players: list[Player]
) -> None:
    session = seated_mitchell(club, players, "Declared", dealt=True)
    url = f"/api/v1/sessions/{session.pk}/trump/"
    assert director_api.post(url, {"suit": "H"}, format="json").json() == {"suit": "H"}
    assert set(Deal.objects.filter(tray__session=session).values_list("trump", flat=True)) == {"H"}
    assert director_api.get(f"/api/v1/sessions/{session.pk}/").json()["declared_trump"] == "H"
    record = director_api.patch(
        f"/api/v1/sessions/{session.pk}/trays/1/deal/", {"trump": "KC"}, format="json"
    )
    assert record.status_code == 400 and "declared trumps" in record.json()["trump"][0]
    assert director_api.post(url, {"suit": ""}, format="json").json() == {"suit": ""}
    assert set(Deal.objects.filter(tray__session=session).values_list("trump", flat=True)) == {""}
    assert director_api.post(url, {"suit": "X"}, format="json").status_code == 400


def test_dealing_with_a_declared_suit_turns_no_card(
    director_api: APIClient, club: Club, players: list[Player]
) -> None:
    session = seated_mitchell(club, players, "Declared deal")
    director_api.post(f"/api/v1/sessions/{session.pk}/trump/", {"suit": "S"}, format="json")
    director_api.post(f"/api/v1/sessions/{session.pk}/trays/deal/")
    trays = director_api.get(f"/api/v1/sessions/{session.pk}/trays/").json()
    rows = trays["results"] if isinstance(trays, dict) else trays
    assert {t["deal"]["trump"] for t in rows} == {"S"} and all(t["deal"]["hands"] for t in rows)


def test_the_trump_suit_cannot_change_once_play_has_begun(
    director_api: APIClient, running_session: Session
) -> None:
    answer = director_api.post(f"/api/v1/sessions/{running_session.pk}/trump/", {"suit": "S"}, format="json")
    assert answer.status_code == 400 and "the session is running" in str(answer.json())


def test_the_directors_send_records_the_card_the_table_turned(
    director_api: APIClient, running_session: Session
) -> None:
    """A slip brought to the director with the card turned (Law III, Sec. 1): the director's send keeps it,
    as a phone's does, and refuses a card that is not one with the phone's words."""
    url = f"/api/v1/sessions/{running_session.pk}/slips/"
    bad = director_api.post(url, {"table": 1, "tray": 1, "ns_tricks": 7, "trump": "7X"}, format="json")
    assert bad.status_code == 400 and "A trump card is a rank and a suit" in bad.json()["trump"][0]
    assert not SlipLine.objects.filter(session=running_session).exists()
    sent = director_api.post(url, {"table": 1, "tray": 1, "ns_tricks": 7, "trump": "9♣"}, format="json")
    assert sent.status_code == 201, sent.json()
    deal = Deal.objects.get(tray__session=running_session, tray__number=1)
    assert (deal.trump, deal.trump_table) == ("9C", 1)


def test_the_trays_page_says_which_table_turned_the_card(
    director_api: APIClient, director_client: Client, running_session: Session
) -> None:
    url = f"/api/v1/sessions/{running_session.pk}/slips/"
    sent = director_api.post(url, {"table": 2, "tray": 3, "ns_tricks": 6, "trump": "QD"}, format="json")
    assert sent.status_code == 201, sent.json()
    page = director_client.get(f"/director/s/{running_session.pk}/trays/").content.decode()
    assert "turned at table 2" in page and page.count("turned at table") == 1
