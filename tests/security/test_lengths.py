"""Text too long for its column, or holding a NUL, is refused with a message naming the field (or, for a
name the app builds itself, shortened), never a database error: PostgreSQL, unlike SQLite, would refuse it."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.models import SlipLine, SlipLineVersion
from tests.sends import result_submit
from tournaments.models import ActionLog, Club, Entrant, Player, Series, Session
from tournaments.services import club as club_services
from tournaments.services import rotations, sessions
from tournaments.services.errors import UserError

pytestmark = pytest.mark.django_db

LONG = "Bartholomew " * 10  # 120 characters: the longest name a roster takes


def test_a_pair_of_two_long_names_is_entered_and_named_whole(club: Club) -> None:
    """No copy of the players' names is stored with the pair (it is named from the roster), so two names
    as long as the roster takes overflow no column."""
    a = club_services.player_create(club=club, name=LONG.strip() + "A")
    b = club_services.player_create(club=club, name=LONG.strip() + "B")
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 1), title="Long names")
    entrant = sessions.entrant_create(session=session, players=[a, b])
    entrant = Entrant.objects.prefetch_related("members__player").get(pk=entrant.pk)
    assert entrant.name == f"{a.name} & {b.name}" and entrant.members.count() == 2


def test_a_given_entrant_label_too_long_is_refused_by_its_field(club: Club, players: list[Player]) -> None:
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 1), title="T")
    with pytest.raises(UserError, match="at most 160") as refused:
        sessions.entrant_create(session=session, players=players[:2], label="x" * 161)
    assert refused.value.field == "label"
    assert not session.entrants.exists()


@pytest.mark.parametrize(
    ("service", "kwargs", "field"),
    [
        (club_services.player_create, {"name": "x" * 121}, "name"),
        (club_services.player_create, {"name": "Ann", "member_number": "9" * 31}, "member_number"),
        (club_services.player_create, {"name": "An\x00n"}, "name"),
        (rotations.series_create, {"name": "y" * 121}, "name"),
        (sessions.session_create, {"title": "z" * 121, "date": dt.date(2026, 11, 1)}, "title"),
        (sessions.session_create, {"title": "Pairs\x00", "date": dt.date(2026, 11, 1)}, "title"),
    ],
)
def test_the_services_refuse_text_their_columns_cannot_hold(
    club: Club, service: Any, kwargs: dict[str, Any], field: str
) -> None:
    counts = (
        Player.objects.count(),
        Series.objects.count(),
        Session.objects.count(),
        ActionLog.objects.count(),
    )
    with pytest.raises(UserError) as refused:
        service(club=club, **kwargs)
    assert refused.value.field == field
    assert counts == (
        Player.objects.count(), Series.objects.count(), Session.objects.count(), ActionLog.objects.count()
    )  # fmt: skip


def test_a_roster_csv_with_long_cells_imports_the_rest_and_names_each_refused_line(
    director_client: Client, club: Club
) -> None:
    rows = ["name,member_number", "Ann,1", "x" * 500 + ",2", "Bob," + "9" * 100, "Cy\x00d,4", "Dee,5"]
    upload = SimpleUploadedFile("r.csv", "\n".join(rows).encode())
    response = director_client.post(
        reverse("director:roster_import", args=[club.slug]), {"file": upload}, follow=True
    )
    assert response.status_code == 200
    assert sorted(Player.objects.filter(club=club).values_list("name", flat=True)) == ["Ann", "Dee"]
    said = " ".join(str(m) for m in response.context["messages"])
    assert "line 3" in said and "line 4" in said and "line 5" in said


def test_the_api_roster_import_names_each_refused_line(director: Any, club: Club) -> None:
    api = APIClient()
    api.force_authenticate(director)
    text = "name,member_number\nAnn,1\n" + "x" * 500 + ",2\n"
    response = api.post(f"/api/v1/clubs/{club.slug}/players/import/", {"csv": text}, format="json")
    assert response.status_code in (200, 201), response.content
    assert response.json()["added"] == 1 and "line 3" in response.json()["problems"][0]


@pytest.mark.parametrize("reason", ["miscount\x00", "r" * 2001])
def test_a_directors_reason_it_cannot_keep_is_refused_by_its_field(
    director_client: Client, running_session: Session, reason: str
) -> None:
    table = running_session.tables.get(number=1)
    line = result_submit(table=table, tray_number=1, ns_tricks=8).line
    versions = SlipLineVersion.objects.count()
    url = reverse("run:line", args=[running_session.pk, line.pk])
    response = director_client.post(url, {"ns_tricks": "9", "reason": reason})
    assert response.status_code == 400
    assert "reason" in response.context["errors"]["line"]
    assert SlipLine.objects.get(pk=line.pk).ns_tricks == 8 and SlipLineVersion.objects.count() == versions
    tray = director_client.post(
        reverse("run:tray", args=[running_session.pk, 1]), {"status": "void", "reason": reason}
    )
    assert tray.status_code == 400 and running_session.trays.get(number=1).status == "ok"


def test_an_api_reason_with_a_nul_is_a_400(director: Any, running_session: Session) -> None:
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/sessions/{running_session.pk}/awards/"
    body = {"table": 1, "tray": 1, "ns_award": "average", "ew_award": "average", "reason": "late\x00"}
    response = api.post(url, json.dumps(body), content_type="application/json")
    assert response.status_code == 400 and "reason" in response.json()
    assert not SlipLine.objects.filter(session=running_session).exists()


def test_a_roster_search_holding_a_nul_finds_by_the_rest(director_client: Client, club: Club) -> None:
    club_services.player_create(club=club, name="Ann Smith")
    response = director_client.get(reverse("director:roster", args=[club.slug]), {"q": "Ann\x00"})
    assert response.status_code == 200 and b"Ann Smith" in response.content
    api = APIClient()
    api.force_authenticate(Club.objects.get(pk=club.pk).directors.get())
    assert api.get(f"/api/v1/clubs/{club.slug}/players/", {"q": "\x00"}).status_code == 200


@pytest.mark.parametrize(
    "query", [{"status": "q\x00L"}, {"status": "lost"}, {"club": "a\x00b"}, {"club": "x" * 61}]
)
def test_a_session_list_filter_that_is_no_state_or_slug_is_a_400_naming_it(
    director: Any, running_session: Session, query: dict[str, str]
) -> None:
    api = APIClient()
    api.force_authenticate(director)
    response = api.get("/api/v1/sessions/", query)
    assert response.status_code == 400 and set(response.json()) == set(query)


def test_the_session_list_filters_by_club_and_state(director: Any, running_session: Session) -> None:
    api = APIClient()
    api.force_authenticate(director)
    slug = running_session.club.slug
    listed = api.get("/api/v1/sessions/", {"club": slug, "status": running_session.status}).json()["results"]
    assert [s["id"] for s in listed] == [running_session.pk]
    assert api.get("/api/v1/sessions/", {"club": "elsewhere", "status": "running"}).json()["results"] == []
    assert running_session.pk in [
        s["id"] for s in api.get("/api/v1/sessions/", {"club": "", "status": ""}).json()["results"]
    ]
