"""PBN on the trays page and through the API: import by board, refuse whole, export strict.

A refusal names each board and the reason and stores nothing; nothing a
client can send answers 5xx.
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.urls import reverse

from tests.api.helpers import token_client
from tests.director_setup.setup_helpers import pair_up
from tournaments.models import ActionLog, Deal, Player, Session
from tournaments.movements.types import Movement, Round, TableAssignment
from tournaments.pbn.cards import deal_notation, read_deal
from tournaments.pbn.checker import check_export
from tournaments.pbn.whist import read_deals
from tournaments.services import deals, seating, sessions
from tournaments.services import pbn as pbn_services
from tournaments.services.errors import UserError

OTHER_PROGRAMS = Path(__file__).resolve().parents[1] / "data" / "pbn"
DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


def mitchell_21_trays() -> Movement:
    """Three tables, three rounds, seven trays a table a round: 21 trays."""
    rounds = []
    for r in range(1, 4):
        tables = tuple(
            TableAssignment(
                table=t,
                ns=2 * t - 1,
                ew=2 * ((t + r - 2) % 3 + 1),
                trays=tuple(range(7 * ((t - r) % 3) + 1, 7 * ((t - r) % 3) + 8)),
            )
            for t in range(1, 4)
        )
        rounds.append(Round(number=r, tables=tables))
    return Movement(family="mitchell", entrants=6, tables=3, trays=21, rounds=tuple(rounds))


@pytest.fixture
def trays21(empty_session: Session, roster16: list[Player]) -> Session:
    pair_up(empty_session, roster16[:12])
    seating.movement_fix(session=empty_session, movement=mitchell_21_trays())
    return empty_session


def stored(session: Session) -> list[tuple[int, str, str, str]]:
    """Every tray's (number, hands, dealer, trump)."""
    return list(
        Deal.objects.filter(tray__session=session)
        .order_by("tray__number")
        .values_list("tray__number", "hands", "dealer", "trump")
    )


def upload(director_client: Client, session: Session, data: bytes) -> Any:
    url = reverse("director:pbn_import", args=[session.pk])
    return director_client.post(url, {"file": SimpleUploadedFile("deals.pbn", data)})


def test_a_bridge_file_puts_each_board_on_its_tray_and_says_what_it_left(trays21: Session) -> None:
    done = pbn_services.pbn_import(session=trays21, text=(OTHER_PROGRAMS / "example2.pbn").read_bytes())
    assert done.count == 10
    deal = Deal.objects.get(tray__session=trays21, tray__number=11)
    assert (deal.dealer, deal.trump) == ("S", "")
    assert deal.hands == "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"
    assert done.notes[0].startswith("Not taken, as a whist tray has no use for them: Auction, Competition")
    assert done.notes[1:] == [
        "Given in several games with the same deal, taken once: boards 11-20.",
        "No trump card for trays 11-20: the dealer turns the last card at the table (Law III) "
        "and it is recorded with the first result.",
    ]
    assert ActionLog.objects.filter(session=trays21, action="pbn.import").count() == 1
    exported = pbn_services.pbn_export(session=trays21).encode("iso-8859-1")
    assert check_export(exported) == [] and exported.count(b"[Deal ") == 10


def test_a_file_of_megabytes_is_refused_before_it_is_read(director_client: Client, trays21: Session) -> None:
    response = upload(director_client, trays21, b"; padding\n" * 200_000)
    assert response.context["form"].errors["file"] == [
        "The file has 2,000,000 bytes; a PBN file may have at most 1,000,000 (setting PBN_MAX_BYTES)."
    ]


def test_a_request_larger_than_the_server_reads_is_refused_unread(
    director_client: Client, trays21: Session
) -> None:
    """Past REQUEST_MAX_BYTES the whole request is refused (413) before any of it is read: the form never
    sees the file."""
    response = upload(director_client, trays21, b"; padding\n" * 300_000)
    assert response.status_code == 413 and "REQUEST_MAX_BYTES" in response.content.decode()


def test_a_board_with_no_tray_refuses_the_whole_file_and_stores_nothing(trays21: Session) -> None:
    deals.trays_deal(session=trays21, rng=random.Random(5))
    before = stored(trays21)
    text = f'[Board "2"]\n[Deal "{DEAL}"]\n\n[Board "22"]\n[Deal "{DEAL}"]\n'
    with pytest.raises(UserError) as refusal:
        pbn_services.pbn_import(session=trays21, text=text)
    assert refusal.value.message == "Board 22 (line 5): this session has no tray 22 (its trays: 1-21)."
    assert stored(trays21) == before


