"""The whole way: a site administrator makes a club and its first director, who sets a password by the link
and lands logged in on the club's page; the link works once, dies after ``DIRECTOR_LINK_HOURS``, and a
tampered one is refused, each with a sentence. Every step is in the club's action log."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from infra.logs import mask_tokens
from infra.security import SetPasswordRateThrottle
from tests.site_admin.conftest import GOOD_PASSWORD, NEW_CLUB
from tournaments.models import ActionLog, Club
from tournaments.services import site
from tournaments.services.club import clubs_directed_by

pytestmark = pytest.mark.django_db

LINK = re.compile(r'<code id="director-link">(http://[^<]+)</code>')


def made(site_admin_client: Client, **changes: str) -> tuple[str, Any]:
    """Make the club of ``NEW_CLUB`` (with changes) from the page; the link's path, and the new director."""
    page = site_admin_client.post("/site/", {**NEW_CLUB, **changes})
    assert page.status_code == 200, page.content.decode()
    found = LINK.search(page.content.decode())
    assert found is not None
    path = found.group(1).split("127.0.0.1:8000", 1)[1]
    return path, get_user_model().objects.get(username=changes.get("username", NEW_CLUB["username"]))


def set_password(client: Client, path: str, password: str = GOOD_PASSWORD, again: str | None = None) -> Any:
    """Post a password to a set-password page."""
    return client.post(path, {"password": password, "password_again": password if again is None else again})


def test_a_club_and_its_director_are_made_and_the_link_sets_the_password_once(
    site_admin: Any, site_admin_client: Client, client: Client
) -> None:
    path, nora = made(site_admin_client)
    club = Club.objects.get(slug="harbour")
    assert club.name == "Harbour Whist Club" and list(clubs_directed_by(user=nora)) == [club]
    assert nora.first_name == "Nora Webb" and nora.email == "nora@example.org"
    assert not nora.has_usable_password() and not (nora.is_staff or nora.is_superuser)
    logged = ActionLog.objects.filter(club=club).order_by("id")
    assert [(a.action, a.user) for a in logged] == [
        ("club.create", site_admin),
        ("director.add", site_admin),
        ("director.link", site_admin),
    ]
    assert path not in str([a.data for a in logged])  # the log keeps no live link

    page = client.get(path)
    assert page.status_code == 200 and "Set your password" in page.content.decode()
    assert "no-store" in page["Cache-Control"]
    assert "nora" in page.content.decode() and "Harbour Whist Club" in page.content.decode()

    landed = set_password(client, path)
    assert landed.status_code == 302 and landed["Location"] == "/director/"
    home = client.get("/director/")
    assert home.wsgi_request.user == nora
    assert "Harbour Whist Club" in home.content.decode() and "Your password is set" in home.content.decode()
    nora.refresh_from_db()
    assert nora.check_password(GOOD_PASSWORD)
    assert ActionLog.objects.filter(club=club, action="director.password_set", user=nora).count() == 1

    again = Client()
    refused = again.get(path)
    assert refused.status_code == 404 and "it has been used already" in refused.content.decode()
    posted = set_password(again, path, "another-password-entirely")
    assert posted.status_code == 404 and "it has been used already" in posted.content.decode()
    nora.refresh_from_db()
    assert nora.check_password(GOOD_PASSWORD)
    assert ActionLog.objects.filter(action="director.password_set").count() == 1


def test_a_password_the_validators_refuse_is_refused_with_their_sentences_and_sets_nothing(
    site_admin_client: Client, client: Client
) -> None:
    path, nora = made(site_admin_client)
    for password, again, said in (
        ("123", "123", "This password is too short"),
        ("nora-webb-", "nora-webb-", "too similar"),
        ("password123", "password123", "too common"),
        (GOOD_PASSWORD, GOOD_PASSWORD + "x", "The two passwords differ"),
        ("", "", "Type a password."),
        ("x" * (site.PASSWORD_MAX_CHARS + 1), "", f"at most {site.PASSWORD_MAX_CHARS} characters"),
    ):
        refused = set_password(client, path, password, again)
        assert refused.status_code == 400 and said in refused.content.decode(), said
    nora.refresh_from_db()
    assert not nora.has_usable_password()
    at_the_limit = "trumps-" + "k" * (site.PASSWORD_MAX_CHARS - 7)
    assert set_password(client, path, at_the_limit).status_code == 302


