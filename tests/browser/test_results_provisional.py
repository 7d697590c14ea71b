"""Results that become final, as a director and a pair see them: the director publishes at 1280 px and
corrects a line with a reason; the public results say "Provisional until ..." and show the correction;
a pair's phone at 390 px says it too, without scrolling sideways."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.urls import reverse

from scoring.models import SlipLine
from tests.browser import support
from tests.browser.support import log_in
from tests.public.builders import play_session
from tournaments.models import Club, EntrantLink, Session
from tournaments.services import club as club_services

pytestmark = pytest.mark.browser


@pytest.fixture
def closed(club: Club) -> Session:
    people = [club_services.player_create(club=club, name=f"Member {n:02d}") for n in range(1, 13)]
    return play_session(
        club=club,
        players=people,
        title="Friday pairs",
        date=dt.date(2026, 12, 4),
        family="mitchell",
        deals_count=6,
        method="trick",
        publish=None,
    )


def test_published_results_are_provisional_and_show_a_correction(
    live_server: Any, new_page: Any, closed: Session
) -> None:
    page = new_page({"width": 1280, "height": 900})
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("run:close", args=[closed.pk]))
    page.click("#publish")
    page.wait_for_selector("#finality")
    assert page.locator("#finality").inner_text().startswith("Provisional until ")
    line = SlipLine.objects.get(session=closed, table__number=2, tray__number=2)
    page.goto(live_server.url + reverse("run:line", args=[closed.pk, line.pk]))
    assert "provisional until" in page.locator("#line-provisional").inner_text()
    page.fill("#ns_tricks", str((line.ns_tricks + 4) % 14))
    page.fill("#reason", "N-S entered E-W's count")
    page.click("#save-correction")
    page.wait_for_url("**/run/tray/2/")
    page.goto(live_server.url + reverse("public:session", args=[closed.club.slug, closed.pk]))
    said = page.locator("#results-status").inner_text()
    assert said.startswith("Provisional until ")
    assert "Tray 2, table 2 corrected from N-S" in page.locator("#result-changes").inner_text()
    assert "N-S entered E-W's count" in page.locator("#result-changes").inner_text()
    support.shot(page, "public-results-provisional")
    phone = new_page({"width": 390, "height": 844})
    link = EntrantLink.objects.filter(session=closed, side="").order_by("entrant__number").first()
    assert link is not None
    phone.goto(live_server.url + reverse("phone:home", args=[link.token]))
    assert phone.locator("#results-status").inner_text() == said + "."
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    support.shot(phone, "phone-results-provisional")
