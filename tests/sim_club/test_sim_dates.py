"""Dates and times from outside fall between the years 2000 and 2100 (``whist.dates``), at every door.

A release time at the calendar's edge, ``0001-01-01T00:00:00+05:00``, is year 0 in UTC: SQLite's
adapter failed on it (a 500), and PostgreSQL stored it where Python cannot read it back, so that the
session, the club's lists, the director's home and the club's public page answered 500 from then on.
Each door now refuses such a date or time with a sentence naming the field, and the database refuses
to store a release time outside the years whatever wrote it; the pages answer after every attempt.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.urls import reverse
from http_stub import serving
from simclub_build import KEY, dealt_text, seated, sim_pack_bytes

from sims.models import SimEvent
from tests.api.helpers import token_client
from tests.sims_organiser.sim_builders import make_event
from tournaments.models import Club, Player, Session
from whist.dates import FIRST_YEAR, LAST_YEAR

pytestmark = pytest.mark.django_db

PLUS_5 = dt.timezone(dt.timedelta(hours=5))
MINUS_5 = dt.timezone(dt.timedelta(hours=-5))
#: Times outside the years, the calendar's two edges first.
OUTSIDE = [
    dt.datetime(1, 1, 1, tzinfo=PLUS_5),
    dt.datetime(9999, 12, 31, 23, 0, tzinfo=MINUS_5),
    dt.datetime(2000, 1, 1, 4, 59, tzinfo=PLUS_5),  # 1999 in UTC
    dt.datetime(LAST_YEAR + 1, 1, 1, tzinfo=dt.UTC),
]
IN_RANGE = dt.datetime(2026, 11, 9, 20, 0, tzinfo=dt.UTC)


def organisers_deals(club: Club, players: list[Player]) -> str:
    return dealt_text(seated(club, players, title="The organiser's"), seed=99)


def pages_answer(client: Client, session: Session) -> None:
    """The session, the club's lists, the director's home and the club's public pages all answer."""
    slug = session.club.slug
    urls = [
        reverse("director:home"),
        reverse("director:session", args=[session.pk]),
        reverse("director:trays", args=[session.pk]),
        reverse("public:club", args=[slug]),
        "/api/v1/sessions/",
        f"/api/v1/public/clubs/{slug}/sessions/",
    ]
    for url in urls:
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("release", OUTSIDE, ids=lambda t: t.isoformat())
def test_a_pack_with_a_release_time_outside_the_years_is_refused_by_the_trays_page(
    club: Club, players: list[Player], draft: Session, director_client: Client, release: dt.datetime
) -> None:
    data = sim_pack_bytes(organisers_deals(club, players), release_at=release)
    url = reverse("director:trays_sim_pack", args=[draft.pk])
    refused = director_client.post(url, {"file": SimpleUploadedFile("pack.json", data)})
    assert refused.status_code == 400
    body = refused.content.decode()
    assert "release time" in body and f"between the years {FIRST_YEAR} and {LAST_YEAR}" in body
    draft.refresh_from_db()
    assert draft.sim_pack is None and draft.hands_release_at is None
    pages_answer(director_client, draft)


def test_a_pack_within_the_years_is_taken_at_the_edge(
    club: Club, players: list[Player], draft: Session, director_client: Client
) -> None:
    data = sim_pack_bytes(organisers_deals(club, players), release_at=dt.datetime(2000, 1, 1, tzinfo=dt.UTC))
    url = reverse("director:trays_sim_pack", args=[draft.pk])
    assert director_client.post(url, {"file": SimpleUploadedFile("pack.json", data)}).status_code == 302


@pytest.fixture
def organiser_answering() -> Iterator[dict[str, Any]]:
    """An organiser's server answering the pack's address with whatever pack the test gives it."""
    answer: dict[str, Any] = {"pack": b""}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = answer["pack"]
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    with serving(Handler) as base:
        answer["url"] = f"{base}/api/v1/sims/autumn-sim-2026/pack/"
        yield answer


