"""Every answer the trusted caller gets, with real data, matches the OpenAPI schema.

The CI fuzzer (``.ci/schemathesis``) cannot know a table's link or a line's
id; here each endpoint is called as in the role matrix, by the role it is
for, and schemathesis checks the answer against the schema.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import requests
import schemathesis
from rest_framework.test import APIClient
from schemathesis.checks import response_schema_conformance
from schemathesis.core.transport import Response

from tests.api.matrix import World, call, clients, trusted_operations, url_for

pytestmark = pytest.mark.django_db

#: Not JSON endpoints: the schema itself and its documentation pages.
NOT_IN_SCHEMA = frozenset({"api-schema", "api-docs", "api-docs-try"})


def openapi_path(route: str) -> str:
    """A Django route as the schema writes it: ``<int:pk>`` becomes ``{id}``."""
    return "/api/v1/" + re.sub(r"<\w+:(\w+)>", lambda m: "{id}" if m[1] == "pk" else f"{{{m[1]}}}", route)


def as_schemathesis(response: Any, method: str, url: str) -> Response:
    """A Django test response as schemathesis reads one."""
    sent = requests.Request(method.upper(), f"http://testserver{url}").prepare()
    headers = {key: [value] for key, value in response.headers.items()}
    return Response(
        status_code=response.status_code,
        headers=headers,
        content=response.content,
        request=sent,
        elapsed=0.0,
        verify=True,
    )


@pytest.mark.slow
def test_every_answer_to_its_trusted_caller_matches_the_schema(world: World, director: Any) -> None:
    """Status documented and body conforming, for every endpoint and method."""
    schema = schemathesis.openapi.from_dict(APIClient().get("/api/v1/schema/?format=json").json())
    by_role = clients(world, director)
    checked = 0
    for op in trusted_operations(NOT_IN_SCHEMA):
        url = url_for(op.route, op.spec, world, op.role)
        body = world.body(op.spec.bodies.get(op.method))
        response, _ = call(by_role[op.role], op.method, url, body, world)
        params = {"id" if k == "pk" else k: world.value(v, op.role) for k, v in op.spec.kwargs.items()}
        case = schema[openapi_path(op.route)][op.method.upper()].Case(path_parameters=params)
        case.validate_response(
            as_schemathesis(response, op.method, url), checks=[response_schema_conformance]
        )
        checked += 1
    assert checked >= 80
