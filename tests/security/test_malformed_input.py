"""Malformed input at every edge is a 400 (or a message by the field), never a 500, and stores nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scoring.models import SlipLine
from tests.phones import follower_api
from tournaments.models import ActionLog, Club, PhonePass, Player, Seat, Series, Session
from tournaments.services import rotations

pytestmark = pytest.mark.django_db


def tables_page(client: Client, session: Session, **data: Any) -> Any:
    """POST the run › tables page."""
    return client.post(reverse("run:tables", args=[session.pk]), data)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"form": "substitute", "player_out": "abc", "player_in": "1", "from_round": "1"}, "player_out"),
        ({"form": "substitute", "player_out": "SEATED", "player_in": "1e3", "from_round": "1"}, "player_in"),
        ({"form": "substitute", "player_out": "99999999999999999999", "player_in": "²"}, "player_out"),
        ({"form": "phantom", "entrant": "abc"}, "entrant"),
        ({"form": "phantom", "entrant": ["1", "x"]}, "entrant"),
        ({"form": "running", "show": "on", "hidden_rounds": "many"}, "hidden_rounds"),
        ({"form": "running", "show": "on", "hidden_rounds": "99999999999999999999"}, "hidden_rounds"),
        ({"form": "teleport"}, "form"),
        ({"bogus": "1", "other": "x"}, "form"),
    ],
)
def test_the_tables_page_refuses_malformed_fields_by_name(
    director_client: Client, running_session: Session, data: dict[str, Any], field: str
) -> None:
    seats = list(Seat.objects.filter(round__session=running_session).values_list("pk", "player_id"))
    seated = str(next(player for _, player in seats if player is not None))  # ids differ on PostgreSQL
    data = {name: seated if value == "SEATED" else value for name, value in data.items()}
    logged = ActionLog.objects.count()
    response = tables_page(director_client, running_session, **data)
    assert response.status_code == 400
    errors = response.context["errors"][data.get("form") or "form"]
    assert field in errors, errors
    assert list(Seat.objects.filter(round__session=running_session).values_list("pk", "player_id")) == seats
    assert ActionLog.objects.count() == logged


@pytest.mark.parametrize("key", ["t1-2-3", "t²-1", "t1-99999999999999999999999", "t-1", "t1-", "t١-١"])
def test_the_round_sheet_ignores_cells_that_are_not_a_table_and_tray(
    director_client: Client, running_session: Session, key: str
) -> None:
    response = director_client.post(reverse("run:enter", args=[running_session.pk, 1]), {key: "7"})
    assert response.status_code in (302, 400)
    assert not SlipLine.objects.filter(session=running_session).exists()


@pytest.mark.parametrize(
    "target", ["0", "run:board", "javascript:alert(1)", "//evil.example/", "https://evil.example/"]
)
def test_a_buttons_next_that_is_no_local_path_goes_back_to_the_page(
    director_client: Client, running_session: Session, target: str
) -> None:
    url = reverse("run:tables_advance", args=[running_session.pk])
    response = director_client.post(url, {"on": "1", "next": target})
    assert response.status_code == 302
    assert response["Location"] == reverse("run:board", args=[running_session.pk])


@pytest.mark.parametrize(
    "content",
    [
        b'name\n"unclosed\rline\nmore',
        b"name\n\x00x",
        b"\xff\xfe\x00",
        b"name,member_number\nA,1,extra,cells\n",
    ],
)
def test_a_roster_file_that_is_not_csv_is_refused_by_the_file_field(
    director_client: Client, club: Club, content: bytes
) -> None:
    before = Player.objects.count()
    url = reverse("director:roster_import", args=[club.slug])
    response = director_client.post(url, {"file": SimpleUploadedFile("r.csv", content)})
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        assert response.context["form"].errors["file"]
        assert Player.objects.count() == before


@pytest.mark.parametrize("deals", ["²", "١٢", "99999999999999999999", "-3"])
def test_the_movement_choice_takes_no_odd_digit_for_deals(
    director_client: Client, draft_session: Session, deals: str
) -> None:
    url = reverse("director:setup_movement", args=[draft_session.pk])
    response = director_client.post(url, {"choice": f"mitchell|mod3|{deals}", "scoring_method": "trick"})
    assert response.status_code in (200, 302)
    draft_session.refresh_from_db()
    assert not draft_session.movement_json


@pytest.mark.parametrize("query", ["²", "١", "99999999999999999999999", "-1", "x"])
def test_the_set_up_and_rotation_pages_read_any_number_in_their_query(
    director_client: Client, draft_session: Session, club: Club, query: str
) -> None:
    series: Series = rotations.series_create(club=club, name="Winter")
    assert (
        director_client.get(reverse("director:setup", args=[draft_session.pk]), {"deals": query}).status_code
        == 200
    )
    rotation = director_client.get(reverse("director:rotation", args=[series.pk]), {"session_number": query})
    assert rotation.status_code == 200


def pass_results(session: Session) -> str:
    """The results endpoint of a phone that said at table 1's link it is the pair sitting N-S there."""
    return follower_api(session.tables.get(number=1)) + "results/"


