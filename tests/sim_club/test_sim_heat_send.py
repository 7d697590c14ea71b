"""A club's heat sent to the organiser over HTTP: a real server in the test, no mocks.

Issue 33: "a club sends its heat as a file ... or over the API with a key the
organiser issued; a club can correct and send again until the organiser
closes the event." The organiser here is an ``http.server`` on 127.0.0.1
that checks the key and records each body; each of its answers (200, 401,
409, 400) and a refused connection become the director's sentence.
"""

from __future__ import annotations

import datetime as dt
import json
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from http_stub import serving
from simclub_build import KEY, pack_session

from entry.services.corrections import result_correct
from scoring.models import SlipLine
from scoring.selectors.heat import session_result_lines
from scoring.selectors.standings import entrant_names
from scoring.services.sim_send import sim_heat_send
from tests.api.helpers import token_client
from tournaments.models import ActionLog, Club, Player, Session
from tournaments.pbn.checker import check_export
from tournaments.pbn.results import read_results
from tournaments.services.errors import UserError
from tournaments.services.sessions import session_reopen

pytestmark = pytest.mark.django_db

RELEASE = dt.datetime(2026, 11, 9, 20, 0, tzinfo=dt.UTC)


@dataclass
class Organiser:
    """What the organiser's server answers next (``mode``), and every body it took."""

    url: str = ""
    mode: str = "ok"
    bodies: list[dict[str, Any]] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)


