"""A whole Howell of four tables (eight pairs, p. 39) played from the pairs' own phones at 390 x 844.

Each pair's phone scans its first table's QR code once and says which pair
it is; from then on it follows its pair from table to table (never scanned
again) and sends and checks every tray of its rounds. On the way: the
same phone handed to E-W for the check, the partner's phone joining its pair
with the pair's code (refused without it) and racing the first, a send made
offline and sent when the connection returns, a send whose answer was lost
and retried with the same key, and a dispute settled by the director. At
the end the standings equal the scoring engine's on the slips the players
entered. Screenshots of each state go to var/screenshots.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from entry.services.results import line_for, result_correct
from scoring.display import number as book_number
from scoring.models import SlipLine
from scoring.scorers import score, scores_to_json, slips_from_json
from scoring.selectors.standings import session_snapshot
from tests.browser import support
from tests.browser.support import DB_LOCK
from tournaments.models import Club, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions

pytestmark = pytest.mark.browser

NAMES = support.NAMES[:16]
METHOD = "exponent"
#: The live server's threads and this test share one in-memory SQLite connection


def shot(page: Any, name: str, *, scripts_off: bool = False) -> None:
    """A full-page screenshot, var/screenshots/table-NAME.png, checked by axe-core."""
    support.shot(page, f"table-{name}", scripts_off=scripts_off)


@pytest.fixture
def howell(club: Club) -> Session:
    """Eight pairs seated by the engine's Howell (4 tables, 7 rounds, 7 trays), dealt and running."""
    session = sessions.session_create(
        club=club, date=dt.date(2026, 11, 3), title="Tuesday pairs", scoring_method=METHOD
    )
    people = [club_services.player_create(club=club, name=n) for n in NAMES]
    for a, b in zip(people[0::2], people[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="howell")
    deals.trays_deal(session=session, rng=random.Random(1900))
    session = sessions.session_start(session=session)
    return sessions.session_publish_switches(session=session, running_score=True)


class Room:
    """The club room: a phone per pair, which scans its first table once; the movement; what was entered."""

    def __init__(self, live_server: Any, session: Session, new_page: Any) -> None:
        self.session = session
        self.movement = session.movement_json
        self.urls = {t.number: f"{live_server.url}/t/{t.token}/" for t in session.tables.all()}
        self.new_page = new_page
        self.tricks: dict[tuple[int, int], int] = {}
        self.rng = random.Random(7)
        self.phones: dict[int, Any] = {}
        for seat in self.movement["rounds"][0]["tables"]:
            for pair in (seat["ns"], seat["ew"]):
                phone = self.phones[pair] = new_page()
                phone.goto(self.urls[seat["table"]])  # the one scan of the evening
                expect_text(phone.locator("#claim-h"), "Who has this phone?")
                if pair == 8:
                    shot(phone, "00-who-has-this-phone")
                phone.locator(f"button.claim-btn[value='{pair}']").click()
                expect_text(phone.locator(".follows"), f"Pair {pair}")

    def seat(self, rnd: int, table: int) -> dict[str, Any]:
        """The movement JSON's entry for a table in a round."""
        return next(x for x in self.movement["rounds"][rnd - 1]["tables"] if x["table"] == table)

    def at(self, rnd: int, table: int) -> tuple[Any, Any]:
        """The phones of the N-S and E-W pairs at a table in a round, wherever they sat before."""
        seat = self.seat(rnd, table)
        return self.phones[seat["ns"]], self.phones[seat["ew"]]


def expect_text(locator: Any, text: str) -> None:
    """Wait until the locator holds the text."""
    from playwright.sync_api import expect

    expect(locator).to_contain_text(text, timeout=15_000)


def expect_hidden(locator: Any) -> None:
    """Wait until the locator is hidden."""
    from playwright.sync_api import expect

    expect(locator).to_be_hidden(timeout=15_000)


def claim(page: Any, url: str, side: str = "N-S") -> int:
    """Open a table's code, read on its card which pair sits ``side`` in round 1, and tap that pair under
    "Who has this phone?": the phone now holds the pair's page. The pair's number."""
    page.goto(url)
    expect_text(page.locator("#claim-h"), "Who has this phone?")
    column = 2 if side == "N-S" else 3
    pair = int(
        # the whole card may be folded away (a round is due): its text, not what shows
        (
            page.locator(f".place-card tbody tr:first-child td:nth-child({column})").text_content() or ""
        ).split()[-1]
    )
    page.locator(f"button.claim-btn[value='{pair}']").click()
    expect_text(page.locator(".follows"), f"Pair {pair}")
    return pair


def pick(page: Any, tray: int, tricks: int, form: str = "send") -> None:
    """Tap the N-S tricks button on a tray's form."""
    page.locator(f"#tray-{tray} form[data-action={form}] .trick .face").nth(tricks).click()


def send(page: Any, tray: int, tricks: int, *, plain: bool = False) -> None:
    """Tap the tricks, then the send button; asked whether the count is right (a count the director's
    checks would flag: in the tray's card, or, ``plain``, without JavaScript, on a page of its own), say
    yes, as a pair that played the cards so would."""
    pick(page, tray, tricks)
    page.locator(f"#tray-{tray} .send-btn").click()
    if plain:
        page.wait_for_load_state()  # the form's post answered: the question's page, or the page again
    asked = page.locator("form.ask-first" if plain else f"#tray-{tray} .ask-first")
    told = (
        "form.ask-first, .messages"
        if plain
        else f"#tray-{tray} .ask-first, #flash:not([hidden]), #outbox:not([hidden])"
    )
    page.locator(told).first.wait_for()
    if asked.count():
        expect_text(asked.locator(".ask-q"), f"N-S {tricks}, so E-W {13 - tricks}: is that right?")
        asked.locator(".ask-yes").click()


def check(page: Any, tray: int) -> None:
    """E-W's phone: reload (a new round shows at once after a send) and agree."""
    page.reload()
    page.locator(f"#tray-{tray} form[data-action=confirm] button").click()
    expect_text(page.locator("#flash"), f"Tray {tray} checked by E-W")


def lines(session: Session, tray: int, table: int) -> list[SlipLine]:
    """The stored lines of a table on a tray (one, or none)."""
    with DB_LOCK:
        return list(SlipLine.objects.filter(session=session, tray__number=tray, table__number=table))


def play(room: Room, rnd: int, table: int) -> None:
    """One table's round: the usual path, or this round's special event."""
    seat = room.seat(rnd, table)
    tray = seat["trays"][0]
    tricks = room.rng.randint(3, 10)
    ns, ew = room.at(rnd, table)
    expect_text(ns.locator(".round-pill"), f"Round {rnd}")
    expect_text(ns.locator("h1"), f"Table {table}")
    event = EVENTS.get((rnd, table))
    if event is not None:
        tricks = event(room, ns, ew, tray, tricks)
    else:
        send(ns, tray, tricks)
        expect_text(ns.locator("#flash"), f"Tray {tray} sent: N-S {tricks}, E-W {13 - tricks}")
        check(ew, tray)
    room.tricks[(tray, table)] = tricks
    assert [x.ns_tricks for x in lines(room.session, tray, table)] == [tricks]


def same_phone_handover(room: Room, ns: Any, ew: Any, tray: int, tricks: int) -> int:
    """Round 1, table 1: the screens of a first send. E-W hold a phone of their own at this table, so the
    sender's phone offers no hand-over: it says E-W check on their own phone (two sides to every line,
    p. 42), and E-W's phone checks. (A hand-over, for a side with no phone, is held by
    ``test_two_sides_phones``.)"""
    shot(ns, "01-round-1")
    pick(ns, tray, tricks)
    shot(ns, "02-tricks-picked")
    ns.locator(f"#tray-{tray} .send-btn").click()
    expect_text(ns.locator("#flash"), f"Tray {tray} sent")
    expect_text(ns.locator(f"#tray-{tray}"), "E-W check it on their own phone.")
    assert ns.locator(f"#tray-{tray} details.handover").count() == 0
    assert ns.locator(f"#tray-{tray} form[data-action=confirm] button").is_hidden()
    shot(ns, "03-sent-ew-check-on-their-phone")
    check(ew, tray)
    ns.reload()
    expect_text(ns.locator(f"#tray-{tray}"), "Checked by E-W")
    shot(ns, "05-checked-slip-and-move")
    return tricks


def ew_own_phone(room: Room, ns: Any, ew: Any, tray: int, tricks: int) -> int:
    """Round 1, table 2: the E-W phone sees the check at once (no hand-over step)."""
    send(ns, tray, tricks)
    expect_text(ns.locator("#flash"), f"Tray {tray} sent")
    ew.reload()
    expect_text(ew.locator(f"#tray-{tray} .check"), "E-W, please check")
    assert ew.locator(f"#tray-{tray} details.handover").count() == 0
    shot(ew, "06-ew-own-phone-check")
    check(ew, tray)
    return tricks


def folded_until_played(room: Room, ns: Any, ew: Any, tray: int, tricks: int) -> int:
    """Round 2, table 4 plays tray 1, sent by table 1 in round 1: folded until table 4 sends."""
    ns.reload()
    assert ns.locator(f"#tray-{tray} .slip").count() == 0
    send(ns, tray, tricks)
    expect_text(ns.locator("#flash"), f"Tray {tray} sent")
    expect_text(ns.locator(f"#tray-{tray} .slip"), "2 tables so far")
    check(ew, tray)
    return tricks


def two_phones_race(room: Room, ns: Any, ew: Any, tray: int, tricks: int) -> int:
    """Round 3, table 2: N-S's partner's phone joins the pair with its code (refused without it), then
    sends a different count after the first."""
    pair = room.seat(3, 2)["ns"]
    second = room.new_page()
    second.goto(room.urls[2])
    second.locator(f"button.claim-btn[value='{pair}']").click()
    expect_text(second.locator(".messages"), "already followed on another phone")
    expect_text(second.locator("#join-now"), f"Pair {pair} is followed on a phone already")
    assert "/t/" in second.url and second.locator(".follows").count() == 0, second.url
    expect_text(second.locator(f"button.claim-btn[value='{pair}']"), "on a phone")
    shot(second, "07a-partner-phone-refused-without-the-code")
    ns.locator("details.add-phone > summary").click()
    code = ns.locator("details.add-phone .join-code").inner_text().strip()
    assert code.isdigit() and len(code) == 6, code
    shot(ns, "07b-add-a-phone-code")
    second.fill("#join-now-code", code)  # asked for beside the pair it tapped
    second.locator("#join-now button").click()
    expect_text(second.locator(".follows"), f"Pair {pair}")
    expect_text(second.locator(".round-pill"), "Round 3")
    pick(second, tray, 7)
    send(ns, tray, 9)
    expect_text(ns.locator("#flash"), f"Tray {tray} sent: N-S 9")
    second.locator(f"#tray-{tray} .send-btn").click()
    flash = second.locator("#flash.error")
    expect_text(flash, "Stored: N-S 9, E-W 4")
    expect_text(flash, "Yours: N-S 7, E-W 6")
    expect_text(second.locator(".round-pill"), "Round 4")
    shot(second, "07-second-phone-told-both-values")
    check(ew, tray)
    return 9


def offline_send(room: Room, ns: Any, ew: Any, tray: int, tricks: int) -> int:
    """Round 4, table 3: the connection drops; the send is kept on the phone and goes when it returns."""
    ns.context.set_offline(True)
    send(ns, tray, tricks)
    expect_text(ns.locator("#outbox"), f"Kept on this phone: tray {tray} (sent by N-S: N-S {tricks}")
    expect_text(ns.locator(f"#tray-{tray}"), "It will be sent when the connection returns")
    assert lines(room.session, tray, 3) == []
    shot(ns, "08-offline-kept-on-phone")
    ns.context.set_offline(False)
    expect_text(ns.locator("#flash"), "kept on this phone while the connection was down")
    expect_hidden(ns.locator("#outbox"))
    shot(ns, "09-back-online-sent")
    check(ew, tray)
    return tricks


def lost_answer(room: Room, ns: Any, ew: Any, tray: int, tricks: int) -> int:
    """Round 5, table 4: the server stores the send but the answer is lost; the retry replays the key."""

    def drop(route: Any) -> None:
        answer = route.fetch()  # reaches the server, which stores the line (or asks first: that goes through)
        if answer.status == 400 and "ask" in answer.json():
            route.fulfill(response=answer)
            return
        route.abort("connectionreset")

    ns.route("**/results/", drop)
    send(ns, tray, tricks)
    expect_text(ns.locator("#outbox"), f"tray {tray}")
    stored = lines(room.session, tray, 4)
    assert len(stored) == 1 and stored[0].idempotency_key
    ns.unroute("**/results/")
    expect_text(ns.locator("#flash"), f"Tray {tray} sent: N-S {tricks}")
    assert [x.pk for x in lines(room.session, tray, 4)] == [stored[0].pk]
    check(ew, tray)
    return tricks


def dispute(room: Room, ns: Any, ew: Any, tray: int, tricks: int) -> int:
    """Round 6, table 1: E-W disagree; their count goes to the director, who corrects the slip."""
    send(ns, tray, tricks)
    expect_text(ns.locator("#flash"), f"Tray {tray} sent")
    ew.reload()
    ew.locator(f"#tray-{tray} details.disagree > summary").click()
    claimed = tricks - 1
    pick(ew, tray, claimed, form="dispute")
    shot(ew, "10-ew-disagree")
    ew.locator(f"#tray-{tray} form[data-action=dispute] button").click()
    expect_text(ew.locator("#flash"), "went to the director")
    expect_text(ew.locator(f"#tray-{tray}"), "Disputed")
    shot(ew, "11-disputed")
    with DB_LOCK:
        line = line_for(session=room.session, table_number=1, tray_number=tray)
        assert line.status == SlipLine.Status.DISPUTED
        result_correct(line=line, reason="E-W's count agreed at the table", ns_tricks=claimed, by="director")
    return claimed


EVENTS = {
    (1, 1): same_phone_handover,
    (1, 2): ew_own_phone,
    (2, 4): folded_until_played,
    (3, 2): two_phones_race,
    (4, 3): offline_send,
    (5, 4): lost_answer,
    (6, 1): dispute,
}


def engine_slips(room: Room) -> dict[str, Any]:
    """The slips JSON built from what the players entered, independent of the database."""
    deals_: dict[int, list[dict[str, int]]] = {}
    for rnd in room.movement["rounds"]:
        for t in rnd["tables"]:
            tray = t["trays"][0]
            deals_.setdefault(tray, []).append(
                {
                    "table": t["table"],
                    "ns": t["ns"],
                    "ew": t["ew"],
                    "ns_tricks": room.tricks[(tray, t["table"])],
                }
            )
    return {
        "entrants": list(range(1, 9)),
        "deals": [{"deal": d, "results": r} for d, r in sorted(deals_.items())],
    }


def test_a_whole_howell_of_four_tables_from_the_phones(
    live_server: Any, howell: Session, new_page: Any
) -> None:
    room = Room(live_server, howell, new_page)
    for rnd in range(1, 8):
        for table in range(1, 5):
            play(room, rnd, table)
    with DB_LOCK:
        howell.refresh_from_db()
        assert SlipLine.objects.filter(session=howell).count() == 28
        assert not SlipLine.objects.filter(session=howell).exclude(status="confirmed").exists()
        standings = session_snapshot(session=howell).scores
    expected = scores_to_json(score(METHOD, slips_from_json(engine_slips(room), method=METHOD)))
    assert standings is not None
    assert standings["entrants"] == expected["entrants"]
    assert standings["deals"] == expected["deals"]
    last = room.at(7, 1)[0]
    last.reload()
    expect_text(last.locator(".done"), "played all your rounds")
    assert all(p.url.split("/")[-2] != "t" for p in room.phones.values()), "every phone follows its pair"
    shown = [
        [c.strip() for c in row.locator("td").all_inner_texts()]
        for row in last.locator(".running tbody tr").all()
    ]
    want = [[str(e["rank"]), str(e["entrant"]), book_number(e["total"])] for e in expected["entrants"]]
    assert [[r[0].lstrip("="), r[1].split()[0], r[2]] for r in shown] == want  # a shared place: "=2"
    shot(last, "12-finished-running-score")


#: The code boxes a thumb types in: as tall as a tap (44 px at least) and digits as large as the page's.
CODE_BOX = """el => { const box = el.getBoundingClientRect(), style = getComputedStyle(el);
  return [box.height, box.width, parseFloat(style.fontSize)]; }"""


def test_a_second_phone_types_the_code_in_a_box_a_thumb_finds(
    live_server: Any, howell: Session, new_page: Any
) -> None:
    """Taking over a pair that has a phone asks for its code in a phone input, not a 21 px sliver."""
    with DB_LOCK:
        url = f"{live_server.url}/t/{howell.tables.get(number=1).token}/"
    pair = claim(new_page(), url)
    second = new_page()
    second.goto(url)
    second.locator(f"button.claim-btn[value='{pair}']").click()
    expect_text(second.locator("#join-now"), f"Pair {pair} is followed on a phone already")
    second.locator("details.join > summary").click()
    for box in ("#join-now-code", "#join-code"):
        height, width, font = second.locator(box).evaluate(CODE_BOX)
        assert height >= 44 and width >= 150 and font >= 24, (box, height, width, font)
    second.fill("#join-now-code", "123456")  # six digits fit the box whole
    assert second.locator("#join-now-code").evaluate("el => el.scrollWidth <= el.clientWidth")
    shot(second, "07c-the-code-box")


def test_a_revoked_link_says_so_plainly(live_server: Any, howell: Session, new_page: Any) -> None:
    with DB_LOCK:
        table = howell.tables.get(number=2)
        table.token_revoked = True
        table.save(update_fields=["token_revoked"])
    page = new_page()
    response = page.goto(f"{live_server.url}/t/{table.token}/")
    assert response.status == 404
    expect_text(page.locator("main"), "Ask the director for the table's QR code")
    shot(page, "13-revoked-link")


def test_a_table_waits_for_the_directors_call(live_server: Any, howell: Session, new_page: Any) -> None:
    with DB_LOCK:
        Session.objects.filter(pk=howell.pk).update(tables_advance=False)
        table = howell.tables.get(number=2)
    page = new_page()
    pair = claim(page, f"{live_server.url}/t/{table.token}/")
    send(page, 4, 6)
    expect_text(page.locator(".move"), "when the director calls it")
    after = next(t for t in howell.movement_json["rounds"][1]["tables"] if pair in (t["ns"], t["ew"]))
    assert (after["table"], after["ew"]) == (4, pair), after  # N-S of table 2 go to table 4, East-West
    expect_text(page.locator(".move .sentence"), "Round 2: Table 4, East-West")
    expect_text(page.locator(".round-pill"), "Round 1")
    shot(page, "14-move-when-the-director-calls")


def test_the_basic_send_works_without_javascript(live_server: Any, howell: Session, browser: Any) -> None:
    with DB_LOCK:
        table = howell.tables.get(number=3)
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    try:
        page = context.new_page()
        claim(page, f"{live_server.url}/t/{table.token}/")  # the tap is a plain form post too
        send(page, 6, 8, plain=True)  # a plain form post, then the page again
        expect_text(page.locator(".messages"), "Tray 6 sent: N-S 8, E-W 5.")
        expect_text(page.locator("#tray-6"), "Hand the phone to E-W")
        shot(page, "15-sent-without-javascript", scripts_off=True)
        assert [x.ns_tricks for x in lines(howell, 6, 3)] == [8]
    finally:
        context.close()
