"""The privacy tests' fixtures: the whist drive's (a roster of ladies and gentlemen, drives from it).

These tests read response bodies only, thousands of them: the test client's
copy of every rendered template's context (``response.context``) is not kept.
The throttles count in a cache of their own (``people.THROTTLES``), which a
person's questions empty before they are asked (a phone asks at its own
pace); the app's cache, whose entries are keyed by the slips' state, is
emptied before every action, as a send changes that state.
"""

from typing import Any

import pytest
from privacy.people import THROTTLES

from infra.security import WindowRateThrottle
from tests.drive.conftest import drive_of, roster  # noqa: F401


@pytest.fixture(autouse=True)
def _bodies_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test client keeps no template contexts (they cost more than the page they come from)."""

    def keep_nothing(*args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr("django.test.client.store_rendered_templates", keep_nothing)


@pytest.fixture(autouse=True)
def _throttles_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every throttle (the tables', the public's, the logins') counts in ``THROTTLES``."""
    THROTTLES.clear()
    monkeypatch.setattr(WindowRateThrottle, "cache", THROTTLES)
