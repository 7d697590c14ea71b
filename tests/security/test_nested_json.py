"""JSON nested past what any request can hold is a 400 naming the limit, before json recurses: never a 500.

Python's json recurses once a level: a body of ``[[[[...`` a hundred
thousand deep ended in ``RecursionError`` (a 500) on every endpoint that
reads its body, with credentials or without (the table link's send read it
before it looked its link up). Every JSON body, and every form field a
serializer's ``JSONField`` reads with ``json.loads``, goes through the depth
check of ``infra.security`` first. JSON at exactly ``JSON_MAX_DEPTH``
still works wherever the schema takes it.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from infra.security import JSON_MAX_DEPTH, json_too_deep
from tournaments.models import Club, EntrantLink, Session
from tournaments.services.tokens import token_create

pytestmark = pytest.mark.django_db

DEEP = 100_000
TOKEN = "/api/v1/auth/token/"
NEXT_CHANGE = "/api/v1/movements/progressive/next-change/"
PLAYERS = "/api/v1/clubs/test/players/"
#: A whist drive's first change of two tables with its results (p. 24), as the role matrix sends it.
CHANGE = {
    "round": 1,
    "tables": [
        {"table": 1, "seats": {"N": 1, "E": 2, "S": 3, "W": 4}},
        {"table": 2, "seats": {"N": 5, "E": 6, "S": 7, "W": 8}},
    ],
    "results": [{"table": 1, "ns_tricks": 8}, {"table": 2, "winner": "EW", "points": 2}],
}


def arrays(depth: int) -> str:
    """Arrays ``depth`` deep: ``[[[]]]``."""
    return "[" * depth + "]" * depth


def objects(depth: int) -> str:
    """Objects ``depth`` deep: ``{"a":{"a":0}}``."""
    return '{"a":' * depth + "0" + "}" * depth


def with_nest(body: dict[str, Any], depth: int) -> str:
    """The body as JSON with one more member, ``nest``, so that the whole is ``depth`` levels deep."""
    return json.dumps(body)[:-1] + f', "nest": {arrays(depth - 1)}}}'


def client(user: Any = None) -> APIClient:
    """A client that answers a server error with its 500 (as a stranger sees it), a director's if a user."""
    api = APIClient(raise_request_exception=False)
    if user is not None:
        api.credentials(HTTP_AUTHORIZATION=f"Token {token_create(user=user)}")
    return api


def assert_too_deep(response: Any, field: str = "") -> None:
    """A 400 whose detail names the limit (and the form's field, if one)."""
    assert response.status_code == 400, response.content[:300]
    detail = response.json()["detail"]
    assert f"nested deeper than {JSON_MAX_DEPTH} levels" in detail, detail
    assert field in detail


#: Endpoints that read a JSON body: a stranger's two, a phone's send by its entrant's link, a director's.
ENDPOINTS = ["token", "next-change", "phone", "director"]


def endpoint(name: str, request: pytest.FixtureRequest) -> tuple[str, APIClient]:
    """The endpoint's URL, and a client that may call it."""
    if name == "token":
        return TOKEN, client()
    if name == "next-change":
        return NEXT_CHANGE, client()
    if name == "director":
        return PLAYERS, client(request.getfixturevalue("director"))
    session = request.getfixturevalue("running_session")
    return f"/api/v1/entrant-links/{own_link(session)}/results/", client()


def own_link(session: Session) -> str:
    """The own link's token of the session's pair 1 (N-S at table 1 in round 1, where tray 1 is)."""
    return str(EntrantLink.objects.get(session=session, entrant__number=1, side="").token)


@pytest.mark.parametrize(
    "body",
    [arrays(DEEP), objects(DEEP), "[" * DEEP, '{"username": ' + "[" * DEEP],
    ids=["arrays", "objects", "unclosed", "in-a-member"],
)
@pytest.mark.parametrize("name", ENDPOINTS)
def test_a_body_nested_a_hundred_thousand_deep_is_a_400_naming_the_limit(
    club: Club, request: pytest.FixtureRequest, name: str, body: str
) -> None:
    url, api = endpoint(name, request)
    assert_too_deep(api.post(url, body, content_type="application/json"))


