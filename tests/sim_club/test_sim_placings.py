"""Each pair's two placings in a simultaneous event, on its phone and on the club's public results page.

Issue 33: "the field published, each pair's two placings on its phone". The
field comes from the event on this server (read directly), or is fetched
by the club's director from the organiser's public API (a real
``http.server`` here, no mocks), or imported from the field file the
organiser's public page offers. Nothing is shown before the organiser
publishes the field, and a heat arriving before then changes nothing a
person can ask.
"""

from __future__ import annotations

import json
import random
import re
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from http_stub import serving
from public.builders import play_all
from rest_framework.test import APIClient
from simclub_build import seated

from scoring.selectors.heat import heat_site, session_results_pbn
from sims import selectors, services
from sims.api import public_body
from sims.club_field import sim_field_fetch
from sims.models import SimClub, SimEvent
from tests.api.helpers import token_client
from tests.privacy.people import public_urls
from tests.sims_organiser.sim_builders import heat_file, make_event
from tournaments.models import ActionLog, Club, EntrantLink, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions
from tournaments.services.errors import UserError
from tournaments.services.sim_pack import sim_pack_import
from whist.figures import rounded

pytestmark = pytest.mark.django_db
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
CLUB = "Edgewood Whist Club"


@dataclass
class Sim:
    """The organiser's event, our club's session (its heat), the clubs of the event."""

    event: SimEvent
    session: Session
    clubs: dict[str, SimClub]


@pytest.fixture
def county() -> Club:
    return club_services.club_create(name="County Whist Association", slug="county")


def build(county: Club, club: Club, players: list[Player]) -> Sim:
    """An event of three clubs; ours plays its pack, closes and sends its heat; Wells sends too."""
    event = make_event(county)
    clubs, keys = {}, {}
    for name in (CLUB, "Bath", "Wells"):
        clubs[name], keys[name] = services.sim_club_add(event=event, name=name)
    session = seated(club, players)
    pack = services.pack_for(sim_club=clubs[CLUB], key=keys[CLUB], results_url="")
    sim_pack_import(session=session, data=pack)
    session = sessions.session_start(session=Session.objects.get(pk=session.pk))
    play_all(session, random.Random(5))
    session = sessions.session_set_status(session=session, status=Session.Status.CLOSED)
    heat = session_results_pbn(session=session, site=heat_site(session))
    services.heat_receive(event=event, sim_club=clubs[CLUB], data=heat, via="file")
    services.heat_receive(event=event, sim_club=clubs["Wells"], data=heat_file("Wells", 11), via="file")
    return Sim(event, Session.objects.get(pk=session.pk), clubs)


@pytest.fixture
def sim(county: Club, club: Club, players: list[Player]) -> Sim:
    return build(county, club, players)


def publish_session(session: Session) -> Session:
    session = sessions.session_publish_switches(
        session=session, standings=True, travellers=True, hand_records=True
    )
    sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)
    return Session.objects.get(pk=session.pk)


def token(session: Session, number: int) -> str:
    return EntrantLink.objects.get(session=session, entrant__number=number, side="").token


def phone(session: Session, number: int) -> tuple[str, list[dict[str, Any]]]:
    """The pair's phone: its page's main part (form tokens aside) and its API's placings."""
    link = token(session, number)
    page = Client().get(reverse("phone:home", args=[link]), headers={"X-Table-Partial": "1"})
    state = APIClient().get(reverse("entrant-link-state", args=[link]))
    assert page.status_code == 200 and state.status_code == 200
    return CSRF.sub("", page.content.decode()), state.json()["sim_placings"]


def expected(event: SimEvent, pair: str, method: str) -> str:
    """The sentence the pair's phone should show, from the organiser's own reading of the field."""
    rank, score, club = selectors.placings(event, CLUB, pair, method)
    shown = f"{rounded(score, 1)}%" if method == "matchpoints" else f"score {rounded(score, 2)}"
    words = {"matchpoints": "matchpoints", "trick": "the trick method"}[method]
    return f"Simultaneous event ({words}): {rank} pairs overall ({shown}), {club} at the club"


def test_a_pairs_phone_shows_its_two_placings_once_the_field_and_the_standings_are_published(
    sim: Sim,
) -> None:
    page, placings = phone(sim.session, 1)
    assert placings == [] and "Simultaneous event" not in page
    services.event_publish(event=sim.event)
    page, placings = phone(sim.session, 1)
    assert placings == [] and "Simultaneous event" not in page, "the club has not published its standings"
    sim.session = publish_session(sim.session)
    page, placings = phone(sim.session, 1)
    want = [expected(sim.event, "1", m) for m in ("matchpoints", "trick")]
    assert [p["text"] for p in placings] == want
    assert {p["pair"] for p in placings} == {"1"} and " of 12 pairs overall" in want[0]
    assert all(text in page for text in want)
    other, mine = phone(sim.session, 4)
    assert [p["text"] for p in mine] == [expected(sim.event, "4", m) for m in ("matchpoints", "trick")]
    assert want[0] not in other
    table = sim.session.tables.order_by("number").first()
    assert table is not None
    place = Client().get(reverse("table:home", args=[table.token])).content.decode()
    assert "Simultaneous event" not in place


