"""``manage.py site_admin``: how someone becomes a site administrator (a superuser is one already)."""

from __future__ import annotations

import stat
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client

from tournaments.models import SiteAdministrator
from tournaments.site_selectors import is_site_admin

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    """The command's output."""
    out = StringIO()
    call_command("site_admin", *args, stdout=out)
    return out.getvalue()


def test_an_existing_user_is_made_one_and_keeps_their_password(
    director: Any, director_client: Client
) -> None:
    assert director_client.get("/site/").status_code == 404
    assert "dir is a site administrator." in run("add", "dir")
    assert director_client.get("/site/").status_code == 200
    director.refresh_from_db()
    assert director.check_password("pw-for-tests-only")
    run("add", "dir")  # again: still one, once
    assert SiteAdministrator.objects.filter(user=director).count() == 1


def test_a_new_user_is_made_with_a_random_password_kept_in_the_file(tmp_path: Path) -> None:
    kept = tmp_path / "var" / "site-admin-password"
    assert "Created the user ada, a site administrator." in run("add", "ada", "--password-file", str(kept))
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    client = Client()
    assert client.login(username="ada", password=kept.read_text().strip())
    assert client.get("/site/").status_code == 200


def test_a_new_user_takes_the_password_in_an_existing_file_if_the_validators_do(tmp_path: Path) -> None:
    weak = tmp_path / "weak"
    weak.write_text("12345\n")
    with pytest.raises(CommandError, match="too short"):
        run("add", "ada", "--password-file", str(weak))
    assert not get_user_model().objects.filter(username="ada").exists()
    (tmp_path / "empty").write_text("\n")
    with pytest.raises(CommandError, match="is empty"):
        run("add", "ada", "--password-file", str(tmp_path / "empty"))


def test_a_new_user_without_a_password_file_or_a_terminal_is_refused() -> None:
    with pytest.raises(CommandError, match="give --password-file"):
        run("add", "ada")
    assert not get_user_model().objects.filter(username="ada").exists()


def test_a_username_the_site_would_refuse_is_refused(tmp_path: Path) -> None:
    for bad in ("ada lovelace", "x" * 151):
        with pytest.raises(CommandError):
            run("add", bad, "--password-file", str(tmp_path / "pw"))
    with pytest.raises(CommandError, match="Name the user"):
        run("add")


def test_remove_and_list(director: Any, django_user_model: Any) -> None:
    django_user_model.objects.create_superuser(username="root", password="pw-for-tests-only")
    run("add", "dir")
    assert run("list").splitlines() == ["dir", "root (superuser)"]
    assert "dir is no longer a site administrator." in run("remove", "dir")
    assert not is_site_admin(director)
    assert "still a site administrator" in run("remove", "root")
    with pytest.raises(CommandError, match="not a named site administrator"):
        run("remove", "dir")
