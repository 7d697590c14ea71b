"""A substitute in a whist drive (p. 24) plays for the player it replaced, change after change.

The drive's seats are the players' numbers: the substitute's deals count for
the player it sits for, that player's own link answers with them, and the
next change, drawn from the results, seats the substitute again.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.api.helpers import token_client
from tests.drive.conftest import send_first_change
from tournaments.models import DriveChange, EntrantLink, Player, Seat, Session
from tournaments.services.running import seat_substitute

pytestmark = pytest.mark.django_db


def test_a_whist_drive_substitute_answers_on_the_players_link_and_sits_again_next_change(
    drive_of: Callable[..., Session], roster: list[Player]
) -> None:
    session = drive_of(tables=2, changes=3)
    first = DriveChange.objects.get(session=session, number=1).seating["1"]
    link = EntrantLink.objects.get(session=session, entrant__number=first["N"])
    leaving = link.entrant.members.get().player
    spare = roster[-1]
    seat_substitute(session=session, player_out=leaving, player_in=spare, from_round=1)
    api = token_client(session.club.directors.first())
    for sent in send_first_change(session):
        assert sent.status_code == 201
    page = APIClient().get(f"/api/v1/entrant-links/{link.token}/drive/")
    assert page.status_code == 200
    assert [row["points"] for row in page.json()["card"]] == [2]
    standings = api.get(f"/api/v1/sessions/{session.pk}/standings/").json()
    assert {e["entrant"] for e in standings["entrants"]} == set(range(1, 9))
    seat = Seat.objects.get(round__session=session, round__number=2, entrant=link.entrant)
    assert (seat.player_id, seat.plays_for_id) == (spare.pk, leaving.pk)


def test_a_drive_player_who_has_not_come_is_not_made_a_phantom(drive_of: Callable[..., Session]) -> None:
    session = drive_of(tables=2, changes=2)
    api = token_client(session.club.directors.first())
    refused = api.post(f"/api/v1/sessions/{session.pk}/entrants/1/phantom/")
    assert refused.status_code == 400
    assert "seat a substitute" in str(refused.json())
    link = EntrantLink.objects.get(session=session, entrant__number=1)
    assert not link.entrant.is_phantom
    assert APIClient().get(f"/api/v1/entrant-links/{link.token}/drive/").status_code == 200


def test_the_drives_tables_page_offers_a_substitute_and_no_phantom(
    drive_of: Callable[..., Session], director_client: Client, running_session: Session
) -> None:
    drive = drive_of(tables=2, changes=2)
    page = director_client.get(reverse("run:tables", args=[drive.pk])).content.decode()
    assert 'id="substitute-form"' in page
    assert "A late pair" not in page and 'id="phantom-form"' not in page
    pairs = director_client.get(reverse("run:tables", args=[running_session.pk])).content.decode()
    assert 'id="phantom-form"' in pairs


def test_a_seat_left_empty_before_phantoms_were_refused_still_answers(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=2, changes=2)
    send_first_change(session)
    Seat.objects.filter(round__session=session, entrant__number=1).update(player=None)  # as a phantom did
    for link in EntrantLink.objects.filter(session=session):
        assert APIClient().get(f"/api/v1/entrant-links/{link.token}/drive/").status_code == 200
