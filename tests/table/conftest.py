"""Fixtures for the table page: phones (test clients with their own device cookie) at a table."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.test import Client

from tournaments.models import EntrantLink, Session, Table


class Phone:
    """A phone at a table: its own cookies (device id), speaking JSON or plain forms.

    Made from a table, it holds the table's bare link; made from an entrant's
    link (``Phone.following``), it follows that entrant.
    """

    def __init__(self, table: Table | None = None, *, link: EntrantLink | None = None) -> None:
        self.client = Client()
        self.token = table.token if table is not None else link.token  # type: ignore[union-attr]
        self.base = f"/t/{self.token}/" if table is not None else f"/p/{self.token}/"
        self.api = (
            f"/api/v1/tables/{self.token}/" if table is not None else f"/api/v1/entrant-links/{self.token}/"
        )

    @classmethod
    def following(cls, session: Session, number: int, side: str = "") -> Phone:
        """A phone that holds the own link of the entrant with this number."""
        return cls(link=EntrantLink.objects.get(session=session, entrant__number=number, side=side))

    def claim(self, number: int) -> Any:
        """At a table's link: say this phone is the entrant with this number (follows its redirect)."""
        link = EntrantLink.objects.get(session__tables__token=self.token, entrant__number=number, side="")
        response = self.client.post(self.base + "claim", {"entrant": link.token})
        self.token, self.base = link.token, f"/p/{link.token}/"
        self.api = f"/api/v1/entrant-links/{link.token}/"
        return response

    def page(self, **headers: Any) -> Any:
        """GET the table page (HTML)."""
        return self.client.get(self.base, headers=headers)

    def state(self) -> Any:
        """GET the page's JSON state, from the phones' API as the page's script does."""
        return self.client.get(self.api)

    def post(self, action: str, **body: Any) -> Any:
        """POST JSON to the phones' API as the page's script does: send (``key``), confirm, dispute."""
        if "cw_device" not in self.client.cookies:
            self.client.cookies["cw_device"] = uuid.uuid4().hex  # as the page gives every phone
        headers = {"Idempotency-Key": str(body.pop("key"))} if "key" in body else {}
        url = self.api + ("results/" if action == "send" else f"trays/{body.get('tray')}/{action}/")
        return self.client.post(url, data=json.dumps(body), content_type="application/json", headers=headers)

    def send(self, tray: Any, ns_tricks: Any, **extra: Any) -> Any:
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
