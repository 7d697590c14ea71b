"""Make a new API token for a user (the key is printed once; the server keeps only its digest)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.services.errors import UserError
from tournaments.services.tokens import token_create


class Command(BaseCommand):
    help = "Print a new API token for USERNAME, valid for API_TOKEN_HOURS."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")

    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"No user {options['username']!r}.")
        try:
            key = token_create(user=user)
        except UserError as exc:  # the user holds API_TOKEN_MAX live tokens already
            raise CommandError(exc.message) from None
        self.stdout.write(f"Generated token {key} for user {user.username}")
