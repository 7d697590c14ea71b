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
from tournaments.services import club as club_services
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


#: Twenty-two players' names of a length a club has (the demo club's, and two visitors).
LONG_NAMES = [
    *("Ada Whitcombe", "Bertram Hale", "Clara Pemberton", "Daniel Fenwick", "Edith Marsh", "Frederick Cole"),
    *("Grace Ellison", "Henry Abbott", "Isabel Thorne", "James Whitlock", "Katherine Boyd", "Lewis Harrow"),
    *("Margaret Quill", "Nathaniel Price", "Olive Sutton", "Percival Grant", "Rose Kendall", "Samuel Ashby"),
    *("Theodora Vane", "Walter Barnes", "Una Visiting", "Zachary Stranger"),
]
#: Whether any pair's row on the session's page runs out of its own box, or into another row's.
ROWS_CLASH = """() => {
  const items = [...document.querySelectorAll("ol.entrants > li")];
  const rows = items.map(li => li.getBoundingClientRect());
  const parts = li => [...li.querySelectorAll(".num, .who, summary")].map(e => e.getBoundingClientRect());
  const out = items.some((li, i) => parts(li).some(e => e.right > rows[i].right + 0.5));
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return out || rows.some((a, i) => rows.some((b, j) => i < j && meet(a, b)));
}"""


def test_the_session_pages_pairs_keep_their_names_and_name_links_in_their_own_rows(
    live_server: Any, new_page: Any, club: Club
) -> None:
    """The session's page lists eleven pairs beside its tables at 1280 px: each pair's names and its
    "name" link stay in its row (two columns of a narrow box once ran the link into the next column)."""
    with DB_LOCK:
        players = [club_services.player_create(club=club, name=name) for name in LONG_NAMES]
        session = sessions.session_create(club=club, date=dt.date(2026, 12, 4), title="Eleven pairs")
        for a, b in zip(players[0::2], players[1::2], strict=True):
            sessions.entrant_create(session=session, players=[a, b])
    page = new_page(WIDE)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/director/s/{session.pk}/")
    assert page.locator("ol.entrants > li").count() == 11
    assert not page.evaluate(ROWS_CLASH)
    support.shot(page, "session-page-pairs")