@pytest.mark.parametrize("key", [5, [1, 2], {"a": 1}, "x" * 65])
def test_a_phone_sends_a_key_of_any_type_and_gets_a_field_message(running_session: Session, key: Any) -> None:
    body = {"tray": 1, "ns_tricks": 8, "idempotency_key": key}
    response = Client().post(pass_results(running_session), json.dumps(body), content_type="application/json")
    if key == 5:  # a number is a valid key, written as text
        assert response.status_code == 201
        assert SlipLine.objects.get(session=running_session).idempotency_key == "5"
    else:
        assert response.status_code == 400 and "idempotency_key" in response.json()
        assert not SlipLine.objects.filter(session=running_session).exists()


def test_a_key_header_too_long_is_refused_not_cut(running_session: Session) -> None:
    response = Client().post(
        pass_results(running_session),
        json.dumps({"tray": 1, "ns_tricks": 8}),
        content_type="application/json",
        headers={"Idempotency-Key": "k" * 65},
    )
    assert response.status_code == 400 and "idempotency_key" in response.json()
    assert not SlipLine.objects.filter(session=running_session).exists()


@pytest.mark.parametrize("body", ["[1, 2]", "5", '"x"', "null", "{", '{"tray": {"a": 1}, "ns_tricks": 8}'])
def test_a_phone_send_that_is_no_object_is_a_400(running_session: Session, body: str) -> None:
    response = Client().post(pass_results(running_session), body, content_type="application/json")
    assert response.status_code == 400
    assert not SlipLine.objects.filter(session=running_session).exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"entrant": 5.5}, "entrant"),
        ({"entrant": "1-XY"}, "entrant"),
        ({"entrant": ["1"]}, "entrant"),
        ({"entrant": "0"}, "entrant"),
        ({"entrant": "9"}, "entrant"),
        ({"entrant": "1", "code": "12345678"}, "code"),
        ({"entrant": "1", "code": {"a": 1}}, "code"),
        ({"entrant": "1", "device": "d" * 65}, "device"),
        ({}, "entrant"),
    ],
)
def test_a_claim_at_a_tables_link_refuses_malformed_fields_by_name(
    running_session: Session, body: dict[str, Any], field: str
) -> None:
    """A claim's refusal names its field, through the API and on the page alike, and hands out no pass."""
    token = running_session.tables.get(number=1).token
    response = Client().post(
        f"/api/v1/tables/{token}/claim/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 400 and field in response.json(), response.content
    for raw in ("[1, 2]", "null", "{"):
        assert (
            Client().post(f"/api/v1/tables/{token}/claim/", raw, content_type="application/json").status_code
            == 400
        )
    if field != "device" and all(isinstance(v, str) for v in body.values()):  # what a form can send
        page = Client().post(f"/t/{token}/claim", body)
        assert page.status_code == 302 and page["Location"].split("?")[0] == f"/t/{token}/", "the place"
    assert not PhonePass.objects.exists()
