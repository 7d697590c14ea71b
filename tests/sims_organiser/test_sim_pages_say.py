"""The organiser's pages say what is true: every field at fault of a new event, every deal played by every
club, no field to publish with no club, the published state once published, a confirmation before
publishing without a club's heat, and a refused heat file named by its club beside its row.

From the tryout: the year 1 in the three dates named "the first day" alone; an event with no club said
"Nothing looks wrong." and offered "Publish the field"; "Before publishing" stayed after publishing; a
heat missing was published without a word; "This heat file cannot be taken" with two clubs on the page.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from sims import services
from sims.models import SimEvent
from tests.api.helpers import token_client
from tests.sims_organiser.sim_builders import heat_file, make_event
from tournaments.models import Club

pytestmark = pytest.mark.django_db


def field_block(body: str, marker: str) -> str:
    """The form field (its ``div.field``) holding ``marker``."""
    head, _ = body.split(marker, 1)
    start = head.rindex('<div class="field')
    return body[start : body.index("</div>", start + len(head) - start)]


def test_the_year_1_in_every_date_names_every_field_at_fault(club: Club, director_client: Client) -> None:
    form = {
        "name": "Year one",
        "plays_from": "0001-01-01",
        "plays_to": "0001-01-08",
        "release_at": "0001-01-09T20:00",
        "methods": ["matchpoints"],
        "deals": "24",
    }
    refused = director_client.post(reverse("sims:list", args=[club.slug]), form)
    body = refused.content.decode()
    assert refused.status_code == 400 and not SimEvent.objects.exists()
    assert "3 fields need a change:" in body
    for marker, said in (
        ('id="sim-from"', "The first day must be"),
        ('id="sim-to"', "The last day must be"),
        ('id="sim-release"', "The release time must be"),
    ):
        block = field_block(body, marker)
        assert "has-error" in block and 'aria-invalid="true"' in block and said in block, marker
    assert "has-error" not in field_block(body, 'id="sim-name"')


def test_the_api_names_every_field_at_fault_too(club: Club, director: Any) -> None:
    body = {
        "name": "Year one",
        "plays_from": "0001-01-01",
        "plays_to": "0001-01-08",
        "release_at": "0001-01-09T20:00:00+00:00",
        "methods": ["bridge"],
    }
    refused = token_client(director).post(f"/api/v1/clubs/{club.slug}/sims/", body, format="json")
    assert refused.status_code == 400
    assert {"plays_from", "plays_to", "release_at", "methods"} <= set(refused.json()), refused.json()


def test_the_form_says_every_club_plays_every_deal(club: Club, director_client: Client) -> None:
    page = director_client.get(reverse("sims:list", args=[club.slug])).content.decode()
    assert "Every club taking part plays every deal of the event" in page
    assert "as many trays as the event has deals" in page


def test_an_event_with_no_club_says_so_and_offers_no_publishing(club: Club, director_client: Client) -> None:
    event = make_event(club)
    url = reverse("sims:event", args=[club.slug, event.ref])
    body = director_client.get(url).content.decode()
    assert "Nothing looks wrong" not in body and 'id="no-club"' in body
    assert reverse("sims:state", args=[club.slug, event.ref, "publish"]) not in body
    publish = reverse("sims:state", args=[club.slug, event.ref, "publish"])
    forced = director_client.post(publish, {"anyway": "1"})
    assert forced.status_code == 400 and "there is no field to publish" in forced.content.decode()
    assert SimEvent.objects.get(pk=event.pk).state == "open"


def test_publishing_with_a_heat_missing_asks_first_then_shows_the_published_state(
    club: Club, director_client: Client
) -> None:
    event = make_event(club)
    bath, _ = services.sim_club_add(event=event, name="Bath")
    services.sim_club_add(event=event, name="Wells")
    services.heat_receive(event=event, sim_club=bath, data=heat_file("Bath", 1), via="file")
    publish = reverse("sims:state", args=[club.slug, event.ref, "publish"])
    asked = director_client.post(publish)
    body = asked.content.decode()
    assert asked.status_code == 200 and SimEvent.objects.get(pk=event.pk).state == "open"
    assert "1 club has not sent its heat (Wells): publish anyway?" in body and 'id="publish-anyway"' in body
    done = director_client.post(publish, {"anyway": "1"}, follow=True)
    body = done.content.decode()
    assert SimEvent.objects.get(pk=event.pk).state == "published"
    assert "Before publishing" not in body and 'id="published-state"' in body
    assert "Published without the heat of Wells." in body


def test_publishing_with_every_heat_in_asks_nothing(club: Club, director_client: Client) -> None:
    event = make_event(club)
    bath, _ = services.sim_club_add(event=event, name="Bath")
    services.heat_receive(event=event, sim_club=bath, data=heat_file("Bath", 1), via="file")
    done = director_client.post(reverse("sims:state", args=[club.slug, event.ref, "publish"]))
    assert done.status_code == 302 and SimEvent.objects.get(pk=event.pk).state == "published"


def test_a_refused_heat_file_names_its_club_beside_its_row(club: Club, director_client: Client) -> None:
    event = make_event(club)
    services.sim_club_add(event=event, name="Hillside Whist Club")
    lakeside, _ = services.sim_club_add(event=event, name="Lakeside Whist Club")
    url = reverse("sims:heat", args=[club.slug, event.ref, lakeside.pk])
    refused = director_client.post(url, {"file": SimpleUploadedFile("heat.pbn", b'[Event "x"]\n')})
    body = refused.content.decode()
    assert refused.status_code == 400
    assert "The heat of Lakeside Whist Club was not taken. This heat file cannot be taken" in body
    row = body[body.index("<td>Lakeside Whist Club") :].split("</tr>", 1)[0]
    assert f'id="heat-refused-{lakeside.pk}"' in row and "Lakeside Whist Club was not taken" in row
    other = body[body.index("<td>Hillside Whist Club") :].split("</tr>", 1)[0]
    assert "heat-refused" not in other
