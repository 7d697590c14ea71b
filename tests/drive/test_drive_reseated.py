"""A session is a whist drive exactly while its movement is a drive's (p. 24): told by its movement alone.

A drive set up and then seated by another movement from the session's own page used to keep its drive's
options, and was a drive to some pages (the table's code showed no card, and sent a player who said who
he was on to a drive's page) and not to others (the duplicate phone's page and its sends took trays).
The movement the director chose last now decides, everywhere, and the log says the drive ended. A
movement cleared (the players no longer fit the drive) keeps the options, to draw the drive again; a
drive's movement comes only from the drive's set-up.
"""

from __future__ import annotations

import datetime as dt
import importlib
import random
from typing import Any

import pytest
from django.apps import apps
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from tests.drive.conftest import make_drive
from tournaments.link_reads import LinkRead, link_by_token
from tournaments.models import ActionLog, Club, Drive, EntrantLink, Player, Session
from tournaments.movements.drive import DRIVE_METHODS, seats_by_results
from tournaments.selectors import seated_by_results
from tournaments.services import sessions
from tournaments.services.drive import draw_seating, drive_setup, first_movement
from tournaments.services.seating import movement_fix
from tournaments.services.setup import movement_clear

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("method", DRIVE_METHODS)
def test_the_first_and_second_methods_are_a_drive_s_movements(method: str) -> None:
    assert seats_by_results("progressive", method)


@pytest.mark.parametrize(
    ("family", "variant"),
    [
        ("progressive", "third"),
        ("progressive", "fourth"),
        ("individual", ""),
        ("mitchell", "first"),
        ("", ""),
    ],
)
def test_every_other_movement_is_not_a_drive_s(family: str, variant: str) -> None:
    assert not seats_by_results(family, variant)


def test_whether_a_session_is_a_drive_is_told_without_a_read(club: Club, roster: list[Player]) -> None:
    """The table's link asks it on every look (and a phone's send, of a drive): it costs no query."""
    drive = make_drive(club, roster, tables=2)
    read = link_by_token(EntrantLink.objects.filter(session=drive).first().token)  # type: ignore[union-attr]
    assert isinstance(read, LinkRead)
    with CaptureQueriesContext(connection) as context:
        told = seated_by_results(read.session), seated_by_results(Session.objects.get(pk=drive.pk))
    assert told == (True, True) and len(context.captured_queries) == 1  # the Session's own get


def test_a_drive_seated_by_another_movement_on_its_page_is_no_longer_a_drive_anywhere(
    director_client: Client, club: Club, roster: list[Player]
) -> None:
    session = make_drive(club, roster, tables=2, start=False)
    data = {"family": "individual|", "deals": 14, "scoring_method": "points"}
    answer = director_client.post(reverse("director:setup_movement", args=[session.pk]), data)
    assert answer.status_code == 302, answer.content
    session.refresh_from_db()
    assert session.movement_family == "individual" and not Drive.objects.filter(session=session).exists()
    assert ActionLog.objects.filter(session=session, action="drive.end").count() == 1
    page = director_client.get(reverse("director:setup", args=[session.pk]))
    told = [str(m) for m in page.context["messages"]]
    assert told[0].startswith("Seated by the Individual match") and "no longer a whist drive" in told[0]
    assert reverse("run:drive", args=[session.pk]) not in page.content.decode()
    session = sessions.session_start(session=session)
    table = session.tables.get(number=1)
    place = Client().get(reverse("table:home", args=[table.token]))
    assert not place.context["page"].seated_by_results and place.context["page"].card  # the printed card
    link = EntrantLink.objects.filter(session=session).order_by("entrant__number").first()
    assert link is not None
    phone = Client().get(reverse("phone:home", args=[link.token]))
    assert phone.status_code == 200  # the duplicate phone's page, not sent on to a drive's


