"""The hall's screen: the board and the running score for a projector, as every entrant may see them alike."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from entry.selectors.screen import hall_screen
from tests.sends import result_submit
from tournaments.models import Session

pytestmark = pytest.mark.django_db


def _send(session: Session, table: int, rnd: int, tricks: int = 7) -> None:
    tray = session.rounds.get(number=rnd).seatings.get(table__number=table).trays.get().number
    result_submit(table=session.tables.get(number=table), tray_number=tray, ns_tricks=tricks)


def test_the_screen_shows_each_tables_progress_and_no_count(
    director_client: Client, running_session: Session
) -> None:
    _send(running_session, 1, 1, tricks=11)
    page = director_client.get(reverse("run:screen", args=[running_session.pk])).content.decode()
    assert "Table 1" in page and page.count("0 of 1 tray sent") == 3
    shown = page.split("<main", 1)[1].replace("Player 11", "")  # a name on the screen's "Where to go"
    assert "11" not in shown, "no count of a tray reaches the room's screen"
    assert "js/screen.js" in page, "it reads itself again"
    board = director_client.get(reverse("run:board", args=[running_session.pk])).content.decode()
    assert reverse("run:screen", args=[running_session.pk]) in board


def test_the_running_score_shows_as_the_tables_see_it(
    director_client: Client, running_session: Session
) -> None:
    url = reverse("run:screen", args=[running_session.pk])
    assert hall_screen(session=running_session).running is None, (
        "off unless the director lets the tables see it"
    )
    assert "The standings come at the end" in director_client.get(url).content.decode()
    running_session.show_running_score, running_session.running_score_hidden_rounds = True, 0
    running_session.save()
    assert hall_screen(session=running_session).running == [], "no tray is complete yet"
    for rnd in (1, 2, 3):
        for table in (1, 2, 3):
            _send(running_session, table, rnd, tricks=5 + table)
    screen = hall_screen(session=running_session)
    assert screen.all_in and screen.clock is None and screen.running and screen.complete_trays == 3
    page = director_client.get(url).content.decode()
    assert "Every tray is in" in page and "Over the 3 trays" in page
    running_session.running_score_hidden_rounds = 1
    running_session.save()
    assert hall_screen(session=running_session).running is None, "hidden in the last round, as at the tables"


def test_the_screen_is_the_directors_alone(client: Client, running_session: Session) -> None:
    response = client.get(reverse("run:screen", args=[running_session.pk]))
    assert response.status_code == 302 and "/login/" in response["Location"]
