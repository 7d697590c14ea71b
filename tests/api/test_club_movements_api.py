"""The club's own movements by the API: design to order, read the progress, keep, list, seat, delete."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.conftest import mitchell_three_tables
from tournaments import tasks
from tournaments.models import Club, ClubMovement, Session
from tournaments.services.designs import club_movement_create

pytestmark = pytest.mark.django_db

BASE = "/api/v1/clubs/test/movements/"


def test_a_design_is_read_until_done_then_kept_listed_seated_by_and_deleted(
    director_api: APIClient, club: Club, draft_session: Session
) -> None:
    begun = director_api.post(
        f"{BASE}designs/", {"kind": "pairs", "pairs": 8, "rounds": 7, "seconds": 5}, format="json"
    )
    assert begun.status_code == 202, begun.content
    design = begun.json()
    assert design["state"] in ("queued", "running") and design["status_url"].endswith(
        f"/{design['design_id']}/"
    )
    stopped = director_api.post(f"{BASE}designs/{design['design_id']}/stop/")
    assert stopped.status_code == 200
    tasks.designer_idle().result(timeout=30)
    done = director_api.get(f"{BASE}designs/{design['design_id']}/").json()
    assert done["state"] == "done" and done["movement"]["entrants"] == 8
    assert 0 < done["movement"]["balance"]["qf"] <= 100 and "competition" in done["movement"]["balance"]

    kept = director_api.post(f"{BASE}designs/{design['design_id']}/keep/", {"name": "Eight"}, format="json")
    assert kept.status_code == 201 and kept.json()["kind"] == "pairs" and kept.json()["rounds"] == 7
    again = director_api.post(f"{BASE}designs/{design['design_id']}/keep/", {"name": "Eight"}, format="json")
    assert again.status_code == 400 and "already has a movement called" in again.json()["name"][0]
    listed = director_api.get(BASE).json()
    assert [m["name"] for m in listed["results"]] == ["Eight"]

    seat = {"club_movement": kept.json()["id"], "scoring_method": "matchpoints"}
    url = f"/api/v1/sessions/{draft_session.pk}/movement/"
    refused = director_api.post(url, seat, format="json")
    assert refused.status_code == 400 and "seats 8 pairs; the session has 6" in refused.content.decode()
    six = club_movement_create(club=club, name="Six", movement=mitchell_three_tables())
    seated = director_api.post(url, {**seat, "club_movement": six.pk}, format="json")
    assert seated.status_code == 200, seated.content
    assert (seated.json()["family"], seated.json()["variant"]) == ("designed", "Six")

    for gone in (kept.json()["id"], six.pk):
        assert director_api.delete(f"{BASE}{gone}/").status_code == 204
    assert not ClubMovement.objects.exists()
    draft_session.refresh_from_db()
    assert draft_session.movement_family == "designed"  # a session keeps its own copy


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kind": "pairs", "pairs": 31, "rounds": 5}, "pairs"),
        ({"kind": "pairs", "pairs": "six", "rounds": 5}, "pairs"),
        ({"kind": "pairs", "pairs": 6, "rounds": 0}, "rounds"),
        ({"kind": "pairs", "pairs": 6, "rounds": 5, "seconds": 600}, "seconds"),
        ({"kind": "players", "players": 30}, "players"),
        ({"kind": "quartets"}, "kind"),
        ({"kind": "pairs", "pairs": None}, "pairs"),
    ],
)
def test_bad_sizes_are_refused_with_the_field_at_fault(
    director_api: APIClient, club: Club, body: dict[str, object], field: str
) -> None:
    refused = director_api.post(f"{BASE}designs/", body, format="json")
    assert refused.status_code == 400 and field in refused.json(), refused.content


def test_a_movement_of_another_club_is_not_seated(director_api: APIClient, draft_session: Session) -> None:
    seated = director_api.post(
        f"/api/v1/sessions/{draft_session.pk}/movement/", {"club_movement": 99}, format="json"
    )
    assert seated.status_code == 404
