"""A director runs two whole evenings at laptop width: a Howell of 8 pairs and a Mitchell of 5 tables.

The Howell is set up on the set-up pages; the Mitchell through the services.
Then, in the browser: start, the live board (it updates itself when a phone
sends a result), next round, a substitution, entry on the tables' behalf, a
dispute settled, a correction refused without a reason, a revoke, an
average-plus/minus, a void tray and a fouled one, closing (which first lists
exactly what is missing), publishing, and a change refused after
publication. Finally the standings on the public page are checked against
``scoring.scorers.score`` on slips built here from what was typed.
Screenshots: var/screenshots/run-*.png.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.utils import timezone

from entry.services.results import result_dispute
from scoring.models import SlipLine
from scoring.scorers import score, scores_to_json
from scoring.scorers.types import Award, DealSlip, SlipResult, Slips
from tests.browser import support
from tests.browser.support import DB_LOCK, NAMES, log_in
from tests.sends import result_submit
from tournaments.models import Club, Player, Session, Table
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions

pytestmark = pytest.mark.browser


@pytest.fixture
def roster(club: Club) -> list[Player]:
    with DB_LOCK:
        return [
            club_services.player_create(club=club, name=n, member_number=str(100 + i))
            for i, n in enumerate(NAMES)
        ]


def shot(page: Any, name: str) -> None:
    """A full-page screenshot, var/screenshots/run-NAME.png."""
    support.shot(page, f"run-{name}")


def tricks_for(table: int, tray: int) -> int:
    """Varied N-S tricks, as if from the slips (the same every run)."""
    return random.Random(100 * table + tray).randint(2, 11)


@dataclass
class Evening:
    """What the director typed, kept here to score it independently of the app."""

    session: Session
    base: str
    tricks: dict[tuple[int, int], int] = field(default_factory=dict)
    revokes: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    awards: dict[tuple[int, int], tuple[Award, Award]] = field(default_factory=dict)
    void: set[int] = field(default_factory=set)

    def url(self, path: str = "") -> str:
        return f"{self.base}/director/s/{self.session.pk}/run/{path}"

    def slips(self) -> Slips:
        """The traveling slips as typed, from the movement (docs/design.md slips JSON shape)."""
        by_tray: dict[int, list[SlipResult]] = defaultdict(list)
        for rnd in self.session.movement_json["rounds"]:
            for t in rnd["tables"]:
                for tray in t["trays"]:
                    key = (t["table"], tray)
                    award = self.awards.get(key)
                    ns_rev, ew_rev = self.revokes.get(key, (0, 0))
                    by_tray[tray].append(
                        SlipResult(
                            table=t["table"],
                            ns=t["ns"],
                            ew=t["ew"],
                            ns_tricks=None if award else self.tricks[key],
                            ns_revokes=ns_rev,
                            ew_revokes=ew_rev,
                            adjusted=award,
                        )
                    )
        entrants = tuple(range(1, self.session.movement_json["entrants"] + 1))
        return Slips(
            entrants,
            tuple(
                DealSlip(deal=n, results=tuple(sorted(rs, key=lambda r: r.table)), void=n in self.void)
                for n, rs in sorted(by_tray.items())
            ),
        )

    def seatings(self, rnd: int) -> list[dict[str, Any]]:
        return list(self.session.movement_json["rounds"][rnd - 1]["tables"])


def enter_round(page: Any, ev: Evening, rnd: int, *, skip: frozenset[tuple[int, int]] = frozenset()) -> None:
    """Type a round's slips into the entry page and save."""
    page.goto(ev.url(f"round/{rnd}/"))
    typed = 0
    for t in ev.seatings(rnd):
        for tray in t["trays"]:
            key = (t["table"], tray)
            box = page.locator(f"#t{t['table']}-{tray}")
            if key in skip or box.count() == 0:
                continue
            ev.tricks[key] = tricks_for(*key)
            box.fill(str(ev.tricks[key]))
            typed += 1
    if rnd == 1:
        shot(page, "enter")
    page.get_by_role("button", name=f"Save round {rnd}").click()
    page.wait_for_selector(f"text=Saved {typed} result")


