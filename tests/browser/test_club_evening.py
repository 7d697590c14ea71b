"""A club evening on make club's own server, run as a new director would, the phones at the hall's address.

``python -m clubwhist.club`` (what ``make club`` runs) serves on loopback
with ``SITE_URL`` http://club-hall.test:PORT (the ``served`` fixture,
``tests/infra/club_process.py``); Chromium maps that name to 127.0.0.1, so
a phone reaches the server exactly by the printed address. The director logs
in with the password make club kept in var/, creates a session on the pages,
types in six pairs as a list (the last two players new to the roster,
added as visitors), chooses a Mitchell of three tables, deals, prints, and
starts. The QR codes are read back from the
printed page (zxing-cpp) and must say the same link as the text under them,
at the hall's address. Round 1 is played from four phones (390 x 844) that
open those decoded links and claim their pairs: sends, checks, one line
never checked, E-W disagreeing on another, and a call to the director from
a phone, answered on the live board. The director settles the dispute in one
click on the line's page, enters the other rounds from the slips, decides
the unconfirmed line at the close, publishes, and a phone reads the public
standings at the hall's address. Everything is checked through pages and
HTTP: the server's database is its own. Screenshots: var/screenshots/club-*.png.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from entry.demo import DEMO_SLUG
from entry.demo import NAMES as ROSTER
from tests.browser import support
from tests.browser.test_director_whole_evening import tricks
from tests.browser.test_table_howell import check, expect_text, send
from tests.browser.test_table_howell import pick as tap_tricks
from tests.infra.club_process import CHROMIUM, HALL, HALL_RESOLVES, Served, director_password, fetch

pytestmark = pytest.mark.browser

DESK = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
TITLE = "Tuesday in the hall"
PAIRS = 6
#: Two players new to the club, typed in with the others: the list adds them to the roster as visitors.
VISITORS = ("Vera Visiting", "Victor Visiting")


@pytest.fixture
def hall(browser: Any) -> Iterator[Any]:
    """A Chromium for the club room: club-hall.test resolves to the server on loopback."""
    chromium = browser.browser_type.launch(
        executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-quic", HALL_RESOLVES]
    )
    yield chromium
    chromium.close()


def shot(page: Any, name: str) -> None:
    """A full-page screenshot, var/screenshots/club-NAME.png."""
    support.shot(page, f"club-{name}")


def phone(hall: Any) -> Any:
    """A player's phone in the hall."""
    context = hall.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def set_up(desk: Any, base: str) -> int:
    """A new session, six pairs typed as a list (two visitors new to the roster), a Mitchell of three tables
    chosen under "Another movement", dealt trays."""
    desk.goto(f"{base}/director/club/{DEMO_SLUG}/new/")
    desk.fill("#id_title", TITLE)
    desk.get_by_role("button", name="Create and choose the entrants").click()
    made = re.search(r"/director/s/(\d+)/setup/", desk.url)
    assert made, desk.url
    desk.locator("#paste > summary").click()
    lines = [f"{ROSTER[2 * i]} & {ROSTER[2 * i + 1].lower()}" for i in range(PAIRS - 1)]
    desk.fill("#id_text", "\n".join([*lines, " and ".join(VISITORS)]))
    shot(desk, "00-pairs-typed")
    desk.get_by_role("button", name="Add the pairs listed").click()
    desk.wait_for_selector("text=Added pairs 1, 2, 3, 4, 5, 6.")
    assert f"New on the roster as visitors: {', '.join(VISITORS)} (" in desk.inner_text(".messages")
    desk.fill("#deals-available", "6")
    desk.get_by_role("button", name="Recommend").click()
    desk.locator("#movement-form details.other > summary").click()
    desk.select_option("#id_family", "mitchell|")
    desk.fill("#id_deals", "6")
    shot(desk, "01-movement-choice")
    desk.get_by_role("button", name="Seat the session").click()
    desk.wait_for_selector("text=Seated by the Mitchell")
    desk.get_by_role("link", name="Next: trays and deals").click()
    desk.get_by_role("button", name=re.compile(r"Deal all 6 trays")).click()
    desk.wait_for_selector("text=Dealt")
    return int(made[1])


