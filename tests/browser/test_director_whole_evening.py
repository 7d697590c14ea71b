"""A whole club evening through the director's pages at 1280 x 800, phones playing through their JSON doors.

Set-up (entrants typed into the search boxes, a movement chosen with its
explanation and the book's scoring method), the round timer, printing (the
QR sheet, the guide cards, the hand records: saved and rendered to PNG with
pdftoppm), play from the phones (each pair's phone says at its first
table's code which pair it is, once, and plays every round through the pass
it is given: the phones' API), a call to the director
answered on the live board, a dispute settled in one click, the close with a
decision on each unconfirmed line, and publication. Every director page is
photographed on the way: var/screenshots/evening-*.png (the PDFs' pages as
evening-pdf-*.png). A second test seats teams of more than eight (pp. 56-59)
on the pages and plays them to the public standings.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from scoring.models import SlipLine
from tests.browser import support
from tests.browser.support import DB_LOCK, NAMES, log_in
from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
DESK = {"width": 1280, "height": 800}


@pytest.fixture
def desk(browser: Any) -> Any:
    """The director's laptop: a page of 1280 x 800."""
    context = browser.new_context(viewport=DESK)
    page = context.new_page()
    # The last result of an evening has the hand records solved double dummy in the request (Celery eager).
    page.set_default_timeout(90_000)
    yield page
    context.close()


@pytest.fixture
def roster(club: Club) -> list[Player]:
    with DB_LOCK:
        return [
            club_services.player_create(club=club, name=n, member_number=str(100 + i))
            for i, n in enumerate(NAMES)
        ]


def shot(page: Any, name: str) -> Path:
    """A full-page screenshot, var/screenshots/evening-NAME.png."""
    return support.shot(page, f"evening-{name}")


def pick(page: Any, field: str, typed: str, name: str) -> None:
    """Type a few letters into a row's search box and pick the player from the list."""
    page.fill(f"#{field}-search", typed)
    page.get_by_role("option", name=name).click()


def save_pdf(page: Any, url: str, name: str) -> list[Path]:
    """Fetch a printed document as the director, keep it, and render its first pages to PNG."""
    response = page.request.get(url)
    assert response.status == 200 and response.headers["content-type"] == "application/pdf", url
    SHOTS.mkdir(parents=True, exist_ok=True)
    pdf = SHOTS / f"evening-{name}.pdf"
    pdf.write_bytes(response.body())
    if shutil.which("pdftoppm") is None:
        return []
    subprocess.run(
        ["pdftoppm", "-r", "70", "-png", "-f", "1", "-l", "3", str(pdf), str(SHOTS / f"evening-pdf-{name}")],
        check=True,
    )
    return sorted(SHOTS.glob(f"evening-pdf-{name}*.png"))


def api(page: Any, method: str, url: str, body: dict[str, Any] | None = None) -> Any:
    """A phone's request to the phones' API (no cookies needed: the link is the credential)."""
    send = getattr(page.request, method)
    return send(url, data=body) if body is not None else send(url)


def tricks(table: int, tray: int) -> int:
    return (3 * table + 5 * tray) % 7 + 4


def set_up(desk: Any, base: str, club: Club) -> Session:
    """A new session, eight pairs typed into the search boxes, the recommended movement, dealt trays."""
    desk.goto(f"{base}/director/club/{club.slug}/new/")
    shot(desk, "01-new-session")
    desk.fill("#id_title", "Whole evening")
    desk.get_by_role("button", name="Create and choose the entrants").click()
    for row in range(1, 9):
        for place in (1, 2):
            i = 2 * (row - 1) + place - 1
            first = NAMES[i].split()[0]
            pick(desk, f"id_r{row}_{place}", first[:3].lower(), f"{NAMES[i]} ({100 + i})")
    shot(desk, "02-entrants-typed")
    desk.get_by_role("button", name="Add these pairs").click()
    desk.wait_for_selector("text=Added pairs 1, 2, 3, 4, 5, 6, 7, 8.")
    desk.fill("#deals-available", "14")
    desk.get_by_role("button", name="Recommend").click()
    best = desk.locator(".rec.best")
    assert "Howell Pair System" in best.inner_text() and "Who meets whom" in best.inner_text()
    assert "Qf, the quality factor, is 100 when" in desk.locator("#balance-defined").inner_text()
    assert desk.locator("#id_scoring_method").input_value() == "exponent"
    assert "much more equitable" in desk.locator("#scoring-advice").inner_text()
    shot(desk, "03-movement-choice")
    desk.get_by_role("button", name="Seat the session").click()
    desk.wait_for_selector("text=Seated by the Howell Pair System")
    shot(desk, "04-seated")
    desk.get_by_role("link", name="Next: trays and deals").click()
    desk.get_by_role("button", name=re.compile(r"Deal all \d+ trays")).click()
    desk.wait_for_selector("text=Dealt")
    desk.goto(desk.url + "?hands=1")
    shot(desk, "05-trays")
    with DB_LOCK:
        return Session.objects.get(title="Whole evening")


