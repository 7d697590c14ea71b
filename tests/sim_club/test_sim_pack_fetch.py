"""A club fetches its pack from the organiser, online, instead of importing the file.

Issue 33: a club "takes part with a pack the organiser gives it (a file to
import, or fetched over the API when online)". The organiser answers
``GET /api/v1/sims/<ref>/pack/`` with the club's key (``X-Sim-Key``) by the
same pack its page gives; the club's app fetches it (``sim_pack_fetch``,
through ``infra.outbound``) from a real HTTP server in these tests and
imports it; every failure is one sentence, never a 5xx.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from http_stub import serving
from rest_framework.test import APIClient
from simclub_build import seated

from sims import services
from tests.api.helpers import token_client
from tests.sims_organiser.sim_builders import make_event
from tournaments.models import Club, Player, Session
from tournaments.services.errors import UserError
from tournaments.services.sim_pack import sim_pack_fetch

pytestmark = pytest.mark.django_db


@dataclass
class Organiser:
    """The organiser's server as the club's app meets it: the pack it serves for one key."""

    pack: bytes = b""
    key: str = ""
    url: str = ""
    asked: list[str] = field(default_factory=list)


@pytest.fixture
def organiser(club: Club) -> Iterator[Organiser]:
    """A real HTTP server answering the pack's address with the organiser's own answer for the key."""
    event = make_event(club)
    sim_club, key = services.sim_club_add(event=event, name="Edgewood Whist Club")
    answer = APIClient().get(f"/api/v1/sims/{event.ref}/pack/", HTTP_X_SIM_KEY=key)
    assert answer.status_code == 200 and answer.json()["club"] == sim_club.name
    found = Organiser(pack=answer.content, key=key)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            found.asked.append(self.path)
            good = self.headers.get("X-Sim-Key") == found.key
            body = found.pack if good else b'{"detail": "bad key"}'
            self.send_response(200 if good else 401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    with serving(Handler) as base:
        found.url = f"{base}/api/v1/sims/{event.ref}/pack/"
        yield found


def test_the_organiser_answers_the_pack_for_the_key_and_401_for_any_other(club: Club) -> None:
    event = make_event(club)
    _, key = services.sim_club_add(event=event, name="Edgewood")
    pack = APIClient().get(f"/api/v1/sims/{event.ref}/pack/", HTTP_X_SIM_KEY=key).json()
    assert pack["key"] == key and pack["event"]["ref"] == event.ref and pack["deals"].count("[Board ") == 6
    assert pack["results_url"].endswith(f"/api/v1/sims/{event.ref}/heats/")
    for wrong in ("", "x" * 30, key + "x"):
        refused = APIClient().get(f"/api/v1/sims/{event.ref}/pack/", HTTP_X_SIM_KEY=wrong)
        assert refused.status_code == 401 and "deals" not in refused.content.decode()
    assert APIClient().get("/api/v1/sims/no-such/pack/", HTTP_X_SIM_KEY=key).status_code == 401


def test_the_club_fetches_the_pack_and_plays_it(organiser: Organiser, draft: Session) -> None:
    session = sim_pack_fetch(session=draft, address=organiser.url, key=organiser.key)
    assert session.sim_pack is not None and session.sim_pack["club"] == "Edgewood Whist Club"
    assert session.hands_release_at is not None and organiser.asked == [urlsplit(organiser.url).path]
    assert Session.objects.get(pk=draft.pk).trays.filter(deal__hands__gt="").count() == 6


@pytest.mark.parametrize(
    ("address", "key", "field", "says"),
    [
        ("", "k" * 20, "address", "Give the pack's address"),
        ("file:///etc/passwd", "k" * 20, "address", "Give the pack's address"),
        ("URL", "", "key", "Give the club's key"),
        ("URL", "k" * 20, "key", "did not accept this key"),
        ("DEAD", "k" * 20, "address", "could not be reached"),
    ],
)
def test_each_failed_fetch_is_a_sentence_and_nothing_is_kept(
    organiser: Organiser, draft: Session, address: str, key: str, field: str, says: str
) -> None:
    if address == "DEAD":
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            address = f"http://127.0.0.1:{probe.getsockname()[1]}/api/v1/sims/x/pack/"
    address = address.replace("URL", organiser.url)
    with pytest.raises(UserError, match=says) as refused:
        sim_pack_fetch(session=draft, address=address, key=key)
    assert refused.value.field == field
    assert Session.objects.get(pk=draft.pk).sim_pack is None


def test_the_trays_page_and_the_api_fetch_it(
    organiser: Organiser, draft: Session, director_client: Client, director: Any, club: Club
) -> None:
    url = reverse("director:trays_sim_pack", args=[draft.pk])
    bad = director_client.post(url, {"address": organiser.url, "key": "k" * 20})
    assert bad.status_code == 400 and "did not accept this key" in bad.content.decode()
    done = director_client.post(url, {"address": organiser.url, "key": organiser.key}, follow=True)
    assert done.status_code == 200 and "This session plays" in done.content.decode()
    assert organiser.key not in done.content.decode()

    other = seated(club, list(Player.objects.filter(club=club).order_by("pk")[:12]), title="Second")
    api = token_client(director)
    answer = api.post(
        f"/api/v1/sessions/{other.pk}/sim-pack/",
        {"address": organiser.url, "key": organiser.key},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["club"] == "Edgewood Whist Club" and organiser.key not in json.dumps(answer.json())
    refused = api.post(
        f"/api/v1/sessions/{other.pk}/sim-pack/", {"address": "ftp://x", "key": "k"}, format="json"
    )
    assert refused.status_code == 400 and "address" in refused.json()
