"""A simultaneous event's hands are held back until the organiser's release time (``scoring.visibility``).

Issue 33: "The pack's hands are shown to nobody at the club before the
release time but the director, who deals or prints curtain cards from
them." A published session with its hand records published shows no hand
through the public pages, their downloads and the public API while the
release time is ahead; from the release time on it shows them as before.
The director sees them all along.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from simclub_build import pack_session

from scoring.selectors.public import deals_public, hand_records_public, travellers_public
from scoring.visibility import DIRECTOR, PUBLIC, hands_released, published, sight
from tests.api.helpers import token_client
from tournaments.models import Club, Deal, Player, Session

pytestmark = pytest.mark.django_db


@pytest.fixture
def held(club: Club, players: list[Player]) -> Session:
    """Published, every switch on, the release time a day ahead."""
    return pack_session(club, players, release_at=timezone.now() + dt.timedelta(days=1))


def public_urls(session: Session) -> dict[str, str]:
    args = [session.club.slug, session.pk]
    return {
        name: reverse(f"public:{name}", args=args)
        for name in (
            "session",
            "travellers",
            "hands",
            "results_csv",
            "results_json",
            "results_pdf",
            "deals_pbn",
        )
    } | {"tray": reverse("public:tray", args=[*args, 1])}


def a_hand(session: Session) -> str:
    """One hand of tray 1 as PBN writes it (the dealt hands are in every hand record)."""
    deal = Deal.objects.get(tray__session=session, tray__number=1)
    return deal.hands.split(":", 1)[1].split()[0]


def test_before_the_release_time_the_public_sees_no_hand(held: Session, client: Client) -> None:
    assert held.publish_hand_records and not hands_released(held)
    assert not published(held).hand_records and published(held).standings and published(held).travellers
    assert not sight(viewer=PUBLIC, session=held).hand_records
    assert deals_public(session=held) is None and hand_records_public(session=held) is None
    travellers = travellers_public(session=held)
    assert travellers and all(t.hand is None for t in travellers)
    urls = public_urls(held)
    for name in ("hands", "deals_pbn"):
        assert client.get(urls[name]).status_code == 404, name
    for name in ("session", "travellers", "tray", "results_csv", "results_json", "results_pdf"):
        response = client.get(urls[name])
        assert response.status_code == 200, name
        body = response.content.decode("latin-1")
        assert 'class="deal"' not in body and "hand-card" not in body and "Hand records" not in body, name
        assert 'href="' + urls["deals_pbn"] not in body


def test_before_the_release_time_the_public_api_shows_no_hand(held: Session) -> None:
    api = Client()
    base = f"/api/v1/public/clubs/{held.club.slug}/sessions/{held.pk}/"
    detail = api.get(base)
    assert detail.status_code == 200 and detail.json()["published"]["hand_records"] is False
    assert api.get(base + "deals/").status_code == 404
    traveller = api.get(base + "trays/1/traveller/")
    assert traveller.status_code == 200 and a_hand(held) not in traveller.content.decode()


def test_the_director_sees_and_prints_the_hands_all_along(
    held: Session, director_client: Client, director: Any
) -> None:
    assert sight(viewer=DIRECTOR, session=held).hand_records
    hand = a_hand(held)
    api = token_client(director)
    assert hand in api.get(f"/api/v1/sessions/{held.pk}/trays/1/").json()["deal"]["hands"]
    assert api.get(f"/api/v1/sessions/{held.pk}/pbn/").status_code == 200
    page = director_client.get(reverse("director:trays", args=[held.pk]) + "?hands=1")
    assert page.status_code == 200 and "held back until" in page.content.decode()
    for doc in ("hands", "curtains"):
        response = director_client.get(reverse("director:print_pdf", args=[held.pk, doc]))
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", doc
    assert director_client.get(reverse("director:pbn_export", args=[held.pk])).status_code == 200


def test_from_the_release_time_on_the_public_sees_the_hands(held: Session, client: Client) -> None:
    Session.objects.filter(pk=held.pk).update(hands_release_at=timezone.now() - dt.timedelta(seconds=1))
    held.refresh_from_db()
    assert hands_released(held) and published(held).hand_records
    urls = public_urls(held)
    hands_page = client.get(urls["hands"])
    assert hands_page.status_code == 200 and 'class="deal"' in hands_page.content.decode()
    pbn = client.get(urls["deals_pbn"])
    assert pbn.status_code == 200 and a_hand(held) in pbn.content.decode("latin-1")
    assert 'class="deal"' in client.get(urls["tray"]).content.decode()
    base = f"/api/v1/public/clubs/{held.club.slug}/sessions/{held.pk}/"
    deals = Client().get(base + "deals/")
    assert deals.status_code == 200 and deals.json()[0]["deal"]["hands"]
    assert Client().get(base).json()["published"]["hand_records"] is True


def test_a_session_without_a_pack_is_as_before(club: Club, players: list[Player]) -> None:
    session = Session(club=club, status=Session.Status.PUBLISHED, publish_hand_records=True)
    assert session.hands_release_at is None and hands_released(session) and published(session).hand_records
    later = Session(
        club=club,
        status=Session.Status.PUBLISHED,
        publish_hand_records=True,
        hands_release_at=dt.datetime(2026, 11, 28, 22, 0, tzinfo=dt.UTC),
    )
    assert not hands_released(later, dt.datetime(2026, 11, 28, 21, 59, 59, tzinfo=dt.UTC))
    assert hands_released(later, dt.datetime(2026, 11, 28, 22, 0, tzinfo=dt.UTC))