def test_a_running_session_shows_no_placing(sim: Sim) -> None:
    services.event_publish(event=sim.event)
    sessions.session_reopen(session=sim.session)
    page, placings = phone(sim.session, 2)
    assert placings == [] and "Simultaneous event" not in page


def test_the_public_results_page_shows_every_pair_once_both_are_published(sim: Sim) -> None:
    session = publish_session(sim.session)
    url = reverse("public:session", args=[session.club.slug, session.pk])
    assert "sim-placings" not in Client().get(url).content.decode()
    services.event_publish(event=sim.event)
    body = Client().get(url).content.decode()
    assert 'id="sim-placings"' in body
    rows = selectors.standings_rows(sim.event, "matchpoints")
    for row in [r for r in rows if r["club"] == CLUB]:
        assert f'data-label="Overall">{row["rank"]}</td>' in body
    assert "Bath" not in body and "Wells" not in body


def test_a_heat_arriving_before_publish_changes_nothing_a_person_can_ask(sim: Sim) -> None:
    session, ref = publish_session(sim.session), sim.event.ref
    urls = [reverse("sims_public:event", args=[ref]), f"/api/v1/sims/{ref}/"]
    assert set(urls) <= set(public_urls(session))

    def answers() -> list[Any]:
        asked = [Client().get(u) for u in urls]
        return [phone(session, n) for n in (1, 5)] + [
            (r.status_code, CSRF.sub("", r.content.decode())) for r in asked
        ]

    before = answers()
    services.heat_receive(event=sim.event, sim_club=sim.clubs["Bath"], data=heat_file("Bath", 3), via="file")
    assert answers() == before
    services.event_publish(event=sim.event)
    assert answers() != before


# --- The field brought from an organiser on another server ------------------------------------------


@dataclass
class Organiser:
    """The organiser's server: what it answers next (``mode``), and each path asked."""

    body: bytes = b""
    url: str = ""
    mode: str = "ok"
    paths: list[str] = field(default_factory=list)


def handler_for(organiser: Organiser) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            organiser.paths.append(self.path)
            status, data = {"ok": (200, organiser.body), "404": (404, b"{}"), "junk": (200, b"<html>")}[
                organiser.mode
            ]
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


@pytest.fixture
def organiser() -> Iterator[Organiser]:
    found = Organiser()
    with serving(handler_for(found)) as base:
        found.url = base
        yield found


def elsewhere(sim: Sim, results_url: str = "") -> tuple[bytes, list[str]]:
    """Publish the club's standings and the field, take the field's file and what pair 1 should see, then
    move the event off this server."""
    sim.session = publish_session(sim.session)
    services.event_publish(event=sim.event)
    body = Client().get(reverse("sims_public:field", args=[sim.event.ref]))
    assert body.status_code == 200 and json.loads(body.content) == json.loads(
        json.dumps(public_body(sim.event.ref), default=str)
    )
    want = [expected(sim.event, "1", m) for m in ("matchpoints", "trick")]
    SimEvent.objects.filter(pk=sim.event.pk).delete()
    if results_url:
        pack = {**sim.session.sim_pack, "results_url": results_url}
        Session.objects.filter(pk=sim.session.pk).update(sim_pack=pack)
        sim.session.refresh_from_db()
    return body.content, want


def test_the_director_fetches_the_field_over_http(
    sim: Sim, organiser: Organiser, director_client: Client
) -> None:
    ref = sim.event.ref
    organiser.body, want = elsewhere(sim, f"{organiser.url}/api/v1/sims/{ref}/heats/")
    assert phone(sim.session, 1)[1] == []
    done = director_client.post(reverse("run:sim_field", args=[sim.session.pk]), {"do": "fetch"}, follow=True)
    assert done.status_code == 200 and "is here: the placings of 6 pairs." in done.content.decode()
    assert organiser.paths == [f"/api/v1/sims/{ref}/"]
    assert [p["text"] for p in phone(sim.session, 1)[1]] == want
    kept = Session.objects.get(pk=sim.session.pk).sim_placings
    assert {r["pair"] for part in kept["methods"].values() for r in part["rows"]} == {
        str(n) for n in range(1, 7)
    }
    assert "Wells" not in json.dumps(kept) and kept["via"] == "fetch"
    assert ActionLog.objects.filter(session=sim.session, action="sim.field").count() == 1


