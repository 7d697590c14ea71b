"""Who may use the site administrator's pages, and what being one opens: both ways, through the test client.

A site administrator makes clubs and their first directors and sees no
club's sessions, players or results; a club's director is refused the
site's pages (404, as for another club's page); nobody logged in is sent
to the login page.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.site_admin.conftest import NEW_CLUB
from tournaments.models import ActionLog, Club, Session
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db


def test_nobody_logged_in_is_sent_to_the_login_page_and_makes_nothing(client: Client, club: Club) -> None:
    assert client.get("/site/")["Location"] == "/accounts/login/?next=/site/"
    posted = client.post("/site/", NEW_CLUB)
    assert posted.status_code == 302 and posted["Location"].startswith("/accounts/login/")
    link = client.post(f"/site/clubs/{club.slug}/directors/1/link/")
    assert link.status_code == 302 and link["Location"].startswith("/accounts/login/")
    assert list(Club.objects.values_list("slug", flat=True)) == ["test"]


def test_a_director_is_refused_the_site_pages_as_if_they_did_not_exist(
    director_client: Client, director: Any, club: Club
) -> None:
    assert director_client.get("/site/").status_code == 404
    assert director_client.post("/site/", NEW_CLUB).status_code == 404
    assert director_client.post(f"/site/clubs/{club.slug}/directors/{director.pk}/link/").status_code == 404
    assert not Club.objects.filter(slug="harbour").exists()
    assert not ActionLog.objects.filter(action__startswith="director.").exists()
    assert b"Clubs of this site" not in director_client.get("/director/").content


def test_a_staff_director_is_no_site_admin(director_client: Client, director: Any) -> None:
    director.is_staff = True
    director.save()
    assert director_client.get("/site/").status_code == 404


def test_a_site_admin_lists_every_club_and_nothing_of_their_sessions_or_players(
    site_admin_client: Client, running_session: Session, stranger_client: Client
) -> None:
    page = site_admin_client.get("/site/")
    assert page.status_code == 200
    body = page.content.decode()
    for shown in ("Test Whist Club", "<code>test</code>", "dir", "Other Club", "<code>other</code>"):
        assert shown in body
    for hidden in ("Test pairs", "Player 1", f"/director/s/{running_session.pk}/", "/director/club/"):
        assert hidden not in body


def test_a_site_admin_who_directs_no_club_is_refused_its_director_pages(
    site_admin_client: Client, running_session: Session
) -> None:
    pk, slug = running_session.pk, running_session.club.slug
    for path in (
        f"/director/club/{slug}/roster/",
        f"/director/club/{slug}/new/",
        f"/director/club/{slug}/series/",
        f"/director/club/{slug}/sims/",
        f"/director/s/{pk}/",
        f"/director/s/{pk}/setup/",
        f"/director/s/{pk}/run/",
        f"/director/s/{pk}/run/tables/",
        f"/director/s/{pk}/print/",
    ):
        assert site_admin_client.get(path).status_code == 404, path
    home = site_admin_client.get("/director/").content.decode()
    assert "Test pairs" not in home and "You direct no club yet." in home and "Clubs of this site" in home
    assert site_admin_client.get(f"/api/v1/sessions/{pk}/").status_code == 404
    assert site_admin_client.get("/api/v1/clubs/").json()["results"] == []


def test_a_superuser_is_a_site_admin_without_being_named(django_user_model: Any) -> None:
    root = django_user_model.objects.create_superuser(username="root", password="pw-for-tests-only")
    client = Client()
    client.force_login(root)
    assert client.get("/site/").status_code == 200


def test_an_inactive_site_admin_is_none(site_admin: Any, site_admin_client: Client) -> None:
    site_admin.is_active = False
    site_admin.save()
    assert site_admin_client.get("/site/").status_code in (302, 404)


def test_a_site_admin_who_also_directs_a_club_runs_it_as_its_director(
    site_admin: Any, site_admin_client: Client, club: Club
) -> None:
    club_services.director_add(club=club, user=site_admin)
    assert site_admin_client.get(f"/director/club/{club.slug}/roster/").status_code == 200
    assert site_admin_client.get("/site/").status_code == 200
