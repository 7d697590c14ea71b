"""The site's home page: the clubs, and the way in for a club's director."""

from __future__ import annotations

import pytest
from django.test import Client

from tournaments.models import Club

pytestmark = pytest.mark.django_db


def test_the_home_page_links_to_the_directors_login(club: Club) -> None:
    """A new director need not know /director/: the home page says where to log in."""
    page = Client().get("/")
    assert page.status_code == 200
    body = page.content.decode()
    assert '<a href="/accounts/login/?next=/director/">Directors: log in</a>' in body
    login = Client().get("/accounts/login/?next=/director/")
    assert login.status_code == 200 and 'name="next" value="/director/"' in login.content.decode()
