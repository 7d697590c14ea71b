"""Privacy across clubs: what the public, and a club taking part, can learn of a simultaneous event.

Before the event is published, every answer it gives them (the public page,
the public API, the organiser's pages and API asked by another club's
director) is the same whether or not a club has sent its heat: nothing of
another club's results leaks. Once published, the hands, the frequency
tables and the commentary stay hidden until the release time.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from sims import selectors, services
from sims.models import SimEvent
from tests.api.helpers import token_client
from tests.sims_organiser.sim_builders import heat_file, make_event
from tournaments.models import Club
from tournaments.pbn.whist import read_deals
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db
#: A logged-in page's form token differs from request to request: it is no part of the answer.
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


@pytest.fixture
def wells_director(django_user_model: Any) -> Any:
    """The director of Wells, a club of this server taking part in our event."""
    user = django_user_model.objects.create_user(username="wells", password="pw-for-tests-only")
    wells = club_services.club_create(name="Wells", slug="wells")
    club_services.director_add(club=wells, user=user)
    return user


def answers(event: SimEvent, wells_director: Any) -> dict[str, tuple[int, str]]:
    """Everything the public and Wells's director can ask of the event: each answer's status and body."""
    ref, slug = event.ref, event.organiser.slug
    public, api = Client(), APIClient()
    director = Client()
    director.force_login(wells_director)
    wells_api = token_client(wells_director)
    asked = {
        "public page": public.get(reverse("sims_public:event", args=[ref])),
        "public api": api.get(f"/api/v1/sims/{ref}/"),
        "wells: public page": director.get(reverse("sims_public:event", args=[ref])),
        "wells: organiser's page": director.get(reverse("sims:event", args=[slug, ref])),
        "wells: own slug": director.get(reverse("sims:event", args=["wells", ref])),
        "wells: list": director.get(reverse("sims:list", args=[slug])),
    }
    for tail in ("", "field/matchpoints/", "field/trick/"):
        asked[f"wells api {tail}"] = wells_api.get(f"/api/v1/clubs/{slug}/sims/{ref}/{tail}")
        asked[f"wells api own {tail}"] = wells_api.get(f"/api/v1/clubs/wells/sims/{ref}/{tail}")
    return {k: (r.status_code, CSRF.sub("", r.content.decode())) for k, r in asked.items()}


def hand_texts(event: SimEvent) -> list[str]:
    """Each hand's holding in each suit as the pages and the API would show it (a 3+ card holding)."""
    out = []
    for deal in selectors.deal_records(event):
        out += [s["ranks"] for h in deal["hands"] for s in h["suits"] if len(s["ranks"]) >= 4]
    return out


def test_a_heat_sent_changes_nothing_the_public_or_another_club_can_see(
    club: Club, wells_director: Any
) -> None:
    event = make_event(club)
    bath, bath_key = services.sim_club_add(event=event, name="Bath")
    services.sim_club_add(event=event, name="Wells")
    before = answers(event, wells_director)
    assert before["public page"][0] == 200 and "not published yet" in before["public page"][1]
    assert before["public api"][0] == 404
    assert all(
        status == 404
        for name, (status, _) in before.items()
        if name.startswith("wells") and "public" not in name
    )
    services.heat_receive_with_key(ref=event.ref, key=bath_key, data=heat_file("Bath", 1))
    assert answers(event, wells_director) == before
    assert "Bath" not in before["public page"][1]


def test_after_publishing_no_hand_appears_before_the_release_time(club: Club, wells_director: Any) -> None:
    event = make_event(club, release_in=dt.timedelta(hours=2))
    _, key = services.sim_club_add(event=event, name="Bath")
    services.heat_receive_with_key(ref=event.ref, key=key, data=heat_file("Bath", 1))
    services.event_update_commentary(event=event, deal=1, text="The secret of deal one.")
    services.event_publish(event=event)
    seen = answers(event, wells_director)
    assert seen["public api"][0] == 200 and "Bath" in seen["public page"][1]
    hands = hand_texts(event)
    notation = [d.hands for d in read_deals(event.deals_pbn).deals]
    assert hands and notation
    for name, (_, body) in seen.items():
        assert not any(h in body for h in hands), name
        assert "secret of deal one" not in body and "ns_tricks" not in body and 'id="deal-1"' not in body, (
            name
        )


def test_the_hands_and_frequency_tables_come_at_the_release_time(club: Club, director_client: Client) -> None:
    event = make_event(club, release_in=dt.timedelta(minutes=-1))
    _, key = services.sim_club_add(event=event, name="Bath")
    services.heat_receive_with_key(ref=event.ref, key=key, data=heat_file("Bath", 1))
    services.event_update_commentary(event=event, deal=2, text="Deal two, led from strength.")
    unpublished = Client().get(reverse("sims_public:event", args=[event.ref])).content.decode()
    assert 'id="deal-1"' not in unpublished  # released, but not yet published: nothing
    services.event_publish(event=event)
    page = Client().get(reverse("sims_public:event", args=[event.ref])).content.decode()
    assert 'id="hands"' in page and 'id="deal-6"' in page and "Deal two, led from strength." in page
    body = APIClient().get(f"/api/v1/sims/{event.ref}/").json()
    assert body["released"] and [d["board"] for d in body["deals"]] == [1, 2, 3, 4, 5, 6]
    assert sum(f["tables"] for f in body["deals"][0]["frequency"]) == 3
    assert body["deals"][1]["commentary"] == "Deal two, led from strength."
    organiser = director_client.get(reverse("sims:event", args=[club.slug, event.ref])).content.decode()
    assert 'id="deal-1"' in organiser


def test_the_organiser_who_dealt_the_hands_sees_them_before_the_release_time(
    club: Club, director_client: Client
) -> None:
    event = make_event(club)
    page = director_client.get(reverse("sims:event", args=[club.slug, event.ref])).content.decode()
    assert 'id="deal-1"' in page and all(h in page for h in hand_texts(event))
    assert "yours alone until the release time" in page
    public = Client().get(reverse("sims_public:event", args=[event.ref])).content.decode()
    assert 'id="deal-1"' not in public and not any(h in public for h in hand_texts(event))


def test_an_unknown_event_is_404_on_the_public_page_and_api() -> None:
    assert Client().get(reverse("sims_public:event", args=["no-such"])).status_code == 404
    assert APIClient().get("/api/v1/sims/no-such/").status_code == 404