@pytest.mark.parametrize("name", ENDPOINTS)
def test_one_level_past_the_limit_is_refused(club: Club, request: pytest.FixtureRequest, name: str) -> None:
    url, api = endpoint(name, request)
    body = with_nest({"username": "dir", "password": "pw-for-tests-only"}, JSON_MAX_DEPTH + 1)
    assert_too_deep(api.post(url, body, content_type="application/json"))


def test_no_phone_endpoint_answers_a_made_up_link_with_a_deep_body_by_a_5xx(club: Club) -> None:
    """Read before the link is looked up (as the table link's send was), a 400; after it, a 404 or 401."""
    checked = 0
    for url, header in phone_posts():
        for body in (arrays(DEEP), objects(DEEP)):
            response = client().post(url, body, content_type="application/json", **header)
            assert response.status_code in (400, 401, 404), (url, response.status_code)
            if response.status_code == 400:
                assert_too_deep(response)
            checked += 1
    assert checked >= 10


def phone_posts() -> list[tuple[str, dict[str, str]]]:
    """Every phone endpoint that takes a POST, with a made-up link in its URL or its header (and tray 1)."""
    api = next(
        p for p in get_resolver().url_patterns if isinstance(p, URLResolver) and str(p.pattern) == "api/v1/"
    )
    found = []
    for pattern in api.url_patterns:
        assert isinstance(pattern, URLPattern)
        name, view = str(pattern.name), pattern.callback.view_class  # type: ignore[attr-defined]
        if name.startswith(("table-link", "table-header", "entrant-link")) and hasattr(view, "post"):
            route = re.sub(r"<\w+:tray>", "1", str(pattern.pattern))
            url = "/api/v1/" + re.sub(r"<\w+:\w+>", "made-up-link", route)
            header = {"HTTP_AUTHORIZATION": "Table made-up-link"} if name.startswith("table-header") else {}
            found.append((url, header))
    return found


def test_the_token_endpoint_takes_a_body_at_the_limit(director: Any, club: Club) -> None:
    body = with_nest({"username": "dir", "password": "pw-for-tests-only"}, JSON_MAX_DEPTH)
    response = client().post(TOKEN, body, content_type="application/json")
    assert response.status_code == 200 and response.json()["token"]


def test_the_next_change_takes_a_change_at_the_limit() -> None:
    change = json.dumps(CHANGE)[:-1] + f', "note": {arrays(JSON_MAX_DEPTH - 2)}}}'
    body = '{"variant": "first", "change": ' + change + "}"
    response = client().post(NEXT_CHANGE, body, content_type="application/json")
    assert response.status_code == 200, response.content[:300]
    assert response.json()["tables"]


def test_a_directors_endpoint_takes_a_body_at_the_limit(director: Any, club: Club) -> None:
    body = with_nest({"name": "Nested Player"}, JSON_MAX_DEPTH)
    response = client(director).post(PLAYERS, body, content_type="application/json")
    assert response.status_code == 201, response.content[:300]


def test_a_phone_takes_a_send_at_the_limit(running_session: Session) -> None:
    body = with_nest({"tray": 1, "ns_tricks": 7}, JSON_MAX_DEPTH)
    url = f"/api/v1/entrant-links/{own_link(running_session)}/results/"
    response = client().post(url, body, content_type="application/json")
    assert response.status_code == 201, response.content[:300]
    made_up = client().post(
        "/api/v1/entrant-links/made-up-link/results/", body, content_type="application/json"
    )
    assert made_up.status_code == 404


