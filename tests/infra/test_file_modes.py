"""The files that hold the club's secrets are their owner's alone (0600), whatever the umask.

The SQLite database holds every table's and entrant's link token: the
settings create it 0600 before Django's backend opens it (SQLite gives its
``-wal`` and ``-shm`` companions the database's own mode), and narrow an
existing database, or companion, that others may read. ``make club``'s
secret key is made 0600 and an older one left wider is narrowed. Each
``manage.py`` runs as a process of its own, with the usual umask of 0o022,
under which a file made the ordinary way is 0644.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from clubwhist.club import owner_only, secret_key

ROOT = Path(__file__).resolve().parents[2]
UMASK = 0o022
#: A start of the app: its settings read, its database opened.
OPEN = "import django; django.setup(); from django.db import connection; connection.ensure_connection()"
#: What Django's connection (WAL, as the settings open it) shows of its companions while it is open.
COMPANIONS = """
import os
import django
django.setup()
from django.db import connection
from tournaments.models import Club
Club.objects.create(name="Modes", slug="modes")
name = connection.settings_dict["NAME"]
for end in ("-wal", "-shm"):
    print(end, oct(os.stat(name + end).st_mode & 0o777) if os.path.exists(name + end) else "none")
"""


def manage(database: Path, *args: str) -> str:
    """Run manage.py (or, with ``-c``, Python) on this SQLite file with a umask of 0o022: its output."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "clubwhist.settings",
    }
    env.pop("CELERY_BROKER_URL", None)
    done = subprocess.run(
        [sys.executable, *([] if args[0] == "-c" else [str(ROOT / "manage.py")]), *args],
        cwd=ROOT,
        env=env,
        umask=UMASK,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def mode(path: Path) -> int:
    """A file's permission bits."""
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.slow
def test_a_fresh_database_made_by_migrate_is_its_owners_alone(tmp_path: Path) -> None:
    database = tmp_path / "fresh.sqlite3"
    manage(database, "migrate", "--noinput", "--skip-checks", "-v", "0")
    assert mode(database) == 0o600
    shown = dict(line.split() for line in manage(database, "-c", COMPANIONS).splitlines())
    assert shown == {"-wal": "0o600", "-shm": "0o600"}, "the open database's companions"
    assert mode(database) == 0o600


def test_an_existing_database_others_may_read_is_narrowed_on_start(tmp_path: Path) -> None:
    database = tmp_path / "old.sqlite3"
    with sqlite3.connect(database) as made:
        made.execute("create table kept (token text)")
        made.execute("insert into kept values ('a-table-link-token')")
    made.close()
    companion = tmp_path / "old.sqlite3-journal"
    companion.touch()
    for path in (database, companion):
        path.chmod(0o644)
    manage(database, "-c", OPEN)
    assert mode(database) == 0o600
    assert not companion.exists() or mode(companion) == 0o600
    with sqlite3.connect(database) as still:
        assert still.execute("select token from kept").fetchall() == [("a-table-link-token",)]
    still.close()


def test_the_secret_key_is_made_private_and_an_old_wide_one_narrowed(tmp_path: Path) -> None:
    fresh = tmp_path / "var" / "secret_key"
    old = os.umask(UMASK)
    try:
        key = secret_key(fresh)
    finally:
        os.umask(old)
    assert mode(fresh) == 0o600 and secret_key(fresh) == key
    wide = tmp_path / "secret_key"
    wide.write_text("kept-from-an-older-checkout\n")
    wide.chmod(0o644)
    assert secret_key(wide) == "kept-from-an-older-checkout" and mode(wide) == 0o600
    password = tmp_path / "director-password"
    password.write_text("pw\n")
    password.chmod(0o664)
    owner_only(password)
    owner_only(tmp_path / "no-such-file")
    assert mode(password) == 0o600
