"""A whist drive of six tables (24 players) for eight changes, played from the players' phones (p. 24).

The director sets the drive up at 1280 px (the First Method, points, three
prizes and a booby), the app draws the first change by lot, and every
player scans the QR code of the table where he sits first with his own phone
(390 x 844) and taps his name, which opens his own page. At each change the
North player of every table taps which side won and the points made; the
East player of table 1 checks it. When the last table of a change sends,
every phone shows its player's move ("Your side won at table 3: move up to
table 2, East") without a reload. After the eighth change the director
closes the drive, publishes the standings and reads the prize list, which
this test prints; the phones show it too. Screenshots: var/screenshots/drive-*.
"""

from __future__ import annotations

import datetime as dt
import random
import time
from typing import Any

import pytest

from scoring.models import SlipLine
from scoring.scorers import score
from scoring.scorers.prizes import prize_list
from scoring.selectors.slips import session_slips
from tests.browser import support
from tests.browser.conftest import PHONE
from tests.browser.support import DB_LOCK, log_in
from tournaments.models import Club, DriveChange, EntrantLink, Session
from tournaments.services import club as club_services
from tournaments.services import sessions

pytestmark = pytest.mark.browser

TABLES = 6
CHANGES = 8
DIRECTOR_VIEW = {"width": 1280, "height": 900}


def shot(page: Any, name: str) -> None:
    support.shot(page, f"drive-{name}")


def expect_text(locator: Any, text: str) -> None:
    from playwright.sync_api import expect

    expect(locator).to_contain_text(text, timeout=20_000)


@pytest.fixture
def drive_session(club: Club) -> Session:
    """Twenty-four players entered as individuals, in draft: the director sets the drive up in the browser."""
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 12), title="Christmas whist drive", entrant_kind="individuals"
    )
    names = [*support.NAMES, "Vera Holt", "Walt Kerr", "Xena Moss"][: 4 * TABLES]
    for name in names:
        sessions.entrant_create(session=session, players=[club_services.player_create(club=club, name=name)])
    return session


def set_up(director: Any, base: str, session: Session) -> None:
    """The director's drive: the First Method, points, three prizes and a booby; drawn and started."""
    director.goto(f"{base}/director/s/{session.pk}/drive/setup/")
    director.check("input[name=method][value=first]")
    director.check("input[name=scoring_method][value=points]")
    director.fill("#id_changes", str(CHANGES))
    director.fill("#id_prizes", "3")
    director.check("#id_booby")
    shot(director, "01-setup")
    director.click("#draw")
    expect_text(director.locator(".msg"), f"{TABLES} tables")
    shot(director, "02-first-change-drawn")
    director.click("text=Go to the drive")
    director.click("text=Start the drive")
    expect_text(director.locator(".badge.status-running"), "Running")


def send(north: Any, rng: random.Random, change: int, table: int) -> str:
    """North taps who won and the points made, and sends; returns the side that won."""
    expect_text(north.locator("#change-pill"), f"Change {change}")
    expect_text(north.locator("#go-card"), f"Table {table}")
    winner, points = rng.choice(["NS", "EW"]), rng.randint(1, 7)
    north.locator(f"#send-form input[name=winner][value={winner}] + span").click()
    north.locator("#send-form .trick .face").nth(points - 1).click()
    if (change, table) == (1, 1):
        shot(north, "04-phone-result-picked")
    north.click("#send-btn")
    return "N-S" if winner == "NS" else "E-W"


def check(east: Any, north: Any, change: int) -> None:
    """East, at table 1, agrees with the result North sent."""
    east.reload()
    if change == 1:
        shot(east, "05-phone-other-side-checks")
    east.click("#check-btn")
    expect_text(east.locator("#result"), "checked")
    if change == 1:
        shot(north, "06-phone-waiting-for-the-change")


def play_change(phones: dict[int, Any], session: Session, rng: random.Random, change: int) -> None:
    """Every table's North sends; table 1's East checks; the last send moves everyone on."""
    with DB_LOCK:
        seating = DriveChange.objects.get(session=session, number=change).seating
    for table in range(1, TABLES + 1):
        north = phones[seating[str(table)]["N"]]
        won = send(north, rng, change, table)
        if table == TABLES:  # the last result of the change: the phone moves its player on at once
            expect_text(north.locator(".flash"), "Sent.")
            return
        expect_text(north.locator("#result"), f"{won} won")
        if table == 1 and change < CHANGES:
            check(phones[seating["1"]["E"]], north, change)


def seated_change(session: Session, number: int) -> DriveChange:
    """The change the last send seats: the phone says "Sent." as its answer arrives, and the server may
    still be seating the next change then (without screenshots between, the test asks at once)."""
    deadline = time.monotonic() + 20
    while True:
        with DB_LOCK:
            found = DriveChange.objects.filter(session=session, number=number).first()
        if found is not None:
            return found
        assert time.monotonic() < deadline, f"change {number} was never seated"
        time.sleep(0.1)


def followed(phones: dict[int, Any], session: Session, change: int) -> None:
    """A phone shows its player's move to the next change without a reload."""
    moved = seated_change(session, change + 1)
    someone = phones[moved.moves[0]["player"]]
    expect_text(someone.locator("#change-pill"), f"Change {change + 1}")  # the phone refreshed itself
    expect_text(someone.locator("#move-why"), moved.moves[0]["why"])
    if change == 1:
        shot(someone, "07-phone-move-to-the-next-table")


