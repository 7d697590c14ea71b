"""A simultaneous event's placings laid out to be read: on the event's public page (1280 and 390 px) and
in the club's public results page's simultaneous table (390 px).

From the tryout: at 1280 the club ran on from the pair's names on one line ("Mona Nash & Ned Oakes
Hillside Whist Club, NS/EW"); at 390 the event page's figures shifted from row to row, and the club's
table was cut off (a sideways scroll, "1st of / 11" wrapped) and gave pair numbers, no names. Here the
club has its own column at 1280 and its own line at 390, the figures stand in the same columns in every
row, nothing is wider than the phone, and the club's table names its pairs and gives each pair's score at
the club beside its place there.
Screenshots: var/screenshots/sim-layout-*.png, each checked by axe-core.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.urls import reverse
from public.builders import play_all

from scoring.selectors.heat import heat_site, session_results_pbn
from sims import services
from tests.browser.support import DB_LOCK, shot
from tests.sim_club.simclub_build import seated
from tests.sims_organiser.sim_builders import heat_file, make_event
from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions
from tournaments.services.sim_pack import sim_pack_import

pytestmark = pytest.mark.browser

DESK = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
CLUB = "Hillside Whist Club"
NAMES = [
    *("Mona Nash", "Ned Oakes", "Eve Park", "Fred Gale", "Vera West", "Will Young"),
    *("Gina Holt", "Hal Ives", "Ann Lee", "Bob Hart", "Iris Jones", "Jack King"),
]


def published(club: Club) -> tuple[str, Session]:
    """An event of the county, our club's heat played on its pack and Wells's heat beside it, the field and
    our session's standings published: (the event's ref, our session)."""
    county = club_services.club_create(name="County Whist Association", slug="county")
    event = make_event(county)
    ours, key = services.sim_club_add(event=event, name=CLUB)
    wells, _ = services.sim_club_add(event=event, name="Wells Whist Club")
    people: list[Player] = [club_services.player_create(club=club, name=n) for n in NAMES]
    session = seated(club, people)
    sim_pack_import(session=session, data=services.pack_for(sim_club=ours, key=key, results_url=""))
    session = sessions.session_start(session=Session.objects.get(pk=session.pk))
    play_all(session, random.Random(5))
    session = sessions.session_set_status(session=session, status=Session.Status.CLOSED)
    heat = session_results_pbn(session=session, site=heat_site(session))
    services.heat_receive(event=event, sim_club=ours, data=heat, via="file")
    services.heat_receive(event=event, sim_club=wells, data=heat_file("Wells Whist Club", 11), via="file")
    services.event_publish(event=event)
    session = sessions.session_publish_switches(session=session, standings=True, travellers=True)
    sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)
    return event.ref, Session.objects.get(pk=session.pk)


def page_at(browser: Any, viewport: dict[str, int], url: str) -> Any:
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(15_000)
    assert page.goto(url).status == 200
    return page


def columns(page: Any, rows: str) -> list[list[float]]:
    """The left edge of each figure of each row (``td.fig``), row by row."""
    return page.locator(rows).evaluate_all(
        "rows => rows.map(r => [...r.querySelectorAll('td.fig')].map(c => c.getBoundingClientRect().left))"
    )


def fits(page: Any, selector: str) -> None:
    """Nothing wider than the phone: the page, and the table."""
    width = page.evaluate("document.documentElement.scrollWidth")
    rights = page.locator(selector).evaluate_all("ts => ts.map(t => t.getBoundingClientRect().right)")
    assert rights and width <= PHONE["width"] and max(rights) <= PHONE["width"], (width, rights)


def test_the_event_page_gives_the_club_its_own_column_and_aligns_the_phones_figures(
    live_server: Any, browser: Any, club: Club
) -> None:
    with DB_LOCK:
        ref, _ = published(club)
    url = live_server.url + reverse("sims_public:event", args=[ref])
    desk = page_at(browser, DESK, url)
    row = desk.locator("#field-matchpoints tbody tr", has_text="Mona Nash").first
    names, where = row.locator(".pair-names"), row.locator("td.club")
    assert CLUB in where.inner_text() and CLUB not in row.locator("td.who").inner_text()
    assert where.bounding_box()["x"] >= names.bounding_box()["x"] + names.bounding_box()["width"]
    assert "at the club" in desk.inner_text("#field-matchpoints thead").lower()
    assert "its place in the club's own results that night, in its field" in desk.inner_text("#field-legend")
    shot(desk, "sim-layout-01-event-1280")
    desk.context.close()

    phone = page_at(browser, PHONE, url)
    fits(phone, "#field-matchpoints table")
    lefts = columns(phone, "#field-matchpoints tbody tr")
    assert len(lefts) == 12 and all(len(r) == 4 for r in lefts), lefts
    assert all(r == lefts[0] for r in lefts), "the figures stand in the same columns in every row"
    row = phone.locator("#field-matchpoints tbody tr", has_text="Mona Nash").first
    names_box, club_box = row.locator(".pair-names").bounding_box(), row.locator("td.club").bounding_box()
    assert club_box["y"] >= names_box["y"] + names_box["height"] - 1, "the club on a line of its own"
    shot(phone, "sim-layout-02-event-390")
    phone.context.close()


def test_the_clubs_results_page_names_its_pairs_and_fits_a_phone(
    live_server: Any, browser: Any, club: Club
) -> None:
    with DB_LOCK:
        _, session = published(club)
    url = live_server.url + reverse("public:session", args=[club.slug, session.pk])
    phone = page_at(browser, PHONE, url)
    phone.locator("#sim-placings").scroll_into_view_if_needed()
    fits(phone, "#sim-placings table")
    rows = phone.locator("#sim-placings tbody tr")
    assert rows.count() == 12 and phone.locator("h3.sim-method").count() == 2  # by matchpoints, by trick
    texts = rows.evaluate_all("rows => rows.map(r => r.innerText)")
    assert all(any(n in t for n in NAMES) for t in texts), texts
    lefts = columns(phone, "#sim-placings tbody tr")
    assert all(r == lefts[0] for r in lefts), "the figures stand in the same columns in every row"
    heights = rows.locator("td.fig").evaluate_all("cells => cells.map(c => c.getBoundingClientRect().height)")
    assert max(heights) < 60, "no place broken over two lines (1st of / 11)"
    spill = phone.locator("table.standings td.fig").evaluate_all(
        "cells => cells.filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.dataset.label)"
    )
    assert not spill, f"a figure's label runs into the next one: {spill}"
    legend = phone.inner_text("#sim-legend")
    assert "its place in the club's own results that night, in its field" in legend
    assert "counts it as 50%" in phone.inner_text("#sim-sitout")
    shot(phone, "sim-layout-03-club-390")
    phone.context.close()
    desk = page_at(browser, DESK, url)
    head = desk.locator("#sim-placings thead").first.inner_text().lower()
    assert "at the club" in head and "club" in head.replace("at the club", "")
    shot(desk, "sim-layout-04-club-1280")
    desk.context.close()