def printed_links(desk: Any, base: str, session: int, site_url: str) -> dict[int, str]:
    """The table QR sheet: each code, read back from the page, says the link printed under it, at the hall."""
    import zxingcpp
    from PIL import Image

    desk.goto(f"{base}/director/s/{session}/print/")
    assert desk.get_by_text("Table QR codes").count() == 1
    desk.goto(f"{base}/director/s/{session}/print/qr/")
    shot(desk, "02-print-qr")
    links: dict[int, str] = {}
    for table in (1, 2, 3):
        card = desk.locator(f"#qr-{table}")
        printed = card.locator(".link").inner_text().strip()
        assert re.fullmatch(rf"{re.escape(site_url)}/t/[\w-]+/", printed), printed
        code = Image.open(io.BytesIO(card.locator("svg").screenshot()))
        assert [found.text for found in zxingcpp.read_barcodes(code)] == [printed], f"table {table}'s QR code"
        links[table] = printed
    return links


def claim(page: Any, link: str, side: str) -> str:
    """A phone opens its table's printed link, reads on the table's card which pair sits ``side`` in
    round 1, and taps that pair under "Who has this phone?"; the pair's label."""
    page.goto(link)
    assert urlsplit(page.url).hostname == HALL
    expect_text(page.locator("#claim-h"), "Who has this phone?")
    column = 2 if side == "N-S" else 3
    label = (
        page.locator(f".place-card tbody tr:first-child td:nth-child({column})").text_content() or ""
    ).strip()
    page.locator(f".claim-btn[value='{label.split()[-1]}']").click()
    expect_text(page.locator(".follows"), label)
    return label


def trays_shown(page: Any) -> list[int]:
    """The trays of this round on a phone's page, in its order."""
    ids = page.locator("[id^='tray-']").evaluate_all("els => els.map(e => e.id)")
    return [int(m[1]) for i in ids if (m := re.fullmatch(r"tray-(\d+)", i))]


def call_the_director(page: Any) -> None:
    """Call the director with the call box's plain form (``table/_call.html``), posted to ``<link>call``.

    The phone's page does not carry the box yet; its form is the one posted here, with the page's CSRF token.
    """
    page.evaluate(
        """() => { const f = document.createElement('form');
                   f.method = 'post'; f.action = location.pathname + 'call';
                   const csrf = document.querySelector('input[name=csrfmiddlewaretoken]').cloneNode();
                   f.appendChild(csrf); document.body.appendChild(f); f.submit(); }"""
    )
    expect_text(page.locator(".messages"), "The director is called and will come to your table.")


