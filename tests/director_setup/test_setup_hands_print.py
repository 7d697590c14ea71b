"""Hand records and curtain cards before play; the trays page shows the hands when asked."""

from __future__ import annotations

import random
import shutil
import subprocess

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse

from tests.director_setup.setup_helpers import pair_up
from tournaments.models import Deal, Player, Session
from tournaments.printing.data import printed
from tournaments.services import deals, seating

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


@pytest.fixture
def dealt8(empty_session: Session, roster16: list[Player]) -> Session:
    """Eight pairs by the Howell system, seven trays dealt; tray 2 holds a known deal, tray 5 is unknown."""
    pair_up(empty_session, roster16)
    seating.movement_fix(session=empty_session, family="howell", deals=7)
    deals.trays_deal(session=empty_session, rng=random.Random(1900))
    trays = Deal.objects.filter(tray__session=empty_session)
    trays.filter(tray__number=2).update(hands=DEAL, dealer="S", trump="3D")
    trays.filter(tray__number=5).update(hands="", trump="")
    empty_session.refresh_from_db()
    return empty_session


def url(name: str, session: Session, *args: str) -> str:
    return reverse(f"director:{name}", args=[session.pk, *args])


def pdf_text(data: bytes) -> str:
    """The text of a PDF, by poppler's pdftotext."""
    if not shutil.which("pdftotext"):
        pytest.skip("no pdftotext")
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True
    ).stdout.decode()


def test_the_hand_records_hold_each_known_trays_hands_dealer_and_trump(dealt8: Session) -> None:
    data = printed(dealt8)
    assert [h.tray for h in data.hands] == [1, 2, 3, 4, 6, 7] and data.hands_unknown == [5]
    tray2 = data.hands[1]
    assert (tray2.dealer_name, tray2.trump_text) == ("South", "3♦")
    south = tray2.hand("S")
    assert south.dealer and [s.text for s in south.suits] == ["J 9 7 3", "J 9 8 7 4 2", "3", "K 4"]
    assert south.suits[2].trump == "3" and not any(s.trump for s in tray2.hand("N").suits)
    assert tray2.hand("N").suits[0].text == "—"


def test_the_hand_records_pdf_shows_cards_with_suit_symbols(director_client: Client, dealt8: Session) -> None:
    response = director_client.get(url("print_pdf", dealt8, "hands"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Tray 2 · Dealer South · trump 3♦" in text
    packed = text.replace(" ", "")
    assert "♥63" in packed and "♣K4" in packed and "♠—" in packed
    assert "Dealt at the table, so not here: tray 5." in text
    assert "3D" not in text and "KC" not in text


def test_the_curtain_cards_give_one_card_a_hand_the_dealer_told_of_the_trump(
    director_client: Client, dealt8: Session
) -> None:
    response = director_client.get(url("print_pdf", dealt8, "curtains"))
    text = pdf_text(response.content)
    assert text.count("Tray 2") == 4
    assert "You deal: the 3♦ is your last card, turned up for trump." in text
    assert text.count("NORTH") == 6 and text.count("WEST") == 6


@pytest.mark.parametrize("doc", ["hands", "curtains"])
def test_the_web_pages_match_the_pdfs(director_client: Client, dealt8: Session, doc: str) -> None:
    page = director_client.get(url("print_page", dealt8, doc)).content.decode()
    assert "3♦" in page and 'id="tray-2' in page and "tray 5" in page


@pytest.mark.parametrize("doc", ["hands", "curtains"])
def test_another_clubs_director_gets_404(stranger_client: Client, dealt8: Session, doc: str) -> None:
    assert stranger_client.get(url("print_pdf", dealt8, doc)).status_code == 404
    assert stranger_client.get(url("print_page", dealt8, doc)).status_code == 404


def test_before_any_deal_the_documents_say_to_deal_first(director_client: Client, dealt8: Session) -> None:
    Deal.objects.filter(tray__session=dealt8).update(hands="", trump="")
    text = pdf_text(director_client.get(url("print_pdf", dealt8, "hands")).content)
    assert "No tray has known hands yet: deal the trays or import a PBN file." in text


def test_the_trays_page_shows_the_hands_only_when_asked(director_client: Client, dealt8: Session) -> None:
    plain = director_client.get(url("trays", dealt8)).content.decode()
    assert "Show the hands" in plain and "South · dealer" not in plain
    shown = director_client.get(url("trays", dealt8) + "?hands=1").content.decode()
    assert "Hide the hands" in shown and "South · dealer" in shown
    assert "Hands not known: dealt at the table." in shown
    assert url("print_pdf", dealt8, "hands") in shown and url("print_pdf", dealt8, "curtains") in shown


def test_the_print_index_links_hand_records_and_curtain_cards(
    director_client: Client, dealt8: Session
) -> None:
    page = director_client.get(url("print", dealt8)).content.decode()
    assert url("print_pdf", dealt8, "hands") in page and url("print_page", dealt8, "curtains") in page


def test_a_card_on_a_page_is_written_with_its_symbol() -> None:
    html = Template("{% load cards %}{{ a|card }} {{ b|card }} [{{ c|card }}]").render(
        Context({"a": "6S", "b": "TH", "c": "bad"})
    )
    assert html == '<span class="trump suit-S">6♠</span> <span class="trump suit-H">10♥</span> []'