@pytest.mark.parametrize(
    "deep", [arrays(DEEP), objects(DEEP), " \n[" * DEEP], ids=["arrays", "objects", "unclosed"]
)
@pytest.mark.parametrize("form", ["multipart", "urlencoded"])
def test_a_forms_json_field_nested_too_deep_is_a_400_naming_the_field(form: str, deep: str) -> None:
    """A serializer's JSONField reads a form's field with json.loads: the next change's ``change``."""
    data = {"variant": "first", "change": deep}
    response = post_form(NEXT_CHANGE, data, form)
    assert_too_deep(response, field="'change'")


@pytest.mark.parametrize("form", ["multipart", "urlencoded"])
def test_a_forms_json_field_at_the_limit_is_read(form: str) -> None:
    change = json.dumps(CHANGE)[:-1] + f', "note": {arrays(JSON_MAX_DEPTH - 1)}}}'
    response = post_form(NEXT_CHANGE, {"variant": "first", "change": change}, form)
    assert response.status_code == 200, response.content[:300]


def test_text_with_brackets_in_a_form_is_no_json() -> None:
    """Only a field json would read as an array or object is looked at: other text may hold brackets."""
    response = post_form(
        NEXT_CHANGE, {"variant": "first" + "(" * DEEP, "change": "x" + "[" * DEEP}, "urlencoded"
    )
    assert response.status_code == 400 and "nested deeper" not in response.content.decode()


def post_form(url: str, data: dict[str, str], form: str) -> Any:
    """POST the fields as a multipart or an urlencoded form."""
    api = client()
    if form == "multipart":
        return api.post(url, data, format="multipart")
    return api.post(url, urlencode(data), content_type="application/x-www-form-urlencoded")


# The check itself: exact on JSON, strings and escapes read as json reads them.


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        ("[]", False),
        (arrays(JSON_MAX_DEPTH), False),
        (arrays(JSON_MAX_DEPTH + 1), True),
        (objects(JSON_MAX_DEPTH), False),
        (objects(JSON_MAX_DEPTH + 1), True),
        ("[" * (JSON_MAX_DEPTH + 1), True),  # truncated: json recurses before it finds out
        ("[" * JSON_MAX_DEPTH, False),  # truncated, and no deeper than the limit: json's own 400
        (arrays(JSON_MAX_DEPTH) * 1000, False),  # wide, not deep
        ('["' + "[" * DEEP + '"]', False),  # brackets in a string are text
        ('["\\"' + "[" * DEEP + '"]', False),  # an escaped quote ends no string
        ('["\\\\"' + ", " + "[" * DEEP, True),  # an escaped backslash does not escape the quote
        ('["\\\\\\"' + "[" * DEEP + '"]', False),  # ... but the one after it does
        ('"' + "[" * DEEP, False),  # an unterminated string: json refuses it there
        ("]" + "[" * DEEP, True),  # never JSON; refused either way
    ],
)
def test_the_depth_check_reads_strings_and_escapes_as_json_does(text: str, deep: bool) -> None:
    assert json_too_deep(text) is deep


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ ab,:'),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(alphabet='[]{}"\\ a'), inner, max_size=3),
    max_leaves=40,
)


def depth(value: Any) -> int:
    """How deep arrays and objects nest in a value (the value itself the first level)."""
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


@settings(max_examples=300, deadline=None)
@given(json_values, st.integers(min_value=1, max_value=6))
def test_the_depth_check_is_exact_on_json(value: Any, limit: int) -> None:
    text = json.dumps(value, ensure_ascii=False)
    assert json_too_deep(text, limit) is (depth(value) > limit)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='[]{}"\\ 1,:'), st.integers(min_value=1, max_value=6))
def test_text_the_check_lets_through_is_json_within_the_limit_or_no_json(text: str, limit: int) -> None:
    """What it lets through json reads within the limit, or refuses itself (a 400 of DRF's)."""
    if json_too_deep(text, limit):
        return
    try:
        value = json.loads(text)
    except ValueError:
        return
    assert depth(value) <= limit
