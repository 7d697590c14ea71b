"""The director's lists at 1280 px keep the page's spacing: no button or card touches a table's box.

The director's home once had its "New session" button sitting on the
sessions table, and the simultaneous events' list its table on the card
"A new event" (app.css gave a table's box no room around it).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tests.browser import support
from tests.browser.support import DB_LOCK, log_in
from tournaments.models import Club
from tournaments.services import sessions

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 900}
#: The least room between a table's box and the box beside it, in CSS pixels (the cards keep 16).
ROOM = 12
GAP = """([above, below]) => {
  const a = document.querySelector(above).getBoundingClientRect();
  const b = document.querySelector(below).getBoundingClientRect();
  return b.top - a.bottom;
}"""


def gap(page: Any, above: str, below: str) -> float:
    """The room from the bottom of the first element's box to the top of the second's."""
    found: float = page.evaluate(GAP, [above, below])
    return found


def test_the_lists_keep_room_between_a_table_and_its_neighbours(
    live_server: Any, new_page: Any, club: Club
) -> None:
    with DB_LOCK:
        sessions.session_create(club=club, date=dt.date(2026, 12, 4), title="Friday pairs")
    page = new_page(WIDE)
    log_in(page, live_server.url)
    new_session = ".session-head a.btn"
    assert page.locator(new_session).inner_text().strip() == "New session"
    assert gap(page, new_session, ".table-wrap") >= ROOM
    support.shot(page, "director-home-spacing")
    page.goto(f"{live_server.url}/director/club/{club.slug}/sims/")
    assert gap(page, ".table-wrap", ".table-wrap + .card") >= ROOM
    support.shot(page, "director-sims-list-spacing")
