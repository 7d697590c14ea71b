"""Nobody learns a result before playing that tray: non-interference for a **person**, through every link.

Whole sessions are played from the players' own phones as people play
them: each entrant's phone says at its first table who it is (a pass),
scans the code of every table it sits at after (and keeps each link: a
table's link is a place, held by every pair that ever sat there), holds
the entrant's own printed link, and any link that any of those hand out
(``people``). Around every send and every E-W check, everything each
person can ask through all of them is collected; a person's answers must
not change when a tray that person has not played gets a result.

The named exceptions: the running score (the score itself and the page
digest that includes it) may change when, and only when, the send
completes a tray (every entrant due to play it has then played it, or
never will); at a whist drive, the change's last result seats the next
change, and every phone then shows the whole change (p. 24).

The organiser's pages are asked too: the Howell of six plays the pack of a
simultaneous event organised on this server, and every person asks the
event's public page and API around every send (``people.sim_urls``).

Sessions: a Mitchell with a relay (four tables, the eighth modification:
a deal arriving at a table waits, E-W twice round, pp. 32-33), a Howell of
six pairs, a Howell for teams of four (two pairs, two passes, an entrant),
a whist drive (p. 24) and a mnemonic sitting (pp. 25-27). A person's
attempts to say at any table it holds that it is another entrant are
refused, and say the same thing at the end of the evening as at its start.
"""

from __future__ import annotations

import datetime as dt
import difflib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from privacy.people import (
    Person,
    answers,
    claim,
    fresh,
    people_of,
    public_urls,
    scan,
    sim_urls,
    without_running,
)

from entry.services.corrections import result_correct
from entry.services.directing import session_publish
from scoring.models import SlipLine, SlipSeat
from scoring.selectors.slips import complete_trays
from sims import services as sim_services
from tests.mnemonic.conftest import make_mnemonic
from tournaments.models import Club, DriveChange, EntrantLink, EntrantMember, Seating, Session, Table
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions
from tournaments.services.pbn import pbn_export
from tournaments.services.sim_pack import sim_pack_import

pytestmark = [pytest.mark.django_db, pytest.mark.slow, pytest.mark.privacy]


#: The sends the phone asked about before sending (each once, in words of its own count only).
ASKED: list[Action] = []


@dataclass(frozen=True)
class Action:
    """A person's phone sends N-S tricks for a tray at a table, or E-W check it."""

    kind: str  # send | confirm
    round: int
    table: int
    tray: int
    person: str
    tricks: int = 7


def build(club: Club, family: str, kind: str, count: int, size: int, **movement: Any) -> Session:
    """A session seated, dealt and started, the running score shown to the tables."""
    players = [
        club_services.player_create(club=club, name=f"{family} player {i:02d}") for i in range(count * size)
    ]
    session = sessions.session_create(
        club=club,
        date=dt.date(2026, 11, 30),
        title=f"Privacy {family}",
        entrant_kind=kind,
        scoring_method="team-match" if kind == "fours" else "exponent",
    )
    for i in range(count):
        group = players[i * size : (i + 1) * size]
        sessions.entrant_create(
            session=session, players=dict(zip("NSEW", group, strict=True)) if size == 4 else group
        )
    seating.movement_fix(session=session, family=family, **movement)
    deals.trays_deal(session=session)
    session = sessions.session_start(session=session)
    return sessions.session_publish_switches(session=session, running_score=True)


def by_entrant(people: list[Person]) -> dict[tuple[int | None, str], Person]:
    return {(p.entrant_id, p.side): p for p in people}


def seatings_of(session: Session) -> list[Seating]:
    rows = Seating.objects.filter(round__session=session).select_related("round", "table", "ns", "ew")
    return list(rows.order_by("round__number", "table__number"))


def side_of(session: Session, seating_row: Seating, side: str) -> tuple[int | None, str]:
    entrant = seating_row.ns if side == "NS" else seating_row.ew
    return (entrant.pk if entrant else None, side if session.entrant_kind == "fours" else "")


def seat_everyone(session: Session, people: list[Person]) -> None:
    """Each person's phone, at the first table it sits at, says who it is."""
    first: dict[tuple[int | None, str], Table] = {}
    for row in seatings_of(session):
        for side in ("NS", "EW"):
            key = side_of(session, row, side)
            if key[0] is not None:
                first.setdefault(key, row.table)
    for person in people:
        if person.entrant_id is None:
            continue
        link = EntrantLink.objects.select_related("entrant").get(
            entrant_id=person.entrant_id, side=person.side
        )
        claim(person, first[(person.entrant_id, person.side)], link.entrant.number, link.side)


