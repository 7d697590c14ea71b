"""Browser tests: Playwright drives Debian's Chromium against pytest-django's live server.

``playwright install`` cannot download here; the tests launch
``/usr/bin/chromium`` (CHROMIUM env var to override) and are skipped, with
the reason, on a machine without it. Screenshots go to ``var/screenshots``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls
    # the tests make between page actions are still synchronous and safe.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as pw:
            chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            yield chromium
            chromium.close()
    finally:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


def _page(browser: Any, viewport: dict[str, int], **extra: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=viewport, **extra)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page the size of a phone (390 x 844), with touch."""
    yield from _page(browser, PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)


@pytest.fixture
def laptop(browser: Any) -> Iterator[Any]:
    """A page the size of a laptop screen."""
    yield from _page(browser, LAPTOP)


@pytest.fixture
def new_page(browser: Any) -> Any:
    """Open further pages (a second phone at the same table, say)."""
    contexts: list[Any] = []

    def make(viewport: dict[str, int] = PHONE) -> Any:
        context = browser.new_context(viewport=viewport, has_touch=True)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page

    yield make
    for context in contexts:
        context.close()


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under var/screenshots/NAME.png (``support.save_screenshot``)."""
    from tests.browser.support import save_screenshot

    return save_screenshot(page, name)


@pytest.fixture
def live_server() -> Iterator[Any]:
    """pytest-django's live server, one request at a time on the shared connection (support.py)."""
    from tests.browser.support import serialised_live_server

    yield from serialised_live_server()