def test_a_drive_whose_movement_is_cleared_keeps_its_options_to_draw_it_again(
    director_client: Client, club: Club, roster: list[Player]
) -> None:
    session = make_drive(club, roster, tables=2, start=False, method="second", prizes=2)
    movement_clear(session=session)
    drive = Drive.objects.get(session=session)
    assert (drive.method, drive.prizes) == ("second", 2)
    page = director_client.get(reverse("director:drive_setup", args=[session.pk]))
    assert page.context["form"].initial["method"] == "second"
    assert not ActionLog.objects.filter(session=session, action="drive.end").exists()


def test_a_session_that_was_not_a_drive_is_told_nothing_of_drives(
    director_client: Client, club: Club, roster: list[Player]
) -> None:
    session = make_drive(club, roster, tables=2, start=False)
    movement_fix(session=session, family="individual")
    data = {"family": "individual|", "deals": 28, "scoring_method": "points"}
    director_client.post(reverse("director:setup_movement", args=[session.pk]), data)
    told = [
        str(m) for m in director_client.get(reverse("director:setup", args=[session.pk])).context["messages"]
    ]
    assert told and not any("whist drive" in m for m in told)


def test_a_drive_drawn_again_stays_a_drive_and_only_another_movement_ends_it(
    club: Club, roster: list[Player]
) -> None:
    session = make_drive(club, roster, tables=2, start=False)
    drive_setup(session=session, method="first", changes=5, scoring_method="points", rng=random.Random(7))
    assert Drive.objects.get(session=session).changes == 5
    assert seated_by_results(Session.objects.get(pk=session.pk))
    movement_fix(session=session, family="individual")
    assert not Drive.objects.filter(session=session).exists()
    assert not seated_by_results(Session.objects.get(pk=session.pk))


def test_the_migration_ends_the_drives_of_sessions_seated_otherwise(club: Club, roster: list[Player]) -> None:
    """Before this rule a drive seated by another movement kept its options: the migration ends them,
    and keeps a drive's and those of a session with no movement."""
    kept = make_drive(club, roster[:8], tables=2, start=False)
    reseated = make_drive(club, roster[8:16], tables=2, start=False)
    cleared = make_drive(club, roster[16:24], tables=2, start=False)
    options = {f.name: getattr(Drive.objects.get(session=kept), f.name) for f in Drive._meta.fields}
    Session.objects.filter(pk=reseated.pk).update(movement_family="individual", movement_variant="")
    Session.objects.filter(pk=cleared.pk).update(movement_family="", movement_variant="")
    migration: Any = importlib.import_module("tournaments.migrations.0025_drive_agrees_with_movement")
    migration.end_drives_seated_otherwise(apps, None)
    left = set(Drive.objects.values_list("session_id", flat=True))
    assert {kept.pk, cleared.pk} <= left and reseated.pk not in left
    assert {f.name: getattr(Drive.objects.get(session=kept), f.name) for f in Drive._meta.fields} == options
    assert migration.DRIVE_METHODS == DRIVE_METHODS


def test_a_drive_s_movement_sent_as_json_is_refused_and_changes_nothing(
    club: Club, roster: list[Player], director: Any
) -> None:
    """A drive's later changes follow the results: its movement comes only from its set-up, never as
    movement JSON through the API (which made a session a drive to the phones with no drive to play)."""
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 5), title="Own", entrant_kind="individuals"
    )
    for player in roster[:8]:
        sessions.entrant_create(session=session, players=[player])
    movement_fix(session=session, family="individual")
    seats = draw_seating(list(range(1, 9)), "first", {}, rng=random.Random(3))
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/sessions/{session.pk}/movement/"
    answer = api.post(url, {"movement": first_movement(seats, "first", 6).to_json()}, format="json")
    assert answer.status_code == 400 and "set the session up as a whist drive" in str(
        answer.json()["movement"]
    )
    session.refresh_from_db()
    assert (session.movement_family, session.rounds.count()) == ("individual", 7)
    assert not seated_by_results(session) and not Drive.objects.filter(session=session).exists()
