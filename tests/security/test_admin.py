"""The Django admin: slip lines only to read (their history is kept by the services), and scoped by club."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from scoring.models import ScoreSnapshot, SlipLine, SlipLineVersion
from tests.sends import result_submit
from tournaments.models import ActionLog, Club, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser_client(client: Client, django_user_model: Any) -> Client:
    client.force_login(
        django_user_model.objects.create_superuser("root", "root@example.org", "pw-tests-only")
    )
    return client


@pytest.fixture
def staff_director(director: Any, club: Club) -> Client:
    """The club's director as staff with every model permission: what the admin shows is their club's."""
    director.is_staff = True
    director.save()
    director.user_permissions.set(Permission.objects.all())
    client = Client()
    client.force_login(director)
    return client


@pytest.fixture
def other_club() -> Club:
    other = club_services.club_create(name="Rival Whist Club", slug="rival")
    club_services.player_create(club=other, name="Rival Player")
    sessions.session_create(club=other, date=dt.date(2026, 11, 2), title="Rival pairs")
    return other


def sent_line(session: Session) -> SlipLine:
    return result_submit(table=session.tables.get(number=1), tray_number=1, ns_tricks=8).line


def test_a_slip_line_cannot_be_edited_added_or_deleted_in_the_admin(
    superuser_client: Client, running_session: Session
) -> None:
    line = sent_line(running_session)
    url = f"/admin/scoring/slipline/{line.pk}/change/"
    page = superuser_client.get(url)
    assert page.status_code == 200  # shown, to read
    assert b"View slip line" in page.content and b'name="ns_tricks"' not in page.content
    posted = superuser_client.post(url, {"ns_tricks": "13", "status": "confirmed", "version": "1"})
    assert posted.status_code == 403
    assert superuser_client.get("/admin/scoring/slipline/add/").status_code == 403
    assert (
        superuser_client.post(f"/admin/scoring/slipline/{line.pk}/delete/", {"post": "yes"}).status_code
        == 403
    )
    line.refresh_from_db()
    assert (line.ns_tricks, line.version) == (8, 1) and not SlipLineVersion.objects.exists()


def test_snapshots_and_the_action_log_are_read_only(
    superuser_client: Client, running_session: Session
) -> None:
    snapshot = ScoreSnapshot.objects.create(session=running_session, method="trick", scores={})
    posted = superuser_client.post(f"/admin/scoring/scoresnapshot/{snapshot.pk}/change/", {"scores": "{}"})
    assert posted.status_code == 403
    entry = ActionLog.objects.first()
    assert entry is not None
    assert (
        superuser_client.post(f"/admin/tournaments/actionlog/{entry.pk}/delete/", {"post": "yes"}).status_code
        == 403
    )
    assert ActionLog.objects.filter(pk=entry.pk).exists()


def test_a_director_sees_only_their_club_in_the_admin(
    staff_director: Client, club: Club, other_club: Club, running_session: Session
) -> None:
    sent_line(running_session)
    for url, ours, theirs in [
        ("/admin/tournaments/club/", b"Test Whist Club", b"Rival Whist Club"),
        ("/admin/tournaments/player/", b"Player 1", b"Rival Player"),
        ("/admin/tournaments/session/", b"Test pairs", b"Rival pairs"),
    ]:
        page = staff_director.get(url)
        assert page.status_code == 200
        assert ours in page.content and theirs not in page.content, url
    rival = Session.objects.get(club=other_club)
    assert staff_director.get(f"/admin/tournaments/session/{rival.pk}/change/").status_code in (302, 404)
    player = Player.objects.get(club=other_club)
    staff_director.post(
        f"/admin/tournaments/player/{player.pk}/change/", {"name": "Renamed", "club": club.pk}
    )
    player.refresh_from_db()
    assert player.name == "Rival Player"
    assert staff_director.get("/admin/tournaments/club/add/").status_code == 403


def test_a_director_cannot_put_a_row_into_another_club(
    staff_director: Client, club: Club, other_club: Club
) -> None:
    page = staff_director.get("/admin/tournaments/player/add/")
    assert b"Rival Whist Club" not in page.content
    posted = staff_director.post(
        "/admin/tournaments/player/add/", {"name": "Planted", "member_number": "", "club": other_club.pk}
    )
    assert posted.status_code == 200  # the form again, with the club refused
    assert not Player.objects.filter(name="Planted").exists()


def test_a_director_cannot_name_directors(staff_director: Client, club: Club) -> None:
    page = staff_director.get(f"/admin/tournaments/club/{club.pk}/change/")
    assert page.status_code == 200
    assert (
        b"clubdirector_set-TOTAL_FORMS" not in page.content
        or b'name="clubdirector_set-0-user"' not in page.content
    )
