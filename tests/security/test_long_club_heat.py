"""A club taking part under a name as long as the organiser allows (120 characters) sends its heat.

Over real HTTP, as it happens: the club's director presses "Send to the organiser" on the close page;
the club's app POSTs the heat with its key to the organiser's API, served by the live server on the same
database. The organiser's action log names the club as its actor ("sim <name>"), a column of 80
characters: PostgreSQL refused the longer name (a 500, the heat lost), so the actor is shortened to fit,
as the app shortens every name it builds. Run on PostgreSQL (``DATABASE_URL``) as well as SQLite, which
stores any length.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from sims import services
from sims.models import SimHeat
from tests.sim_club.simclub_build import pack_session
from tests.sims_organiser.sim_builders import make_event
from tournaments.models import ActionLog, Club, Session
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db(transaction=True)

#: As long as a club taking part may be named (``SimClub.name``), more than ``ActionLog.actor`` holds.
LONG_CLUB = ("The Royal and Ancient Whist and Duplicate Whist Club of Upper Wickham " * 2)[:120].strip()


def test_a_club_with_the_longest_name_sends_its_heat_and_the_log_names_it_shortened(
    live_server: Any, settings: Any, club: Club, director: Any, director_client: Client
) -> None:
    settings.OUTBOUND_ALLOWED_HOSTS = ["localhost", "127.0.0.1"]  # the organiser is the live server
    event = make_event(club)
    sim_club, key = services.sim_club_add(event=event, name=LONG_CLUB)
    edgewood = club_services.club_create(name="Edgewood Whist Club", slug="edgewood")
    club_services.director_add(club=edgewood, user=director)
    players = [club_services.player_create(club=edgewood, name=f"Member {i:02d}") for i in range(1, 13)]
    heat = pack_session(edgewood, players, release_at=dt.datetime(2026, 11, 9, 20, 0, tzinfo=dt.UTC))
    pack = {**heat.sim_pack, "ref": event.ref, "key": key, "club": LONG_CLUB}
    pack["results_url"] = f"{live_server.url}/api/v1/sims/{event.ref}/heats/"
    Session.objects.filter(pk=heat.pk).update(sim_pack=pack)

    page = director_client.post(reverse("run:sim_send", args=[heat.pk]), follow=True).content.decode()

    assert "answered 500" not in page and "they have 18 lines" in page, page[:2000]
    assert SimHeat.objects.get(sim_club=sim_club).sends == 1
    logged = ActionLog.objects.get(club=club, action="sim.heat")
    limit = ActionLog._meta.get_field("actor").max_length
    assert len(logged.actor) <= limit and logged.actor.startswith("sim The Royal and Ancient")
    assert logged.actor.endswith("…") and logged.data["sim_club"] == LONG_CLUB
    assert Session.objects.get(pk=heat.pk).sim_sends == 1
