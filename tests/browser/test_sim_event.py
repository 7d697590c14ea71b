"""A whole simultaneous event in Chromium: an organiser, two clubs on its server, one on make club's own.

The organiser (the test club's director, 1280 px) creates an event of six
deals dealt by the app, its hands released two days ahead, adds three
clubs and downloads each pack. Avon and Brook, two clubs on the same server,
each with its own director in its own browser, import their packs on a
session's trays page, play a three-table Mitchell (rounds entered on the
director's round pages), close, publish with the hand records, find no hand
on their public pages, and send their heats with "Send to the organiser":
the event is organised on their own server, so the heat is handed to the
organiser in-process, with no request and no local address allowed (the
pack's ``results_url`` is built from ``SITE_URL``, the live server's
address on loopback). The Hall club plays
on ``make club``'s server (its own process and database), which allows no
local address: the organiser, on loopback here, is never asked, so "Send to
the organiser" says the organiser cannot be reached; its director downloads
the heat file and the organiser uploads it on the event's page. Avon
reopens, corrects a line, and sends again (2 sends). The organiser reads the
checks and publishes; the public page (phone) shows each pair's overall and
club placings and no hand until the release time, moved into the past in the
database, has come.
Screenshots: var/screenshots/sim-*.png, each checked by axe-core.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from entry.demo import DEMO_SLUG
from entry.demo import NAMES as ROSTER
from scoring.models import SlipLine
from sims.models import SimEvent
from tests.browser import support
from tests.browser.support import DB_LOCK, log_in
from tests.infra.club_process import Served, director_password, serve_club
from tournaments.models import Club, EntrantLink, Session
from tournaments.services import club as club_services
from tournaments.services import seating, sessions

pytestmark = pytest.mark.browser

DESK = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
EVENT = "Autumn Simultaneous Pairs"
DEALS = 6
AVON, BROOK, HALL = "Avon Whist Club", "Brook Whist Club", "Hall Whist Club"
PASSWORD = "pw-for-tests-only"


@pytest.fixture(scope="module")
def offline_hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """make club's server allowing no local address: the organiser, the live server at
    http://localhost:PORT, is never asked (``OUTBOUND_ALLOWED_HOSTS`` empty, the default)."""
    with pytest.MonkeyPatch.context() as env:
        env.delenv("OUTBOUND_ALLOWED_HOSTS", raising=False)
        started = serve_club(tmp_path_factory)
        served = next(started)
    yield served
    next(started, None)


def desk(browser: Any) -> Any:
    """A director's laptop, 1280 x 800, in a browser context of its own."""
    page = browser.new_context(viewport=DESK, accept_downloads=True).new_page()
    page.set_default_timeout(30_000)
    return page


def shot(page: Any, name: str) -> None:
    support.shot(page, f"sim-{name}")


def tricks(seed: int, table: int, tray: int) -> int:
    return (3 * table + 5 * tray + seed) % 7 + 4


