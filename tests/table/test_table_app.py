"""The phone page as an app: each link's manifest, and the service worker at the site's root."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from tests.phones import Phone
from tournaments.models import Session

pytestmark = pytest.mark.django_db


def test_a_table_link_installs_as_its_own_app(running_session: Session) -> None:
    phone = Phone(running_session.tables.get(number=1))
    response = phone.client.get(phone.base + "manifest.webmanifest")
    assert response.status_code == 200 and response["Content-Type"] == "application/manifest+json"
    assert response["Cache-Control"] == "no-store"
    manifest = json.loads(response.content)
    assert (
        manifest["start_url"] == phone.base
        and manifest["scope"] == "/"
        and manifest["display"] == "standalone"
    )
    assert manifest["short_name"] == "Table 1"
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert icon["src"].startswith("/static/icons/")


def test_a_pair_s_link_installs_as_that_pair(running_session: Session) -> None:
    for pair in (Phone.following(running_session, 3), Phone.at(running_session.tables.get(number=2))):
        manifest = pair.client.get(pair.base + "manifest.webmanifest").json()
        assert manifest["start_url"] == pair.base and manifest["short_name"] == "Pair 3"


def test_a_revoked_link_or_an_ended_pass_has_no_manifest(phone: Any, running_session: Session) -> None:
    table = Phone(running_session.tables.get(number=1))
    running_session.tables.filter(number=1).update(token_revoked=True)
    assert table.client.get(table.base + "manifest.webmanifest").status_code == 404
    phone.client.post(phone.base + "leave")
    assert phone.client.get(phone.base + "manifest.webmanifest").status_code == 404


def test_the_page_names_its_manifest(phone: Any) -> None:
    html = phone.page().content.decode()
    assert f'<link rel="manifest" href="{phone.base}manifest.webmanifest">' in html


def test_the_page_carries_its_styles_so_it_paints_after_one_wait_on_the_network(phone: Any) -> None:
    html = phone.page().content.decode()
    assert 'rel="stylesheet"' not in html and html.count("<style>") == 2
    assert ".tablepage" in html, "the table page's own styles are in the page"


def test_the_service_worker_is_served_from_the_root_and_keeps_only_the_shell_and_each_link_s_page() -> None:
    response = Client().get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript") and response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    shell = json.loads(re.search(r"var SHELL = (\[.*?\]);", body).group(1))
    assert "/static/js/table.js" in shell and "/static/css/table.css" in shell
    assert re.search(r'var VERSION = "[0-9a-f]{12}";', body)
    assert "http://" not in body and "https://" not in body
    assert "/api/" not in body.replace("API's answers", ""), (
        "the worker never names the API: it keeps none of it"
    )