def print_everything(desk: Any, base: str, session: Session) -> None:
    """The print page, the QR sheet, the guide cards and the hand records, each looked at."""
    desk.goto(f"{base}/director/s/{session.pk}/print/")
    shot(desk, "06-print")
    for doc in ("qr", "cards", "hands", "entrant-qr", "slips", "sheet", "curtains"):
        desk.goto(f"{base}/director/s/{session.pk}/print/{doc}/")
        shot(desk, f"07-print-{doc}")
    for doc in ("qr", "cards", "hands"):
        save_pdf(desk, f"{base}/director/s/{session.pk}/print/{doc}.pdf", doc)


def claim_phones(
    page: Any, base: str, seatings: list[dict[str, Any]], tokens: dict[int, str], passes: dict[int, str]
) -> None:
    """Each pair without a phone yet says at its round-1 table's code which pair it is (the phones' API),
    once; its pass, kept in ``passes``, follows it from table to table."""
    for t in seatings:
        for pair in (t["ns"], t["ew"]):
            if pair in passes:
                continue
            got = api(
                page,
                "post",
                f"{base}/api/v1/tables/{tokens[t['table']]}/claim/",
                {"entrant": str(pair), "device": f"phone-of-pair-{pair}"},
            )
            assert got.status == 201, got.text()
            body = got.json()
            assert body["entrant"] == pair and body["api"] == f"/api/v1/entrant-links/{body['token']}/", body
            passes[pair] = body["token"]


def play_round(
    page: Any, base: str, seatings: list[dict[str, Any]], passes: dict[int, str], *, skip: set[int]
) -> None:
    """Every table's N-S pair sends its trays from its phone; E-W confirm from theirs, except at the
    tables in ``skip``."""
    for t in seatings:
        ns, ew = passes[t["ns"]], passes[t["ew"]]
        for tray in t["trays"]:
            sent = api(
                page,
                "post",
                f"{base}/api/v1/entrant-links/{ns}/results/",
                {"tray": tray, "ns_tricks": tricks(t["table"], tray)},
            )
            assert sent.status == 201, sent.text()
            if t["table"] not in skip:
                ok = api(page, "post", f"{base}/api/v1/entrant-links/{ew}/trays/{tray}/confirm/", {})
                assert ok.status == 200, ok.text()


