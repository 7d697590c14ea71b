"""The role matrix: every endpoint under /api/v1/, every role, what it gets and nothing more.

The endpoints are found by walking the URL resolver, so a new endpoint
without a line in ``matrix.SPEC`` fails the test. Each request runs inside
a savepoint that is rolled back, so every role meets the same state
(``world``): this club's running session whose table 1 has sent tray 1,
and a second session of this club, played and published. A role that may
not act must leave our data exactly as it was, and no answer to it may
carry our secrets (a table's link, an unpublished session's title). A
table's link is a place: even to its own holder it answers with no line
and no entrant's link or pass (but the pass its claim hands out).
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.api.matrix import (
    ROLES,
    SPEC,
    TRUSTED,
    World,
    api_routes,
    call,
    clients,
    expected,
    methods,
    url_for,
)

pytestmark = pytest.mark.django_db


def check(world: World, client: APIClient, role: str, name: str, route: str, method: str) -> list[str]:
    """One role on one endpoint: the status it should get, no 403, no change and no secret if untrusted."""
    spec = SPEC[name]
    url = url_for(route, spec, world, role)
    response, unchanged = call(client, method, url, world.body(spec.bodies.get(method)), world)
    text = response.content.decode(errors="replace")
    want = expected(spec, name, method, role)
    where = f"{role} {method.upper()} {url}"
    trusted = role == TRUSTED.get(spec.audience)
    failures = [f"{where}: {response.status_code}, expected {want}: {text[:160]}"] * (
        response.status_code != want
    )
    if response.status_code == 403:
        failures.append(f"{where}: 403 leaks existence")
    if not trusted and spec.audience != "open" and not unchanged:
        failures.append(f"{where}: changed our data")
    if not trusted and any(secret in text for secret in world.secrets()):
        failures.append(f"{where}: leaked a secret")
    if name.startswith(("table-link", "table-header")) and (
        "tricks" in text or any(link in text for link in world.links())
    ):
        failures.append(f"{where}: a table's link (a place) answered with a line or an entrant's link")
    if spec.audience == "public":
        hidden = url_for(route, spec, world, role, session_key="session")
        status = call(client, method, hidden, None, world)[0].status_code
        failures += [f"{role} {method.upper()} {hidden}: {status} for an unpublished session"] * (
            status != 404
        )
    return failures


@pytest.mark.slow
def test_every_endpoint_gives_each_role_what_it_should_and_nothing_more(world: World, director: Any) -> None:
    """Walk /api/v1/: each role's status, our data untouched by others, no secrets leaked, no 403."""
    routes = list(api_routes())
    assert {name for _, name, _ in routes} == set(SPEC), "every endpoint needs a line in SPEC"
    by_role = clients(world, director)
    failures: list[str] = []
    for route, name, view in routes:
        assert set(methods(view)) == set(SPEC[name].ok), (name, methods(view))
        for method in methods(view):
            for role in ROLES:
                failures += check(world, by_role[role], role, name, route, method)
    assert not failures, "\n".join(failures)
