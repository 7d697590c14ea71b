"""A whole simultaneous event through the organiser's pages and the API: three clubs, one field.

Bath's heat is a real session of this server, played and closed, exported
as its director would (``session_results_pbn``) and uploaded by the
organiser; Wells's is a file its app wrote, uploaded too; Frome sends its
own over the API with its key, then sends a corrected heat. The field the
organiser publishes is the engine's on the same heats.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from public.builders import play_session
from rest_framework.test import APIClient

from scoring.scorers.field import Field
from scoring.scorers.field_io import field_json
from scoring.selectors.heat import session_results_pbn
from sims import selectors
from sims.models import SimEvent, SimHeat
from tests.api.helpers import token_client
from tests.sims_organiser.sim_builders import engine_heat, heat_file, make_event
from tournaments.models import Club, Player
from tournaments.pbn.pack import read_pack
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def bath_file(club: Club) -> bytes:
    """A closed three-table Mitchell of six deals at this club, as its heat file."""
    people: list[Player] = [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(12)]
    session = play_session(
        club=club, players=people, title="Sim heat", date=dt.date(2026, 11, 3), family="mitchell",
        deals_count=6, method="matchpoints", publish=None,
    )  # fmt: skip
    return session_results_pbn(session=session)


def create_through_the_page(client: Client, club: Club, release: dt.datetime) -> SimEvent:
    form = {
        "name": "Winter simultaneous",
        "plays_from": "2026-11-02",
        "plays_to": "2026-11-06",
        "release_at": release.strftime("%Y-%m-%dT%H:%M"),
        "methods": ["matchpoints", "trick"],
        "deals": "6",
    }
    response = client.post(reverse("sims:list", args=[club.slug]), form)
    assert response.status_code == 302, response.content[:400]
    return SimEvent.objects.get(organiser=club)


def add_through_the_page(client: Client, event: SimEvent, name: str) -> tuple[int, str]:
    """(the club's id, its key as the page shows it once)."""
    response = client.post(reverse("sims:club_add", args=[event.organiser.slug, event.ref]), {"name": name})
    assert response.status_code == 200
    key = re.search(r'id="issued-key">([A-Za-z0-9_-]+)<', response.content.decode())
    assert key is not None
    return event.clubs.get(name=name).pk, key.group(1)


def upload(client: Client, event: SimEvent, pk: int, data: bytes) -> Any:
    url = reverse("sims:heat", args=[event.organiser.slug, event.ref, pk])
    return client.post(url, {"file": SimpleUploadedFile("heat.pbn", data)})


def send(ref: str, key: str | None, pbn: str) -> Any:
    client = APIClient()
    headers = {"HTTP_X_SIM_KEY": key} if key is not None else {}
    return client.post(f"/api/v1/sims/{ref}/heats/", {"pbn": pbn}, format="json", **headers)


def test_a_whole_event_three_clubs_one_field(
    club: Club, director: Any, director_client: Client, bath_file: bytes
) -> None:
    event = create_through_the_page(director_client, club, timezone.localtime() + dt.timedelta(days=7))
    bath, bath_key = add_through_the_page(director_client, event, "Bath")
    wells, _ = add_through_the_page(director_client, event, "Wells")
    # The pack, downloaded at once with the key just shown; again later, a new key.
    pack_url = reverse("sims:pack", args=[club.slug, event.ref, bath])
    first = director_client.post(pack_url, {"key": bath_key})
    assert first["Content-Disposition"].startswith("attachment") and read_pack(first.content).key == bath_key
    again = read_pack(director_client.post(pack_url).content)
    assert again.key != bath_key and again.results_url.endswith(f"/api/v1/sims/{event.ref}/heats/")
    assert send(event.ref, bath_key, heat_file("Bath", 1).decode("latin-1")).status_code == 401
    # Frome is added over the API: 201 with its key and its pack.
    api = token_client(director)
    added = api.post(f"/api/v1/clubs/{club.slug}/sims/{event.ref}/clubs/", {"name": "Frome"}, format="json")
    assert added.status_code == 201
    frome_key = added.json()["key"]
    assert read_pack(added.json()["pack"]).key == frome_key
    # The heats: two files uploaded, one sent with the key, then corrected and sent again.
    assert upload(director_client, event, bath, bath_file).status_code == 302
    wells_file = heat_file("Wells Whist Club", 2)
    assert upload(director_client, event, wells, wells_file).status_code == 302
    wrong, right = heat_file("Frome", 3).decode("latin-1"), heat_file("Frome", 4).decode("latin-1")
    assert send(event.ref, frome_key, wrong).json() == {"club": "Frome", "sends": 1, "lines": 18}
    assert send(event.ref, frome_key, right).json() == {"club": "Frome", "sends": 2, "lines": 18}
    heats = [
        engine_heat("Bath", bath_file),
        engine_heat("Wells", wells_file),
        engine_heat("Frome", right.encode("latin-1")),
    ]
    # The organiser's page: every club, its sends, the field by each method.
    page = director_client.get(reverse("sims:event", args=[club.slug, event.ref])).content.decode()
    assert all(name in page for name in ("Bath", "Wells", "Frome")) and 'id="field-trick"' in page
    detail = api.get(f"/api/v1/clubs/{club.slug}/sims/{event.ref}/").json()
    assert [(c["name"], c["heat"]["sends"]) for c in detail["clubs"]] == [
        ("Bath", 1),
        ("Wells", 1),
        ("Frome", 2),
    ]
    # Closed, then published; the field is the engine's on the same heats.
    assert api.post(f"/api/v1/clubs/{club.slug}/sims/{event.ref}/close/").json()["state"] == "closed"
    assert send(event.ref, frome_key, right).status_code == 409
    assert api.post(f"/api/v1/clubs/{club.slug}/sims/{event.ref}/publish/").json()["state"] == "published"
    for method in ("matchpoints", "trick"):
        whole = Field(method, heats)
        got = api.get(f"/api/v1/clubs/{club.slug}/sims/{event.ref}/field/{method}/")
        assert got.json() == field_json(whole.standings(), whole.deal_scores())
    public = APIClient().get(f"/api/v1/sims/{event.ref}/").json()
    best = Field("matchpoints", heats).standings().standings[0]
    assert public["fields"]["matchpoints"][0]["club"] == best.club and "deals" not in public
    assert len(public["fields"]["matchpoints"]) == 18
    rank, score, club_place = selectors.placings(event, best.club, best.pair)
    assert rank.endswith("of 18") and score == best.score
    assert club_place.endswith(f"of 3 {'N-S' if best.direction == 'NS' else 'E-W'}"), club_place
    shown = Client().get(reverse("sims_public:event", args=[event.ref])).content.decode()
    assert "The field by matchpoints" in shown and 'id="hands"' not in shown


def test_the_api_refuses_a_missing_or_bad_key_a_bad_file_and_a_closed_event(
    club: Club, director: Any
) -> None:
    event = make_event(club)
    api = token_client(director)
    key = api.post(
        f"/api/v1/clubs/{club.slug}/sims/{event.ref}/clubs/", {"name": "Bath"}, format="json"
    ).json()["key"]
    good = heat_file("Bath", 1).decode("latin-1")
    assert send(event.ref, None, good).status_code == 401
    refused = send(event.ref, "no-such-key-at-all", good)
    assert refused.status_code == 401 and set(refused.json()) == {"detail"}
    assert send("no-such-event", key, good).json() == refused.json()
    bad = send(event.ref, key, '[Event "x"]\nnothing here')
    assert bad.status_code == 400 and "cannot be taken" in bad.json()["pbn"][0]
    assert send(event.ref, key, "").status_code == 400
    assert send(event.ref, "no-such-key-at-all", "").status_code == 401
    api.post(f"/api/v1/clubs/{club.slug}/sims/{event.ref}/close/")
    closed = send(event.ref, key, good)
    assert closed.status_code == 409 and closed.json() == {
        "detail": "The event is closed: results are no longer taken"
    }
    assert not SimHeat.objects.exists()


def test_the_api_creates_and_lists_events(club: Club, director: Any) -> None:
    api = token_client(director)
    body = {
        "name": "Spring sim", "plays_from": "2027-03-01", "plays_to": "2027-03-05",
        "release_at": "2027-03-06T20:00:00+00:00", "methods": ["exponent"], "deals": "12",
    }  # fmt: skip
    made = api.post(f"/api/v1/clubs/{club.slug}/sims/", body, format="json")
    assert made.status_code == 201 and made.json()["methods"] == ["exponent"]
    assert api.get(f"/api/v1/clubs/{club.slug}/sims/").json()["results"][0]["ref"] == made.json()["ref"]
    refused = api.post(f"/api/v1/clubs/{club.slug}/sims/", {**body, "methods": ["bridge"]}, format="json")
    assert refused.status_code == 400 and "methods" in refused.json()
    assert (
        api.get(f"/api/v1/clubs/{club.slug}/sims/{made.json()['ref']}/field/matchpoints/").status_code == 404
    )


def test_another_clubs_director_gets_404_everywhere(club: Club, stranger_client: Client) -> None:
    event = make_event(club)
    sim_club = event.clubs.create(name="Bath", key_hash="c" * 64)
    for url in (
        reverse("sims:list", args=[club.slug]),
        reverse("sims:event", args=[club.slug, event.ref]),
    ):
        assert stranger_client.get(url).status_code == 404
    for url in (
        reverse("sims:club_add", args=[club.slug, event.ref]),
        reverse("sims:pack", args=[club.slug, event.ref, sim_club.pk]),
        reverse("sims:state", args=[club.slug, event.ref, "publish"]),
        reverse("sims:state", args=[other_slug := "other", event.ref, "publish"]),
    ):
        assert stranger_client.post(url, {"name": "X"}).status_code == 404, url
    assert other_slug == "other" and SimEvent.objects.get(pk=event.pk).state == "open"
    assert event.clubs.count() == 1


def test_the_pages_refuse_bad_input_with_400_and_a_sentence(club: Club, director_client: Client) -> None:
    event = make_event(club)
    listed = director_client.post(reverse("sims:list", args=[club.slug]), {"name": "X", "methods": ["nope"]})
    assert listed.status_code == 400 and SimEvent.objects.count() == 1
    pk, _ = add_through_the_page(director_client, event, "Bath")
    bad = upload(director_client, event, pk, b"rubbish")
    assert bad.status_code == 400 and "cannot be taken" in bad.content.decode()
    none = director_client.post(reverse("sims:heat", args=[club.slug, event.ref, pk]))
    assert none.status_code == 400
    twice = director_client.post(reverse("sims:club_add", args=[club.slug, event.ref]), {"name": "BATH"})
    assert twice.status_code == 400 and "already taking part" in twice.content.decode()
    director_client.post(reverse("sims:state", args=[club.slug, event.ref, "close"]))
    assert upload(director_client, event, pk, heat_file("Bath", 1)).status_code == 409
    assert director_client.post(reverse("sims:state", args=[club.slug, event.ref, "nope"])).status_code == 404
    comment = reverse("sims:commentary", args=[club.slug, event.ref])
    assert director_client.post(comment, {"deal": "99", "text": "x"}).status_code == 400
    assert director_client.post(comment, {"deal": "2", "text": "Lead trumps."}).status_code == 302


def test_the_directors_home_links_the_events(club: Club, director_client: Client) -> None:
    home = director_client.get(reverse("director:home")).content.decode()
    assert reverse("sims:list", args=[club.slug]) in home