def test_a_director_runs_a_whole_evening_from_the_pages(
    live_server: Any, desk: Any, browser: Any, club: Club, roster: list[Player]
) -> None:
    base = live_server.url
    log_in(desk, base)
    shot(desk, "00-home")
    session = set_up(desk, base, club)
    print_everything(desk, base, session)
    rounds = session.movement_json["rounds"]
    with DB_LOCK:
        tokens = dict(session.tables.values_list("number", "token"))

    # The round timer, then the start.
    desk.goto(f"{base}/director/s/{session.pk}/run/")
    shot(desk, "08-board-draft")
    desk.locator("#timer summary").click()
    desk.fill("#minutes_per_tray", "7")
    desk.fill("#change_minutes", "2")
    desk.get_by_role("button", name="Set the timer").click()
    desk.wait_for_selector("text=Round timer: 7 min a tray, 2 min for the change.")
    desk.get_by_role("button", name="Start the session").click()
    desk.wait_for_selector("text=link is live")
    assert re.search(r"\d+:\d\d left in round 1", desk.locator("#room-clock").inner_text())

    # Table 2's code: the place keeps the call box; N-S's phone taps its pair (read on the table's card).
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
    phone.goto(f"{base}/t/{tokens[2]}/")
    assert phone.locator("#call-director").count() == 1
    first_ns = next(t["ns"] for t in rounds[0]["tables"] if t["table"] == 2)
    card_ns = (phone.locator(".place-card tbody tr:first-child td:nth-child(2)").text_content() or "").strip()
    assert card_ns == f"Pair {first_ns}", card_ns
    phone.locator(f"button.claim-btn[value='{first_ns}']").click()
    phone.wait_for_url(re.compile(r"/p/[\w-]+/$"))
    assert f"Pair {first_ns}" in phone.locator(".follows").inner_text()
    passes = {first_ns: phone.url.rstrip("/").rsplit("/", 1)[-1]}
    # The pair's page's call box (table/_call.html): the clock counts down.
    phone.wait_for_function("() => /left in round 1/.test(document.querySelector('.call-clock').textContent)")
    first = phone.evaluate("() => document.querySelector('.call-clock').textContent.trim()")
    assert "left in round 1" in first
    phone.wait_for_function(  # the clock counts down (a loaded machine may delay a tick)
        "first => document.querySelector('.call-clock').textContent.trim() !== first",
        arg=first,
        timeout=10_000,
    )
    support.shot(phone, "evening-phone-call-box")
    phone.context.close()

    # Round 1 from the phones; table 2 calls the director through the phones' API; the board shows it.
    claim_phones(desk, base, rounds[0]["tables"], tokens, passes)
    assert len(passes) == 8 and len(set(passes.values())) == 8
    play_round(desk, base, rounds[0]["tables"], passes, skip=set())
    called = api(desk, "post", f"{base}/api/v1/tables/{tokens[2]}/call/")
    assert called.status == 201
    desk.wait_for_selector("#attention >> text=Table 2 calls the director", timeout=12_000)
    shot(desk, "09-board-call")
    desk.locator("#attention .att-call").get_by_role("button", name="Answered").click()
    desk.wait_for_selector("text=Table 2's call is answered.")
    assert desk.locator("#attention .att-call").count() == 0

    # Round 2: table 3's E-W dispute a tray; settled in one click for E-W's figure.
    play_round(desk, base, rounds[1]["tables"], passes, skip={3})
    third = next(t for t in rounds[1]["tables"] if t["table"] == 3)
    disputed = third["trays"][0]
    claim = tricks(3, disputed) - 1
    disputing = api(
        desk,
        "post",
        f"{base}/api/v1/entrant-links/{passes[third['ew']]}/trays/{disputed}/dispute/",
        {"claimed": claim},
    )
    assert disputing.ok, disputing.text()
    desk.goto(f"{base}/director/s/{session.pk}/run/")
    shot(desk, "10-board-dispute")
    desk.locator("#attention .att-disputed").get_by_role("button", name=f"Accept E-W's {claim}").click()
    desk.wait_for_selector(f"text=E-W's figure accepted, N-S {claim}.")
    # Table 3 moved on without checking its other tray: "Needs you" lists it; confirmed in one click.
    unconfirmed = desk.locator("#attention .att-unconfirmed")
    assert "Table 3" in unconfirmed.first.inner_text()
    unconfirmed.first.get_by_role("button", name="Confirm as entered").click()
    desk.wait_for_selector("text=confirmed as entered")

    # The other rounds; table 4 never confirms its last round.
    for rnd in rounds[2:-1]:
        play_round(desk, base, rnd["tables"], passes, skip=set())
    play_round(desk, base, rounds[-1]["tables"], passes, skip={4})
    desk.goto(f"{base}/director/s/{session.pk}/run/")
    shot(desk, "11-board-end")

    # Every other page of a running session.
    for path, name in (
        (f"run/round/{len(rounds)}/", "12-enter"),
        ("run/tables/", "13-tables"),
        (f"run/tray/{disputed}/", "14-tray"),
        ("", "15-session"),
        ("setup/", "16-setup-running"),
        ("trays/", "17-trays-running"),
        ("print/", "18-print-running"),
    ):
        desk.goto(f"{base}/director/s/{session.pk}/{path}")
        shot(desk, name)
    with DB_LOCK:
        line = SlipLine.objects.get(session=session, table__number=3, tray__number=disputed)
    desk.goto(f"{base}/director/s/{session.pk}/run/line/{line.pk}/")
    assert "Dispute settled: E-W's figure accepted" in desk.locator(".history, body").first.inner_text()
    shot(desk, "19-line")

    # Close: refused until each of table 4's unconfirmed lines is decided; then decided on the page.
    desk.goto(f"{base}/director/s/{session.pk}/run/close/")
    with DB_LOCK:
        waiting = list(SlipLine.objects.filter(session=session, status="entered").order_by("tray__number"))
    assert [ln.table.number for ln in waiting] == [4] * len(waiting) and waiting
    shot(desk, "20-close-decide")
    desk.get_by_role("button", name="Close and score").click()
    assert "Decide this result" in desk.locator(f"#decide-{waiting[0].pk}").inner_text()
    shot(desk, "21-close-refused")
    desk.check(f"input[name=line-{waiting[0].pk}][value=confirm]")
    for ln in waiting[1:]:
        desk.check(f"input[name=line-{ln.pk}][value=correct]")
        desk.fill(f"input[name=tricks-{ln.pk}]", "6")
    desk.get_by_role("button", name="Close and score").click()
    desk.wait_for_selector("text=The session is closed and scored")
    shot(desk, "22-closed")
    with DB_LOCK:
        assert not SlipLine.objects.filter(session=session).exclude(status="confirmed").exists()
    desk.get_by_role("button", name="Publish").click()
    desk.wait_for_selector("text=Published to the club")
    shot(desk, "23-published")
    desk.goto(f"{base}/director/s/{session.pk}/print/")
    assert desk.locator("#print-qr").count() == 1, "a QR code can be printed again once published"
    shot(desk, "24-print-published")
    desk.goto(f"{base}/c/{club.slug}/s/{session.pk}/")
    assert desk.locator("tr[data-entrant]").count() == 8
    shot(desk, "25-public")
    desk.goto(f"{base}/director/")
    shot(desk, "26-home-after")
    for path, name in (("roster/", "27-roster"), ("series/", "28-series")):
        desk.goto(f"{base}/director/club/{club.slug}/{path}")
        shot(desk, name)