def test_the_link_lasts_its_hours_to_the_second_and_no_longer(
    site_admin_client: Client, client: Client, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.DIRECTOR_LINK_HOURS = 72
    made_at = dt.datetime.now()
    monkeypatch.setattr(site.LINK_TOKENS, "_now", lambda: made_at)
    path, nora = made(site_admin_client)
    monkeypatch.setattr(site.LINK_TOKENS, "_now", lambda: made_at + dt.timedelta(hours=72))
    assert client.get(path).status_code == 200
    monkeypatch.setattr(site.LINK_TOKENS, "_now", lambda: made_at + dt.timedelta(hours=72, seconds=1))
    expired = client.get(path)
    assert expired.status_code == 404
    assert "This link has expired: a link to set a password lasts 72 hours." in expired.content.decode()
    assert set_password(client, path).status_code == 404
    nora.refresh_from_db()
    assert not nora.has_usable_password()


def test_a_new_link_works_where_the_old_one_expired(
    site_admin: Any, site_admin_client: Client, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, nora = made(site_admin_client)
    later = dt.datetime.now() + dt.timedelta(days=5)
    monkeypatch.setattr(site.LINK_TOKENS, "_now", lambda: later)
    assert client.get(old).status_code == 404
    listed = site_admin_client.get("/site/").content.decode()
    assert "no password yet" in listed and f"/site/clubs/harbour/directors/{nora.pk}/link/" in listed
    page = site_admin_client.post(f"/site/clubs/harbour/directors/{nora.pk}/link/")
    found = LINK.search(page.content.decode())
    assert page.status_code == 200 and found is not None
    new = found.group(1).split("127.0.0.1:8000", 1)[1]
    assert set_password(client, new).status_code == 302
    actions = ActionLog.objects.filter(club__slug="harbour", action="director.link").values_list(
        "user", flat=True
    )
    assert list(actions) == [site_admin.pk, site_admin.pk]

    refused = site_admin_client.post(f"/site/clubs/harbour/directors/{nora.pk}/link/")
    assert refused.status_code == 400 and "nora has set a password" in refused.content.decode()
    assert ActionLog.objects.filter(action="director.link").count() == 2
    assert "no password yet" not in site_admin_client.get("/site/").content.decode()


def test_a_new_link_for_no_director_of_that_club_is_a_404(
    site_admin_client: Client, site_admin: Any, director: Any, club: Club
) -> None:
    _, nora = made(site_admin_client)
    assert site_admin_client.post(f"/site/clubs/{club.slug}/directors/{nora.pk}/link/").status_code == 404
    assert site_admin_client.post(f"/site/clubs/nowhere/directors/{nora.pk}/link/").status_code == 404
    assert site_admin_client.post(f"/site/clubs/harbour/directors/{2**70}/link/").status_code == 404
    refused = site_admin_client.post(f"/site/clubs/{club.slug}/directors/{director.pk}/link/")
    assert refused.status_code == 400 and "dir has set a password" in refused.content.decode()


def test_a_tampered_link_is_refused_with_a_sentence(
    site_admin_client: Client, site_admin: Any, client: Client
) -> None:
    path, nora = made(site_admin_client)
    token = path.split("/")[-2]
    uid, _, signed = token.partition(".")
    flipped = signed[:-1] + ("0" if signed[-1] != "0" else "1")
    admins = site.link_path(site_admin).split("/")[-2].partition(".")[0]
    for bad in (
        f"{uid}.{flipped}",
        f"{admins}.{signed}",  # the same token for another user
        f"{uid}{signed}",
        f"{uid}.",
        "x",
        "%00",
        f"{uid}.{'9' * 20}-{signed.split('-')[1]}",
        f"{uid}.{signed}{'a' * 300}",
        "MTE4MDU5MTYyMDcxNzQxMTMwMzQyNA.x-y",  # an id past the database's keys
    ):
        refused = client.get(f"/accounts/welcome/{bad}/")
        assert refused.status_code == 404, bad
        assert "it was not copied whole" in refused.content.decode(), bad
        assert set_password(client, f"/accounts/welcome/{bad}/").status_code == 404
    nora.refresh_from_db()
    assert not nora.has_usable_password()


def test_no_link_takes_over_an_administrators_account(django_user_model: Any, client: Client) -> None:
    root = django_user_model.objects.create_superuser(username="root", password=None)
    path = site.link_path(root)
    assert client.get(path).status_code == 404
    assert set_password(client, path).status_code == 404
    root.refresh_from_db()
    assert not root.has_usable_password()


def test_the_link_is_emailed_when_a_mail_server_is_set(site_admin_client: Client, settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    page = site_admin_client.post("/site/", NEW_CLUB)
    path = LINK.search(page.content.decode()).group(1)  # type: ignore[union-attr]
    assert "The link was e-mailed to nora@example.org." in page.content.decode()
    [sent] = mail.outbox
    assert sent.to == ["nora@example.org"] and path in sent.body and "Harbour Whist Club" in sent.subject


def test_the_link_is_not_written_to_the_console_when_no_mail_server_is_set(
    site_admin_client: Client, settings: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    page = site_admin_client.post("/site/", NEW_CLUB)
    assert page.status_code == 200
    assert "No mail server is set (EMAIL_HOST), so nothing was e-mailed" in page.content.decode()
    assert "/accounts/welcome/" not in capsys.readouterr().out


def test_a_mail_server_that_refuses_leaves_the_club_made_and_says_so(
    site_admin_client: Client, settings: Any
) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2  # nothing listens
    page = site_admin_client.post("/site/", NEW_CLUB)
    assert page.status_code == 200 and LINK.search(page.content.decode())
    assert "The mail server did not take the message" in page.content.decode()
    assert Club.objects.filter(slug="harbour").exists()
    logged = ActionLog.objects.get(action="director.link")
    assert "did not take" in logged.data["mailed"]


def test_the_set_password_page_is_throttled_by_address(
    site_admin_client: Client, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, nora = made(site_admin_client)
    monkeypatch.setattr(
        SetPasswordRateThrottle,
        "THROTTLE_RATES",
        {**SetPasswordRateThrottle.THROTTLE_RATES, "set_password": "3/min"},
    )
    assert [client.get("/accounts/welcome/x/").status_code for _ in range(2)] == [404, 404]
    assert client.get(path).status_code == 200  # the third: at the limit
    refused = set_password(client, path)  # the fourth: past it, the right password or not
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many requests from this address" in refused.content.decode()
    nora.refresh_from_db()
    assert not nora.has_usable_password()
    elsewhere = Client(REMOTE_ADDR="10.0.0.9")
    assert set_password(elsewhere, path).status_code == 302


def test_the_link_is_masked_in_the_request_logs(site_admin_client: Client) -> None:
    path, _ = made(site_admin_client)
    token = path.split("/")[-2]
    assert mask_tokens(f"GET {path} HTTP/1.1") == "GET /accounts/welcome/***/ HTTP/1.1"
    assert token not in mask_tokens(f"Referer: http://hall:8000{path}")
