"""Fixtures for the table page: phones (test clients with their own device cookie) at a table."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.test import Client

from tests.phones import seated_link
from tournaments.models import EntrantLink, Session, Table


class Phone:
    """A phone: its own cookies (device id), speaking JSON or plain forms.

    Made from a table, it holds the table's own link (a place: its card and
    "who has this phone?"); ``claim`` says which entrant it is, and from then
    on it follows that entrant by its pass. ``Phone.at(table)`` is a phone
    that has claimed the entrant sitting N-S (or E-W) there now; made from an
    entrant's link (``Phone.following``), it follows that entrant.
    """

    def __init__(self, table: Table | None = None, *, link: EntrantLink | None = None) -> None:
        self.client = Client()
        self.client.cookies["cw_device"] = uuid.uuid4().hex  # as the page gives every phone
        self.table = table
        if table is not None:
            self._hold(f"/t/{table.token}/", f"/api/v1/tables/{table.token}/", table.token)
        else:
            assert link is not None
            self._follow(link.token)

    def _hold(self, base: str, api: str, token: str) -> None:
        self.token, self.base, self.api = token, base, api

    def _follow(self, token: str) -> None:
        self._hold(f"/p/{token}/", f"/api/v1/entrant-links/{token}/", token)

    @classmethod
    def following(cls, session: Session, number: int, side: str = "") -> Phone:
        """A phone that holds the own link of the entrant with this number."""
        return cls(link=EntrantLink.objects.get(session=session, entrant__number=number, side=side))

    @classmethod
    def at(cls, table: Table, side: str = "NS", round_number: int | None = None) -> Phone:
        """A phone at this table that said it is the entrant sitting on ``side`` there now (or in that
        round)."""
        phone = cls(table)
        link = seated_link(table, side, round_number)
        value = f"{link.entrant.number}-{link.side}" if link.side else str(link.entrant.number)
        link.refresh_from_db()
        code = link.join_code if link.passes.filter(ended_at__isnull=True).exists() else ""
        answer = phone.client.post(phone.base + "claim", {"entrant": value, "code": code})
        assert answer.status_code == 302, answer
        phone._follow(answer["Location"].strip("/").split("/")[-1])
        return phone

    def claim(self, number: int, side: str = "", code: str = "") -> Any:
        """At a table's link: say this phone is the entrant with this number (follows it if accepted)."""
        value = f"{number}-{side}" if side else str(number)
        response = self.client.post(self.base + "claim", {"entrant": value, "code": code})
        location = response.get("Location", "")
        if response.status_code == 302 and not location.startswith("/t/"):
            self._follow(location.strip("/").split("/")[-1])
        return response

    def page(self, **headers: Any) -> Any:
        """GET the table page (HTML)."""
        return self.client.get(self.base, headers=headers)

    def state(self) -> Any:
        """GET the page's JSON state, from the phones' API as the page's script does."""
        return self.client.get(self.api)

    def post(self, action: str, **body: Any) -> Any:
        """POST JSON to the phones' API as the page's script does: send (``key``), confirm, dispute."""
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
    """A phone at table 1 of the running three-table Mitchell, following its N-S pair (pair 1)."""
    return Phone.at(table(running_session, 1))


class PhoneMaker:
    """``make_phone(table, side="NS")``: a phone at that table that said it is the entrant sitting on
    that side there now; ``make_phone.following(session, number)``: one that opened the entrant's own
    printed link; ``make_phone.bare(table)``: one that only scanned the table's code."""

    def __call__(self, table: Table, side: str = "NS", round_number: int | None = None) -> Phone:
        return Phone.at(table, side, round_number)

    following = staticmethod(Phone.following)
    bare = staticmethod(Phone)


@pytest.fixture
def make_phone() -> PhoneMaker:
    """Make a phone at any table (see ``PhoneMaker``)."""
    return PhoneMaker()