def test_an_export_is_valid_export_format_and_reads_back_the_same(trays21: Session) -> None:
    deals.trays_deal(session=trays21, rng=random.Random(7))
    data = pbn_services.pbn_export(session=trays21).encode("iso-8859-1")
    assert check_export(data) == []
    reading = read_deals(data)
    expected = [(n, read_deal(h).hands, d, t) for n, h, d, t in stored(trays21)]
    assert [(x.board, x.hands, x.dealer, x.trump) for x in reading.deals] == expected
    assert all(f'[Deal "{d}:' in data.decode("iso-8859-1") for _, _, d, _ in stored(trays21))


def test_the_export_carries_the_double_dummy_tricks_when_known(trays21: Session) -> None:
    deals.trays_deal(session=trays21, rng=random.Random(7))
    Deal.objects.filter(tray__session=trays21, tray__number=3).update(
        double_dummy={"trump": "C", "leader": "W", "ns": 6, "ew": 7}
    )
    text = pbn_services.pbn_export(session=trays21)
    assert "{Double dummy, clubs trumps, West leads: N-S 6 tricks, E-W 7}" in text
    assert text.count("{Double dummy") == 1
    assert check_export(text.encode("iso-8859-1")) == []


def test_in_a_draft_a_file_without_trump_cards_leaves_them_to_the_table(trays21: Session) -> None:
    deals.trays_deal(session=trays21, rng=random.Random(3))
    pbn_services.pbn_import(session=trays21, text=f'[Board "1"]\n[Dealer "S"]\n[Deal "{DEAL}"]\n')
    assert stored(trays21)[0] == (1, DEAL, "S", "")


def test_once_play_began_the_trump_recorded_at_the_table_stays(trays21: Session) -> None:
    session = sessions.session_start(session=trays21)
    tray = session.trays.get(number=1)
    deals.deal_record(tray=tray, trump="3D", dealer="S")
    pbn_services.pbn_import(session=session, text=f'[Board "1"]\n[Deal "{DEAL}"]\n')
    assert stored(session)[0] == (1, DEAL, "S", "3D")
    with pytest.raises(UserError) as refusal:
        pbn_services.pbn_import(session=session, text=f'[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n')
    assert refusal.value.message == (
        "Board 1 (line 3): the trump card recorded at the table, 3♦, is not in the dealer's (North's) hand."
    )


def test_the_trays_page_imports_and_tells_what_it_left(director_client: Client, trays21: Session) -> None:
    text = f'[Board "4"]\n[Dealer "S"]\n[Deal "{DEAL}"]\n[Contract "4S"]\n[Trump "D3"]\n'
    response = upload(director_client, trays21, text.encode("iso-8859-1"))
    assert response.status_code == 302
    page = director_client.get(response["Location"])
    assert "Imported 1 deal from the PBN file. Not taken, as a whist tray has no use for them: Contract." in (
        page.content.decode()
    )
    assert stored(trays21)[3] == (4, DEAL, "S", "3D")


def test_the_trays_page_lists_every_problem_under_the_file(director_client: Client, trays21: Session) -> None:
    text = f'[Board "²"]\n[Deal "{DEAL}"]\n\n[Board "5"]\n[Deal "N:- - - -"]\n'
    response = upload(director_client, trays21, text.encode("utf-8"))
    assert response.status_code == 200
    assert response.context["form"].errors["file"] == [
        "Game 1 (line 2): the board number '²' is not a whole number from 1 to 9999.",
        "Board 5 (line 5): no hand is given; a tray needs all four hands (three, and the fourth follows).",
    ]


HOSTILE = [
    b'[Board "\xc2\xb2"]\n[Deal "' + DEAL.encode() + b'"]\n',
    b'[Board "' + b"9" * 5000 + b'"]\n[Deal "' + DEAL.encode() + b'"]\n',
    b'[Board "1"]\n[Deal "' + b"N:" + b"A" * 10000 + b'"]\n',
    bytes(range(256)) * 8,
    random.Random(15).randbytes(20000),
    '[Board "1"]\n[Deal "x"]'.encode("utf-16"),
    '[Board "1"]\n[Deal "x"]'.encode("utf-32"),
    b"[" * 50000,
    b"{" + b"x" * 1000,
    b'[Board "1"]\n[Deal "' + DEAL.encode() + b'"]\n[Trump "\xff\xfe"]\n',
    b'[Board "1"][Deal "' + DEAL.encode() + b'"][Dealer "\x00"]',
    b"",
]


