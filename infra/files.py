"""Files kept under ``var/`` are their owner's alone: the database (every link's token), the secret key,
the demo director's password. No Django here: the settings use it before Django is set up."""

from __future__ import annotations

import os
from pathlib import Path


def owner_only(path: str | Path, *, create: bool = False) -> None:
    """Keep PATH to its owner: ``create`` it 0600 if missing (whatever the umask), take others' access away.

    The SQLite database holds every table's and entrant's link token: made
    here, before Django's backend opens it, it is never world-readable, not
    even empty; an existing file (or companion) readable by others is
    narrowed to its owner's bits. A file this process may not change is left
    to SQLite, which says so if it cannot open it.
    """
    try:
        if create:
            try:
                made = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                pass
            else:
                os.fchmod(made, 0o600)  # exactly, whatever the umask took away
                os.close(made)
        mode = os.stat(path).st_mode & 0o777
        if mode & 0o077:
            os.chmod(path, mode & 0o700)
    except OSError:
        pass  # no such file or directory (SQLite says so), or not ours to change