def plan(session: Session, people: list[Person]) -> list[Action]:
    """Round by round: every table sends its trays from N-S's phone, then E-W check them on theirs."""
    who = by_entrant(people)
    actions: list[Action] = []
    rows = [s for s in seatings_of(session) if s.ns and s.ew and not s.ns.is_phantom and not s.ew.is_phantom]
    for number in sorted({s.round.number for s in rows}):
        tables = [s for s in rows if s.round.number == number]
        for kind, side in (("send", "NS"), ("confirm", "EW")):
            for s in tables:
                for st in s.seating_trays.select_related("tray").order_by("order"):
                    tricks = (st.tray.number * 3 + s.table.number * 5 + number) % 14
                    person = who[side_of(session, s, side)].name
                    actions.append(Action(kind, number, s.table.number, st.tray.number, person, tricks))
    return actions


def act(session: Session, people: list[Person], action: Action) -> None:
    """The acting person's phone scans its table's code (by habit) and acts through its pass."""
    person = next(p for p in people if p.name == action.person)
    scan(person, session.tables.get(number=action.table))
    api = f"/api/v1/entrant-links/{person.acting or person.own_pass}/"
    fresh()
    if action.kind == "send":
        body = {
            "tray": action.tray,
            "ns_tricks": action.tricks,
            "idempotency_key": f"{action.table}-{action.tray}",
            "ask": True,
        }
        answer = person.phone.post(api + "results/", json.dumps(body), content_type="application/json")
        if answer.status_code == 400 and "ask" in answer.json():  # asked once, in its own count's words
            c = action.tricks
            assert answer.json() == {"ask": [f"N-S {c}, so E-W {13 - c}: is that right?"]}, action
            ASKED.append(action)
            body["sure"] = True  # the pair says it is right, as a player would
            answer = person.phone.post(api + "results/", json.dumps(body), content_type="application/json")
    else:
        answer = person.phone.post(
            f"{api}trays/{action.tray}/confirm/", "{}", content_type="application/json"
        )
    assert answer.status_code in (200, 201), (action, answer.content)


def played(person: Person, tray: int) -> bool:
    """Whether this person has played the tray (its line is sent): then its answers may change."""
    if person.entrant_id is None:
        return False
    return SlipSeat.objects.filter(entrant_id=person.entrant_id, side=person.side, tray__number=tray).exists()


def difference(before: dict[str, str], after: dict[str, str]) -> str:
    """The first changed answer, as a short diff."""
    for key in sorted(set(before) | set(after)):
        if before.get(key) != after.get(key):
            lines = difflib.unified_diff(
                before.get(key, "").splitlines(), after.get(key, "").splitlines(), lineterm="", n=1
            )
            return f"{key}:\n" + "\n".join(list(lines)[:12])
    return ""


def compare(person: Person, before: dict[str, str], after: dict[str, str], what: str) -> None:
    """Only the answers of links held before may be compared: a link had since is new to the person."""
    assert before == {k: v for k, v in after.items() if k in before}, (
        f"{person.name} learnt something when {what}:\n" + difference(before, after)
    )


def claim_attempts(session: Session, person: Person) -> dict[str, str]:
    """A fresh phone of this person says at every table it holds that it is each other entrant there."""
    out: dict[str, str] = {}
    for token in person.links("table"):
        state = Client().get(f"/api/v1/tables/{token}/").json()
        for choice in state["claims"]:
            if choice["this_phone"]:
                continue
            fresh()
            answer = Client().post(f"/api/v1/tables/{token}/claim/", {"entrant": choice["value"]})
            out[f"{token[:6]} {choice['value']}"] = f"{answer.status_code} {answer.content.decode()}"
    return out


