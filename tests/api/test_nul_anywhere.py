"""A NUL wherever a client can put text (a query parameter, a link in the path, a header) is never a 5xx.

PostgreSQL refuses a string holding a NUL outright, so a value read from
the request and handed to a query unchecked is a server error there and
nowhere else (SQLite takes it). The CI fuzzer found one such parameter by
chance; here every endpoint is called by the role it is for, once per
parameter the schema declares, with that parameter holding a NUL.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from rest_framework.test import APIClient

from tests.api.matrix import World, call, clients, trusted_operations, url_for
from tests.api.test_schema import NOT_IN_SCHEMA, openapi_path

pytestmark = pytest.mark.django_db

NUL = "a\x00b"


def declared_queries(schema: dict[str, Any], route: str, method: str) -> list[str]:
    """The query parameters the schema gives this operation."""
    operation = schema["paths"][openapi_path(route)][method]
    return [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]


def test_a_nul_in_any_declared_query_parameter_is_never_a_server_error(world: World, director: Any) -> None:
    """Every query parameter of every operation, one at a time, alone and with the usual query."""
    schema = APIClient().get("/api/v1/schema/?format=json").json()
    by_role = clients(world, director)
    tried = []
    for op in trusted_operations(NOT_IN_SCHEMA):
        base = url_for(op.route, op.spec, world, op.role)
        for param in declared_queries(schema, op.route, op.method):
            url = base + ("&" if "?" in base else "?") + urlencode({param: NUL})
            response, _ = call(
                by_role[op.role], op.method, url, world.body(op.spec.bodies.get(op.method)), world
            )
            assert response.status_code < 500, (op.method, url, response.status_code)
            tried.append(url)
    assert len(tried) >= 10


def test_a_nul_in_a_link_in_the_path_or_the_table_header_is_a_404_or_401(world: World, director: Any) -> None:
    """A table's or a pair's link holding a NUL is no link: never a server error."""
    by_role = clients(world, director)
    tried = 0
    kinds = set()
    for op in trusted_operations():
        if "<link:token>" not in op.route:
            continue
        url = url_for(op.route, op.spec, world, op.role)
        url = re.sub(r"(entrant-links|tables)/[^/]+/", rf"\1/{quote(NUL)}/", url, count=1)
        response, _ = call(by_role[op.role], op.method, url, world.body(op.spec.bodies.get(op.method)), world)
        assert response.status_code in (400, 401, 404), (op.method, url, response.status_code)
        tried += 1
        kinds.add(op.route.split("/")[0])
    assert {"tables", "entrant-links"} <= kinds, "a table's link (its claim too) and a pair's, alike"
    header = APIClient()
    header.credentials(HTTP_AUTHORIZATION=f"Table {NUL}")
    assert header.get("/api/v1/table/").status_code == 401
    assert tried >= 10


def test_a_phones_id_keeps_printable_characters_only() -> None:
    """A phone's id comes from its cookie or from what a client says: a NUL (which PostgreSQL refuses in
    any text) or a control character is left out, a long one cut, anything not text is none."""
    from entry.inputs import DEVICE_MAX, device_id

    assert device_id("ab\x00c\x1fd") == "abcd"
    assert device_id("x" * 500) == "x" * DEVICE_MAX
    assert device_id(None) == "" and device_id(["a"]) == ""
