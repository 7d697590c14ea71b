"""make run and make club sign logins with one kept key, so switching between them keeps the director in."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from clubwhist.club import ROOT, club_server


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_serves_with_the_key_make_club_keeps(tmp_path: Path) -> None:
    """Issue: make club "logged the director out": make run's server signed with a development key."""
    make = ["make", "-n", "run"]
    recipe = subprocess.run(make, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    serve = next(line for line in recipe.splitlines() if "runserver" in line)
    assert "SECRET_KEY_FILE=var/secret_key " in serve
    assert "c.secret_key(pathlib.Path('var/secret_key'))" in recipe, "made before the server reads it"
    club = club_server({"HOST": "127.0.0.1"}, tmp_path)
    assert club.env["SECRET_KEY"] == (tmp_path / "secret_key").read_text().strip(), "make club's key file"
