"""The table page: where we are, the trays with their trump cards, the move in the book's words."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client

from scoring.display import card_view as trump_view
from scoring.display import number as book_number
from tournaments.models import Club, Deal, Session
from tournaments.services import club as club_services
from tournaments.services import seating, sessions

pytestmark = pytest.mark.django_db


@pytest.fixture
def howell_8(club: Club) -> Session:
    """Eight pairs seated by the engine's Howell (p. 39), running."""
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 5), title="Howell")
    people = [club_services.player_create(club=club, name=f"H{i}") for i in range(1, 17)]
    for a, b in zip(people[0::2], people[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="howell")
    return sessions.session_start(session=session)


def test_it_shows_where_we_are(phone: Any, running_session: Session) -> None:
    Deal.objects.filter(tray__session=running_session, tray__number=1).update(trump="KC")
    response = phone.page()
    html = response.content.decode()
    assert "Table 1" in html and "Round 1<small> of 3</small>" in html
    for name, tag in (("Player 1", "Pair 1"), ("Player 2", "Pair 1"), ("Player 3", "Pair 2")):
        assert name in html and tag in html
    assert 'title="Trump: king of clubs"' in html and "<b>K</b><i>♣</i>" in html
    assert html.count('class="trick"') == 14
    assert response["Cache-Control"] == "no-store"
    first = Client().get(f"/t/{running_session.tables.get(number=1).token}/")  # a phone's first scan
    assert first.cookies["cw_device"].value and first["Cache-Control"] == "no-store"


def test_the_page_is_light(phone: Any) -> None:
    html = phone.page().content.decode()
    assert len(html.encode()) < 40_000
    scripts = [line for line in html.splitlines() if "<script" in line]
    assert sorted(scripts) == [
        '<script src="/static/js/clock.js" defer></script>',  # the round's clock and the call (_call.html)
        '<script src="/static/js/table.js" defer></script>',
    ]


def test_the_move_is_given_in_the_books_words(phone: Any, make_phone: Any, running_session: Session) -> None:
    ew = make_phone(running_session.tables.get(number=1), "EW")
    phone.send(1, 8)
    move = phone.state().json()["move"]  # the round it goes to and the next, then the move line by line
    assert (
        move["sentence"]
        == "Round 2: Table 1, North-South, tray 3. Next: round 3, stay at Table 1, North-South."
    )
    assert [line["text"] for line in move["lines"]] == ["Stay at this table", "Take it to Table 2"]
    assert "Stay at this table" in phone.page().content.decode()
    move = ew.state().json()["move"]  # each pair's phone gives its own move, and the trays'
    assert move["sentence"] == "Round 2: Table 3, East-West, tray 2. Next: round 3, Table 2, East-West."
    assert [line["text"] for line in move["lines"]] == ["Go to Table 3, sit East-West", "Take it to Table 2"]


def test_the_howell_move_matches_the_books_movement_card(howell_8: Session, make_phone: Any) -> None:
    # p. 39, Eight Pairs, Table 2: "NORTH — Go next to Table 4, East. (Take deal just played to Table 1.)"
    phone = make_phone(howell_8.tables.get(number=2))
    assert phone.send(4, 7).status_code == 201
    move = phone.state().json()["move"]
    assert move["sentence"].startswith("Round 2: Table 4, East-West, tray 1. Next: round 3")
    assert [line["text"] for line in move["lines"]] == ["Go to Table 4, sit East-West", "Take it to Table 1"]


def test_the_move_follows_the_table_round_by_round(phone: Any) -> None:
    phone.send(1, 8)
    assert phone.state().json()["move"]["after_round"] == 1
    phone.send(3, 6)
    state = phone.state().json()
    assert state["move"]["after_round"] == 2 and state["just_played"]["number"] == 2
    assert state["now"]["number"] == 3


def test_tables_wait_for_the_directors_call_when_they_do_not_advance(
    phone: Any, running_session: Session
) -> None:
    Session.objects.filter(pk=running_session.pk).update(tables_advance=False)
    assert phone.state().json()["move"] is None
    phone.send(1, 8)
    state = phone.state().json()
    assert state["round"] == 1 and state["move"]["wait_for_director"] is True
    assert "when the director calls it" in phone.page().content.decode()
    sessions.session_advance(session=running_session)
    state = phone.state().json()
    assert state["round"] == 2 and state["now"]["trays"][0]["can_send"] is True


def test_the_last_round_ends_with_thanks(phone: Any) -> None:
    for tray in (1, 3, 2):
        assert phone.send(tray, 7).status_code == 201
    state = phone.state().json()
    assert state["finished"] is True and state["move"] is None and state["now"] is None
    assert "You have played all your rounds" in phone.page().content.decode()


def test_the_state_stamp_moves_with_this_table_only(
    phone: Any, make_phone: Any, running_session: Session
) -> None:
    before = phone.state().json()["stamp"]
    assert phone.state().json()["stamp"] == before
    make_phone(running_session.tables.get(number=2)).send(2, 6)
    assert phone.state().json()["stamp"] == before, "another table's send says nothing to this one"
    phone.send(1, 7)
    assert phone.state().json()["stamp"] != before


def test_the_partial_refresh_is_the_main_part_alone(phone: Any) -> None:
    html = phone.page(**{"X-Table-Partial": "1"}).content.decode()
    assert html.lstrip().startswith('<div id="main-inner"') and "<html" not in html


def test_a_session_not_started_says_so(draft_session: Session, make_phone: Any) -> None:
    seating.movement_fix(session=draft_session, family="mitchell")
    phone = make_phone(draft_session.tables.get(number=1))
    html = phone.page().content.decode()
    assert "has not started yet" in html and 'data-action="send"' not in html
    assert phone.send(1, 8).status_code == 400


def test_a_closed_session_shows_no_forms(phone: Any, running_session: Session) -> None:
    phone.send(1, 8)
    sessions.session_set_status(session=running_session, status="closed")
    html = phone.page().content.decode()
    assert "results are no longer taken" in html
    assert 'data-action="send"' not in html and 'data-action="confirm"' not in html


@pytest.mark.parametrize(
    ("card", "words"), [("KC", "king of clubs"), ("TH", "ten of hearts"), ("10D", "ten of diamonds")]
)
def test_trump_cards_read_as_printed(card: str, words: str) -> None:
    view = trump_view(card)
    assert view is not None and view.words == words
    assert trump_view("") is None and trump_view("ZZ") is None


@pytest.mark.parametrize(
    ("value", "plus", "text"),
    [
        ("27/4", False, "6¾"),
        ("-9/4", True, "−2¼"),
        ("5/7", True, "+⁵⁄₇"),
        ("3", True, "+3"),
        ("0", True, "0"),
    ],
)
def test_scores_read_as_mixed_numbers(value: str, plus: bool, text: str) -> None:
    assert book_number(value, plus=plus) == text
