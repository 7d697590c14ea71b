"""How the API behaves: field errors, 404 not 403, 409 with both values, idempotency, ETags,
pagination, rate limits for table links, tokens, movement previews, and its schema."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from rest_framework.test import APIClient

from scoring.models import SlipLine
from tests.api.helpers import OtherClub, play_all, table_client
from tests.conftest import mitchell_three_tables
from tests.phones import follower_api, seated_link
from tournaments.api.permissions import TableRateThrottle
from tournaments.models import Club, Player, Session, Table
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def test_it_answers_invalid_input_with_field_level_messages(
    director_api: APIClient, running_session: Session
) -> None:
    """A serializer's refusal and a service's refusal look alike: {field: [message]}."""
    url = f"/api/v1/sessions/{running_session.pk}/slips/"
    missing = director_api.post(url, {"table": 1}, format="json")
    assert missing.status_code == 400 and set(missing.json()) == {"tray", "ns_tricks"}
    too_many = director_api.post(url, {"table": 1, "tray": 1, "ns_tricks": 14}, format="json")
    assert too_many.status_code == 400
    assert too_many.json() == {"ns_tricks": ["Tricks must be from 0 to 13, not 14."]}
    no_table = director_api.post(url, {"table": 9, "tray": 1, "ns_tricks": 7}, format="json")
    assert no_table.json() == {"table": ["There is no table 9."]}


def test_it_says_404_not_403_for_another_clubs_session(director_api: APIClient, other: OtherClub) -> None:
    """Another club's session is exactly as absent as one that does not exist."""
    theirs = director_api.get(f"/api/v1/sessions/{other.session.pk}/")
    nowhere = director_api.get("/api/v1/sessions/999999/")
    assert theirs.status_code == nowhere.status_code == 404
    assert theirs.json() == nowhere.json()


def test_it_needs_credentials_for_the_directors_endpoints(running_session: Session) -> None:
    """No token: 401 with the scheme to use."""
    response = APIClient().get(f"/api/v1/sessions/{running_session.pk}/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"


def test_a_second_different_result_is_a_conflict_showing_both_values(table: Table) -> None:
    """409: the line stored and the tricks refused, both ways (pair 1's pass, then its printed link)."""
    client = APIClient()
    url = follower_api(table) + "results/"
    assert client.post(url, {"tray": 1, "ns_tricks": 8}, format="json").status_code == 201
    printed = f"/api/v1/entrant-links/{seated_link(table, 'NS', 1).token}/results/"
    for again in (url, printed):
        clash = client.post(again, {"tray": 1, "ns_tricks": 6}, format="json")
        assert clash.status_code == 409
        body = clash.json()
        assert body["stored"]["ns_tricks"] == 8 and body["stored"]["ew_tricks"] == 5
        assert body["attempted"] == {"ns_tricks": 6, "ew_tricks": 7}


def test_a_replayed_submission_returns_the_stored_line(table: Table) -> None:
    """The same Idempotency-Key (header or field) twice: one line, 201 then 200."""
    client = APIClient()
    url = follower_api(table) + "results/"
    first = client.post(
        url, {"tray": 1, "ns_tricks": 8}, format="json", HTTP_IDEMPOTENCY_KEY="phone-1-tray-1"
    )
    again = client.post(
        url, {"tray": 1, "ns_tricks": 8}, format="json", HTTP_IDEMPOTENCY_KEY="phone-1-tray-1"
    )
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["replayed"] is True
    assert again.json()["line"]["id"] == first.json()["line"]["id"]
    by_field = client.post(
        url, {"tray": 1, "ns_tricks": 8, "idempotency_key": "phone-1-tray-1"}, format="json"
    )
    assert by_field.status_code == 200 and by_field.json()["line"]["id"] == first.json()["line"]["id"]


def test_a_table_can_send_only_the_trays_of_its_round(table: Table) -> None:
    """The table page's rule holds for the phones' API: tray 2 is not at table 1 in round 1, for the pass a
    phone was given through the table's header; the header itself sends nothing (404)."""
    header = table_client(table)
    assert (
        header.post("/api/v1/table/results/", {"tray": 1, "ns_tricks": 7}, format="json").status_code == 404
    )
    claimed = header.post("/api/v1/table/claim/", {"entrant": "1"}, format="json")
    assert claimed.status_code == 201
    response = APIClient().post(
        claimed.json()["api"] + "results/", {"tray": 2, "ns_tricks": 7}, format="json"
    )
    assert response.status_code == 400
    assert "tray" in response.json()
    assert not SlipLine.objects.exists()


def test_a_revoked_or_unknown_table_link_is_404_and_a_bad_header_401(
    director_api: APIClient, table: Table
) -> None:
    """After the director revokes the link the table's URL no longer answers."""
    session = table.session
    assert (
        director_api.post(f"/api/v1/sessions/{session.pk}/tables/1/revoke/").json()["token_revoked"] is True
    )
    assert APIClient().get(f"/api/v1/tables/{table.token}/").status_code == 404
    assert table_client(table).get("/api/v1/table/").status_code == 401
    assert APIClient().get("/api/v1/table/").status_code == 401


def test_standings_carry_an_etag_and_answer_304_when_unchanged(
    director_api: APIClient, table: Table, django_capture_on_commit_callbacks: Any
) -> None:
    """If-None-Match and If-Modified-Since: 304 until a new result changes the scores."""
    session = table.session
    sent = APIClient().post(follower_api(table) + "results/", {"tray": 1, "ns_tricks": 8}, format="json")
    assert sent.status_code == 201
    url = f"/api/v1/sessions/{session.pk}/standings/"
    first = director_api.get(url)
    assert first.status_code == 200 and first.json()["method"] == "trick"
    etag, modified = first["ETag"], first["Last-Modified"]
    assert director_api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert director_api.get(url, HTTP_IF_MODIFIED_SINCE=modified).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):  # the worker rescores after the commit
        director_api.post(
            f"/api/v1/sessions/{session.pk}/slips/", {"table": 2, "tray": 2, "ns_tricks": 3}, format="json"
        )
    changed = director_api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_public_standings_appear_only_once_published(club: Club, published_session: Session) -> None:
    """The public sees the published session's standings, with an ETag; nothing before."""
    url = f"/api/v1/public/clubs/{club.slug}/sessions/{published_session.pk}/standings/"
    response = APIClient().get(url)
    assert response.status_code == 200 and len(response.json()["entrants"]) == 6
    assert APIClient().get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
    listed = APIClient().get(f"/api/v1/public/clubs/{club.slug}/sessions/").json()
    assert [s["title"] for s in listed["results"]] == ["Test published"]


