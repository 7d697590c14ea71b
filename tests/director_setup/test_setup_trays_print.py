"""Trays and deals, and the printed matter: guide cards, slips, sheet, QR codes (PDF and HTML)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.urls import reverse
from setup_helpers import pair_up

from tournaments.models import Club, Deal, Player, Session
from tournaments.printing.data import printed
from tournaments.services import deals, seating, sessions

pytestmark = pytest.mark.django_db


def s_url(name: str, session: Session, *args: str) -> str:
    return reverse(f"director:{name}", args=[session.pk, *args])


@pytest.fixture
def howell8(empty_session: Session, roster16: list[Player]) -> Session:
    pair_up(empty_session, roster16)
    seating.movement_fix(session=empty_session, family="howell", deals=7)
    empty_session.refresh_from_db()
    return empty_session


def test_dealing_the_trays_turns_a_trump_for_each(director_client: Client, howell8: Session) -> None:
    response = director_client.post(s_url("trays_deal", howell8), follow=True)
    dealt = Deal.objects.filter(tray__session=howell8)
    assert dealt.count() == 7 and all(d.hands and d.trump for d in dealt)
    assert response.context["dealt"] == 7
    first = dealt.get(tray__number=1)
    assert f"{first.trump[0] if first.trump[0] != 'T' else '10'}".encode() in response.content


def test_the_trays_page_shows_each_dealer(director_client: Client, howell8: Session) -> None:
    trays = director_client.get(s_url("trays", howell8)).context["trays"]
    assert [t["dealer"] for t in trays[:5]] == ["North", "East", "South", "West", "North"]


def test_deals_may_stay_unknown(director_client: Client, howell8: Session) -> None:
    director_client.post(s_url("trays_deal", howell8))
    director_client.post(s_url("trays_clear", howell8))
    assert not Deal.objects.filter(tray__session=howell8).exclude(trump="").exists()


def test_pbn_goes_out_and_comes_back(director_client: Client, howell8: Session) -> None:
    director_client.post(s_url("trays_deal", howell8))
    before = {d.tray.number: d.hands for d in Deal.objects.filter(tray__session=howell8)}
    pbn = director_client.get(s_url("pbn_export", howell8))
    assert pbn["Content-Disposition"].startswith("attachment") and b'[Board "7"]' in pbn.content
    director_client.post(s_url("trays_clear", howell8))
    upload = SimpleUploadedFile("deals.pbn", pbn.content)
    response = director_client.post(s_url("pbn_import", howell8), {"file": upload})
    assert response.status_code == 302
    assert {d.tray.number: d.hands for d in Deal.objects.filter(tray__session=howell8)} == before


def test_a_bad_pbn_file_is_refused_next_to_the_field(director_client: Client, howell8: Session) -> None:
    upload = SimpleUploadedFile("deals.pbn", b'[Board "1"]\n[Deal "N:AKQ.J.T.9 x y z"]\n')
    response = director_client.post(s_url("pbn_import", howell8), {"file": upload})
    assert response.context["form"].errors["file"]


def test_a_pbn_board_beyond_the_trays_is_refused(director_client: Client, howell8: Session) -> None:
    director_client.post(s_url("trays_deal", howell8))
    text = deals.pbn_export(session=howell8).replace('[Board "7"]', '[Board "9"]')
    response = director_client.post(
        s_url("pbn_import", howell8), {"file": SimpleUploadedFile("d.pbn", text.encode())}
    )
    assert "Board 9" in response.context["form"].errors["file"][0]


def test_the_guide_card_reads_as_the_books(howell8: Session) -> None:
    card = printed(howell8).cards[1]
    assert card.header == "EIGHT PAIRS. TABLE 2."
    assert dict(card.moves)["N"] == "NORTH — Go next to Table 4, East."
    assert card.tray_move == "(Take deal just played to Table 1.)"
    assert card.rows[0] == ("1st Round", "Pair 6", "vs.", "Pair 3", "Deal 4")


@override_settings(SITE_URL="https://whist.example.org")
def test_each_table_has_its_score_entry_link(howell8: Session) -> None:
    links = printed(howell8).links
    table = howell8.tables.get(number=3)
    assert links[2].url == f"https://whist.example.org/t/{table.token}/"
    assert links[2].svg.startswith("<svg") and len(links[2].matrix) >= 21


def test_slips_follow_the_scoring_method(howell8: Session) -> None:
    howell8.scoring_method = "exponent"
    howell8.save()
    slip = printed(howell8).slips[0]
    assert slip.headings == ("Pairs", "N. & S. scores", "E. & W. scores", "N. & S. gains", "E. & W. gains")
    assert len(slip.lines) == 8
    ns_pair = next(line for line in slip.lines if line.cells[0] == "8")
    assert ns_pair.shaded == frozenset({2, 4}), "pair 8 plays tray 1 N-S at table 1"
    howell8.scoring_method = "match"
    howell8.save()
    assert printed(howell8).slips[0].headings[-1] == "Match score"


@pytest.mark.parametrize("doc", ["cards", "slips", "sheet", "qr"])
def test_every_document_prints_as_pdf_and_as_a_web_page(
    director_client: Client, howell8: Session, doc: str
) -> None:
    pdf = director_client.get(s_url("print_pdf", howell8, doc))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF") and len(pdf.content) > 1500
    page = director_client.get(s_url("print_page", howell8, doc))
    assert page.status_code == 200 and b"@media print" not in page.content


def test_the_web_guide_cards_carry_the_diagram_and_qr_codes(
    director_client: Client, howell8: Session
) -> None:
    page = director_client.get(s_url("print_page", howell8, "cards")).content.decode()
    assert page.count('class="guide-card') == 4 and "NORTH — Go next to Table 4, East." in page
    assert "<?xml" not in page and page.count("<svg") == 5


def test_printing_before_the_movement_goes_back_to_setup(
    director_client: Client, empty_session: Session
) -> None:
    response = director_client.get(s_url("print_pdf", empty_session, "cards"))
    assert response.status_code == 302 and response["Location"] == s_url("setup", empty_session)


def test_an_unknown_document_is_404(director_client: Client, howell8: Session) -> None:
    assert director_client.get(s_url("print_pdf", howell8, "posters")).status_code == 404


def test_teams_of_four_print_a_slip_line_per_table(
    director_client: Client, club: Club, roster16: list[Player]
) -> None:
    session = sessions.session_create(
        club=club, date=dt.date(2026, 11, 3), title="Fours", entrant_kind="fours", scoring_method="team-match"
    )
    for i in range(0, 12, 4):
        sessions.entrant_create(session=session, players=roster16[i : i + 4])
    seating.movement_fix(session=session, family="fours-mitchell", deals=6)
    session.refresh_from_db()
    slip = printed(session).slips[0]
    assert slip.headings[0] == "Table" and len(slip.lines) >= 1
    assert director_client.get(s_url("print_pdf", session, "slips")).content.startswith(b"%PDF")
