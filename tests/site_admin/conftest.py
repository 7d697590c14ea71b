"""Fixtures of the site administrator's tests: one named by ``site_admin add``, and a new club's form."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from infra.security import SetPasswordRateThrottle
from tournaments.models import SiteAdministrator

#: A new club and its first director, as the site administrator types them.
NEW_CLUB = {
    "name": "Harbour Whist Club",
    "slug": "harbour",
    "director_name": "Nora Webb",
    "email": "nora@example.org",
    "username": "nora",
}
#: A password the site's validators take.
GOOD_PASSWORD = "trumps-lead-the-eleventh"


@pytest.fixture
def site_admin(django_user_model: Any) -> Any:
    """A site administrator who is neither a superuser nor staff, and directs no club."""
    user = django_user_model.objects.create_user(username="siteadmin", password="pw-for-tests-only")
    SiteAdministrator.objects.create(user=user)
    return user


@pytest.fixture
def site_admin_client(site_admin: Any) -> Client:
    """The test client, logged in as the site administrator."""
    client = Client()
    client.force_login(site_admin)
    return client


@pytest.fixture(autouse=True)
def _set_password_throttle_wide_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests open a set-password page faster than a person; the throttle's own test sets its rate."""
    rates = {**SetPasswordRateThrottle.THROTTLE_RATES, "set_password": "100000/min"}
    monkeypatch.setattr(SetPasswordRateThrottle, "THROTTLE_RATES", rates)
