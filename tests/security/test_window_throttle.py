"""The throttles' rule (``infra.security.WindowRateThrottle``): so many requests a window, the last
window weighed by how much of it is still within one window of now; every request counted, a refused one too.

On Django's local-memory cache (the default); ``tests/foundation/test_redis_cache.py`` tries the same
counter on a real Redis.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.test import RequestFactory

from infra.security import WindowRateThrottle


class Clock:
    """A throttle's timer that the test moves."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def throttle_at(clock: Clock, rate: str = "3/min", key: str = "bucket") -> type[WindowRateThrottle]:
    """A throttle class with this rate, this clock and one bucket."""

    class Throttle(WindowRateThrottle):
        scope = "test"
        THROTTLE_RATES = {"test": rate}
        timer = clock

        def get_cache_key(self, request: Any, view: Any) -> str:
            return key

    return Throttle


def asks(throttle: type[WindowRateThrottle], times: int) -> list[bool]:
    """Whether each of so many requests is let through."""
    request = RequestFactory().get("/")
    return [throttle().allow_request(request, None) for _ in range(times)]


@pytest.fixture(autouse=True)
def fresh_cache() -> Any:
    cache.clear()
    yield
    cache.clear()


def test_the_rate_is_let_through_and_the_next_refused_with_a_wait() -> None:
    clock = Clock(6000.0)  # the start of a minute's window
    throttle = throttle_at(clock)
    assert asks(throttle, 4) == [True, True, True, False]
    refused = throttle()
    assert not refused.allow_request(RequestFactory().get("/"), None)
    assert 0 < refused.wait() <= 60


def test_each_bucket_counts_alone() -> None:
    clock = Clock(6000.0)
    assert asks(throttle_at(clock, key="one"), 4) == [True, True, True, False]
    assert asks(throttle_at(clock, key="two"), 3) == [True, True, True]


def test_the_last_window_weighs_what_is_left_of_it() -> None:
    clock = Clock(6000.0)
    throttle = throttle_at(clock, rate="4/min")
    assert asks(throttle, 4) == [True] * 4
    clock.now = 6060.0  # the next window begins: the last one still weighs all of its 4
    assert asks(throttle, 1) == [False]
    clock.now = 6090.0  # half-way: the last window weighs 2, this one has 1 (the refused one) counted
    assert asks(throttle, 2) == [True, False]
    clock.now = 6180.0  # two windows on: nothing weighs
    assert asks(throttle, 4) == [True] * 4


def test_asking_on_through_the_refusals_does_not_get_through_sooner() -> None:
    """Every request is counted, a refused one too: a client that ignores the 429 stays refused."""
    clock = Clock(6000.0)
    throttle = throttle_at(clock, rate="2/min")
    assert asks(throttle, 10) == [True, True] + [False] * 8
    clock.now = 6070.0  # the last window's 10 weigh 9 (rounded up) of the next
    assert asks(throttle, 1) == [False]
    clock.now = 6180.0
    assert asks(throttle, 2) == [True, True]


def test_the_wait_is_within_what_is_left_of_the_window() -> None:
    clock = Clock(6000.0)
    throttle = throttle_at(clock, rate="4/min")
    asks(throttle, 4)
    clock.now = 6030.0
    refused = throttle()
    assert not refused.allow_request(RequestFactory().get("/"), None)
    first = refused.wait()
    assert 0 < first <= 30
