"""Settings come from the environment; production refuses to start without a secret key."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import dj_database_url

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    own = {"DEBUG", "SECRET_KEY", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    base = {k: v for k, v in os.environ.items() if k not in own}
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=120
    )


def test_database_url_takes_the_usual_forms() -> None:
    pg = dj_database_url.parse("postgres://whist:secret@db.example:5433/club")
    assert pg["ENGINE"] == "django.db.backends.postgresql"
    assert (pg["NAME"], pg["USER"], pg["HOST"], pg["PORT"]) == ("club", "whist", "db.example", 5433)
    lite = dj_database_url.parse("sqlite:////tmp/club.sqlite3")
    assert lite["ENGINE"] == "django.db.backends.sqlite3" and lite["NAME"] == "/tmp/club.sqlite3"


def test_production_refuses_to_start_without_a_secret_key() -> None:
    result = _run("manage.py", "check", DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_check_deploy_passes_with_production_settings() -> None:
    result = _run(
        "manage.py",
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="x" * 20 + "a-long-random-production-key-for-the-check-0123456789",
        ALLOWED_HOSTS="whist.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
