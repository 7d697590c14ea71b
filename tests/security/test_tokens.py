"""Directors' API tokens are kept only as digests and expire."""

from __future__ import annotations

import datetime as dt
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core.management import call_command
from django.db import connection
from django.test import Client, override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from tournaments.models import ApiToken, Club
from tournaments.services.tokens import token_create, token_digest

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