def heat_club(name: str, slug: str, username: str) -> Session:
    """A club with its director and twelve members, and a draft three-table Mitchell of six trays."""
    user = get_user_model().objects.create_user(username=username, password=PASSWORD)
    club = club_services.club_create(name=name, slug=slug)
    club_services.director_add(club=club, user=user)
    people = [club_services.player_create(club=club, name=f"{who} {slug.title()}") for who in ROSTER[:12]]
    session = sessions.session_create(
        club=club, date=timezone.localdate(), title="Autumn sim heat", scoring_method="matchpoints"
    )
    for a, b in zip(people[0::2], people[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="mitchell", deals=DEALS)
    return session


# -- The organiser -----------------------------------------------------------------------------------------


def create_event(page: Any, base: str, release: dt.datetime) -> str:
    """The organiser's pages: a new event of six deals dealt afresh, by matchpoints and the trick method."""
    page.goto(f"{base}/director/club/test/sims/")
    today = timezone.localdate()
    page.fill("input[name=name]", EVENT)
    page.fill("input[name=plays_from]", today.isoformat())
    page.fill("input[name=plays_to]", (today + dt.timedelta(days=1)).isoformat())
    page.fill("input[name=release_at]", release.strftime("%Y-%m-%dT%H:%M"))
    page.check("input[name=methods][value=trick]")
    page.fill("input[name=deals]", str(DEALS))
    shot(page, "01-organiser-new-event")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url(re.compile(r"/director/club/test/sims/[\w-]+/$"))
    return page.url.rstrip("/").rsplit("/", 1)[1]


def add_club(page: Any, name: str, into: Path) -> dict[str, Any]:
    """Add a club; its key is shown once, with its pack to download at once (kept in INTO)."""
    page.fill("#clubs input[name=name]", name)
    page.get_by_role("button", name="Add", exact=True).click()
    page.wait_for_selector("#issued-key")
    assert name in page.inner_text("#issued")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download its pack now").click()
    path = into / download.value.suggested_filename
    download.value.save_as(path)
    return json.loads(path.read_text(encoding="utf-8")) | {"path": path}


def heats_row(page: Any, name: str) -> Any:
    return page.locator("#heats tr", has_text=name)


# -- A club ------------------------------------------------------------------------------------------------


def import_pack(page: Any, base: str, session: int, pack: Path) -> None:
    """The session's trays page: the organiser's pack imported; the hands are the director's until release."""
    page.goto(f"{base}/director/s/{session}/trays/")
    page.set_input_files("#sim-pack-form input[type=file]", str(pack))
    page.get_by_role("button", name="Import the pack").click()
    page.wait_for_selector(f"text=This session plays {EVENT}")
    assert "held back until" in page.inner_text("#sim-pack-release")


def play(page: Any, base: str, session: int, seed: int) -> None:
    """Start, enter every round from the slips on the director's round pages, close and score."""
    page.goto(f"{base}/director/s/{session}/run/")
    page.get_by_role("button", name="Start the session").click()
    page.wait_for_selector("text=link is live")
    for rnd in (1, 2, 3):
        page.goto(f"{base}/director/s/{session}/run/round/{rnd}/")
        boxes = page.locator(".entry-form input.tricks").evaluate_all("els => els.map(e => e.id)")
        assert len(boxes) == 6, boxes
        for box in boxes:
            table, tray = (int(n) for n in re.findall(r"\d+", box))
            page.fill(f"#{box}", str(tricks(seed, table, tray)))
        page.get_by_role("button", name=f"Save round {rnd}").click()
        page.wait_for_selector("text=Saved")
    page.goto(f"{base}/director/s/{session}/run/close/")
    page.get_by_role("button", name="Close and score").click()
    page.wait_for_selector("text=The session is closed and scored")


def publish_and_find_no_hand(page: Any, reader: Any, base: str, session: Session) -> None:
    """Publish every switch (hand records too): the public pages show results, and no hand before release."""
    page.locator("#publish-form input[name=hand_records]").check()
    page.locator("#publish").click()
    page.wait_for_selector("text=Published to the club")
    args = [session.club.slug, session.pk]
    for name, extra in (("session", []), ("travellers", []), ("tray", [1])):
        answer = reader.goto(base + reverse(f"public:{name}", args=[*args, *extra]))
        assert answer.status == 200, name
        body = reader.content()
        assert 'class="deal"' not in body and "hand-card" not in body and "Hand records" not in body, name
    shot(reader, f"04-public-travellers-held-{session.club.slug}")
    assert reader.goto(base + reverse("public:hands", args=args)).status == 404


def send(page: Any, organiser: str, club: str, sends: int) -> None:
    """The close page's "Send to the organiser"; the organiser's receipt as the page says it."""
    page.locator("#sim-send").click()
    said = f"Sent to {organiser}: they have 18 lines from {club} (send {sends} of this heat)."
    page.wait_for_selector(f"text={said}")


def club_on_the_server(browser: Any, base: str, session: Session, pack: Path, seed: int) -> Any:
    """A club on the organiser's server, from its own director's browser: import, play, publish, send."""
    page, reader = desk(browser), browser.new_context(viewport=PHONE).new_page()
    log_in(page, base, f"{session.club.slug}-dir", PASSWORD)
    import_pack(page, base, session.pk, pack)
    if seed == 1:
        shot(page, "03-club-trays-pack")
    play(page, base, session.pk, seed)
    publish_and_find_no_hand(page, reader, base, session)
    reader.context.close()
    page.goto(f"{base}/director/s/{session.pk}/run/close/")
    assert "held back until" in page.inner_text("#sim-release")
    send(page, "Test Whist Club", session.club.name, 1)
    if seed == 1:
        shot(page, "05-club-close-sent")
    return page


def set_up_in_the_hall(page: Any, base: str) -> int:
    """On make club's server: a new session, six pairs typed as a list, a Mitchell of three tables."""
    page.goto(f"{base}/director/club/{DEMO_SLUG}/new/")
    page.fill("#id_title", "Autumn sim heat")
    page.get_by_role("button", name="Create and choose the entrants").click()
    made = re.search(r"/director/s/(\d+)/setup/", page.url)
    assert made, page.url
    page.locator("#paste > summary").click()
    page.fill("#id_text", "\n".join(f"{ROSTER[2 * i]} & {ROSTER[2 * i + 1]}" for i in range(6)))
    page.get_by_role("button", name="Add the pairs listed").click()
    page.wait_for_selector("text=Added pairs 1, 2, 3, 4, 5, 6.")
    page.fill("#deals-available", str(DEALS))
    page.get_by_role("button", name="Recommend").click()
    page.locator("#movement-form details.other > summary").click()
    page.select_option("#id_family", "mitchell|")
    page.fill("#id_deals", str(DEALS))
    page.get_by_role("button", name="Seat the session").click()
    page.wait_for_selector("text=Seated by the Mitchell")
    return int(made[1])


def hall_heat(browser: Any, hall: Served, pack: Path, into: Path) -> Path:
    """The hall club on make club's server: import, play, close; the send fails; the heat file downloaded."""
    page = desk(browser)
    log_in(page, hall.base, "director", director_password(hall))
    session = set_up_in_the_hall(page, hall.base)
    import_pack(page, hall.base, session, pack)
    play(page, hall.base, session, 3)
    page.locator("#sim-send").click()
    refused = page.get_by_text("The organiser could not be reached").inner_text()
    assert refused.endswith("download the heat file and send it to them."), refused
    shot(page, "06-hall-unreachable")
    with page.expect_download() as download:
        page.locator("#results-pbn-link").click()
    path = into / "hall-heat.pbn"
    download.value.save_as(path)
    page.context.close()
    assert f'[Site "{HALL}"]' in path.read_text(encoding="iso-8859-1")
    return path


def correct_and_send_again(page: Any, base: str, session: Session) -> None:
    """Avon reopens its session, corrects table 1's result on tray 1, and sends its heat again."""
    page.goto(f"{base}/director/s/{session.pk}/run/close/")
    page.locator("#reopen").click()
    page.wait_for_selector("#publish-form")
    with DB_LOCK:
        line = SlipLine.objects.get(session=session, table__number=1, tray__number=1)
    page.goto(f"{base}/director/s/{session.pk}/run/line/{line.pk}/")
    page.fill("#ns_tricks", str(13 - line.ns_tricks))
    page.fill("#reason", "Slip misread: N-S and E-W swapped")
    page.get_by_role("button", name="Save correction").click()
    page.wait_for_selector("text=Correction saved")
    page.goto(f"{base}/director/s/{session.pk}/run/close/")
    assert page.locator("#sim-send").inner_text() == "Send to the organiser again"
    send(page, "Test Whist Club", AVON, 2)
    assert "Sent 2 times" in page.inner_text("#sim-sent")


# -- The field ---------------------------------------------------------------------------------------------


def field_rows(page: Any, method: str) -> list[list[str]]:
    return page.locator(f"#field-{method} tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))"
    )


def organiser_gets_the_heats(organiser: Any, base: str, ref: str, hall_file: Path) -> None:
    """The organiser uploads the hall's heat file on the event's page."""
    organiser.goto(f"{base}/director/club/test/sims/{ref}/")
    heats_row(organiser, HALL).locator("input[type=file]").set_input_files(str(hall_file))
    heats_row(organiser, HALL).get_by_role("button", name="Upload").click()
    organiser.wait_for_selector(f"text=The heat of {HALL} is in.")


def organiser_checks_and_publishes(organiser: Any, base: str, ref: str) -> None:
    """Every heat in (Avon's sent twice); the hands the organiser's alone; the checks read; published."""
    organiser.goto(f"{base}/director/club/test/sims/{ref}/")
    cells = {name: heats_row(organiser, name).locator("td") for name in (AVON, BROOK, HALL)}
    assert {name: c.nth(2).inner_text() for name, c in cells.items()} == {AVON: "2", BROOK: "1", HALL: "1"}
    assert [c.nth(1).inner_text() for c in cells.values()] == [
        "Sent with the club's key",
        "Sent with the club's key",
        "File uploaded by the organiser",
    ]
    assert "yours alone until the release time" in organiser.inner_text("#commentary")
    assert organiser.locator("#commentary .sim-deal").count() == DEALS  # the organiser dealt them
    assert "has not sent its heat" not in organiser.inner_text("#checks")
    shot(organiser, "07-organiser-heats-and-checks")
    organiser.get_by_role("button", name="Publish the field").click()
    organiser.wait_for_selector("#state-badge:has-text('Published')")
    shot(organiser, "08-organiser-published")


def the_public_reads_the_field(phone: Any, base: str, ref: str) -> None:
    """The public page on a phone: every pair's overall and club placings; no hand before the release."""
    phone.goto(f"{base}/sims/{ref}/")
    rows = field_rows(phone, "matchpoints")
    clubs = phone.locator("#field-matchpoints tbody tr").evaluate_all("rows => rows.map(r => r.dataset.club)")
    assert len(rows) == 18 and sorted(set(clubs)) == [AVON, BROOK, HALL], rows
    assert rows[0][2] == "1st of 18" and all(r[2].endswith(" of 18") and r[4] and r[5] for r in rows), rows
    assert all(r[1].startswith((AVON, BROOK, HALL)) for r in rows), "the club in its own column"
    assert len(field_rows(phone, "trick")) == 18
    assert phone.locator("#hands-later").count() == 1
    assert phone.locator(".sim-deal").count() == 0 and phone.locator("table.frequency").count() == 0
    shot(phone, "09-public-field-phone")


def a_pair_reads_its_two_placings(phone: Any, base: str, session: Session) -> None:
    """A pair of a club whose standings are published opens its own link: overall, then in its club, where
    its place is in its own field (the club's Mitchell of six pairs: three N-S, three E-W)."""
    with DB_LOCK:
        token = EntrantLink.objects.get(entrant__session=session, entrant__number=1).token
    phone.goto(base + reverse("phone:home", args=[token]))
    said = phone.locator("#sim-placings").inner_text()
    assert re.search(
        r"(=?\d+)(st|nd|rd|th) of 18 pairs overall .*(=?\d+)(st|nd|rd|th) of 3 (N-S|E-W) at the club", said
    ), said
    shot(phone, "09b-a-pairs-placings-phone")


def test_a_simultaneous_event_from_the_organiser_to_three_clubs_and_back(
    live_server: Any,
    browser: Any,
    club: Club,
    offline_hall: Served,
    tmp_path: Path,
    settings: Any,
) -> None:
    base = live_server.url
    settings.SITE_URL = base  # the server's public address: the packs' results_url is built from it
    settings.OUTBOUND_ALLOWED_HOSTS = []  # Avon's and Brook's sends are handed over in-process: no request
    with DB_LOCK:
        avon = heat_club(AVON, "avon", "avon-dir")
        brook = heat_club(BROOK, "brook", "brook-dir")
    organiser = desk(browser)
    log_in(organiser, base)
    ref = create_event(organiser, base, timezone.localtime() + dt.timedelta(days=2))
    packs = {name: add_club(organiser, name, tmp_path) for name in (AVON, BROOK, HALL)}
    shot(organiser, "02-organiser-clubs-added")
    for name, pack in packs.items():
        assert pack["club"] == name and pack["results_url"] == f"{base}/api/v1/sims/{ref}/heats/", pack
        assert pack["deals"].count("[Board ") == DEALS

    club_on_the_server(browser, base, avon, packs[AVON]["path"], 1).context.close()
    club_on_the_server(browser, base, brook, packs[BROOK]["path"], 2).context.close()
    hall_file = hall_heat(browser, offline_hall, packs[HALL]["path"], tmp_path)
    organiser_gets_the_heats(organiser, base, ref, hall_file)
    avon_desk = desk(browser)
    log_in(avon_desk, base, "avon-dir", PASSWORD)
    correct_and_send_again(avon_desk, base, avon)
    avon_desk.context.close()
    organiser_checks_and_publishes(organiser, base, ref)

    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    the_public_reads_the_field(phone, base, ref)
    a_pair_reads_its_two_placings(phone, base, brook)  # Avon reopened to correct: its standings are not out
    with DB_LOCK:
        SimEvent.objects.filter(ref=ref).update(release_at=timezone.now() - dt.timedelta(minutes=1))
    phone.goto(f"{base}/sims/{ref}/")
    assert phone.locator("#hands .sim-deal .deal .hand").count() == 4 * DEALS
    assert phone.locator("table.frequency").count() == DEALS and phone.locator("#hands-later").count() == 0
    shot(phone, "10-public-hands-released-phone")
    organiser.reload()
    assert organiser.locator("#commentary .sim-deal").count() == DEALS
    shot(organiser, "11-organiser-released")
    phone.context.close()
    organiser.context.close()
