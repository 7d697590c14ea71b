"""Name the site's administrators, who make clubs and their first directors from the site's pages.

``site_admin add USERNAME`` makes a user one, creating the user if there is
none, with a password typed twice at the prompt or read from
``--password-file PATH`` (made, random and readable by its owner only, if
the file is new, as ``seed_demo`` does). ``site_admin remove USERNAME`` and
``site_admin list``. A superuser is a site administrator without being
named.
"""

from __future__ import annotations

import getpass
import secrets
import sys
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from infra.files import owner_only
from tournaments.services.errors import UserError
from tournaments.services.site import site_admin_add, site_admin_remove
from tournaments.site_selectors import site_admins


def password_from_file(path: Path) -> str:
    """The password kept in PATH, made (random, readable by its owner only) if the file is new."""
    if path.exists():
        password = path.read_text().strip()
        if not password:
            raise CommandError(f"{path} is empty: remove it to make a new password.")
        return password
    path.parent.mkdir(parents=True, exist_ok=True)
    owner_only(path, create=True)
    password = secrets.token_urlsafe(12)
    path.write_text(password + "\n")
    return password


def password_typed() -> str:
    """A password typed twice at the prompt (a terminal only)."""
    if not sys.stdin.isatty():
        raise CommandError("No terminal to type a password at: give --password-file PATH.")
    password = getpass.getpass("Password: ")
    if password != getpass.getpass("The same password again: "):
        raise CommandError("The two passwords differ.")
    return password


class Command(BaseCommand):
    help = "Add, remove or list the site's administrators (they make clubs and their first directors)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["add", "remove", "list"])
        parser.add_argument("username", nargs="?", default="")
        parser.add_argument(
            "--password-file",
            type=Path,
            help="a user created by 'add' gets the password kept in this file (made, random, if missing)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        action, username = options["action"], options["username"]
        if action == "list":
            for user in site_admins():
                self.stdout.write(f"{user.username}{' (superuser)' if user.is_superuser else ''}")
            return
        if not username:
            raise CommandError(f"Name the user: site_admin {action} USERNAME.")
        if action == "remove":
            self._remove(username)
            return
        self._add(username, options["password_file"])

    def _add(self, username: str, password_file: Path | None) -> None:
        """Make the user a site administrator; ask for a password only for a user still to be made."""
        exists = get_user_model().objects.filter(username=username).exists()
        password = None
        if not exists:
            password = password_from_file(password_file) if password_file else password_typed()
        try:
            user, made = site_admin_add(username=username, password=password)
        except UserError as exc:
            raise CommandError(exc.message) from None
        said = f"Created the user {user.username}, a site administrator." if made else ""
        self.stdout.write(self.style.SUCCESS(said or f"{user.username} is a site administrator."))

    def _remove(self, username: str) -> None:
        """The user is no longer named a site administrator; a superuser still is one."""
        removed = site_admin_remove(username=username)
        user = get_user_model().objects.filter(username=username).first()
        if user is not None and user.is_superuser:
            self.stdout.write(f"{username} is a superuser, and so still a site administrator.")
        elif removed:
            self.stdout.write(self.style.SUCCESS(f"{username} is no longer a site administrator."))
        else:
            raise CommandError(f"{username!r} is not a named site administrator.")
