"""The director's API has a rate (scope ``director``, ``API_DIRECTOR_RATE``), counted per user.

Every request that comes with a director's credentials (a token or a
login) is counted against the user, whichever of their tokens it carries:
at the rate it is served, one past it is a 429 with ``Retry-After``. The
public's requests and a table's are counted by their own throttles, never
here. The default (600 a minute) stands far above what a director sends
while entering a round (``test_the_default_rate_takes_a_whole_round_entered_slip_by_slip``).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from infra.security import DirectorRateThrottle
from tournaments.models import Club, Session
from tournaments.movements.limits import SEAT_MAX_TABLES
from tournaments.services import club as club_services
from tournaments.services.tokens import token_create

pytestmark = pytest.mark.django_db

RATE = 5


@pytest.fixture(autouse=True)
def small_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five a minute, counted from the start of a window that does not move while the test runs."""
    monkeypatch.setattr(DirectorRateThrottle, "THROTTLE_RATES", {"director": f"{RATE}/min"})
    monkeypatch.setattr(DirectorRateThrottle, "timer", lambda self: 6000.0)


def by_token(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api


def asks(api: APIClient, times: int) -> list[int]:
    """The status of each of so many reads of the user's clubs."""
    return [api.get("/api/v1/clubs/").status_code for _ in range(times)]


def test_the_rate_is_served_and_one_past_it_is_a_429_with_retry_after(director: Any, club: Club) -> None:
    api = by_token(token_create(user=director))
    assert asks(api, RATE) == [200] * RATE
    refused = api.get("/api/v1/clubs/")
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 60 and "throttled" in refused.json()["detail"].lower()


def test_every_token_and_the_login_of_one_user_count_as_one(director: Any, club: Club) -> None:
    first, second = by_token(token_create(user=director)), by_token(token_create(user=director))
    logged_in = APIClient()
    logged_in.force_login(director)
    assert asks(first, 2) + asks(second, 2) + asks(logged_in, 1) == [200] * RATE
    assert asks(second, 1) == asks(logged_in, 1) == [429]


def test_each_director_counts_alone(director: Any, club: Club, django_user_model: Any) -> None:
    other = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    club_services.director_add(club=club, user=other)
    assert asks(by_token(token_create(user=director)), RATE + 1)[-1] == 429
    assert asks(by_token(token_create(user=other)), RATE) == [200] * RATE


def test_the_public_and_the_tables_are_not_counted_as_a_director(running_session: Session) -> None:
    """Their requests carry no user: the public's and the table's own throttles count them."""
    public, table = APIClient(), APIClient()
    token = running_session.tables.get(number=1).token
    table.credentials(HTTP_AUTHORIZATION=f"Table {token}")
    assert asks(public, RATE + 1) == [401] * (RATE + 1)  # a director's endpoint, no credentials: 401, not 429
    assert {table.get("/api/v1/table/").status_code for _ in range(RATE + 1)} == {200}


def test_the_default_rate_takes_a_whole_round_entered_slip_by_slip() -> None:
    """A script entering the largest session's round one slip at a time (sixty tables, up to four trays a
    table a round), with a read of each table's lines besides, stays within a minute's rate."""
    rate = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["director"]
    allowed, seconds = DirectorRateThrottle().parse_rate(rate)
    assert (allowed, seconds) == (600, 60)
    assert allowed >= SEAT_MAX_TABLES * 4 + SEAT_MAX_TABLES


def test_the_director_throttle_is_the_apis_default() -> None:
    assert settings.REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"] == ["infra.security.DirectorRateThrottle"]
