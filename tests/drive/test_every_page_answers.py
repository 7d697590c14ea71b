"""Every director's page, print, public page and export answers for a whist drive and a mnemonic sitting.

The new kinds of session go through pages built for duplicate movements
(the live board, the round sheet, the print-outs, the public results): none
may fail on them, before play, in play, or once published.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from entry.services.directing import session_close, session_publish
from entry.services.drive import drive_enter
from entry.services.results import result_confirm
from tests.mnemonic.conftest import make_mnemonic
from tests.sends import result_submit
from tournaments.models import Club, Player, Session
from tournaments.printing.pdf import DOCUMENTS

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def director_urls(session: Session) -> list[str]:
    pk = session.pk
    urls = [
        reverse(n, args=[pk])
        for n in ("director:session", "director:setup", "director:trays", "director:print")
    ]
    urls += [reverse("director:print_page", args=[pk, d]) for d in DOCUMENTS]
    urls += [reverse("director:print_pdf", args=[pk, d]) for d in DOCUMENTS]
    urls += [reverse(n, args=[pk]) for n in ("run:board", "run:board_json", "run:tables", "run:close")]
    urls += [reverse("run:enter", args=[pk, 1]), reverse("run:tray", args=[pk, 1])]
    return urls


def public_urls(session: Session) -> list[str]:
    club, pk = session.club.slug, session.pk
    names = ["session", "travellers", "hands", "results_csv", "results_json", "results_pdf", "deals_pbn"]
    urls = [reverse(f"public:{n}", args=[club, pk]) for n in names]
    return [*urls, reverse("public:tray", args=[club, pk, 1]), reverse("public:card", args=[club, pk, 1])]


def answers(client: Client, urls: list[str]) -> dict[str, int]:
    return {url: client.get(url).status_code for url in urls}


def check(
    director_client: Client, session: Session, play: Callable[[], None], absent: tuple[str, ...] = ()
) -> None:
    """Every page answers before and in play, and once published (``absent``: public pages it has not)."""
    found = answers(director_client, director_urls(session))
    assert all(code < 500 for code in found.values()), found
    play()
    found = answers(director_client, director_urls(session))
    assert all(code in (200, 302) for code in found.values()), found
    session_close(session=Session.objects.get(pk=session.pk))
    session_publish(
        session=Session.objects.get(pk=session.pk), standings=True, travellers=True, hand_records=True
    )
    found = answers(Client(), public_urls(session))
    assert found == {url: 404 if url in absent else 200 for url in found}, found


def test_every_page_answers_for_a_whist_drive(
    director_client: Client, drive_of: Callable[..., Session]
) -> None:
    session = drive_of(tables=3, changes=2)

    def play() -> None:
        for _ in range(2):
            for table in (1, 2, 3):
                drive_enter(session=session, table_number=table, winner="NS", points=table)

    club, pk = session.club.slug, session.pk
    no_slips = (reverse("public:travellers", args=[club, pk]), reverse("public:tray", args=[club, pk, 1]))
    check(director_client, session, play, absent=no_slips)  # a drive has no traveling slips (p. 24)
    assert "Whist drive" in director_client.get(reverse("run:board", args=[session.pk])).content.decode()


def test_every_page_answers_for_a_mnemonic_sitting(
    director_client: Client, club: Club, players: list[Player]
) -> None:
    session = make_mnemonic(club, players, deals_count=2)

    def play() -> None:
        for tray in (1, 2, 1, 2):
            rnd = 1 if not session.slip_lines.filter(tray__number=tray).exists() else 2
            sent = result_submit(
                table=session.tables.get(number=rnd),
                tray_number=tray,
                ns_tricks=7,
                via="director",
                round_number=rnd,
                as_director=True,
            )
            result_confirm(line=sent.line, by="director", as_director=True)

    check(director_client, session, play)