def leave_a_phone(session: Session, people: list[Person]) -> tuple[Person, Person]:
    """After round 1: a person's phone is left at its round-1 table, and the person who sits there next
    picks it up and opens the table's code with it (as it would to say who it is); nobody taps *Not us?*.
    The one who left it plays on with a new phone, through its own printed link."""
    rows = seatings_of(session)
    first = {
        key: r.table
        for r in rows
        if r.round.number == 1
        for key in (side_of(session, r, "NS"), side_of(session, r, "EW"))
    }
    second = {
        key: r.table
        for r in rows
        if r.round.number == 2
        for key in (side_of(session, r, "NS"), side_of(session, r, "EW"))
    }
    who = by_entrant(people)
    owner = next(who[k] for k, t in first.items() if k[0] is not None and second.get(k) not in (None, t))
    table = first[(owner.entrant_id, owner.side)]
    finder = next(
        who[k] for k, t in second.items() if t == table and first.get(k) != table and k[0] is not None
    )
    finder.found[owner.own_pass] = owner.phone
    finder.hold(owner.own_pass, "follower")
    assert owner.phone.get(f"/t/{table.token}/").status_code == 200  # the finder opens the table's code
    owner.phone = Client()
    owner.acting = EntrantLink.objects.get(entrant_id=owner.entrant_id, side=owner.side).token
    return owner, finder


def check_duplicate(session: Session, *, left_behind: bool = False) -> int:
    """Play the whole session from the people's phones, checking every person around every action
    (``left_behind``: a phone is left at a table after round 1 and picked up by the next pair)."""
    people = people_of(session)
    seat_everyone(session, people)
    public = public_urls(session)
    trays = sorted(session.trays.values_list("number", flat=True))
    ASKED.clear()
    for person in people:  # the pages whole once: their frames (title, call box) hand out no link either
        answers(person, session, public, trays, whole=True)
    seen = {p.name: answers(p, session, public, trays) for p in people}
    tried = {p.name: claim_attempts(session, p) for p in people if p.entrant_id}
    complete = complete_trays(session=session)
    checks = 0
    for action in plan(session, people):
        if left_behind and action.round == 2:
            owner, finder = leave_a_phone(session, people)
            left_behind = False
            seen = {p.name: answers(p, session, public, trays) for p in people}
            assert all(
                v.startswith("404")
                for k, v in seen[finder.name].items()
                if f"link {owner.own_pass[:6]} traveller" in k
            )
        act(session, people, action)
        now_complete = complete_trays(session=session)
        for person in people:
            unplayed = not played(person, action.tray)
            if unplayed and action.kind == "confirm" and action.round > 1:
                continue  # E-W's checks are checked in round 1; later ones only refresh who played the tray
            after = answers(person, session, public, trays)
            if unplayed:
                strip = without_running if now_complete != complete else dict
                compare(person, strip(seen[person.name]), strip(after), f"{action} was done")
                checks += 1
            seen[person.name] = after
        complete = now_complete
    for person in people:
        answers(person, session, public, trays, whole=True)
        if person.entrant_id:
            attempts = claim_attempts(session, person)
            before = tried[person.name]
            assert {k: v for k, v in attempts.items() if k in before} == before, person.name
            assert all(v.startswith("400 ") for v in attempts.values()), attempts
            own = {
                EntrantLink.objects.get(entrant_id=person.entrant_id, side=person.side).token,
                person.own_pass,
                *person.found,  # a phone it picked up: the one who left it was warned (its pass in doubt)
            }
            assert set(person.links("follower")) == own, f"{person.name} was handed another entrant's link"
    return checks


def test_a_mitchell_with_a_relay(club: Club) -> None:
    session = build(club, "mitchell", "pairs", 8, 2, variant="mod8")
    assert session.tables.count() == 4
    assert check_duplicate(session) > 120
    assert ASKED  # some of the evening's counts were asked about before they went


def plays_a_simultaneous_event(session: Session) -> None:
    """The session plays the pack of an event organised on this server (its own deals): every person
    then asks the event's public page and public API too, around every send."""
    event = sim_services.event_create(
        organiser=session.club,
        name="Privacy simultaneous",
        plays_from="2026-11-30",
        plays_to="2026-12-01",
        release_at=dt.datetime(2026, 12, 7, 20, tzinfo=dt.UTC),
        methods=["matchpoints", "trick"],
        pbn=pbn_export(session=session),
    )
    sim_club, key = sim_services.sim_club_add(event=event, name=session.club.name)
    pack = sim_services.pack_for(sim_club=sim_club, key=key, results_url="")
    sim_pack_import(session=session, data=pack)
    assert len(sim_urls(session)) == 4


def test_a_howell_of_six_pairs_playing_a_simultaneous_events_pack(club: Club) -> None:
    session = build(club, "howell", "pairs", 6, 2)
    plays_a_simultaneous_event(session)
    assert check_duplicate(session) > 40