def test_a_drive_of_six_tables_for_eight_changes_from_the_players_phones(
    live_server: Any, browser: Any, new_page: Any, drive_session: Session
) -> None:
    base = live_server.url
    director = new_page(DIRECTOR_VIEW)
    log_in(director, base)
    set_up(director, base, drive_session)
    with DB_LOCK:
        links = EntrantLink.objects.filter(session=drive_session)
        tokens = {link.entrant.number: link.token for link in links}
        first = DriveChange.objects.get(session=drive_session, number=1).seating
        codes = {table.number: table.token for table in drive_session.tables.all()}
    sits = {player: int(table) for table, seats in first.items() for player in seats.values()}
    phones = {n: new_page(PHONE) for n in tokens}
    for number, phone in phones.items():  # each scans the QR code on the table where it sits first
        phone.goto(f"{base}/t/{codes[sits[number]]}/")
        if number == 1:
            expect_text(phone.locator("#drive-deal"), "A whist drive · this table plays deal")
            shot(phone, "02-phone-table-code")
        phone.locator(f".claim-btn[value='{number}']").click()
        phone.wait_for_url(f"{base}/d/**")
    expect_text(phones[1].locator("#change-pill"), "Change 1")
    shot(phones[1], "03-phone-first-seat")

    rng = random.Random(24)
    for change in range(1, CHANGES + 1):
        play_change(phones, drive_session, rng, change)
        if change < CHANGES:
            followed(phones, drive_session, change)
        if change == 4:
            director.goto(f"{base}/director/s/{drive_session.pk}/run/drive/")
            shot(director, "08-director-drive-in-play")

    with DB_LOCK:
        assert SlipLine.objects.filter(session=drive_session).count() == TABLES * CHANGES
        assert drive_session.rounds.count() == CHANGES
    expect_text(phones[1].locator("#finished"), f"All {CHANGES} changes are played")
    shot(phones[1], "09-phone-finished-with-score-card")

    director.goto(f"{base}/director/s/{drive_session.pk}/run/drive/")
    expect_text(director.locator("#prize-list"), "booby prize")
    shot(director, "10-director-drive-prize-list")
    director.goto(f"{base}/director/s/{drive_session.pk}/run/close/")
    director.click("#close-session")
    expect_text(director.locator(".msg"), "closed and scored")
    director.check("#publish-form input[name=standings]")
    director.click("#publish")
    expect_text(director.locator(".msg"), "Published")

    phone = phones[1]
    phone.reload()
    expect_text(phone.locator("#prizes"), "Prize list")
    shot(phone, "11-phone-prize-list")
    shown = [row.inner_text().replace("\n", " ") for row in phone.locator("#prizes li").all()]
    with DB_LOCK:
        fresh = Session.objects.get(pk=drive_session.pk)
        expected = prize_list(score("points", session_slips(session=fresh)), 3, booby=True)
    assert len(shown) == len(expected)
    print("\nPrize list of the Christmas whist drive (6 tables, 8 changes, points to the winners):")
    for line in shown:
        print("  ", line)


def test_a_send_says_sent_even_when_a_poll_comes_before_its_page(
    live_server: Any, browser: Any, new_page: Any, drive_session: Session
) -> None:
    """The last table of a change sends; the answer says "Sent." and the page is asked for again. A poll
    made before that page arrives sees the new stamp (the send's own): it leaves the message and the
    page to the send. The page's refresh is held back here, so the poll surely comes first."""
    base = live_server.url
    director = new_page(DIRECTOR_VIEW)
    log_in(director, base)
    set_up(director, base, drive_session)
    with DB_LOCK:
        seating = DriveChange.objects.get(session=drive_session, number=1).seating
        link = EntrantLink.objects.get(session=drive_session, entrant__number=seating["1"]["N"])
    north = new_page(PHONE)
    north.goto(f"{base}/d/{link.token}/")
    expect_text(north.locator("#go-card"), "Table 1")
    held: list[Any] = []

    def hold(route: Any) -> None:
        """The page asked for again after a send is kept waiting; anything else goes."""
        if route.request.headers.get("x-drive-partial"):
            held.append(route)
        else:
            route.continue_()

    north.route(f"**/d/{link.token}/", hold)
    won = send(north, random.Random(1), 1, 1)
    expect_text(north.locator(".flash"), "Sent.")
    for _ in range(50):  # the send's own refresh is asked for just after its message shows
        if held:
            break
        north.wait_for_timeout(100)
    assert len(held) == 1  # the send's own refresh, held
    before = north.locator("#drive-inner").get_attribute("data-stamp")
    north.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # a poll, now
    north.wait_for_timeout(1500)
    assert north.locator("#drive-inner").get_attribute("data-stamp") == before  # still the old page
    expect_text(north.locator(".flash"), "Sent.")
    for route in held:
        route.continue_()
    north.unroute(f"**/d/{link.token}/", hold)
    expect_text(north.locator("#result"), f"{won} won")
    expect_text(north.locator(".flash"), "Sent.")
