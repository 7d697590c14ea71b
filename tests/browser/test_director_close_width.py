"""The close page at a laptop's 1280 px: each player's name keeps to one line in the director's standings.

The figures' columns once took a fixed width each, leaving the names a
column so narrow that they broke one word to a line.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.urls import reverse

from tests.browser import support
from tests.browser.support import log_in
from tests.public.builders import play_session
from tournaments.models import Club, Session
from tournaments.services import club as club_services

pytestmark = pytest.mark.browser

LONG_NAMES = [
    "Augusta Fairweather-Smythe",
    "Bartholomew Whitcombe",
    "Cornelia Hargreaves",
    "Desmond Ottoline",
    "Evangeline Pomfret",
    "Frederick Blackwood",
    "Georgiana Lattimer",
    "Horatio Pennington",
    "Isadora Merriweather",
    "Jeremiah Thistlewood",
    "Katharine Ashcombe",
    "Leopold Fairbanks",
    "Millicent Drummond",
    "Nathaniel Cavendish",
    "Octavia Wetherby",
    "Percival Langley",
]


@pytest.fixture
def closed(club: Club) -> Session:
    people = [club_services.player_create(club=club, name=name) for name in LONG_NAMES]
    return play_session(
        club=club, players=people, title="Long names", date=dt.date(2026, 12, 1), deals_count=14, publish=None
    )


def test_names_keep_to_one_line_on_the_close_page_at_1280(
    live_server: Any, new_page: Any, closed: Session
) -> None:
    page = new_page({"width": 1280, "height": 900})
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("run:close", args=[closed.pk]))
    names = page.locator("#director-standings .nl").evaluate_all(
        """els => els.map(e => [e.textContent.trim(), e.getBoundingClientRect().height,
                                parseFloat(getComputedStyle(e).lineHeight)])"""
    )
    assert len(names) == 16
    for name, height, line in names:
        assert height < 1.5 * line, f"{name!r} breaks over {height / line:.1f} lines"
    support.shot(page, "director-close-standings-1280", axe=False)