def test_a_phone_left_at_a_table_shows_the_next_pair_nothing(club: Club) -> None:
    """A person's phone left at its table after round 1 is picked up by the pair that sits there next,
    which opens the table's code with it and never taps *Not us?*: that pair learns nothing of the trays
    it has not played, through the phone it picked up or any other link, all evening."""
    session = build(club, "howell", "pairs", 6, 2)
    assert check_duplicate(session, left_behind=True) > 40


def test_a_howell_for_teams_of_four(club: Club) -> None:
    session = build(club, "fours-howell", "fours", 4, 4, deals=5)
    assert EntrantLink.objects.filter(session=session, side="NS").count() == 4
    assert check_duplicate(session) > 50


def test_a_mnemonic_sitting(club: Club, players: list[Any]) -> None:
    session = make_mnemonic(club, players, deals_count=4)
    session = sessions.session_publish_switches(session=session, running_score=True)
    people = people_of(session)
    first = session.tables.get(number=1)
    for person in people[:4]:
        claim(person, first, EntrantLink.objects.get(entrant_id=person.entrant_id).entrant.number)
    public = public_urls(session)
    trays = sorted(session.trays.values_list("number", flat=True))
    for person in people:
        answers(person, session, public, trays, whole=True)
    seen = {p.name: answers(p, session, public, trays) for p in people}
    checks = 0
    for rnd in session.rounds.order_by("number"):
        row = rnd.seatings.select_related("table").get()
        north = EntrantMember.objects.get(
            session=session, player=row.seats.get(direction="N").player
        ).entrant_id
        sender = next(p for p in people if p.entrant_id == north)
        scan(sender, row.table)
        for st in row.seating_trays.select_related("tray").order_by("order"):
            fresh()
            body = {"tray": st.tray.number, "ns_tricks": (st.tray.number * 5 + rnd.number) % 14, "ask": True}
            url = f"/api/v1/entrant-links/{sender.own_pass}/results/"
            answer = sender.phone.post(url, json.dumps(body), content_type="application/json")
            if answer.status_code == 400 and "ask" in answer.json():
                c = body["ns_tricks"]
                assert answer.json() == {"ask": [f"N-S {c}, so E-W {13 - c}: is that right?"]}
                answer = sender.phone.post(
                    url, json.dumps(body | {"sure": True}), content_type="application/json"
                )
            assert answer.status_code == 201, (sender.name, sender.own_pass, answer.content)
            for person in people:
                after = answers(person, session, public, trays)
                if not played(person, st.tray.number):
                    compare(
                        person,
                        without_running(seen[person.name]),
                        without_running(after),
                        f"tray {st.tray.number}",
                    )
                    checks += 1
                seen[person.name] = after
    assert checks >= 8  # the public, around every send


def drive_act(actor: Person, kind: str, table: int, change: int) -> None:
    """At a whist drive, N sends who won and the points at his table, or E checks it, from their pages."""
    fresh()
    body: dict[str, Any] = {}
    if kind == "send":
        body = {"winner": "NS" if (table + change) % 2 else "EW", "points": (table * change) % 7 + 1}
    route = "drive/result/" if kind == "send" else "drive/check/"
    api = f"/api/v1/entrant-links/{actor.own_pass}/{route}"
    answer = actor.phone.post(api, json.dumps(body), content_type="application/json")
    assert answer.status_code in (200, 201), answer.content


def test_a_whist_drive(drive_of: Callable[..., Session]) -> None:
    session = drive_of(tables=3, changes=3)
    session = sessions.session_publish_switches(session=session, running_score=True)
    people = people_of(session)
    person_of = {EntrantLink.objects.get(entrant_id=p.entrant_id).entrant.number: p for p in people[:-1]}
    for table, seats in DriveChange.objects.get(session=session, number=1).seating.items():
        for number in seats.values():
            claim(person_of[number], session.tables.get(number=int(table)), number)
    public = public_urls(session)
    for person in people:
        answers(person, session, public, sorted(session.trays.values_list("number", flat=True)), whole=True)
    checks = 0
    for number in (1, 2, 3):
        change = DriveChange.objects.get(session=session, number=number)
        trays = sorted(session.trays.values_list("number", flat=True))
        for table, seats in change.seating.items():
            for seated in seats.values():
                scan(person_of[seated], session.tables.get(number=int(table)))
        seen = {p.name: answers(p, session, public, trays) for p in people}
        for table, kind in [(int(t), kind) for t in change.seating for kind in ("send", "check")]:
            seats = change.seating[str(table)]
            drive_act(person_of[seats["N"] if kind == "send" else seats["E"]], kind, table, number)
            if kind == "send" and SlipLine.objects.filter(round=change.round).count() == len(change.seating):
                break  # the change is complete: the next is seated, every phone shows it (p. 24)
            here = {person_of[n].name for n in seats.values()}
            for person in people:
                after = answers(person, session, public, trays)
                if person.name not in here:
                    compare(person, seen[person.name], after, f"table {table}'s {kind} in change {number}")
                    checks += 1
                seen[person.name] = after
    assert checks > 60


