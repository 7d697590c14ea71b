"""Helpers shared by the browser tests: the serialised live server, logging in, axe-checked screenshots.

pytest-django gives the live server's threads and the test one shared
in-memory SQLite connection. Requests therefore take ``DB_LOCK`` one at a
time, and the server leaves that connection open when a socket closes
(closing is a no-op for in-memory SQLite; skipping it avoids thread errors
from keep-alive sockets that outlive a test). Tests take the same lock
around their own database work while pages are being served.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.servers.basehttp import ThreadedWSGIServer
from django.db import connection
from pytest_django.live_server_helper import LiveServer

DB_LOCK = threading.RLock()
SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
#: Screenshots are for people to look at; CI, where nobody looks, turns them off (CLUBWHIST_SCREENSHOTS=0)
#: and keeps every check the tests make (axe-core, widths, overlaps, statuses).
SCREENSHOTS = os.environ.get("CLUBWHIST_SCREENSHOTS", "1") != "0"
DIRECTOR = ("dir", "pw-for-tests-only")
#: A roster for the browser tests (each takes as many as it needs).
NAMES = [
    "Ada Byron",
    "Ben Hale",
    "Cora Lind",
    "Dan Voss",
    "Eve Marsh",
    "Finn Cole",
    "Gwen Pryce",
    "Hugh Stott",
    "Iris Ford",
    "Jack Rowe",
    "Kate Lowe",
    "Liam Roy",
    "Mina Shaw",
    "Ned Park",
    "Olive Dunn",
    "Paul Nash",
    "Quinn Hart",
    "Rosa Bell",
    "Sam Tate",
    "Tess Wynn",
    "Uma Reid",
]


class OneAtATime(StaticFilesHandler):
    """The live server's handler, taking the lock around each request."""

    def __call__(self, environ: Any, start_response: Any) -> Any:
        with DB_LOCK:
            return super().__call__(environ, start_response)


class KeepSharedConnection(ThreadedWSGIServer):
    """Leave the shared in-memory SQLite connection open when a socket closes.

    On PostgreSQL each thread has its own connection, closed as usual, so
    the test database can be dropped at the end.
    """

    def _close_connections(self) -> None:
        if connection.vendor != "sqlite":
            super()._close_connections()


def serialised_live_server() -> Iterator[LiveServer]:
    """pytest-django's live server, with requests serialised on the shared connection."""
    server = LiveServer("localhost", start=False)
    server.thread.static_handler = OneAtATime
    server.thread.server_class = KeepSharedConnection
    server.start()
    yield server
    server.stop()


def log_in(page: Any, base: str, username: str = DIRECTOR[0], password: str = DIRECTOR[1]) -> None:
    """Log the director in through the login page."""
    page.goto(f"{base}/accounts/login/?next=/director/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/director/")


def save_screenshot(page: Any, name: str, *, full_page: bool = True) -> Path:
    """Save the page as var/screenshots/NAME.png (unless screenshots are turned off); its path."""
    path = SHOTS / f"{name}.png"
    if SCREENSHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=full_page)
    return path


def shot(page: Any, name: str, *, scripts_off: bool = False, axe: bool = True) -> Path:
    """A full-page screenshot, var/screenshots/NAME.png, of a page axe-core finds nothing serious on.

    ``axe=False`` for a caller that runs axe-core itself and gathers what it finds.
    """
    from tests.browser.a11y import assert_accessible

    path = save_screenshot(page, name)
    if axe:
        assert_accessible(page, name, scripts_off=scripts_off)
    return path