def handler_for(organiser: Organiser) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def answer(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            organiser.keys.append(self.headers.get("X-Sim-Key", ""))
            if self.headers.get("X-Sim-Key") != KEY:
                return self.answer(401, {"detail": "Unknown key."})
            if organiser.mode == "closed":
                return self.answer(409, {"detail": "The event is closed."})
            if organiser.mode == "bad":
                return self.answer(400, {"detail": "Board 3: the hands are not the event's."})
            body = json.loads(raw)
            organiser.bodies.append(body)
            heat = read_results(body["pbn"])
            self.answer(200, {"club": heat.club, "sends": len(organiser.bodies), "lines": len(heat.lines)})

    return Handler


@pytest.fixture
def organiser() -> Iterator[Organiser]:
    found = Organiser()
    with serving(handler_for(found)) as base:
        found.url = f"{base}/api/v1/sims/autumn/heats/"
        yield found


@pytest.fixture
def heat(club: Club, players: list[Player], organiser: Organiser) -> Session:
    return pack_session(club, players, release_at=RELEASE, results_url=organiser.url)


def test_the_heat_goes_to_the_organiser_with_the_key_and_the_packs_club_name(
    heat: Session, organiser: Organiser
) -> None:
    sent = sim_heat_send(session=heat)
    assert (sent.club, sent.sends, sent.lines) == ("Edgewood Whist Club", 1, 18)
    assert organiser.keys == [KEY] and len(organiser.bodies) == 1
    data = organiser.bodies[0]["pbn"]
    assert check_export(data.encode("iso-8859-1")) == []
    back = read_results(data)
    assert back.club == "Edgewood Whist Club" and back.club != heat.club.name
    assert back.lines == tuple(session_result_lines(session=heat))
    names = entrant_names(session=heat)
    assert back.names() == {str(n): text for n, text in names.items()} and "Member" in back.names()["1"]
    heat.refresh_from_db()
    assert heat.sim_sends == 1 and heat.sim_sent_at is not None
    assert ActionLog.objects.filter(session=heat, action="sim.heat.send").count() == 1


def test_a_corrected_heat_is_sent_again(heat: Session, organiser: Organiser) -> None:
    sim_heat_send(session=heat)
    closed = session_reopen(session=heat, reason="a slip misread")
    line = SlipLine.objects.filter(session=closed, tray__number=1).order_by("table__number").first()
    assert line is not None
    result_correct(line=line, reason="slip misread", ns_tricks=0 if line.ns_tricks == 13 else 13)
    again = sim_heat_send(session=Session.objects.get(pk=heat.pk))
    assert again.sends == 2
    first, second = (read_results(b["pbn"]) for b in organiser.bodies)
    assert first.lines != second.lines and len(second.lines) == 18
    assert Session.objects.get(pk=heat.pk).sim_sends == 2


@pytest.mark.parametrize(
    ("mode", "key", "says"),
    [
        ("ok", "wrong-key-0123456789abcdef", "did not accept the club's key"),
        ("closed", KEY, "The organiser has closed the event: it takes no more heats."),
        ("bad", KEY, "The organiser refused the heat file: ask them why"),
    ],
)
def test_each_refusal_of_the_organiser_is_a_sentence(
    heat: Session, organiser: Organiser, mode: str, key: str, says: str
) -> None:
    organiser.mode = mode
    Session.objects.filter(pk=heat.pk).update(sim_pack={**heat.sim_pack, "key": key})
    heat.refresh_from_db()
    with pytest.raises(UserError) as refused:
        sim_heat_send(session=heat)
    assert says in refused.value.message
    assert "(" not in refused.value.message  # the app's sentence: nothing of the organiser's answer
    heat.refresh_from_db()
    assert heat.sim_sends == 0 and heat.sim_sent_at is None and organiser.bodies == []


def test_an_organiser_that_cannot_be_reached_is_a_sentence(heat: Session) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    Session.objects.filter(pk=heat.pk).update(
        sim_pack={**heat.sim_pack, "results_url": f"http://127.0.0.1:{port}/"}
    )
    heat.refresh_from_db()
    with pytest.raises(UserError) as refused:
        sim_heat_send(session=heat)
    message = refused.value.message
    assert message.startswith("The organiser could not be reached (")
    assert message.endswith("): download the heat file and send it to them.")


def test_a_running_session_or_one_without_a_pack_is_not_sent(
    club: Club, players: list[Player], heat: Session, organiser: Organiser
) -> None:
    running = session_reopen(session=session_reopen(session=heat, reason="a late slip"))
    with pytest.raises(UserError, match="Close the session first"):
        sim_heat_send(session=running)
    Session.objects.filter(pk=heat.pk).update(sim_pack=None, hands_release_at=None)
    with pytest.raises(UserError, match="does not play a simultaneous event's pack"):
        sim_heat_send(session=Session.objects.get(pk=heat.pk))
    assert organiser.bodies == []


def test_the_close_page_sends_it_and_says_so(
    heat: Session, organiser: Organiser, director_client: Client
) -> None:
    page = director_client.get(reverse("run:close", args=[heat.pk]))
    body = page.content.decode()
    assert "Autumn Simultaneous Pairs" in body and "Send to the organiser" in body and KEY not in body
    assert reverse("run:sim_send", args=[heat.pk]) in body and "results-pbn-link" in body
    done = director_client.post(reverse("run:sim_send", args=[heat.pk]), follow=True)
    text = done.content.decode()
    assert "Sent to County Whist Association: they have 18 lines from Edgewood Whist Club" in text
    assert "Send to the organiser again" in text and "Sent 1 time" in text
    organiser.mode = "closed"
    refused = director_client.post(reverse("run:sim_send", args=[heat.pk]), follow=True)
    assert "has closed the event" in refused.content.decode()


def test_the_api_sends_it(heat: Session, organiser: Organiser, director: Any) -> None:
    api = token_client(director)
    response = api.post(f"/api/v1/sessions/{heat.pk}/sim-send/")
    assert response.status_code == 200, response.content
    assert response.json()["club"] == "Edgewood Whist Club" and response.json()["sim_sends"] == 1
    organiser.mode = "bad"
    refused = api.post(f"/api/v1/sessions/{heat.pk}/sim-send/")
    assert refused.status_code == 400 and "refused the heat file" in refused.json()["send"][0]


def test_the_downloaded_heat_names_the_packs_club_too(heat: Session, director_client: Client) -> None:
    response = director_client.get(reverse("run:results_pbn", args=[heat.pk]))
    assert read_results(response.content).club == "Edgewood Whist Club"
