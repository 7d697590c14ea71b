"""What a stranger may cost the club: previews within the book's sizes, cached; public doors throttled."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from infra.security import PublicRateThrottle
from tournaments import previews
from tournaments.models import Club
from tournaments.movements import MovementUserError, drive_json
from tournaments.movements import generate as real_generate
from tournaments.movements import recommend as recommend_module
from tournaments.services import club as club_services
from tournaments.services import seating, sessions

PREVIEW = "/api/v1/movements/{family}/"
RECOMMEND = "/api/v1/movements/recommend/"
NEXT_CHANGE = "/api/v1/movements/progressive/next-change/"


@pytest.fixture
def engine_calls(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every call of the movement engine a preview makes."""
    calls: list[Any] = []

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append((args, kwargs))
        return real_generate(*args, **kwargs)

    monkeypatch.setattr(previews.movements, "generate", counting)
    return calls


@pytest.fixture
def drive_calls(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every call of the whist drive's engine a next change makes."""
    calls: list[Any] = []
    real = drive_json.next_change

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append((args, kwargs))
        return real(*args, **kwargs)

    monkeypatch.setattr(drive_json, "next_change", counting)
    return calls


def drive_change(tables: int, *, results: int | None = None, ladies: int | None = None) -> dict[str, Any]:
    """A whist drive's first change at ``tables`` tables (seated by number), N-S winning everywhere."""
    change: dict[str, Any] = {
        "round": 1,
        "tables": [
            {"table": t, "seats": {"N": 4 * t - 3, "E": 4 * t - 2, "S": 4 * t - 1, "W": 4 * t}}
            for t in range(1, tables + 1)
        ],
        "results": [{"table": t, "ns_tricks": 8} for t in range(1, (results or tables) + 1)],
    }
    if ladies is not None:
        change["ladies"] = list(range(1, ladies + 1))
    return change


def rates(monkeypatch: pytest.MonkeyPatch, **scopes: str) -> None:
    """Set the public throttles' rates for one test."""
    monkeypatch.setattr(PublicRateThrottle, "THROTTLE_RATES", {**PublicRateThrottle.THROTTLE_RATES, **scopes})


@pytest.mark.parametrize(
    ("family", "query", "field"),
    [
        ("mitchell", "tables=199&analyse=1", "tables"),
        ("howell", "pairs=200&analyse=1", "pairs"),
        ("fours-snow", "teams=21", "teams"),
        ("individual", "players=81", "players"),
        ("mitchell", "tables=10&deals=200", "deals"),
    ],
)
def test_a_preview_beyond_the_books_sizes_is_a_400_before_any_engine_runs(
    family: str, query: str, field: str, engine_calls: list[Any]
) -> None:
    response = APIClient().get(PREVIEW.format(family=family) + "?" + query)
    assert response.status_code == 400
    assert "At most" in response.json()[field][0]
    assert engine_calls == []


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("session_kind=pairs&entrants=200&deals=200", "entrants"),
        ("session_kind=pairs&entrants=41&deals=24", "entrants"),
        ("session_kind=fours&entrants=21&deals=24", "entrants"),
        ("session_kind=pairs&entrants=8&deals=53", "deals"),
    ],
)
def test_a_recommendation_beyond_the_books_sizes_is_a_400(
    query: str, field: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(recommend_module, "recommend", lambda **kw: pytest.fail("the engine ran"))
    response = APIClient().get(RECOMMEND + "?" + query)
    assert response.status_code == 400
    assert "at most" in response.json()[field][0].lower()


def test_the_largest_preview_served_is_answered(engine_calls: list[Any]) -> None:
    response = APIClient().get(PREVIEW.format(family="howell-snow") + "?pairs=40&analyse=1")
    assert response.status_code == 200
    assert response.json()["entrants"] == 40 and "analysis" in response.json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (drive_change(21), "At most 20 tables in a change"),
        (drive_change(15_000), "At most 20 tables in a change"),
        (drive_change(20, results=21), "At most 20 results in a change"),
        (drive_change(20, ladies=81), "At most 80 ladies in a change"),
    ],
    ids=["21 tables", "15000 tables", "21 results", "81 ladies"],
)
def test_a_drive_change_beyond_the_books_sizes_is_a_400_before_any_engine_runs(
    change: dict[str, Any], message: str, drive_calls: list[Any]
) -> None:
    response = APIClient().post(NEXT_CHANGE, {"variant": "first", "change": change}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "change": [f"{message}: the app serves a whist drive of up to 20 tables (80 players)."]
    }
    assert drive_calls == []


def test_a_change_beyond_the_books_sizes_is_refused_by_the_previews_too() -> None:
    """Whoever calls the engine's door in the app, not only the API, meets the same bound."""
    with pytest.raises(MovementUserError, match="at most 20 tables in a change"):
        previews.drive_next_change(method="first", change=drive_change(21))


