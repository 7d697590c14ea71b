"""The set-up pages' sentences say what is so: no empty brackets, no tray unnamed, no "the Club movement".

From the audit: a session seated by the club's own movement read "Seated by
the Club movement “Eleven pairs, ten rounds” ()", and the eleven-pair
movement page's two Howell plans of equal figures each read "Table 1 starts
with tray ." (Table 1 is the sit-out's there: the first table in play is
Table 2).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import mitchell_three_tables
from tournaments.models import Club, Player, Session
from tournaments.services import designs, sessions, setup

pytestmark = pytest.mark.django_db


def test_a_session_seated_by_the_clubs_movement_says_so_without_empty_brackets(
    director_client: Client, club: Club, draft_session: Session
) -> None:
    kept = designs.club_movement_create(club=club, name="Six pairs", movement=mitchell_three_tables())
    designs.session_seat_by_club_movement(session=draft_session, club_movement=kept)
    page = director_client.get(reverse("director:setup", args=[draft_session.pk])).content.decode()
    assert "<b>Seated by the club&#x27;s movement “Six pairs”</b>" in page
    assert "()" not in page and "the Club movement" not in page
    overview = director_client.get(reverse("director:session", args=[draft_session.pk])).content.decode()
    assert "Seated by the club&#x27;s movement “Six pairs”." in overview
    assert "the Club movement" not in overview


def test_a_book_movement_keeps_its_pages_in_brackets(director_client: Client, draft_session: Session) -> None:
    setup.session_setup_choose(session=draft_session, family="mitchell", deals=6, scoring_method="trick")
    page = director_client.get(reverse("director:setup", args=[draft_session.pk])).content.decode()
    seated = r"<b>Seated by the Mitchell System</b> <span class=\"muted\">\(pp?\. [0-9-]+\)</span>"
    assert re.search(seated, page)


def test_plans_of_equal_figures_name_the_table_and_trays_they_start_with(
    director_client: Client, club: Club
) -> None:
    roster = [Player.objects.create(club=club, name=f"Member {i:02d}") for i in range(22)]
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 29), title="Eleven pairs")
    setup.entrants_add(session=session, rows=[(i, roster[2 * i : 2 * i + 2]) for i in range(11)])
    page = director_client.get(reverse("director:setup", args=[session.pk]), {"deals": 22}).content.decode()
    notes = re.findall(r"it differs only in which trays make up a set: ([^<]*)", page)
    assert len(notes) >= 2, page
    for note in notes:
        assert re.fullmatch(r"Table \d+ starts with trays? \d+(, \d+)*\.", note), note
    assert "Table 2 starts with trays 4, 15." in notes and "Table 2 starts with trays 7, 8." in notes
