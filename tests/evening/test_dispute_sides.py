"""A dispute on a line either side sent: every door says truly who sent which count and whose figure the
director accepted (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 42: one side sends, the other
checks; either side's phone may send).

E-W's phone sends N-S 9 on tray 1 and N-S dispute it with 8, or N-S send 9 and E-W say 8; the phones,
the live board's *Needs you* and its JSON, the line's page, the close page tell each side's count; the
director settles it on the page or through the API (``accept`` names the side whose figure is taken),
and the line, its history and the phones say whose figure it was.
"""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import SlipLine, SlipLineVersion
from tests.api.helpers import token_client
from tests.phones import Phone
from tournaments.models import Session

pytestmark = pytest.mark.django_db

WORDS = {"NS": "N-S", "EW": "E-W"}
OTHER = {"NS": "EW", "EW": "NS"}


def disputed(session: Session, sender: str) -> tuple[Phone, Phone, SlipLine]:
    """The sender's phone sends N-S 9 on tray 1 at table 1, the other side's phone disputes with 8."""
    table = session.tables.get(number=1)
    sends, checks = Phone.at(table, sender), Phone.at(table, OTHER[sender])
    assert sends.send(1, 9, key="k").status_code == 201
    assert checks.post("dispute", tray=1, claimed=8).status_code == 200
    line = SlipLine.objects.get(session=session, table__number=1, tray__number=1)
    assert (line.entered_side, line.ns_tricks, line.claimed, line.status) == (sender, 9, 8, "disputed")
    return sends, checks, line


def text(answer: Any) -> str:
    return html.unescape(answer.content.decode())


def told(sender: str) -> str:
    """How a sentence tells the two counts: "E-W entered N-S 9, N-S say 8"."""
    said = "N-S " if sender == "EW" else ""
    return f"{WORDS[sender]} entered {said}9, {WORDS[OTHER[sender]]} say 8"


@pytest.mark.parametrize("sender", ["NS", "EW"])
def test_every_page_tells_which_side_sent_which_count(
    director_client: Client, running_session: Session, sender: str
) -> None:
    sends, checks, line = disputed(running_session, sender)
    pk = running_session.pk
    figure = {sender: 9, OTHER[sender]: 8}
    for phone in (sends, checks):
        assert f"Disputed, with the director: {told(sender)}" in text(phone.page())
    board = text(director_client.get(reverse("run:board", args=[pk])))
    names = "entered N-S 9;" if sender == "EW" else "entered 9;"
    assert f"Table 1, tray 1 (round 1): {WORDS[sender]}, " in board and names in board
    assert f"Accept N-S's {figure['NS']}" in board and f"Accept E-W's {figure['EW']}" in board
    dispute = director_client.get(reverse("run:board_json", args=[pk])).json()["disputes"][0]
    assert told(sender) in dispute["text"]
    assert (dispute["sent_by"], dispute["ns_figure"], dispute["ew_figure"]) == (
        sender,
        figure["NS"],
        figure["EW"],
    )
    page = text(director_client.get(reverse("run:line", args=[pk, line.pk])))
    assert f"Disputed: {told(sender).replace(', ', '; ')}." in page
    assert f"Accept N-S's {figure['NS']}" in page and f"Accept E-W's {figure['EW']}" in page
    close = text(director_client.get(reverse("run:close", args=[pk])))
    assert f"is disputed: {told(sender)}." in close


def settle(door: str, client: Client, director: Any, line: SlipLine, accept: str) -> Any:
    """Settle through the page's button or the API; what the director is told (the page's text, or the
    API's answer)."""
    if door == "page":
        url = reverse("run:settle", args=[line.session_id, line.pk])
        return text(client.post(url, {"accept": accept}, follow=True))
    url = f"/api/v1/sessions/{line.session_id}/slips/{line.pk}/settle/"
    answer = token_client(director).post(url, {"accept": accept}, format="json")
    assert answer.status_code == 200, answer.content
    return answer.json()


@pytest.mark.parametrize("door", ["page", "api"])
@pytest.mark.parametrize("sender", ["NS", "EW"])
@pytest.mark.parametrize("taken", ["sender", "disputer"])
def test_settling_records_whose_figure_was_accepted(
    director_client: Client, director: Any, running_session: Session, door: str, sender: str, taken: str
) -> None:
    sends, checks, line = disputed(running_session, sender)
    side = sender if taken == "sender" else OTHER[sender]
    tricks = 9 if taken == "sender" else 8
    said = settle(door, director_client, director, line, side.lower())
    line.refresh_from_db()
    assert (line.ns_tricks, line.status, line.checked_side, line.checked_how) == (
        tricks,
        "confirmed",
        side,
        "settled",
    )
    if door == "page":
        assert f"Table 1, tray 1: {WORDS[side]}'s figure accepted, N-S {tricks}." in said
    else:
        assert (said["checked_side"], said["entered_side"], said["ns_tricks"]) == (side, sender, tricks)
    other = f"{WORDS[OTHER[sender]]} said 8" if taken == "sender" else f"{WORDS[sender]} had entered 9"
    reason = SlipLineVersion.objects.filter(line=line).order_by("version").last().reason
    assert reason == f"Dispute settled: {WORDS[side]}'s figure accepted, N-S {tricks} ({other})."
    for phone in (sends, checks):
        assert f"Disputed; settled by the director for {WORDS[side]}'s count" in text(phone.page())
