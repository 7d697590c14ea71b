"""make club's server, started for real on loopback for the tests that talk to it (the ``served`` fixture).

``python -m clubwhist.club`` (what ``make club`` runs) is started in a
temporary var/ with its own SQLite file, bound to 127.0.0.1 on a spare port,
with ``SITE_URL`` set to the hall's address as a director would
(``club-hall.test``): it migrates, collects the static files, builds the
demo club and becomes gunicorn. Its database is its own: tests read it
through its pages and its API only. ``tests/conftest.py`` makes this the
fixture ``served`` (one server for the whole run); a browser reaches the hall's address with
Chromium's ``--host-resolver-rules`` (``HALL_RESOLVES``).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
HALL = "club-hall.test"
#: Chromium's switch that makes the hall's printed address reach the server on loopback.
HALL_RESOLVES = f"--host-resolver-rules=MAP {HALL} 127.0.0.1"


@dataclass
class Served:
    """The running server: where to reach it, what it prints as its address, its var/ and its output."""

    base: str
    site_url: str
    var_dir: Path
    log: Path
    process: subprocess.Popen[bytes]

    def output(self) -> str:
        """Everything the launcher and gunicorn printed so far."""
        return self.log.read_text(errors="replace")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Let a test see a redirect instead of following it."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        """Never follow."""
        return None


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fetch(
    url: str, *, opener: urllib.request.OpenerDirector | None = None, **kwargs: Any
) -> tuple[int, dict[str, str], bytes]:
    """GET (or POST with data=) a URL: status, headers, body; an HTTP error is an answer too."""
    request = urllib.request.Request(url, **kwargs)
    try:
        with (opener or urllib.request.build_opener(NoRedirect)).open(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def serve_club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """make club's server on 127.0.0.1, printing http://club-hall.test:PORT as its address; stopped after."""
    var_dir = tmp_path_factory.mktemp("club-var")
    port = free_port()
    site_url = f"http://{HALL}:{port}"
    own = {"DEBUG", "SECRET_KEY", "DATABASE_URL", "DJANGO_SETTINGS_MODULE", "CELERY_BROKER_URL", "CACHE_URL"}
    env = {k: v for k, v in os.environ.items() if k not in own}
    env.update(
        HOST="127.0.0.1",
        PORT=str(port),
        SITE_URL=site_url,
        CLUBWHIST_VAR_DIR=str(var_dir),
        DATABASE_URL=f"sqlite:///{var_dir / 'club.sqlite3'}",
        WEB_CONCURRENCY="1",
    )
    log = var_dir / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "clubwhist.club"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"make club's server stopped (exit {process.returncode}):\n{log.read_text()[-3000:]}")
        try:
            if fetch(f"{base}/healthz")[0] == 200:
                break
        except OSError:
            pass
        time.sleep(0.5)
    else:
        process.kill()
        pytest.fail(f"make club's server did not answer in time:\n{log.read_text()[-3000:]}")
    yield Served(base=base, site_url=site_url, var_dir=var_dir, log=log, process=process)
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def director_password(served: Served) -> str:
    """The demo director's password, as make club made and kept it."""
    return (served.var_dir / "director-password").read_text().strip()