@pytest.mark.parametrize(
    ("mode", "says"),
    [("404", "has not published the field yet"), ("junk", "it is not JSON")],
)
def test_each_failed_fetch_is_a_sentence(sim: Sim, organiser: Organiser, mode: str, says: str) -> None:
    organiser.body, _ = elsewhere(sim, f"{organiser.url}/api/v1/sims/{sim.event.ref}/heats/")
    organiser.mode = mode
    with pytest.raises(UserError, match=says):
        sim_field_fetch(session=sim.session)
    assert Session.objects.get(pk=sim.session.pk).sim_placings is None


def test_an_organiser_that_cannot_be_reached_is_a_sentence(sim: Sim) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    elsewhere(sim, f"http://127.0.0.1:{port}/api/v1/sims/{sim.event.ref}/heats/")
    with pytest.raises(UserError, match="The organiser could not be reached"):
        sim_field_fetch(session=sim.session)


def test_the_director_imports_the_field_file(sim: Sim, director_client: Client) -> None:
    data, want = elsewhere(sim)
    upload = SimpleUploadedFile("field.json", data, content_type="application/json")
    done = director_client.post(reverse("run:sim_field", args=[sim.session.pk]), {"file": upload})
    assert done.status_code == 302
    assert [p["text"] for p in phone(sim.session, 1)[1]] == want
    page = director_client.get(reverse("run:close", args=[sim.session.pk])).content.decode()
    assert 'id="sim-placings"' in page and "imported from its file" in page
    other_pack = {**Session.objects.get(pk=sim.session.pk).sim_pack, "ref": "another-sim"}
    Session.objects.filter(pk=sim.session.pk).update(sim_pack=other_pack)
    assert phone(sim.session, 1)[1] == []  # the copy kept is of another event than the pack's


def test_the_api_imports_the_field_and_refuses_bad_input(sim: Sim, director: Any) -> None:
    data, want = elsewhere(sim)
    api, url = token_client(director), f"/api/v1/sessions/{sim.session.pk}/sim-field/"
    good = json.loads(data)
    bad = [
        {"field": "not json {"},
        {"field": {**good, "ref": "spring-sim"}},
        {"field": {**good, "state": "closed"}},
        {"field": {**good, "fields": {"matchpoints": [{"club": CLUB, "rank": "first"}]}}},
        {
            "field": {
                **good,
                "fields": {m: [r for r in rows if r["club"] != CLUB] for m, rows in good["fields"].items()},
            }
        },
    ]
    for body in bad:
        refused = api.post(url, body, format="json")
        assert refused.status_code == 400 and list(refused.json()) == ["field"], (body, refused.json())
    assert Session.objects.get(pk=sim.session.pk).sim_placings is None
    done = api.post(url, {"field": good}, format="json")
    assert done.status_code == 200 and done.json()["via"] == "file"
    assert [p["text"] for p in done.json()["placings"] if p["pair"] == "1"] == want


def test_the_page_refuses_a_file_that_is_not_the_field(sim: Sim, director_client: Client) -> None:
    elsewhere(sim)
    upload = SimpleUploadedFile("field.json", b"\x00\xff not json", content_type="application/json")
    refused = director_client.post(reverse("run:sim_field", args=[sim.session.pk]), {"file": upload})
    assert refused.status_code == 400 and "it is not JSON" in refused.content.decode()
    assert Session.objects.get(pk=sim.session.pk).sim_placings is None


def test_an_event_on_this_server_is_not_fetched(sim: Sim) -> None:
    with pytest.raises(UserError, match="organised on this server"):
        sim_field_fetch(session=sim.session)


def test_another_clubs_director_gets_404(sim: Sim, stranger_client: Client, django_user_model: Any) -> None:
    data, _ = elsewhere(sim)
    page = stranger_client.post(reverse("run:sim_field", args=[sim.session.pk]), {"do": "fetch"})
    assert page.status_code == 404
    api = token_client(django_user_model.objects.get(username="other"))
    asked = api.post(
        f"/api/v1/sessions/{sim.session.pk}/sim-field/", {"field": json.loads(data)}, format="json"
    )
    assert asked.status_code == 404
    assert Session.objects.get(pk=sim.session.pk).sim_placings is None


def test_the_field_file_is_404_before_publish(sim: Sim) -> None:
    assert Client().get(reverse("sims_public:field", args=[sim.event.ref])).status_code == 404
    assert Client().get(reverse("sims_public:field", args=["no-such-sim"])).status_code == 404
