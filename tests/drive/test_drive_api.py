"""The whist drive's API (p. 24): the director's, the players' own links, and the public prize list."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from entry.services.directing import session_close, session_publish
from tests.api.helpers import token_client
from tests.drive.conftest import send_first_change
from tournaments.models import Club, DriveChange, EntrantLink, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_throttles() -> None:
    cache.clear()


def test_a_director_sets_up_a_drive_enters_its_results_and_reads_the_prizes(
    director: object, club: Club, roster: list[Player]
) -> None:
    api = token_client(director)
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 5), title="API drive", entrant_kind="individuals"
    )
    for player in roster[:8]:
        sessions.entrant_create(session=session, players=[player])
    url = f"/api/v1/sessions/{session.pk}/drive/"
    assert api.get(url).status_code == 404
    bad = api.post(url, {"method": "third", "changes": 2}, format="json")
    assert bad.status_code == 400 and "method" in bad.json()
    made = api.post(
        url, {"method": "first", "changes": 2, "scoring_method": "counters", "booby": True}, format="json"
    )
    assert made.status_code == 200
    body = made.json()
    assert body["changes_planned"] == 2 and body["tables"] == 2 and len(body["changes"]) == 1
    api.post(f"/api/v1/sessions/{session.pk}/start/")
    results = f"/api/v1/sessions/{session.pk}/drive/results/"
    first = api.post(results, {"table": 1, "winner": "NS", "points": 2}, format="json")
    assert first.status_code == 201 and first.json()["seated"] is None
    assert api.post(f"{url}next/").status_code == 400
    last = api.post(results, {"table": 2, "ns_tricks": 3}, format="json")
    assert last.json()["seated"] == 2 and last.json()["line"]["ns_tricks"] == 3
    prizes = api.get(f"/api/v1/sessions/{session.pk}/prizes/").json()
    assert prizes[0]["place"] == 1 and prizes[-1]["note"].startswith("booby")
    assert sum(1 for _ in prizes) >= 2


def test_a_players_own_link_reads_the_drive_sends_the_result_and_checks(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=2, changes=2)
    seats = DriveChange.objects.get(session=session, number=1).seating["1"]
    north = EntrantLink.objects.get(session=session, entrant__number=seats["N"]).token
    east = EntrantLink.objects.get(session=session, entrant__number=seats["E"]).token
    phone = APIClient()
    state = phone.get(f"/api/v1/entrant-links/{north}/drive/")
    assert state.status_code == 200 and state["Cache-Control"] == "no-store"
    assert state.json()["place"]["table"] == 1 and state.json()["place"]["seat"] == "N"
    sent = phone.post(
        f"/api/v1/entrant-links/{north}/drive/result/",
        {"winner": "NS", "points": 3, "key": "a"},
        format="json",
    )
    assert sent.status_code == 201 and sent.json()["line"]["ns_tricks"] == 9
    again = phone.post(
        f"/api/v1/entrant-links/{north}/drive/result/",
        {"winner": "NS", "points": 3, "key": "a"},
        format="json",
    )
    assert again.status_code == 200
    clash = APIClient().post(
        f"/api/v1/entrant-links/{east}/drive/result/", {"winner": "EW", "points": 1}, format="json"
    )
    assert clash.status_code == 409 and clash.json()["stored"]["ns_tricks"] == 9
    checked = APIClient().post(f"/api/v1/entrant-links/{east}/drive/check/", {}, format="json")
    assert checked.status_code == 200 and checked.json()["status"] == "confirmed"
    assert APIClient().get("/api/v1/entrant-links/nobody/drive/").status_code == 404


def test_the_public_prize_list_needs_the_standings_published(drive_of: Callable[..., Session]) -> None:
    session = drive_of(tables=2, changes=1)
    send_first_change(session)
    url = f"/api/v1/public/clubs/{session.club.slug}/sessions/{session.pk}/prizes/"
    assert APIClient().get(url).status_code == 404
    session_close(session=session)
    session_publish(session=session, standings=True, travellers=False, hand_records=False)
    prizes = APIClient().get(url)
    assert prizes.status_code == 200 and prizes.json()[0]["total"] == "2"


def test_another_clubs_director_gets_404_on_every_drive_endpoint(
    drive_of: Callable[..., Session], django_user_model: type
) -> None:
    session = drive_of(tables=2)
    user = django_user_model.objects.create_user(username="elsewhere", password="pw-for-tests-only")  # type: ignore[attr-defined]
    club_services.director_add(club=club_services.club_create(name="Elsewhere", slug="elsewhere"), user=user)
    api = token_client(user)
    base = f"/api/v1/sessions/{session.pk}/"
    assert api.get(base + "drive/").status_code == 404
    assert (
        api.post(
            base + "drive/results/", {"table": 1, "winner": "NS", "points": 1}, format="json"
        ).status_code
        == 404
    )
    assert api.post(base + "drive/next/").status_code == 404
    assert api.get(base + "prizes/").status_code == 404


def test_a_drive_phones_bad_result_is_refused_at_its_field_and_nothing_is_stored(
    drive_of: Callable[..., Session],
) -> None:
    """The winners and points made (p. 24), checked by the send's rules: each refusal in its words, at the
    input at fault (400), and no line stored; a phone of a session that is no drive is refused too."""
    session = drive_of(tables=2, changes=2)
    seats = DriveChange.objects.get(session=session, number=1).seating["1"]
    north = EntrantLink.objects.get(session=session, entrant__number=seats["N"]).token
    url = f"/api/v1/entrant-links/{north}/drive/result/"
    cases = (
        ({"points": 2}, "winner", "Say which side won the deal: N-S or E-W."),
        ({"winner": "NS"}, "points", "Give the points made: the winners' tricks over six, 1 to 7."),
        (
            {"winner": "EW", "points": 8},
            "points",
            "The points made are 1 to 7 (the winners' tricks over six), not 8.",
        ),
        ({"ns_tricks": 14}, "ns_tricks", "Tricks must be from 0 to 13, not 14."),
        ({"winner": "X", "points": 2}, "winner", '"X" is not a valid choice.'),  # the door's own type check
    )
    for body, field, words in cases:
        refused = APIClient().post(url, body, format="json")
        assert refused.status_code == 400 and refused.json()[field] == [words], body
    assert not session.slip_lines.exists()