def test_an_organisers_answer_with_a_release_time_at_the_edge_is_refused(
    club: Club,
    players: list[Player],
    draft: Session,
    director_client: Client,
    organiser_answering: dict[str, Any],
) -> None:
    organiser_answering["pack"] = sim_pack_bytes(organisers_deals(club, players), release_at=OUTSIDE[0])
    url = reverse("director:trays_sim_pack", args=[draft.pk])
    refused = director_client.post(url, {"address": organiser_answering["url"], "key": KEY})
    assert refused.status_code == 400 and "release time 0001-01-01T00:00:00+05:00" in refused.content.decode()
    draft.refresh_from_db()
    assert draft.hands_release_at is None
    pages_answer(director_client, draft)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("plays_from", "0001-01-01"),
        ("plays_to", "2101-01-01"),
        ("release_at", "0001-01-01T00:00:00+05:00"),
        ("release_at", "9999-12-31T23:00:00-05:00"),
        ("release_at", "1999-12-31T23:00"),
    ],
)
def test_the_events_api_and_page_refuse_a_date_outside_the_years_naming_the_field(
    club: Club, director: Any, director_client: Client, field: str, value: str
) -> None:
    body = {
        "name": "Winter sim",
        "plays_from": "2026-12-01",
        "plays_to": "2026-12-05",
        "release_at": "2026-12-06T22:00:00+00:00",
        "methods": ["matchpoints"],
        "deals": "6",
        field: value,
    }
    refused = token_client(director).post(f"/api/v1/clubs/{club.slug}/sims/", body, format="json")
    assert refused.status_code == 400 and list(refused.json()) == [field], refused.json()
    assert "between the years 2000 and 2100" in refused.json()[field][0]
    page = director_client.post(reverse("sims:list", args=[club.slug]), body)
    assert page.status_code == 400 and "between the years 2000 and 2100" in page.content.decode()
    assert not SimEvent.objects.exists()
    assert director_client.get(reverse("sims:list", args=[club.slug])).status_code == 200


@pytest.mark.parametrize("day", ["0001-01-01", "1999-12-31", "2101-01-01", "9999-12-31"])
def test_a_sessions_date_outside_the_years_is_refused_by_the_api_and_the_page(
    club: Club, director: Any, director_client: Client, day: str
) -> None:
    api = token_client(director).post(f"/api/v1/clubs/{club.slug}/sessions/", {"date": day}, format="json")
    assert api.status_code == 400 and "date" in api.json() and "between the years" in api.json()["date"][0]
    page = director_client.post(reverse("director:session_new", args=[club.slug]), {"date": day})
    assert page.status_code == 200 and "between the years 2000 and 2100" in page.content.decode()
    assert not Session.objects.filter(club=club).exists()


def test_the_database_refuses_a_release_time_outside_the_years_whatever_writes_it(
    club: Club, players: list[Player], draft: Session, director_client: Client
) -> None:
    """A write that skips the services (a shell, a script) cannot store year 0 either: PostgreSQL would
    keep it and the session would answer nothing again; the check constraint refuses it."""
    data = sim_pack_bytes(organisers_deals(club, players), release_at=IN_RANGE)
    url = reverse("director:trays_sim_pack", args=[draft.pk])
    assert director_client.post(url, {"file": SimpleUploadedFile("pack.json", data)}).status_code == 302
    event = make_event(club)
    for model, pk, column in ((Session, draft.pk, "hands_release_at"), (SimEvent, event.pk, "release_at")):
        for moment in [OUTSIDE[2], OUTSIDE[3]] + ([OUTSIDE[0]] if connection.vendor == "postgresql" else []):
            with pytest.raises(IntegrityError), transaction.atomic():
                model.objects.filter(pk=pk).update(**{column: moment})
    pages_answer(director_client, draft)
    assert director_client.get(reverse("sims:list", args=[club.slug])).status_code == 200
    assert director_client.get(reverse("sims:event", args=[club.slug, event.ref])).status_code == 200
