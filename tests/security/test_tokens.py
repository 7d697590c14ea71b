"""Directors' API tokens: kept as digests, expiring, revoked by a new password and by their owner.

A user holds at most ``API_TOKEN_MAX`` live tokens: past it a new one is refused, none revoked unasked.
"""

from __future__ import annotations

import datetime as dt
from io import StringIO
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.forms import SetPasswordForm
from django.contrib.auth.models import Permission
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tournaments.models import ApiToken, Club
from tournaments.services import club as club_services
from tournaments.services.errors import UserError
from tournaments.services.tokens import token_create, token_digest, token_revoke

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/v1/auth/token/"


def clubs(key: str) -> int:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return int(api.get("/api/v1/clubs/").status_code)


def test_the_token_endpoint_gives_a_key_the_database_does_not_hold(director: Any, club: Club) -> None:
    response = APIClient().post(
        TOKEN_URL, {"username": "dir", "password": "pw-for-tests-only"}, format="json"
    )
    assert response.status_code == 200
    key = response.json()["token"]
    assert clubs(key) == 200
    stored = ApiToken.objects.get(user=director)
    assert stored.digest == token_digest(key) and stored.digest != key
    with connection.cursor() as cursor:  # nowhere in the token's row
        cursor.execute(f"SELECT * FROM {ApiToken._meta.db_table}")
        assert not any(key in str(cell) for row in cursor.fetchall() for cell in row)


def test_each_login_makes_a_new_key_and_the_old_one_still_works(director: Any, club: Club) -> None:
    first, second = token_create(user=director), token_create(user=director)
    assert first != second and clubs(first) == clubs(second) == 200


@override_settings(API_TOKEN_HOURS=1)
def test_an_expired_token_is_refused_and_removed_at_the_next_login(director: Any, club: Club) -> None:
    key = token_create(user=director)
    token = ApiToken.objects.get(digest=token_digest(key))
    assert token.expires_at - timezone.now() <= dt.timedelta(hours=1)
    ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - dt.timedelta(seconds=1))
    assert clubs(key) == 401
    token_create(user=director)
    assert not ApiToken.objects.filter(pk=token.pk).exists()


def test_an_unknown_key_or_an_inactive_user_is_refused(director: Any, club: Club) -> None:
    assert clubs("not-a-key") == 401
    key = token_create(user=director)
    director.is_active = False
    director.save()
    assert clubs(key) == 401


def test_the_command_prints_a_working_key(director: Any, club: Club) -> None:
    out = StringIO()
    call_command("api_token", "dir", stdout=out)
    words = out.getvalue().split()
    assert words[0:2] == ["Generated", "token"] and clubs(words[2]) == 200


def test_the_admin_shows_a_directors_own_tokens_without_their_digests(
    director: Any, club: Club, django_user_model: Any
) -> None:
    other = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    token_create(user=director)
    token_create(user=other)
    director.is_staff = True
    director.save()
    director.user_permissions.set(Permission.objects.all())
    client = Client()
    client.force_login(director)
    page = client.get("/admin/tournaments/apitoken/")
    assert page.status_code == 200
    ours, theirs = ApiToken.objects.get(user=director), ApiToken.objects.get(user=other)
    assert ours.prefix.encode() in page.content and theirs.prefix.encode() not in page.content
    detail = client.get(f"/admin/tournaments/apitoken/{ours.pk}/change/")
    assert detail.status_code == 200 and ours.digest.encode() not in detail.content


# A new password revokes every token of its user, whichever path stores it.

NEW_PASSWORD = "a-new-long-pass-phrase-42"


def by_set_password(user: Any, client: Client) -> None:
    """``set_password`` and ``save``, as a shell or a script does."""
    user.set_password(NEW_PASSWORD)
    user.save()


def by_unusable_password(user: Any, client: Client) -> None:
    """No password at all any more (``set_unusable_password``)."""
    user.set_unusable_password()
    user.save()


