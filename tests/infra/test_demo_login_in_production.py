"""The demo's superuser and its published password stay off servers others can reach (issue 13, item 10).

With production settings (DEBUG=0) ``seed_demo`` refuses to create
``director``/``whist1900`` unless told so; ``--password-file`` gives the
demo's director a random password kept in a file instead (what
``make club`` does).
"""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command
from django.test import override_settings

from entry.demo import DEMO_PASSWORD, DEMO_USER, build_demo, demo_exists

pytestmark = pytest.mark.django_db


@override_settings(DEBUG=False)
def test_production_settings_refuse_the_demo_login() -> None:
    """DEBUG=0: no demo club, no superuser, and a message saying what to do instead."""
    with pytest.raises(CommandError, match="--password-file") as refused:
        call_command("seed_demo")
    assert "DEBUG=0" in str(refused.value)
    assert not demo_exists()
    assert not get_user_model().objects.filter(username=DEMO_USER).exists()


@override_settings(DEBUG=False)
def test_the_demo_login_can_still_be_forced_by_name() -> None:
    """--allow-demo-password says it out loud; then the well-known login exists."""
    call_command("seed_demo", "--allow-demo-password")
    assert authenticate(username=DEMO_USER, password=DEMO_PASSWORD) is not None


@override_settings(DEBUG=False)
def test_a_password_file_gives_the_demo_director_a_random_password(tmp_path: Path) -> None:
    """The file is made once, readable by its owner only, and its password is the only one that works."""
    path = tmp_path / "director-password"
    call_command("seed_demo", "--password-file", str(path))
    password = path.read_text().strip()
    assert len(password) >= 16 and password != DEMO_PASSWORD
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert authenticate(username=DEMO_USER, password=password) is not None
    assert authenticate(username=DEMO_USER, password=DEMO_PASSWORD) is None


def test_a_password_file_replaces_the_published_password_of_an_existing_demo(tmp_path: Path) -> None:
    """A database made by make run, then served by make club: whist1900 stops working."""
    build_demo()
    path = tmp_path / "director-password"
    path.write_text("kept-from-last-week-0123\n")
    call_command("seed_demo", "--if-empty", "--password-file", str(path))
    assert authenticate(username=DEMO_USER, password=DEMO_PASSWORD) is None
    assert authenticate(username=DEMO_USER, password="kept-from-last-week-0123") is not None


def test_development_settings_keep_the_demo_login_for_make_run() -> None:
    """DEBUG=1 (make run on the laptop itself): the README's director/whist1900."""
    with override_settings(DEBUG=True):
        call_command("seed_demo")
    assert authenticate(username=DEMO_USER, password=DEMO_PASSWORD) is not None