def test_a_table_link_is_rate_limited(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the ``table`` rate a token gets 429; another table is unaffected."""
    monkeypatch.setattr(TableRateThrottle, "THROTTLE_RATES", {"table": "3/min"})
    client = APIClient()
    codes = [client.get(f"/api/v1/tables/{table.token}/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    other = table.session.tables.get(number=2)
    assert client.get(f"/api/v1/tables/{other.token}/").status_code == 200


def test_lists_are_paginated_by_limit_and_offset(
    director_api: APIClient, club: Club, players: list[Player]
) -> None:
    """count, next, previous, results."""
    page = director_api.get(f"/api/v1/clubs/{club.slug}/players/?limit=5&offset=5").json()
    assert page["count"] == 12 and len(page["results"]) == 5
    assert page["next"] and page["previous"]


def test_a_director_trades_a_password_for_a_token_that_works(director: Any, club: Club) -> None:
    """POST /api/v1/auth/token/, then Authorization: Token <key>."""
    response = APIClient().post(
        "/api/v1/auth/token/", {"username": "dir", "password": "pw-for-tests-only"}, format="json"
    )
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert [c["slug"] for c in client.get("/api/v1/clubs/").json()["results"]] == ["test"]
    wrong = APIClient().post("/api/v1/auth/token/", {"username": "dir", "password": "nope"}, format="json")
    assert wrong.status_code == 400 and "non_field_errors" in wrong.json()


def test_any_movement_is_previewed_without_saving_anything() -> None:
    """The engine's movement JSON with its analysis; the book's reason for a size it cannot serve."""
    howell = APIClient().get("/api/v1/movements/howell/?pairs=8&analyse=1").json()
    assert (howell["tables"], howell["trays"], howell["analysis"]["sound"]) == (4, 7, True)
    refused = APIClient().get("/api/v1/movements/mitchell/?pairs=8")
    assert refused.status_code == 400 and "odd number of tables" in refused.json()["non_field_errors"][0]
    assert APIClient().get("/api/v1/movements/no-such/?pairs=8").status_code == 404
    assert Session.objects.count() == 0


def test_a_directors_own_movement_json_seats_a_draft_session(
    director_api: APIClient, draft_session: Session
) -> None:
    """POST the movement JSON of docs/design.md; a table beyond the counts is a field error."""
    own = mitchell_three_tables().to_json()
    url = f"/api/v1/sessions/{draft_session.pk}/movement/"
    response = director_api.post(url, {"movement": own}, format="json")
    assert response.status_code == 200 and response.json()["movement"]["rounds"] == own["rounds"]
    assert draft_session.tables.count() == 3
    own["rounds"][0]["tables"][0]["table"] = 4
    refused = director_api.post(url, {"movement": own}, format="json")
    assert refused.status_code == 400 and "rounds" in refused.json()["movement"]


def test_a_session_that_cannot_close_says_what_is_missing(
    director_api: APIClient, running_session: Session
) -> None:
    """400 with every tray owed in ``problems``."""
    response = director_api.post(f"/api/v1/sessions/{running_session.pk}/close/")
    assert response.status_code == 400
    assert len(response.json()["problems"]) == 9


def test_the_whole_flow_of_the_readme_works(
    director_api: APIClient, club: Club, players: list[Player]
) -> None:
    """Create a session, enter pairs, fix its movement, start, submit results, read the standings."""
    created = director_api.post(
        f"/api/v1/clubs/{club.slug}/sessions/", {"date": "2026-12-07", "title": "Demo"}, format="json"
    ).json()
    base = f"/api/v1/sessions/{created['id']}"
    for a, b in zip(players[0:6:2], players[1:6:2], strict=True):
        director_api.post(f"{base}/entrants/", {"players": [a.pk, b.pk]}, format="json")
    seated = director_api.post(f"{base}/movement/", {"family": "mitchell"}, format="json")
    assert seated.status_code == 400  # three pairs: the book's Mitchell needs an odd number of tables
    for a, b in zip(players[6::2], players[7::2], strict=True):
        director_api.post(f"{base}/entrants/", {"players": [a.pk, b.pk]}, format="json")
    assert (
        director_api.post(
            f"{base}/movement/", {"movement": mitchell_three_tables().to_json()}, format="json"
        ).status_code
        == 200
    )
    assert director_api.post(f"{base}/start/").json()["status"] == "running"
    session = Session.objects.get(pk=created["id"])
    play_all(session)
    standings = director_api.get(f"{base}/standings/").json()
    assert [e["entrant"] for e in standings["entrants"]] and standings["method"] == "trick"


def test_the_schema_and_its_docs_are_served() -> None:
    """OpenAPI 3 at /api/v1/schema/, documentation at /api/v1/docs/."""
    schema = APIClient().get("/api/v1/schema/?format=json").json()
    assert schema["openapi"].startswith("3.")
    paths = schema["paths"]
    assert {"/api/v1/tables/{token}/", "/api/v1/tables/{token}/claim/", "/api/v1/table/claim/"} <= set(paths)
    assert "/api/v1/entrant-links/{token}/results/" in paths
    assert not any(p.startswith(("/api/v1/tables/{token}/", "/api/v1/table/")) and "tray" in p for p in paths)
    assert "/api/v1/tables/{token}/results/" not in paths and "/api/v1/table/results/" not in paths
    assert {"tokenAuth", "tableAuth"} <= set(schema["components"]["securitySchemes"])
    assert APIClient().get("/api/v1/docs/").status_code == 200


def test_sessions_of_a_new_date_get_the_pages_default_scoring(director_api: APIClient, club: Club) -> None:
    """No scoring method given: the page's default for the kind of entrant."""
    body = director_api.post(
        f"/api/v1/clubs/{club.slug}/sessions/",
        {"date": str(dt.date(2026, 12, 7)), "entrant_kind": "individuals"},
        format="json",
    ).json()
    assert body["scoring_method"] == "individual"
    assert sessions.KIND_SHAPE[body["entrant_kind"]][1] == 1


def test_a_huge_page_is_cut_to_the_largest_and_a_huge_offset_is_harmless(
    director_api: APIClient, club: Club, players: list[Player]
) -> None:
    """limit and offset beyond what a database holds answer an ordinary page, not a server error."""
    url = f"/api/v1/clubs/{club.slug}/players/"
    assert len(director_api.get(f"{url}?limit={10**40}").json()["results"]) == 12
    assert director_api.get(f"{url}?offset={10**40}").json()["results"] == []


def test_a_correction_that_would_leave_the_slips_unscorable_is_refused(
    director_api: APIClient, table: Table
) -> None:
    """An adjusted score with revokes: the scorer would refuse it, so the API does before storing."""
    line = APIClient().post(follower_api(table) + "results/", {"tray": 1, "ns_tricks": 8}, format="json")
    url = f"/api/v1/sessions/{table.session_id}/slips/{line.json()['line']['id']}/correct/"
    body = {"reason": "slow play", "ns_award": "average", "ew_award": "average", "ns_revokes": 1}
    response = director_api.post(url, body, format="json")
    assert response.status_code == 400 and "ns_revokes" in response.json()