def test_teams_of_more_than_eight_are_seated_played_and_published_on_the_pages(
    live_server: Any, desk: Any, club: Club, roster: list[Player]
) -> None:
    base = live_server.url
    log_in(desk, base)
    desk.goto(f"{base}/director/club/{club.slug}/new/")
    desk.fill("#id_title", "Club match")
    desk.select_option("#id_entrant_kind", "teams")
    desk.get_by_role("button", name="Create and choose the entrants").click()
    for row in range(1, 9):
        desk.select_option(f"#id_r{row}_team", str(1 + (row - 1) % 2))
        for place in (1, 2):
            i = 2 * (row - 1) + place - 1
            pick(desk, f"id_r{row}_{place}", NAMES[i][:4], f"{NAMES[i]} ({100 + i})")
    desk.get_by_role("button", name="Add these pairs").click()
    desk.wait_for_selector("text=Added pairs 1, 2, 3, 4, 5, 6, 7, 8.")
    assert "Club system" in desk.locator(".rec.best").inner_text()
    assert desk.locator("#id_scoring_method").input_value() == "team-club"
    shot(desk, "teams-01-setup")
    desk.get_by_role("button", name="Seat the session").click()
    desk.wait_for_selector("text=Seated by the Club system")
    shot(desk, "teams-02-seated")
    desk.goto(desk.url.replace("/setup/", "/trays/"))
    desk.get_by_role("button", name=re.compile(r"Deal all \d+ trays")).click()
    desk.wait_for_selector("text=Dealt")
    with DB_LOCK:
        session = Session.objects.get(title="Club match")
        seatings = session.movement_json["rounds"][0]["tables"]
    desk.goto(f"{base}/director/s/{session.pk}/run/")
    desk.get_by_role("button", name="Start the session").click()
    desk.wait_for_selector("text=link is live")
    desk.goto(f"{base}/director/s/{session.pk}/run/round/1/")
    for t in seatings:
        for tray in t["trays"]:
            desk.fill(f"#t{t['table']}-{tray}", str(tricks(t["table"], tray)))
    desk.get_by_role("button", name="Save round 1").click()
    desk.wait_for_selector("text=Saved")
    desk.goto(f"{base}/director/s/{session.pk}/run/")
    shot(desk, "teams-03-board")
    desk.goto(f"{base}/director/s/{session.pk}/run/close/")
    desk.get_by_role("button", name="Close and score").click()
    desk.wait_for_selector("text=The session is closed and scored")
    assert "Team 1" in desk.locator("#director-standings").inner_text()
    desk.get_by_role("button", name="Publish").click()
    desk.wait_for_selector("text=Published to the club")
    desk.goto(f"{base}/c/{club.slug}/s/{session.pk}/")
    assert desk.locator("tr[data-entrant]").count() == 2
    shot(desk, "teams-04-public")