def correct(page: Any, ev: Evening, table: int, tray: int, values: dict[str, str], reason: str) -> None:
    """Open a line's correction page from the tray page and save a change with a reason."""
    page.goto(ev.url(f"tray/{tray}/"))
    page.locator(f"#tt-{table}").get_by_role("link", name="Correct").click()
    for name, value in values.items():
        if name.endswith("_award"):
            page.select_option(f"#{name}", value)
        else:
            page.fill(f"#{name}", value)
    page.fill("#reason", reason)
    page.get_by_role("button", name="Save correction").click()
    page.wait_for_selector("text=Correction saved")


def check_public_standings(page: Any, ev: Evening, method: str, *, fields: dict[int, str] | None) -> None:
    """The public page shows exactly what the engine makes of the slips as typed."""
    expected = scores_to_json(score(method, ev.slips()))
    page.goto(f"{ev.base}/c/{ev.session.club.slug}/s/{ev.session.pk}/")
    shown = {}
    for row in page.locator("tr[data-entrant]").all():
        exact = [c.get_attribute("data-exact") for c in row.locator("td[data-exact]").all()]
        place = row.locator("td.rank").inner_text().lstrip("=")  # a shared place is written "=2"
        shown[int(row.get_attribute("data-entrant"))] = (int(place), exact)
    assert sorted(shown) == sorted(e["entrant"] for e in expected["entrants"])
    for e in expected["entrants"]:
        rank, exact = shown[e["entrant"]]
        way = fields[e["entrant"]] if fields else None
        field_rank = 1 + sum(
            1
            for o in expected["entrants"]
            if o["rank"] < e["rank"] and (way is None or fields[o["entrant"]] == way)
        )
        assert rank == field_rank, e
        assert e["total"] in exact and (e["plus_minus"] is None or e["plus_minus"] in exact), (e, exact)


def set_up_howell_on_the_setup_pages(page: Any, base: str, club: Club) -> Session:
    """New session, eight pairs, the recommended Howell scored by losses, trays dealt (issue #5 steps 2-4)."""
    page.goto(f"{base}/director/club/{club.slug}/new/")
    page.fill("#id_title", "Howell evening")
    page.get_by_role("button", name="Create and choose the entrants").click()
    for row in range(1, 9):
        for place in (1, 2):
            i = 2 * (row - 1) + place - 1
            page.select_option(f"#id_r{row}_{place}", label=f"{NAMES[i]} ({100 + i})")
    page.get_by_role("button", name="Add these pairs").click()
    page.wait_for_selector("text=Added pairs 1, 2, 3, 4, 5, 6, 7, 8.")
    assert "Howell" in page.locator(".rec.best").inner_text()
    page.select_option("#id_scoring_method", "howell")
    page.get_by_role("button", name="Seat the session").click()
    page.wait_for_selector("text=Seated by the Howell Pair System")
    page.get_by_role("link", name="Next: trays and deals").click()
    page.get_by_role("button", name=re.compile(r"Deal all \d+ trays")).click()
    page.wait_for_selector("text=Dealt")
    with DB_LOCK:
        return Session.objects.get(title="Howell evening")


