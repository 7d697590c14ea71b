"""/favicon.ico answers: a browser asks for it on a page that names no icon (a PDF, a JSON answer)."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_the_favicon_is_the_apps_own_icon(client: Client) -> None:
    answer = client.get("/favicon.ico")
    assert answer.status_code == 301 and answer["Location"].endswith("/static/favicon.svg")
