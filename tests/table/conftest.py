"""Fixtures for the table page: phones (test clients with their own device cookie) at a table."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from tournaments.models import Session, Table


class Phone:
    """A phone at a table: its own cookies (device id), speaking JSON or plain forms."""

    def __init__(self, table: Table) -> None:
        self.client = Client()
        self.token = table.token
        self.base = f"/t/{table.token}/"

    def page(self, **headers: Any) -> Any:
        """GET the table page (HTML)."""
        return self.client.get(self.base, headers=headers)

    def state(self) -> Any:
        """GET the page's JSON state."""
        return self.client.get(self.base + "state")

    def post(self, action: str, **body: Any) -> Any:
        """POST JSON to send / confirm / dispute."""
        return self.client.post(self.base + action, data=json.dumps(body), content_type="application/json")

    def send(self, tray: int, ns_tricks: Any, **extra: Any) -> Any:
        """Send one tray's N-S tricks."""
        return self.post("send", tray=tray, ns_tricks=ns_tricks, **extra)


def table(session: Session, number: int) -> Table:
    """A table of the session by number."""
    return session.tables.get(number=number)


@pytest.fixture
def phone(running_session: Session) -> Phone:
    """A phone at table 1 of the running three-table Mitchell."""
    return Phone(table(running_session, 1))


@pytest.fixture
def make_phone() -> Any:
    """Make a phone at any table."""
    return Phone