def played_and_closed(club: Club) -> tuple[Session, list[Person]]:
    """Six pairs' Howell of two trays a round, every person seated and every tray played from the
    phones, then closed: the session and its people."""
    session = build(club, "howell", "pairs", 6, 2)
    people = people_of(session)
    seat_everyone(session, people)
    for action in plan(session, people):
        act(session, people, action)
    sessions.session_set_status(session=session, status=Session.Status.CLOSED)
    return session, people


def test_once_closed_the_phones_see_only_what_the_public_sees(club: Club) -> None:
    session, people = played_and_closed(club)
    trays = sorted(session.trays.values_list("number", flat=True))
    person = people[0]
    found = answers(person, session, [], trays)
    assert all(v.startswith("404") for k, v in found.items() if " traveller " in k), person.name
    state = json.loads(found[f"link {person.own_pass[:6]} api"].split(" ", 1)[1])
    assert state["now"] is None and state["just_played"] is None and state["running"] is None
    confirm = person.phone.post(f"/api/v1/entrant-links/{person.own_pass}/trays/1/confirm/", {})
    assert confirm.status_code in (400, 404) and "ns_tricks" not in confirm.content.decode()
    sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)
    sessions.session_publish_switches(session=session, standings=True)
    assert answers(person, session, [], trays)[f"link {person.own_pass[:6]} traveller 1"].startswith("404")
    sessions.session_publish_switches(session=session, travellers=True)
    assert answers(person, session, [], trays)[f"link {person.own_pass[:6]} traveller 1"].startswith("200")


def test_the_phones_list_the_corrections_as_the_public_results_do_and_no_more(club: Club) -> None:
    """A correction made while the published results are provisional is listed on every phone in the
    public results' words: without its figures while the travellers are not published, with them after."""
    session, people = played_and_closed(club)
    session = session_publish(session=session, standings=True, travellers=False, hand_records=False)
    trays = sorted(session.trays.values_list("number", flat=True))
    line = SlipLine.objects.filter(session=session).select_related("tray", "table").order_by("pk").first()
    assert line is not None and line.ns_tricks is not None
    was, now = f"N-S {line.ns_tricks}, E-W", f"N-S {(line.ns_tricks + 1) % 14}, E-W"
    result_correct(line=line, reason="Slip misread", ns_tricks=(line.ns_tricks + 1) % 14)
    fresh()
    said = f"Tray {line.tray.number}, table {line.table.number} corrected on "
    public = f"/api/v1/public/clubs/{club.slug}/sessions/{session.pk}/"
    for person in people[:-1]:
        found = answers(person, session, [], trays)
        state = json.loads(found[f"link {person.own_pass[:6]} api"].split(" ", 1)[1])
        assert state["results_changes"] == [c["said"] for c in Client().get(public).json()["changes"]]
        assert len(state["results_changes"]) == 1 and state["results_changes"][0].startswith(said)
        assert said in found[f"link {person.own_pass[:6]} page"]
        shown = [k for k, v in found.items() if "corrected from" in v or f"{was}" in v or f"{now}" in v]
        assert not shown, (person.name, shown)
    session_publish(session=session, standings=True, travellers=True, hand_records=False)
    fresh()
    found = answers(people[0], session, [], trays)
    state = json.loads(found[f"link {people[0].own_pass[:6]} api"].split(" ", 1)[1])
    assert state["results_changes"][0].startswith(
        f"Tray {line.tray.number}, table {line.table.number} corrected from {was}"
    )


@pytest.fixture
def club(director: Any) -> Club:
    club = club_services.club_create(name="Privacy Whist Club", slug="privacy")
    club_services.director_add(club=club, user=director)
    return club
