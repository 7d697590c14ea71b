"""Password guessing is limited per client, and the client is who the socket says (issue 13, item 2).

The director's login page, the admin's and the API's token endpoint each
count failed passwords per client address (django-axes): past the limit
the address gets 429, even with the right password, for the cool-off
time. ``X-Forwarded-For`` is written by the client, so it moves no count
and no throttle unless ``NUM_PROXIES`` says a proxy wrote it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client, RequestFactory, override_settings
from rest_framework.test import APIClient

from tournaments.api.permissions import LoginRateThrottle

pytestmark = pytest.mark.django_db

GOOD = "pw-for-tests-only"
LIMIT = getattr(settings, "AXES_FAILURE_LIMIT", 5)


@pytest.fixture(autouse=True)
def fresh_throttles() -> Iterator[None]:
    """DRF's throttles count in the cache, which outlives a test's database."""
    cache.clear()
    yield
    cache.clear()


def login_page(path: str) -> Callable[[str, str], int]:
    """POST a username and password to a login form at PATH; the status code."""

    def attempt(password: str, forwarded_for: str = "") -> int:
        extra = {"HTTP_X_FORWARDED_FOR": forwarded_for} if forwarded_for else {}
        response = Client().post(path, {"username": "dir", "password": password}, **extra)
        return response.status_code

    return attempt


def token_endpoint(password: str, forwarded_for: str = "") -> int:
    """POST a username and password to the API's token endpoint; the status code."""
    extra = {"HTTP_X_FORWARDED_FOR": forwarded_for} if forwarded_for else {}
    body = {"username": "dir", "password": password}
    return APIClient().post("/api/v1/auth/token/", body, format="json", **extra).status_code


ENDPOINTS = {
    "director login": (login_page("/accounts/login/"), 200, 302),
    "admin login": (login_page("/admin/login/?next=/admin/"), 200, 302),
    "API token": (token_endpoint, 400, 200),
}


@pytest.fixture
def director_staff(director: Any) -> Any:
    """The tests' director, allowed into the admin too (so its login form would let it in)."""
    director.is_staff = True
    director.save()
    return director


@pytest.mark.parametrize("name", ENDPOINTS)
def test_the_right_password_works_before_the_limit(director_staff: Any, name: str) -> None:
    """A few typos, then the right password: in (the lockout does not get in a director's way)."""
    attempt, refused, accepted = ENDPOINTS[name]
    for _ in range(LIMIT - 1):
        assert attempt("typo") == refused
    assert attempt(GOOD) == accepted


@pytest.mark.parametrize("name", ENDPOINTS)
def test_guessing_stops_at_the_limit_even_for_the_right_password(director_staff: Any, name: str) -> None:
    """After the limit of failures from one address, that address gets 429, whatever it sends."""
    attempt, refused, _ = ENDPOINTS[name]
    for _ in range(LIMIT - 1):
        assert attempt("guess") == refused
    assert attempt("guess") == 429
    assert attempt(GOOD) == 429


@pytest.mark.parametrize("name", ENDPOINTS)
def test_a_forged_forwarded_for_does_not_reset_the_count(director_staff: Any, name: str) -> None:
    """A new X-Forwarded-For on every guess is still the same client."""
    attempt, refused, _ = ENDPOINTS[name]
    for n in range(LIMIT - 1):
        assert attempt("guess", f"203.0.113.{n}") == refused
    assert attempt("guess", "198.51.100.7") == 429
    assert attempt(GOOD, "198.51.100.8") == 429


def test_the_lockout_answers_the_api_in_json_and_the_pages_in_html(director_staff: Any) -> None:
    """429 with a message saying how long to wait, in the caller's own format."""
    for _ in range(LIMIT):
        token_endpoint("guess")
    api = APIClient().post("/api/v1/auth/token/", {"username": "dir", "password": GOOD}, format="json")
    assert api.status_code == 429 and "Too many failed logins" in api.json()["detail"]
    assert int(api.headers["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    page = Client().post("/accounts/login/", {"username": "dir", "password": GOOD})
    assert page.status_code == 429 and b"Too many failed logins" in page.content


def test_another_address_may_still_log_in(director_staff: Any) -> None:
    """The lockout is per client: a director at another address is not shut out by a guesser."""
    guesses = [
        Client(REMOTE_ADDR="192.0.2.66").post("/accounts/login/", {"username": "dir", "password": "guess"})
        for _ in range(LIMIT)
    ]
    assert guesses[-1].status_code == 429
    assert (
        Client(REMOTE_ADDR="192.0.2.10")
        .post("/accounts/login/", {"username": "dir", "password": GOOD})
        .status_code
        == 302
    )


def test_a_forged_forwarded_for_does_not_escape_the_token_throttle(
    director: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DRF's login throttle counts the socket's peer, not a header the client writes."""
    monkeypatch.setattr(LoginRateThrottle, "rate", "3/min", raising=False)
    codes = [token_endpoint(GOOD, f"203.0.113.{n}") for n in range(4)]
    assert codes == [200, 200, 200, 429]


def test_without_a_proxy_the_client_is_the_sockets_peer() -> None:
    """NUM_PROXIES=0 (the default): X-Forwarded-For is ignored."""
    from infra.security import client_ip

    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.5", HTTP_X_FORWARDED_FOR="10.9.9.9")
    assert client_ip(request) == "192.0.2.5"


@override_settings(NUM_PROXIES=1)
def test_behind_one_proxy_the_client_is_the_address_that_proxy_saw() -> None:
    """NUM_PROXIES=1: the right-most X-Forwarded-For entry, which the proxy appended."""
    from infra.security import client_ip

    factory = RequestFactory()
    forged = factory.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.2.3.4, 192.0.2.77")
    assert client_ip(forged) == "192.0.2.77"
    assert client_ip(factory.get("/", REMOTE_ADDR="10.0.0.2")) == "10.0.0.2"
    garbage = factory.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="not-an-address")
    assert client_ip(garbage) == "10.0.0.2"


@override_settings(NUM_PROXIES=1)
def test_behind_a_proxy_each_real_client_has_its_own_count(director_staff: Any) -> None:
    """With a proxy, clients differ by the address it appended; what they prepend changes nothing."""
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    for n in range(LIMIT):
        Client(**proxy).post(
            "/accounts/login/",
            {"username": "dir", "password": "guess"},
            HTTP_X_FORWARDED_FOR=f"1.1.1.{n}, 192.0.2.50",
        )
    locked = Client(**proxy).post(
        "/accounts/login/", {"username": "dir", "password": GOOD}, HTTP_X_FORWARDED_FOR="192.0.2.50"
    )
    other = Client(**proxy).post(
        "/accounts/login/", {"username": "dir", "password": GOOD}, HTTP_X_FORWARDED_FOR="192.0.2.51"
    )
    assert (locked.status_code, other.status_code) == (429, 302)


def test_a_guess_of_any_length_is_counted_and_refused_plainly(director: Any) -> None:
    """A 1,000-character username is a 400 and one failure (stored cut to its column, as PostgreSQL needs)."""
    from axes.models import AccessAttempt

    body = {"username": "u" * 1000, "password": "guess"}
    response = APIClient().post("/api/v1/auth/token/", body, format="json")
    assert response.status_code == 400
    attempt = AccessAttempt.objects.get()
    assert attempt.failures_since_start == 1 and len(attempt.username) == 255