def test_a_director_runs_a_howell_of_eight_pairs(
    live_server: Any, laptop: Any, club: Club, roster: list[Player]
) -> None:
    base = live_server.url
    log_in(laptop, base)
    session = set_up_howell_on_the_setup_pages(laptop, base, club)
    ev = Evening(session=session, base=base)
    rounds = len(session.movement_json["rounds"])

    # Start: from the session page to the live board.
    laptop.goto(f"{base}/director/s/{session.pk}/")
    laptop.get_by_role("link", name="Start & run").click()
    shot(laptop, "board-draft")
    laptop.get_by_role("button", name="Start the session").click()
    laptop.wait_for_selector("text=link is live")
    laptop.get_by_role("button", name="Hold them for me").click()
    laptop.wait_for_selector("text=Tables now wait for you")
    shot(laptop, "board-start")

    for rnd in (1, 2):
        enter_round(laptop, ev, rnd)
        laptop.goto(ev.url())
        laptop.get_by_role("button", name=f"Start round {rnd + 1}").click()
        laptop.wait_for_selector(f"text=Round {rnd + 1} has begun")

    # Round 3: a phone at table 2 sends its trays, and E-W dispute one; the board updates by itself.
    laptop.evaluate("window.__notReloaded = true")
    phone_table = ev.seatings(3)[1]
    with DB_LOCK:
        table = Table.objects.select_related("session").get(session=session, number=phone_table["table"])
        lines = []
        for tray in phone_table["trays"]:
            ev.tricks[(table.number, tray)] = tricks_for(table.number, tray)
            lines.append(
                result_submit(table=table, tray_number=tray, ns_tricks=tricks_for(table.number, tray)).line
            )
        result_dispute(line=lines[0], claimed=lines[0].ns_tricks - 1, by="E-W")
    disputed_tray = phone_table["trays"][0]
    laptop.wait_for_selector(f"#c-{table.number}-3.st-disputed", timeout=12_000)
    assert laptop.evaluate("window.__notReloaded") is True
    attention = laptop.locator("#attention").inner_text()
    assert "E-W, Pair" in attention and f"say {lines[0].ns_tricks - 1}" in attention
    shot(laptop, "board-live")

    # Settle the dispute: a correction without a reason is refused next to the field.
    laptop.locator("#attention").get_by_role("link").first.click()
    laptop.fill("#ns_tricks", str(lines[0].ns_tricks - 1))
    laptop.get_by_role("button", name="Save correction").click()
    error = laptop.locator("#reason + .field-error")
    assert error.inner_text() == "Give a reason for the correction."
    shot(laptop, "correct-refused")
    laptop.fill("#reason", "E-W right: 7 tricks counted again with both pairs")
    laptop.get_by_role("button", name="Save correction").click()
    laptop.wait_for_selector("text=Correction saved")
    ev.tricks[(table.number, disputed_tray)] = lines[0].ns_tricks - 1

    # A substitute for Cora Lind from round 4 on.
    laptop.goto(ev.url("tables/"))
    laptop.select_option("#player_out", label="Cora Lind")
    laptop.select_option("#player_in", label="Uma Reid")
    laptop.fill("#from_round", "4")
    laptop.get_by_role("button", name="Substitute").click()
    laptop.wait_for_selector("text=Uma Reid plays for Cora Lind from round 4")
    shot(laptop, "tables")

    last_table = ev.seatings(rounds)[-1]
    missing = (last_table["table"], last_table["trays"][-1])
    for rnd in range(3, rounds + 1):
        enter_round(laptop, ev, rnd, skip=frozenset({missing}) if rnd == rounds else frozenset())
        if rnd < rounds:
            laptop.goto(ev.url())
            laptop.get_by_role("button", name=f"Start round {rnd + 1}").click()
            laptop.wait_for_selector(f"text=Round {rnd + 1} has begun")
    laptop.goto(ev.url())
    shot(laptop, "board-end")

    # Corrections: a revoke (Law X), an average-plus/minus, a void tray (Law IV).
    t1 = ev.seatings(1)[0]
    correct(
        laptop,
        ev,
        t1["table"],
        t1["trays"][0],
        {"ns_revokes": "1"},
        "N-S revoked at trick 8, claimed in time",
    )
    ev.revokes[(t1["table"], t1["trays"][0])] = (1, 0)
    t2 = ev.seatings(2)[2]
    correct(
        laptop,
        ev,
        t2["table"],
        t2["trays"][1],
        {"ns_tricks": "", "ns_award": "average-plus", "ew_award": "average-minus"},
        "E-W too slow to finish",
    )
    ev.awards[(t2["table"], t2["trays"][1])] = ("average-plus", "average-minus")
    void_tray = ev.seatings(4)[3]["trays"][0]
    laptop.goto(ev.url(f"tray/{void_tray}/"))
    laptop.check("input[name=status][value=void]")
    laptop.fill("#tray-reason", "Trump slip wrong, found after play at two tables (Law IV Sec. 10)")
    laptop.get_by_role("button", name="Save tray status").click()
    laptop.wait_for_selector(f"text=Tray {void_tray}: Void.")
    ev.void.add(void_tray)
    laptop.goto(ev.url(f"tray/{t1['trays'][0]}/"))
    assert "N-S revoked at trick 8" in laptop.locator(".history").inner_text()
    shot(laptop, "tray")

    # Close: first it says exactly what is missing.
    laptop.goto(ev.url("close/"))
    laptop.get_by_role("button", name="Close and score").click()
    problems = laptop.locator("#problems").inner_text()
    assert f"Table {missing[0]} has not sent tray {missing[1]} (round {rounds})." in problems
    shot(laptop, "close-missing")
    enter_round(laptop, ev, rounds)
    laptop.goto(ev.url("close/"))
    close_deciding(laptop)
    laptop.wait_for_selector("text=The session is closed and scored")
    shot(laptop, "closed")
    laptop.get_by_role("button", name="Publish").click()
    laptop.wait_for_selector("text=Published to the club")
    shot(laptop, "published")

    # Once the results are final (their provisional time over: moved to now here), a change is
    # refused until they are reopened with a reason.
    with DB_LOCK:
        Session.objects.filter(pk=session.pk).update(provisional_until=timezone.now())
        line = SlipLine.objects.filter(session=session).first()
    laptop.goto(ev.url(f"line/{line.pk}/"))
    laptop.fill("#reason", "after publication")
    laptop.get_by_role("button", name="Save correction").click()
    assert "reopen them" in laptop.locator("#correct-form .field-error").first.inner_text()

    check_public_standings(laptop, ev, "howell", fields=None)
    shot(laptop, "public-howell")


