"""A mnemonic sitting in the words its players and director read (pp. 25-27, 66).

The app seats the overplay at "table 2", the same table of the room played a
second time (``services.mnemonic``): nobody goes anywhere, the trays stay,
and the table has no link of its own, which is no revocation. Trays bound
for one place are named in one line, at any movement.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from tests.mnemonic.test_mnemonic_session import send
from tests.phones import Phone
from tournaments.models import Club, Session
from tournaments.services import club as club_services
from tournaments.services import seating, sessions

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    html = re.sub(r"<(script|style).*?</\1>", "", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").replace("&amp;", "&")


def after_the_original_play(session: Session) -> None:
    for tray in range(1, session.trays_count + 1):
        send(session, tray, 7)


def test_after_the_original_play_the_phone_keeps_its_table_and_names_the_trays_once(
    mnemonic_of: Callable[..., Session],
) -> None:
    session = mnemonic_of(deals_count=16)
    after_the_original_play(session)
    phone = Phone.following(session, 1)
    move = phone.state().json()["move"]
    assert [(line["who"], line["text"]) for line in move["lines"]] == [
        ("North", "Stay at this table for the overplay: sit East, holding an adversary's hand"),
        ("Trays 1–16", "Keep them on this table for the overplay"),
    ]
    page = text(phone.page().content.decode())
    assert "Go to Table 2" not in page and "Take it to Table 2" not in page
    assert page.count("Keep them on this table for the overplay") == 1


def test_the_individual_record_exchanges_seats_at_the_one_table(
    mnemonic_of: Callable[..., Session],
) -> None:
    """South and East exchange after the first third (p. 26 note): at the same table, not "Go to Table 1"."""
    session = mnemonic_of(deals_count=6, variant="individual")
    for tray in (1, 2):
        send(session, tray, 7)
    lines = Phone.following(session, 3).state().json()["move"]["lines"]  # player 3 sat South
    assert lines[0]["text"] == "Stay at this table, sit East"
    assert lines[1] == {
        "who": "Trays 1, 2",
        "names": "",
        "text": "Keep them on this table for the overplay",
        "entrant": None,
    }


def test_trays_bound_for_one_table_are_one_line_at_any_movement(club: Club) -> None:
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 5), title="Howell")
    people = [club_services.player_create(club=club, name=f"H{i}") for i in range(1, 17)]
    for a, b in zip(people[0::2], people[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="howell", deals=21)
    session = sessions.session_start(session=session)
    phone = Phone.at(session.tables.get(number=1))
    trays = [t["number"] for t in phone.state().json()["now"]["trays"]]
    for tray in trays:
        assert phone.send(tray, 7).status_code == 201
    lines = phone.state().json()["move"]["lines"]
    tray_lines = [line for line in lines if line["who"].startswith("Tray")]
    assert trays == [1, 8, 15]  # the Howell's plan 3 (p. 39): a set of three trays, all to one table next
    assert tray_lines == [
        {"who": "Trays 1, 8, 15", "names": "", "text": "Take them to Table 4", "entrant": None}
    ]


def test_the_tables_page_says_what_the_overplay_table_is_and_gives_it_no_link(
    director_client: Client, mnemonic_of: Callable[..., Session]
) -> None:
    session = mnemonic_of(deals_count=4)
    page = director_client.get(reverse("run:tables", args=[session.pk])).content.decode()
    row = text(re.search(r'<tr id="link-2">.*?</tr>', page, flags=re.S).group(0))
    assert "revoked" not in row and "New link" not in row
    assert "The overplay of Table 1: the same table, its second play" in row
    overview = text(director_client.get(reverse("director:session", args=[session.pk])).content.decode())
    assert "Table 2 The overplay of Table 1" in overview and "revoked" not in overview
    response = director_client.post(
        reverse("run:table_link", args=[session.pk, 2]),
        {"do": "new", "next": reverse("run:tables", args=[session.pk])},
        follow=True,
    )
    assert "Table 2 is the overplay of Table 1" in text(response.content.decode())
    assert session.tables.get(number=2).token_revoked


def test_the_close_page_names_the_players_of_each_side(
    director_client: Client, mnemonic_of: Callable[..., Session]
) -> None:
    session = mnemonic_of(deals_count=2)
    send(session, 1, 7)
    page = text(director_client.get(reverse("run:close", args=[session.pk])).content.decode())
    assert "— N-S v — E-W" not in page
    assert (
        "Table 1, tray 1 (round 1) : Player 1 & Player 3 N-S v Player 2 & Player 4 E-W. N-S entered 7" in page
    )