def by_the_admins_user_form(user: Any, client: Client) -> None:
    """A superuser sets the user's password on the admin's user page."""
    boss = type(user).objects.create_superuser(username="boss", password="pw-for-tests-only")
    client.force_login(boss)
    url = f"/admin/auth/user/{user.pk}/password/"
    response = client.post(url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert response.status_code == 302, response.content[:500]


def by_djangos_password_change_view(user: Any, client: Client) -> None:
    """The user changes their own password through Django's PasswordChangeView (the admin's)."""
    user.is_staff = True
    user.save()
    client.force_login(user)
    data = {"old_password": "pw-for-tests-only", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    response = client.post("/admin/password_change/", data)
    assert response.status_code == 302, response.content[:500]


def by_the_reset_form(user: Any, client: Client) -> None:
    """The password reset's form (``SetPasswordForm``, behind Django's reset-confirm view)."""
    form = SetPasswordForm(user, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert form.is_valid(), form.errors
    form.save()


def by_the_changepassword_command(user: Any, client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """``manage.py changepassword``, the password typed twice."""
    monkeypatch.setattr("getpass.getpass", lambda prompt="": NEW_PASSWORD)
    call_command("changepassword", user.username, stdout=StringIO())


@pytest.mark.parametrize(
    "change",
    [
        by_set_password,
        by_unusable_password,
        by_the_admins_user_form,
        by_djangos_password_change_view,
        by_the_reset_form,
        by_the_changepassword_command,
    ],
)
def test_a_new_password_revokes_every_token_of_its_user(
    director: Any, club: Club, django_user_model: Any, monkeypatch: pytest.MonkeyPatch, change: Any
) -> None:
    other = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    club_services.director_add(club=club, user=other)
    keys, theirs = [token_create(user=director), token_create(user=director)], token_create(user=other)
    assert [clubs(key) for key in keys] == [200, 200]
    old_hash = director.password
    if change is by_the_changepassword_command:
        change(director, Client(), monkeypatch)
    else:
        change(director, Client())
    director.refresh_from_db()
    assert director.password != old_hash
    assert [clubs(key) for key in keys] == [401, 401]
    assert not ApiToken.objects.filter(user=director).exists()
    assert clubs(theirs) == 200  # another user's tokens stay


def test_a_save_that_keeps_the_password_keeps_the_tokens(director: Any, club: Club) -> None:
    key = token_create(user=director)
    director.first_name = "Dora"
    director.save()
    assert Client().login(username="dir", password="pw-for-tests-only")  # last_login saved alone
    director.set_password("pw-for-tests-only")  # the same password, hashed anew: a new hash all the same
    assert clubs(key) == 200
    director.save(update_fields=["first_name"])  # the new hash not stored: nothing changed
    assert clubs(key) == 200
    director.save()
    assert clubs(key) == 401


def test_a_new_token_after_the_change_works(director: Any, club: Club) -> None:
    token_create(user=director)
    director.set_password(NEW_PASSWORD)
    director.save()
    response = APIClient().post(TOKEN_URL, {"username": "dir", "password": NEW_PASSWORD}, format="json")
    assert response.status_code == 200 and clubs(response.json()["token"]) == 200
    assert ApiToken.objects.filter(user=director).count() == 1


# Tokens are listed and revoked by their owner.

TOKENS_URL = "/api/v1/auth/tokens/"


def as_token(key: str) -> APIClient:
    """An API client sending this key."""
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api


def test_the_list_shows_the_callers_tokens_and_never_a_key_or_digest(
    director: Any, club: Club, django_user_model: Any
) -> None:
    other = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    mine = [token_create(user=director), token_create(user=director)]
    expired = token_create(user=director)
    ApiToken.objects.filter(digest=token_digest(expired)).update(expires_at=timezone.now())
    token_create(user=other)
    for api in (as_token(mine[0]), session_client(director)):
        response = api.get(TOKENS_URL)
        assert response.status_code == 200
        rows = response.json()["results"]
        ours = ApiToken.objects.filter(digest__in=[token_digest(k) for k in mine]).order_by("-pk")
        assert [row["id"] for row in rows] == [t.pk for t in ours]
        assert all(set(row) == {"id", "prefix", "created_at", "expires_at"} for row in rows)
        assert [row["prefix"] for row in rows] == [mine[1][:8], mine[0][:8]]
        text = response.content.decode()
        assert not any(t.digest in text for t in ApiToken.objects.all())
        assert not any(key in text for key in mine)
    assert APIClient().get(TOKENS_URL).status_code == 401


def test_the_owner_revokes_a_token_and_only_their_own(
    director: Any, club: Club, django_user_model: Any
) -> None:
    other = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    club_services.director_add(club=club, user=other)
    keep, drop, theirs = token_create(user=director), token_create(user=director), token_create(user=other)
    drop_id = ApiToken.objects.get(digest=token_digest(drop)).pk
    their_id = ApiToken.objects.get(digest=token_digest(theirs)).pk
    assert as_token(keep).delete(f"{TOKENS_URL}{their_id}/").status_code == 404
    assert clubs(theirs) == 200
    assert as_token(keep).delete(f"{TOKENS_URL}{drop_id}/").status_code == 204
    assert clubs(drop) == 401 and clubs(keep) == 200
    assert as_token(keep).delete(f"{TOKENS_URL}{drop_id}/").status_code == 404  # gone
    assert APIClient().delete(f"{TOKENS_URL}{their_id}/").status_code == 401
    assert clubs(theirs) == 200


def test_a_token_revokes_itself_and_a_login_needs_its_csrf_token(director: Any, club: Club) -> None:
    key = token_create(user=director)
    token_id = ApiToken.objects.get(digest=token_digest(key)).pk
    assert session_client(director, csrf=True).delete(f"{TOKENS_URL}{token_id}/").status_code == 403
    assert clubs(key) == 200
    assert as_token(key).delete(f"{TOKENS_URL}{token_id}/").status_code == 204
    assert clubs(key) == 401


def session_client(user: Any, *, csrf: bool = False) -> APIClient:
    """An API client logged in as the user (the browsable API's way), checking CSRF if asked."""
    api = APIClient(enforce_csrf_checks=csrf)
    api.force_login(user)
    return api


# The director's page of their tokens.


def test_the_directors_page_lists_their_tokens_with_a_revoke_button(
    director: Any, club: Club, django_user_model: Any, director_client: Client
) -> None:
    other = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    key, theirs = token_create(user=director), token_create(user=other)
    home = director_client.get(reverse("director:home"))
    assert reverse("director:tokens").encode() in home.content
    page = director_client.get(reverse("director:tokens"))
    assert page.status_code == 200
    ours = ApiToken.objects.get(digest=token_digest(key))
    assert key[:8].encode() in page.content and theirs[:8].encode() not in page.content
    assert ours.digest.encode() not in page.content and key.encode() not in page.content
    assert reverse("director:token_revoke", args=[ours.pk]).encode() in page.content
    assert b"csrfmiddlewaretoken" in page.content


def test_the_revoke_button_revokes_the_directors_own_token_only(
    director: Any, club: Club, django_user_model: Any, director_client: Client
) -> None:
    other = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    club_services.director_add(club=club, user=other)
    key, theirs = token_create(user=director), token_create(user=other)
    ours = ApiToken.objects.get(digest=token_digest(key))
    their = ApiToken.objects.get(digest=token_digest(theirs))
    assert director_client.post(reverse("director:token_revoke", args=[their.pk])).status_code == 404
    assert director_client.get(reverse("director:token_revoke", args=[ours.pk])).status_code == 405
    assert clubs(theirs) == clubs(key) == 200
    response = director_client.post(reverse("director:token_revoke", args=[ours.pk]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("director:tokens")
    assert b"revoked" in response.content
    assert clubs(key) == 401 and clubs(theirs) == 200


def test_the_tokens_page_wants_a_login_and_its_csrf_token(director: Any, club: Club) -> None:
    key = token_create(user=director)
    token_id = ApiToken.objects.get(digest=token_digest(key)).pk
    revoke = reverse("director:token_revoke", args=[token_id])
    anonymous = Client()
    assert anonymous.get(reverse("director:tokens")).status_code == 302
    assert anonymous.post(revoke).status_code == 302
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(director)
    assert guarded.post(revoke).status_code == 403
    assert clubs(key) == 200


# A user holds at most API_TOKEN_MAX live tokens: past it a new one is refused, and none is revoked unasked.


def fill(user: Any, count: int) -> list[str]:
    """So many new keys for the user."""
    return [token_create(user=user) for _ in range(count)]


def test_a_user_may_hold_as_many_live_tokens_as_the_cap(director: Any, club: Club) -> None:
    keys = fill(director, settings.API_TOKEN_MAX)
    assert settings.API_TOKEN_MAX == 20 and len(set(keys)) == 20
    assert ApiToken.objects.filter(user=director).count() == 20


def test_a_token_past_the_cap_is_refused_naming_the_cap_and_the_page_and_none_is_revoked(
    director: Any, club: Club
) -> None:
    keys = fill(director, settings.API_TOKEN_MAX)
    response = APIClient().post(
        TOKEN_URL, {"username": "dir", "password": "pw-for-tests-only"}, format="json"
    )
    assert response.status_code == 400
    (message,) = response.json()["non_field_errors"]
    assert "20 live API tokens" in message and "API_TOKEN_MAX" in message
    assert f"{settings.SITE_URL}{reverse('director:tokens')}" in message
    assert ApiToken.objects.filter(user=director).count() == 20
    assert clubs(keys[0]) == clubs(keys[-1]) == 200  # the oldest and the newest still work


@override_settings(API_TOKEN_MAX=2)
def test_a_revoked_or_expired_token_makes_room(director: Any, club: Club) -> None:
    first, _ = fill(director, 2)
    with pytest.raises(UserError):
        token_create(user=director)
    token_revoke(user=director, token_id=ApiToken.objects.get(digest=token_digest(first)).pk)
    fill(director, 1)
    ApiToken.objects.filter(user=director).update(expires_at=timezone.now() - dt.timedelta(seconds=1))
    assert len(fill(director, 2)) == 2


@override_settings(API_TOKEN_MAX=1)
def test_the_cap_is_each_users_own_and_the_command_keeps_it(
    director: Any, club: Club, django_user_model: Any
) -> None:
    other = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    fill(director, 1)
    fill(other, 1)
    with pytest.raises(CommandError, match="API_TOKEN_MAX"):
        call_command("api_token", "dir", stdout=StringIO())
    assert ApiToken.objects.filter(user=director).count() == 1