def set_up_mitchell_through_services(club: Club, roster: list[Player]) -> Session:
    """Ten pairs, a Mitchell of 5 tables with two trays a round, scored by the exponent system."""
    with DB_LOCK:
        session = sessions.session_create(
            club=club, date=dt.date(2026, 11, 24), title="Mitchell evening", scoring_method="exponent"
        )
        for a, b in zip(roster[0:20:2], roster[1:20:2], strict=True):
            sessions.entrant_create(session=session, players=[a, b])
        seating.movement_fix(session=session, family="mitchell", deals=10)
        deals.trays_deal(session=session)
        return Session.objects.get(pk=session.pk)


def test_a_director_runs_a_mitchell_of_five_tables(
    live_server: Any, laptop: Any, club: Club, roster: list[Player]
) -> None:
    base = live_server.url
    session = set_up_mitchell_through_services(club, roster)
    ev = Evening(session=session, base=base)
    assert session.tables.count() == 5
    log_in(laptop, base)
    laptop.goto(ev.url())
    laptop.get_by_role("button", name="Start the session").click()
    laptop.wait_for_selector("text=link is live")

    # Tables move on by themselves: the director only types the slips, round by round.
    for rnd in range(1, 6):
        enter_round(laptop, ev, rnd)
        if rnd == 3:
            laptop.goto(ev.url())
            assert laptop.locator("#room-round").inner_text() == "Round 4"
            shot(laptop, "mitchell-board")

    # Tray 4 was fouled (a card in the wrong hand) and found at a table: it takes the average (Law V).
    fouled = ev.seatings(3)[2]
    tray = fouled["trays"][0]
    laptop.goto(ev.url(f"tray/{tray}/"))
    laptop.check("input[name=status][value=fouled]")
    laptop.get_by_role("button", name="Save tray status").click()
    assert "Say at which table" in laptop.locator("#table + .field-error").inner_text()
    laptop.fill("#table", str(fouled["table"]))
    laptop.fill("#tray-reason", "East held 14 cards on the overplay")
    laptop.get_by_role("button", name="Save tray status").click()
    laptop.wait_for_selector(f"text=Tray {tray}: Fouled (Law V).")
    ev.awards[(fouled["table"], tray)] = ("average", "average")
    shot(laptop, "mitchell-tray-fouled")

    laptop.goto(ev.url("close/"))
    close_deciding(laptop)
    laptop.wait_for_selector("text=The session is closed and scored")
    laptop.uncheck("input[name=travellers]")
    laptop.get_by_role("button", name="Publish").click()
    laptop.wait_for_selector("text=Published to the club")
    with DB_LOCK:
        session.refresh_from_db()
        assert (session.publish_standings, session.publish_travellers) == (True, False)
    fields = {}
    for rnd in session.movement_json["rounds"]:
        for t in rnd["tables"]:
            fields[t["ns"]], fields[t["ew"]] = "N-S", "E-W"
    check_public_standings(laptop, ev, "exponent", fields=fields)
    shot(laptop, "public-mitchell")


def close_deciding(laptop: Any) -> None:
    """Close the session, confirming as entered each result the opponents never checked."""
    decide_all = laptop.get_by_text("Confirm every one as entered and close")
    if decide_all.count():
        decide_all.click()
    else:
        laptop.get_by_role("button", name="Close and score").click()