@pytest.mark.parametrize("data", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_files_get_a_clear_refusal_on_the_page_and_the_api(
    director_client: Client, director: Any, trays21: Session, data: bytes
) -> None:
    before = stored(trays21)
    response = upload(director_client, trays21, data)
    assert response.status_code == 200 and response.context["form"].errors["file"]
    text = data.decode("iso-8859-1")
    api = token_client(director).post(f"/api/v1/sessions/{trays21.pk}/pbn/", {"pbn": text}, format="json")
    assert api.status_code == 400 and api.json()["pbn"][0]
    assert stored(trays21) == before


def test_nul_characters_through_the_api_are_refused(director: Any, trays21: Session) -> None:
    api = token_client(director).post(f"/api/v1/sessions/{trays21.pk}/pbn/", {"pbn": "[\x00"}, format="json")
    assert api.status_code == 400


@override_settings(PBN_MAX_BYTES=2000)
def test_a_file_over_the_size_cap_is_refused_with_the_setting_named(
    director_client: Client, director: Any, trays21: Session
) -> None:
    big = (f'[Board "1"]\n[Deal "{DEAL}"]\n' + "; padding\n" * 300).encode()
    response = upload(director_client, trays21, big)
    expected = f"The file has {len(big):,} bytes; a PBN file may have at most 2,000 (setting PBN_MAX_BYTES)."
    assert response.context["form"].errors["file"] == [expected]
    url = f"/api/v1/sessions/{trays21.pk}/pbn/"
    api = token_client(director).post(url, {"pbn": big.decode()}, format="json")
    assert api.status_code == 400 and api.json()["pbn"] == [expected]


def test_a_body_beyond_the_request_limit_is_refused_not_an_error(director: Any, trays21: Session) -> None:
    body = {"pbn": "; x\n" * 800_000}
    api = token_client(director).post(f"/api/v1/sessions/{trays21.pk}/pbn/", body, format="json")
    assert 400 <= api.status_code < 500


def test_the_api_answers_the_count_and_what_was_left(director: Any, trays21: Session) -> None:
    text = f'[Board "2"]\n[Dealer "S"]\n[Deal "{DEAL}"]\n[Result "9"]\n'
    api = token_client(director).post(f"/api/v1/sessions/{trays21.pk}/pbn/", {"pbn": text}, format="json")
    assert api.json() == {
        "count": 1,
        "notes": [
            "Not taken, as a whist tray has no use for them: Result.",
            "No trump card for tray 2: the dealer turns the last card at the table (Law III) "
            "and it is recorded with the first result.",
        ],
    }


def test_another_clubs_director_gets_404_on_pbn(stranger_client: Client, trays21: Session) -> None:
    assert stranger_client.get(reverse("director:pbn_export", args=[trays21.pk])).status_code == 404
    response = upload(stranger_client, trays21, f'[Board "1"]\n[Deal "{DEAL}"]\n'.encode())
    assert response.status_code == 404


def test_the_download_is_iso_8859_1_with_crlf(director_client: Client, trays21: Session) -> None:
    deals.trays_deal(session=trays21, rng=random.Random(2))
    trays21.title = "Soirée du lundi"
    trays21.save()
    response = director_client.get(reverse("director:pbn_export", args=[trays21.pk]))
    assert response["Content-Type"] == "application/x-pbn; charset=iso-8859-1"
    assert b'[Event "Soir\xe9e du lundi"]\r\n' in response.content
    assert check_export(response.content) == []


def test_a_deal_recorded_by_hand_may_give_three_hands(trays21: Session) -> None:
    partial = "N:.63.AKQ987.A9732 - J973.J98742.3.K4 KQT2.AT.J6542.85"
    deal = deals.deal_record(tray=trays21.trays.get(number=1), hands=partial)
    assert deal.hands == DEAL
    assert deal_notation(read_deal(DEAL).hands, first="S").startswith("S:J973")


def test_today_a_dealt_session_dates_its_export(trays21: Session) -> None:
    deals.trays_deal(session=trays21, rng=random.Random(2))
    assert f'[Date "{trays21.date:%Y.%m.%d}"]' in pbn_services.pbn_export(session=trays21)
    assert trays21.date == dt.date(2026, 11, 2)
