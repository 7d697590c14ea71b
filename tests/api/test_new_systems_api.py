"""The movement preview serves the new systems (one-size ones without a size), and a drive's next change."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.matrix import CHANGE
from tournaments.movements import generate
from tournaments.movements.drive_json import next_change_json

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("family", ["mnemonic", "narragansett", "harvard", "two-teams", "four-pair"])
def test_a_system_of_one_size_previews_without_a_size(family: str) -> None:
    answer = APIClient().get(f"/api/v1/movements/{family}/")
    assert answer.status_code == 200 and answer.json() == generate(family).to_json()


def test_narragansett_for_two_teams_is_the_two_teams_it_is() -> None:
    assert (
        APIClient().get("/api/v1/movements/narragansett/?teams=2").json()
        == generate("narragansett").to_json()
    )
    refused = APIClient().get("/api/v1/movements/narragansett/?teams=3")
    assert refused.status_code == 400 and "two teams of eight" in str(refused.json())


@pytest.mark.parametrize("variant", ["first", "second", "second-alt"])
def test_a_whist_drive_previews_its_first_change_only(variant: str) -> None:
    answer = APIClient().get(f"/api/v1/movements/progressive/?players=12&variant={variant}")
    body = answer.json()
    assert answer.status_code == 200 and body["entrant_kind"] == "player" and len(body["rounds"]) == 1


def test_the_mnemonic_individual_record_previews_six_rounds() -> None:
    body = APIClient().get("/api/v1/movements/mnemonic/?variant=individual&deals=6").json()
    assert len(body["rounds"]) == 6 and body["tables"] == 1


def test_the_next_change_of_a_drive_follows_from_the_results_as_the_command_prints_it() -> None:
    answer = APIClient().post(
        "/api/v1/movements/progressive/next-change/", {"variant": "first", "change": CHANGE}, format="json"
    )
    assert answer.status_code == 200 and answer.json() == next_change_json("first", CHANGE)
    assert {m["player"] for m in answer.json()["moves"]} == set(range(1, 9))


def test_a_change_without_all_its_results_is_refused_with_the_books_reason() -> None:
    change = {**CHANGE, "results": CHANGE["results"][:1]}
    answer = APIClient().post(
        "/api/v1/movements/progressive/next-change/", {"variant": "second", "change": change}, format="json"
    )
    assert answer.status_code == 400 and "no result yet from table(s) 2" in str(answer.json())
    garbled = APIClient().post(
        "/api/v1/movements/progressive/next-change/", {"variant": "first", "change": [1, 2]}, format="json"
    )
    assert garbled.status_code == 400


def test_a_change_of_the_wrong_shape_is_a_400_not_a_crash() -> None:
    odd = {**CHANGE, "results": [{"table": 1, "winner": ["NS"], "points": 2}, {"table": 2, "ns_tricks": 3}]}
    answer = APIClient().post(
        "/api/v1/movements/progressive/next-change/", {"variant": "first", "change": odd}, format="json"
    )
    assert answer.status_code == 400