@pytest.mark.parametrize("variant", ["first", "second", "second-alt"])
def test_the_largest_drive_change_served_is_answered(variant: str, drive_calls: list[Any]) -> None:
    """Twenty tables, a result from each, and (Second Method) forty ladies: the next change, every move."""
    change = drive_change(20, ladies=None if variant == "first" else 40)
    if variant != "first":  # the Second Method's numbering: ladies 1-40 at N and E, gentlemen 41-80
        for row in change["tables"]:
            t = row["table"]
            row["seats"] = {"N": 2 * t - 1, "E": 2 * t, "S": 40 + 2 * t - 1, "W": 40 + 2 * t}
    response = APIClient().post(NEXT_CHANGE, {"variant": variant, "change": change}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert len(body["tables"]) == 20 and len(body["moves"]) == 80
    assert len(drive_calls) == 1


def test_the_same_preview_asked_twice_runs_the_engine_once(engine_calls: list[Any]) -> None:
    client = APIClient()
    first = client.get(PREVIEW.format(family="howell") + "?pairs=8&analyse=1")
    second = client.get(PREVIEW.format(family="howell") + "?pairs=8&analyse=1")
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json()
    assert len(engine_calls) == 1


def test_a_refused_preview_is_cached_too(engine_calls: list[Any]) -> None:
    client = APIClient()
    answers = [client.get(PREVIEW.format(family="mitchell") + "?pairs=8").status_code for _ in range(3)]
    assert answers == [400, 400, 400]
    assert len(engine_calls) == 1


def test_the_same_recommendation_asked_twice_runs_the_engine_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []
    real = previews.recommend
    monkeypatch.setattr(previews, "recommend", lambda **kw: calls.append(kw) or real(**kw))
    client = APIClient()
    for _ in range(2):
        assert client.get(RECOMMEND + "?session_kind=pairs&entrants=8&deals=24").status_code == 200
    assert len(calls) == 1


def test_previews_are_throttled_by_address(monkeypatch: pytest.MonkeyPatch) -> None:
    rates(monkeypatch, preview="3/min")
    client = APIClient()
    url = PREVIEW.format(family="howell") + "?pairs=8"
    codes = [client.get(url, REMOTE_ADDR="203.0.113.7").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    refused = client.get(url, REMOTE_ADDR="203.0.113.7", HTTP_X_FORWARDED_FOR="198.51.100.1")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert (
        client.get(
            RECOMMEND + "?session_kind=pairs&entrants=8&deals=24", REMOTE_ADDR="203.0.113.7"
        ).status_code
        == 429
    )
    assert client.get(url, REMOTE_ADDR="203.0.113.8").status_code == 200


def test_a_drive_change_is_throttled_as_a_preview(monkeypatch: pytest.MonkeyPatch) -> None:
    rates(monkeypatch, preview="2/min")
    client = APIClient()
    body = {"variant": "first", "change": drive_change(2)}
    codes = [
        client.post(NEXT_CHANGE, body, format="json", REMOTE_ADDR="203.0.113.13").status_code
        for _ in range(3)
    ]
    assert codes == [200, 200, 429]
    assert client.post(NEXT_CHANGE, body, format="json", REMOTE_ADDR="203.0.113.14").status_code == 200


@pytest.mark.django_db
def test_every_public_endpoint_is_throttled_by_address(club: Club, monkeypatch: pytest.MonkeyPatch) -> None:
    rates(monkeypatch, public="2/min")
    client = APIClient()
    for url in ("/api/v1/public/clubs/", "/api/v1/movements/", "/api/v1/schema/"):
        client.get(url, REMOTE_ADDR="203.0.113.9")
    assert client.get("/api/v1/public/clubs/", REMOTE_ADDR="203.0.113.9").status_code == 429
    assert client.get("/api/v1/public/clubs/", REMOTE_ADDR="203.0.113.10").status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["public:home", "public:club"])
def test_the_public_pages_are_throttled_by_address(
    client: Any, club: Club, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rates(monkeypatch, public="2/min")
    url = reverse(name, args=[club.slug] if name == "public:club" else [])
    codes = [client.get(url, REMOTE_ADDR="203.0.113.11").status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    assert client.get(url, REMOTE_ADDR="203.0.113.12").status_code == 200


def test_the_schema_is_built_once_however_often_it_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    builds: list[int] = []
    real = SchemaGenerator.get_schema
    monkeypatch.setattr(
        SchemaGenerator, "get_schema", lambda self, *a, **k: builds.append(1) or real(self, *a, **k)
    )
    client = APIClient()
    for _ in range(3):
        assert client.get("/api/v1/schema/").status_code == 200
    assert len(builds) == 1


@pytest.mark.django_db
@pytest.mark.slow
def test_a_session_beyond_the_books_sizes_gets_no_recommendation_but_is_seated_up_to_a_hall(
    club: Club, director_client: Any
) -> None:
    """Beyond twenty tables no analysis runs; a director still seats a 50-table hall (sixty at most, and no
    more entrants than sixty tables seat: ``tests/director_setup/test_entrant_cap.py``)."""
    people = [club_services.player_create(club=club, name=f"P{i}") for i in range(2 * 100)]
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 1), title="A hall")
    for a, b in zip(people[0::2], people[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    page = director_client.get(reverse("director:setup", args=[session.pk]))
    assert page.status_code == 200
    assert page.context["recs"] == []
    seating.movement_fix(session=session, family="mitchell", variant="mod1")
    assert session.tables.count() == 50
