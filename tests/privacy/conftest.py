"""The privacy tests' fixtures: the whist drive's (a roster of ladies and gentlemen, drives from it).

These tests read response bodies only, thousands of them: the test client's
copy of every rendered template's context (``response.context``) is not kept.
"""

from typing import Any

import pytest

from tests.drive.conftest import drive_of, roster  # noqa: F401


@pytest.fixture(autouse=True)
def _bodies_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test client keeps no template contexts (they cost more than the page they come from)."""

    def keep_nothing(*args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr("django.test.client.store_rendered_templates", keep_nothing)
