"""Phones at the tables, as the tests make them: a table's link is a place, so a phone that sends or checks
says first which entrant it is (``tournaments.services.phones``) and acts through the pass it is given."""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.test import Client

from entry.selectors.rounds import table_round
from tournaments.models import EntrantLink, SeatedEntrant, Seating, Session, Table
from tournaments.services.phones import phone_claim


def seated_link(table: Table, side: str = "NS", round_number: int | None = None) -> EntrantLink:
    """The own link of the entrant sitting on ``side`` ("NS", "EW") at this table in a round (by default
    the round the table plays now; its first before the start)."""
    number = round_number or max(table_round(table=table), 1)
    last = table.session.rounds.count()
    seating = Seating.objects.select_related("ns", "ew").get(table=table, round__number=min(number, last))
    entrant = seating.ns if side == "NS" else seating.ew
    if entrant is not None:
        team_side = side if table.session.entrant_kind == "fours" else ""
        return EntrantLink.objects.get(entrant=entrant, side=team_side)
    seat = seating.seats.filter(direction=side[0]).select_related("entrant").first()
    assert seat is not None and seat.entrant is not None, f"nobody sits {side} at {table} in round {number}"
    seated = SeatedEntrant.objects.get(seating=seating, entrant=seat.entrant)
    return EntrantLink.objects.get(entrant=seat.entrant, side=seated.side)


def claimed(link: EntrantLink, table: Table | None = None, device: str = "") -> str:
    """A pass for this entrant, as a phone gets it by saying at a table's link who it is (a phone of
    its own, ``device``, made up when not given; the entrant's code when another phone follows it)."""
    if table is None:
        table = Seating.objects.filter(seated__entrant=link.entrant).select_related("table").first().table
    link.refresh_from_db()
    got = phone_claim(
        table=table,
        number=link.entrant.number,
        side=link.side,
        device=device or uuid.uuid4().hex,
        code=link.join_code if link.passes.filter(ended_at__isnull=True).exists() else "",
    )
    return got.token


def seated_pass(table: Table, side: str = "NS", round_number: int | None = None) -> str:
    """A pass of the entrant sitting on ``side`` at this table (see ``seated_link``)."""
    return claimed(seated_link(table, side, round_number), table)


def follower_api(table: Table, side: str = "NS", round_number: int | None = None) -> str:
    """The phones' API of a phone that claimed the entrant sitting on ``side`` at this table."""
    return f"/api/v1/entrant-links/{seated_pass(table, side, round_number)}/"


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
