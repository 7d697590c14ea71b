"""Build the demo club through the services (only into an empty database with --if-empty).

The demo's director is a superuser. Its well-known password ('whist1900')
is for a laptop's own browser: with production settings (DEBUG=0) the
command refuses to create it unless told so (``--allow-demo-password``),
and ``--password-file`` gives it a random password kept in a file instead
(what ``make club`` does, since the hall's phones can reach that server).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from entry.demo import DEMO_PASSWORD, DEMO_USER, build_demo, demo_exists


def password_from_file(path: Path) -> str:
    """The password kept in PATH, made (random, readable by the owner only) if the file is new."""
    if path.exists():
        password = path.read_text().strip()
        if not password:
            raise CommandError(f"{path} is empty: remove it to make a new password.")
        return password
    path.parent.mkdir(parents=True, exist_ok=True)
    password = secrets.token_urlsafe(12)
    path.touch(mode=0o600)
    path.write_text(password + "\n")
    return password


class Command(BaseCommand):
    help = "Build the demo club: players, a published Howell and a Mitchell in progress."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--if-empty", action="store_true", help="do nothing if the demo club exists")
        parser.add_argument(
            "--password-file",
            type=Path,
            help="give the demo director the password kept in this file (made, random, if missing)",
        )
        parser.add_argument(
            "--allow-demo-password",
            action="store_true",
            help=f"with DEBUG=0, still create the well-known login {DEMO_USER}/{DEMO_PASSWORD}",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        password_file: Path | None = options["password_file"]
        password = password_from_file(password_file) if password_file else None
        if demo_exists():
            if options["if_empty"]:
                self.stdout.write("The demo club is already here; keeping its data.")
                if password:
                    self._replace_known_password(password)
                return
            raise CommandError("The demo club already exists.")
        if password is None and not settings.DEBUG and not options["allow_demo_password"]:
            raise CommandError(
                f"Refusing to create the demo superuser {DEMO_USER!r} with its published password "
                f"{DEMO_PASSWORD!r} under production settings (DEBUG=0): anyone who can reach this "
                "server could log in. Use --password-file PATH for a random password kept in PATH, "
                "or --allow-demo-password to create it anyway."
            )
        demo = build_demo()
        if password:
            director = get_user_model().objects.get(username=DEMO_USER)
            director.set_password(password)
            director.save(update_fields=["password"])
        self.stdout.write(
            self.style.SUCCESS(
                f"Built {demo.club.name}: {demo.club.players.count()} players, "
                f"'{demo.published.title}' (published) and '{demo.running.title}' (in progress)."
            )
        )

    def _replace_known_password(self, password: str) -> None:
        """An existing demo director keeps no published password once a password file is given."""
        user = get_user_model().objects.filter(username=DEMO_USER).first()
        if user is not None and user.check_password(DEMO_PASSWORD):
            user.set_password(password)
            user.save(update_fields=["password"])
            self.stdout.write("The demo director's password is now the one in the password file.")
