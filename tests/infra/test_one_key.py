"""make run and make club: one kept key (the director stays in); one process unless a cache is shared."""

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


def test_without_a_shared_cache_the_hall_is_served_by_one_process(tmp_path: Path) -> None:
    """Issue: under make club the throttles (and the pages' cache) were kept per process, in two processes,
    with no Redis in the hall: one process with threads keeps one count for every phone."""
    from clubwhist.club import gunicorn_command

    def workers(env: dict[str, str]) -> tuple[str, str]:
        args = gunicorn_command(club_server({"HOST": "127.0.0.1", **env}, tmp_path))
        return args[args.index("--workers") + 1], args[args.index("--threads") + 1]

    assert workers({}) == ("1", "8")
    assert workers({"CACHE_URL": "redis://127.0.0.1:6379/1"}) == ("2", "4"), "a shared cache: two processes"
    assert workers({"WEB_CONCURRENCY": "3"}) == ("3", "4")