def test_a_new_director_runs_an_evening_on_make_clubs_server_for_phones_at_the_hall(
    served: Served, hall: Any
) -> None:
    base, site_url = served.base, served.site_url
    desk = hall.new_context(viewport=DESK).new_page()
    desk.set_default_timeout(60_000)
    support.log_in(desk, base, "director", director_password(served))
    session = set_up(desk, base)
    links = printed_links(desk, base, session, site_url)
    desk.goto(f"{base}/director/s/{session}/run/")
    desk.get_by_role("button", name="Start the session").click()
    desk.wait_for_selector("text=link is live")

    # Round 1 from the phones, each opening the link its table's QR code says.
    phones = {(table, side): phone(hall) for table in (1, 2) for side in ("N-S", "E-W")}
    pairs = {claim(page, links[table], side) for (table, side), page in phones.items()}
    assert len(pairs) == 4, "each phone holds its own pair"
    shot(phones[1, "N-S"], "03-phone-claimed")
    trays = {table: trays_shown(phones[table, "N-S"]) for table in (1, 2)}
    assert len(trays[1]) == len(trays[2]) == 2 and not set(trays[1]) & set(trays[2]), trays
    for table in (1, 2):
        ns, ew = phones[table, "N-S"], phones[table, "E-W"]
        for tray in trays[table]:
            ns.wait_for_load_state("networkidle")  # the page drawn again after the last send
            send(ns, tray, tricks(table, tray))
            expect_text(ns.locator("#flash"), f"Tray {tray} sent: N-S {tricks(table, tray)}")
        check(ew, trays[table][0])  # the second tray: table 1 never checks it; table 2's E-W dispute it
    unchecked = trays[1][1]
    disputed = trays[2][1]
    claim_ew = tricks(2, disputed) - 1
    ew = phones[2, "E-W"]
    ew.reload()
    ew.locator(f"#tray-{disputed} details.disagree > summary").click()
    tap_tricks(ew, disputed, claim_ew, form="dispute")
    ew.locator(f"#tray-{disputed} form[data-action=dispute] button").click()
    expect_text(ew.locator("#flash"), "went to the director")
    shot(ew, "04-phone-disputed")

    # Table 2's N-S phone calls the director; the live board shows it and the director answers.
    call_the_director(phones[2, "N-S"])
    shot(phones[2, "N-S"], "05-phone-called")
    desk.goto(f"{base}/director/s/{session}/run/")
    desk.wait_for_selector("#attention >> text=Table 2 calls the director", timeout=30_000)
    assert desk.locator("#attention .att-disputed").count() == 1
    shot(desk, "06-board-call-and-dispute")
    desk.locator("#attention .att-call").get_by_role("button", name="Answered").click()
    desk.wait_for_selector("text=Table 2's call is answered.")
    assert desk.locator("#attention .att-call").count() == 0

    # The dispute settled in one click on the line's page, for E-W's figure.
    desk.locator("#attention .att-disputed a").click()
    desk.wait_for_url(re.compile(r"/run/line/\d+/$"))
    line = desk.url
    assert f"Disputed: N-S entered {tricks(2, disputed)}; E-W say {claim_ew}." in desk.inner_text("main")
    shot(desk, "07-line-disputed")
    desk.get_by_role("button", name=f"Accept E-W's {claim_ew}").click()
    desk.wait_for_selector(f"text=E-W's figure accepted, N-S {claim_ew}.")
    desk.goto(line)
    assert f"now: N-S {claim_ew}, E-W {13 - claim_ew}" in desk.inner_text("main")

    # Table 3's first round and the other rounds from the slips; what the director enters counts as confirmed.
    for rnd in (1, 2, 3):
        desk.goto(f"{base}/director/s/{session}/run/round/{rnd}/")
        boxes = desk.locator(".entry-form input.tricks")
        ids = boxes.evaluate_all("els => els.map(e => e.id)")
        assert len(ids) == (2 if rnd == 1 else 6), ids  # round 1: only table 3's, the phones sent the rest
        for box in ids:
            table, tray = (int(n) for n in re.findall(r"\d+", box))
            desk.fill(f"#{box}", str(tricks(table, tray)))
        desk.get_by_role("button", name=f"Save round {rnd}").click()
        desk.wait_for_selector("text=Saved")

    # The close asks for a decision on table 1's unchecked line, then scores; publish.
    desk.goto(f"{base}/director/s/{session}/run/close/")
    decisions = desk.locator("#decisions .decision")
    assert decisions.count() == 1 and f"Table 1, tray {unchecked} (round 1)" in decisions.inner_text()
    desk.locator("#decisions input[value=confirm]").check()
    shot(desk, "08-close-decide")
    desk.get_by_role("button", name="Close and score").click()
    desk.wait_for_selector("text=The session is closed and scored")
    desk.get_by_role("button", name="Publish").click()
    desk.wait_for_selector("text=Published to the club")
    shot(desk, "09-published")

    # A player reads the standings at the hall's address, from the club's page.
    reader = phones[1, "E-W"]
    reader.goto(f"{site_url}/c/{DEMO_SLUG}/")
    reader.get_by_role("link", name=TITLE).click()
    assert reader.url.startswith(f"{site_url}/c/{DEMO_SLUG}/s/{session}/")
    entrants = reader.locator("tr[data-entrant]").evaluate_all("rows => rows.map(r => r.dataset.entrant)")
    assert sorted(entrants) == [str(n) for n in range(1, PAIRS + 1)]
    assert all(name in reader.inner_text("main") for name in [*ROSTER[: 2 * PAIRS - 2], *VISITORS])
    shot(reader, "10-public-standings")
    status, _, body = fetch(f"{base}/c/{DEMO_SLUG}/s/{session}/", headers={"Host": urlsplit(site_url).netloc})
    assert status == 200 and TITLE.encode() in body
    for page in phones.values():
        page.context.close()
    desk.context.close()
