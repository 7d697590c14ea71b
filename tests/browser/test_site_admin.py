"""The site administrator makes a club and its first director at 1280 px; the director sets a password by the
link and lands on the club; the link is refused a second time. axe-core checks every page shown.

Screenshots go to var/screenshots/site-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import support
from tests.browser.support import DB_LOCK, log_in
from tournaments.models import Club, SiteAdministrator

pytestmark = pytest.mark.browser

WIDE = {"width": 1280, "height": 900}


def shot(page: Any, name: str) -> None:
    """A full-page screenshot, var/screenshots/site-NAME.png, of a page axe-core finds nothing serious on."""
    support.shot(page, f"site-{name}")


@pytest.fixture
def wide(browser: Any) -> Iterator[Any]:
    """A page 1280 px wide, as a director's laptop."""
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def site_admin(django_user_model: Any, club: Club) -> Any:
    with DB_LOCK:
        user = django_user_model.objects.create_user(username="siteadmin", password="pw-for-tests-only")
        SiteAdministrator.objects.create(user=user)
        return user


def make_the_club(page: Any, slug: str) -> None:
    """Fill the new club's form and send it."""
    page.fill("#club-name", "Harbour Whist Club")
    page.fill("#club-slug", slug)
    page.fill("#director-name", "Nora Webb")
    page.fill("#director-email", "nora@example.org")
    page.fill("#director-username", "nora")
    page.get_by_role("button", name="Make the club").click()
    page.wait_for_load_state("load")


def test_a_site_admin_makes_a_club_whose_director_sets_a_password_by_the_link(
    live_server: Any, browser: Any, wide: Any, site_admin: Any, settings: Any
) -> None:
    base = settings.SITE_URL = live_server.url
    log_in(wide, base, "siteadmin", "pw-for-tests-only")
    wide.get_by_role("link", name="Clubs of this site").click()
    wide.wait_for_url(f"{base}/site/")
    assert "Test Whist Club" in wide.locator("#clubs").inner_text()
    shot(wide, "clubs")

    make_the_club(wide, "Test")
    assert (
        "The short name 'test' is another club's: choose another." in wide.locator("#new-club").inner_text()
    )
    assert wide.locator("#club-slug").get_attribute("aria-invalid") == "true"
    shot(wide, "refused")

    make_the_club(wide, "harbour")
    link = wide.locator("#director-link").inner_text()
    assert link.startswith(f"{base}/accounts/welcome/")
    assert (
        "nora" in wide.locator("#clubs").inner_text()
        and "no password yet" in wide.locator("#clubs").inner_text()
    )
    assert wide.evaluate("document.documentElement.scrollWidth") <= WIDE["width"]
    shot(wide, "made")

    context = browser.new_context(viewport=WIDE)
    try:
        director = context.new_page()
        director.goto(link)
        assert director.get_by_role("heading", name="Set your password").is_visible()
        shot(director, "welcome")
        director.fill("#new-password", "trumps-lead-the-eleventh")
        director.fill("#password-again", "trumps-lead-the-eleventh")
        director.get_by_role("button", name="Set my password").click()
        director.wait_for_url(f"{base}/director/")
        assert "Your password is set: welcome to Harbour Whist Club." in director.inner_text("body")
        assert director.get_by_role("heading", name="Harbour Whist Club").is_visible()
        shot(director, "landed")

        director.goto(link)
        assert "it has been used already" in director.inner_text("#refused")
        shot(director, "used")
    finally:
        context.close()


def test_a_pasted_name_past_its_length_is_kept_whole_and_refused_in_a_sentence(
    live_server: Any, wide: Any, site_admin: Any
) -> None:
    """The name's box cuts nothing silently: its hint says the length, the page says what was too long."""
    log_in(wide, live_server.url, "siteadmin", "pw-for-tests-only")
    wide.goto(f"{live_server.url}/site/")
    assert wide.locator("#club-name-hint").is_visible()
    long = ("The Royal and Ancient Harbour Duplicate Whist Club of the Northern Counties, " * 2).strip()
    wide.fill("#club-name", long)
    assert wide.locator("#club-name").input_value() == long  # not cut at 120
    wide.fill("#club-slug", "harbour")
    wide.fill("#director-name", "Nora Webb")
    wide.fill("#director-email", "nora@example.org")
    wide.fill("#director-username", "nora")
    wide.get_by_role("button", name="Make the club").click()
    wide.wait_for_load_state("load")
    said = f"A club's name has at most 120 characters, not {len(long)}."
    assert said in wide.locator("#club-name-error").inner_text()
    assert wide.locator("#club-name").input_value() == long
    assert wide.evaluate("document.documentElement.scrollWidth") <= WIDE["width"]
    shot(wide, "name-too-long")
