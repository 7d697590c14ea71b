"""A club's heat of an event organised on this server is handed to the organiser in-process: no request.

The tryout, on a laptop (``SITE_URL`` http://127.0.0.1:8000): "Send to the organiser" said the
organiser could not be reached (a local address) while the same card said "The event is organised on
this server". The app's own requests rightly refuse loopback and private addresses; the app asking
itself is not one of them. An event on another host still goes out through ``infra.outbound``.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from public.builders import play_all
from simclub_build import KEY, pack_session, seated

from infra.outbound import Unreachable
from scoring.services import sim_send
from sims import selectors, services
from sims.models import SimClub, SimEvent, SimHeat
from tests.api.helpers import token_client
from tests.sims_organiser.sim_builders import make_event
from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions
from tournaments.services.sim_pack import sim_pack_import

pytestmark = pytest.mark.django_db

CLUB = "Edgewood Whist Club"
RELEASE = dt.datetime(2026, 11, 9, 20, 0, tzinfo=dt.UTC)


@pytest.fixture
def laptop(settings: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A laptop's demo: its own address on loopback, no host allowed, and every request recorded (and
    failed) instead of made."""
    settings.SITE_URL = "http://127.0.0.1:8000"
    settings.OUTBOUND_ALLOWED_HOSTS = []
    asked: list[str] = []

    def exchange(url: str, **kwargs: Any) -> Any:
        asked.append(url)
        raise Unreachable("asked in a test")

    monkeypatch.setattr(sim_send, "exchange", exchange)
    return asked


def heat_here(club: Club, players: list[Player], *, key: str | None = None) -> tuple[Session, SimClub]:
    """An event of the county on this server; our club's session plays its pack and is closed."""
    county = club_services.club_create(name="County Whist Association", slug="county")
    event = make_event(county)
    sim_club, issued = services.sim_club_add(event=event, name=CLUB)
    session = seated(club, players)
    pack = services.pack_for(sim_club=sim_club, key=key or issued, results_url=selectors.results_url(event))
    assert '"results_url": "http://127.0.0.1:8000/api/v1/sims/' in pack
    sim_pack_import(session=session, data=pack)
    session = sessions.session_start(session=Session.objects.get(pk=session.pk))
    play_all(session, random.Random(5))
    session = sessions.session_set_status(session=session, status=Session.Status.CLOSED)
    return Session.objects.get(pk=session.pk), sim_club


def test_the_close_page_sends_the_heat_to_an_event_on_this_server_without_the_network(
    club: Club, players: list[Player], director_client: Client, laptop: list[str]
) -> None:
    session, sim_club = heat_here(club, players)
    page = director_client.get(reverse("run:close", args=[session.pk])).content.decode()
    assert "Send to the organiser" in page and "organised on this server" in page
    done = director_client.post(reverse("run:sim_send", args=[session.pk]), follow=True)
    body = done.content.decode()
    assert "could not be reached" not in body
    assert f"Sent to County Whist Association: they have 18 lines from {CLUB} (send 1 of this heat)" in body
    heat = SimHeat.objects.get(sim_club=sim_club)
    assert heat.sends == 1 and heat.via == SimHeat.Via.API and heat.pairs == 6
    assert Session.objects.get(pk=session.pk).sim_sends == 1
    again = director_client.post(reverse("run:sim_send", args=[session.pk]), follow=True)
    assert "(send 2 of this heat)" in again.content.decode()
    assert laptop == []


def test_the_api_sends_it_in_process_too(
    club: Club, players: list[Player], director: Any, laptop: list[str]
) -> None:
    session, sim_club = heat_here(club, players)
    sent = token_client(director).post(f"/api/v1/sessions/{session.pk}/sim-send/")
    assert sent.status_code == 200 and sent.json()["club"] == CLUB and sent.json()["sends"] == 1
    assert SimHeat.objects.filter(sim_club=sim_club).exists() and laptop == []


def test_the_key_is_checked_as_the_api_checks_it(
    club: Club, players: list[Player], director_client: Client, laptop: list[str]
) -> None:
    session, sim_club = heat_here(club, players, key="not-the-clubs-key-0123456789")
    done = director_client.post(reverse("run:sim_send", args=[session.pk]), follow=True)
    assert "did not accept the club&#x27;s key" in done.content.decode()
    assert not SimHeat.objects.filter(sim_club=sim_club).exists() and laptop == []
    assert Session.objects.get(pk=session.pk).sim_sends == 0


def test_a_closed_event_and_a_refused_heat_are_sentences(
    club: Club, players: list[Player], director_client: Client, laptop: list[str]
) -> None:
    session, sim_club = heat_here(club, players)
    SimEvent.objects.filter(pk=sim_club.event_id).update(state="closed")
    closed = director_client.post(reverse("run:sim_send", args=[session.pk]), follow=True)
    assert "has closed the event" in closed.content.decode()
    SimEvent.objects.filter(pk=sim_club.event_id).update(state="open")
    fewer = services.dealt_pbn(3, "Three deals")  # the heat's deals 4 to 6 are no longer the event's
    SimEvent.objects.filter(pk=sim_club.event_id).update(deals_pbn=fewer)
    refused = director_client.post(reverse("run:sim_send", args=[session.pk]), follow=True)
    assert "The organiser refused the heat file: The heat has results of board 4" in refused.content.decode()
    assert laptop == []


def test_an_event_on_another_host_still_goes_out_through_outbound(
    club: Club, players: list[Player], director_client: Client, laptop: list[str]
) -> None:
    url = "https://county.example/api/v1/sims/autumn-sim-2026/heats/"
    heat = pack_session(club, players, release_at=RELEASE, results_url=url)
    assert heat.sim_pack["key"] == KEY and not SimEvent.objects.exists()
    done = director_client.post(reverse("run:sim_send", args=[heat.pk]), follow=True)
    assert "The organiser could not be reached (asked in a test)" in done.content.decode()
    assert laptop == [url]
