"""Nobody learns a result before playing that tray: non-interference, as a property of every path.

Whole sessions are played from the players' own phones (a Howell of 8
pairs; a Mitchell of 7 tables with a sit-out; a Howell for teams of four).
Around every single send and every E-W check, every answer every honest
viewer can get is collected (``viewers.answers``: each phone's page and
JSON, the table and entrant API with every tray's traveller, and every
public page, export, PDF and public API endpoint). A viewer's answers must
not change when a tray that viewer has not played gets a result.

The one named exception is the running score (``viewers.RUNNING_FIELDS``:
the score itself and the page digest that includes it), which may change
when, and only when, the send completes a tray: every table due to play it
has then played it, so the viewers who see it change have all played it or
never will. The director allows the running score all evening here, so it
is under test too. New pages, exports and endpoints are covered as soon as
``viewers`` lists them: the public's list is built from the URL patterns.
"""

from __future__ import annotations

import datetime as dt
import difflib
import json
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from privacy.viewers import Viewer, answers, public_urls, viewers_of, without_running

from scoring.models import SlipLine, SlipSeat
from scoring.selectors.slips import complete_trays
from tournaments.models import Club, EntrantLink, Seating, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@dataclass(frozen=True)
class Action:
    """A phone sends N-S tricks for a tray, or E-W check it."""

    kind: str  # send | confirm
    round: int
    table: int
    tray: int
    phone: str  # the acting entrant link's token
    tricks: int = 7


def build(club: Club, family: str, kind: str, count: int, deals_count: int, size: int) -> Session:
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
        roles = dict(zip("NSEW", group, strict=True)) if size == 4 else group
        sessions.entrant_create(session=session, players=roles)
    seating.movement_fix(session=session, family=family, deals=deals_count)
    deals.trays_deal(session=session)
    session = sessions.session_start(session=session)
    return sessions.session_publish_switches(session=session, running_score=True)


def actor(seating: Seating, side: str) -> str:
    """The own link of the pair (or team's pair) playing this side at this table."""
    entrant = seating.ns if side == "NS" else seating.ew
    team_side = side if seating.round.session.entrant_kind == "fours" else ""
    return EntrantLink.objects.get(entrant=entrant, side=team_side).token


def plan(session: Session) -> list[Action]:
    """Round by round: every table sends its trays, then E-W check them."""
    actions: list[Action] = []
    seatings = Seating.objects.filter(round__session=session).select_related("round", "table", "ns", "ew")
    by_round: dict[int, list[Seating]] = {}
    for s in seatings.order_by("round__number", "table__number"):
        if s.ns is None or s.ew is None or s.ns.is_phantom or s.ew.is_phantom:
            continue
        by_round.setdefault(s.round.number, []).append(s)
    for number, tables in sorted(by_round.items()):
        for kind, side in (("send", "NS"), ("confirm", "EW")):
            for s in tables:
                for st in s.seating_trays.select_related("tray").order_by("order"):
                    tray = st.tray.number
                    tricks = (tray * 3 + s.table.number * 5 + number) % 14
                    actions.append(Action(kind, number, s.table.number, tray, actor(s, side), tricks))
    return actions


def act(action: Action) -> Any:
    """Do it from the acting pair's own phone, as its player would."""
    phone = Client()
    api = f"/api/v1/entrant-links/{action.phone}/"
    body: dict[str, Any] = {"tray": action.tray}
    if action.kind == "send":
        body |= {"ns_tricks": action.tricks, "idempotency_key": f"{action.table}-{action.tray}"}
    url = api + ("results/" if action.kind == "send" else f"trays/{action.tray}/confirm/")
    response = phone.post(url, json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 201), (action, response.content)
    return response


def played(viewer: Viewer, tray: int, session: Session) -> bool:
    """Whether this viewer has played the tray (its line is sent): then its answers may change."""
    if viewer.kind == "entrant":
        return SlipSeat.objects.filter(
            entrant_id=viewer.entrant_id, side=viewer.side, tray__number=tray
        ).exists()
    if viewer.kind == "table":
        return SlipLine.objects.filter(table_id=viewer.table_id, tray__number=tray).exists()
    return False


def difference(before: dict[str, str], after: dict[str, str]) -> str:
    """The first changed answer, as a short diff."""
    for key in before:
        if before[key] != after[key]:
            lines = difflib.unified_diff(before[key].splitlines(), after[key].splitlines(), lineterm="", n=1)
            return f"{key}:\n" + "\n".join(list(lines)[:12])
    return ""


def check_session(session: Session) -> int:
    """Play the whole session, checking every viewer around every action; returns the checks made."""
    viewers = viewers_of(session)
    public = public_urls(session)
    trays = sorted(session.trays.values_list("number", flat=True))
    seen = {v.name: answers(v, session, public, trays) for v in viewers}
    complete = complete_trays(session=session)
    checks = 0
    for action in plan(session):
        act(action)
        now_complete = complete_trays(session=session)
        completed = now_complete != complete
        # E-W's checks are checked in round 1; later ones only refresh those who played the tray.
        checking = action.kind == "send" or action.round == 1
        for viewer in viewers:
            unplayed = not played(viewer, action.tray, session)
            if unplayed and not checking:
                continue
            after = answers(viewer, session, public, trays)
            if unplayed:
                before_cmp, after_cmp = (
                    (without_running(seen[viewer.name]), without_running(after))
                    if completed
                    else (seen[viewer.name], after)
                )
                assert before_cmp == after_cmp, (
                    f"{viewer.name} learnt something when {action} was done on a tray it has not played:\n"
                    + difference(before_cmp, after_cmp)
                )
                checks += 1
            seen[viewer.name] = after
        complete = now_complete
    return checks


def test_a_howell_of_eight_pairs(club: Club) -> None:
    session = build(club, "howell", "pairs", 8, 7, 2)
    assert check_session(session) > 150


def test_a_mitchell_of_seven_tables_with_a_sit_out(club: Club) -> None:
    session = build(club, "mitchell", "pairs", 13, 7, 2)
    assert session.tables.count() == 7
    assert check_session(session) > 300


def test_a_howell_for_teams_of_four(club: Club) -> None:
    session = build(club, "fours-howell", "fours", 4, 5, 4)
    assert EntrantLink.objects.filter(session=session, side="NS").count() == 4
    assert check_session(session) > 50


def test_once_closed_the_phones_see_only_what_the_public_sees(club: Club) -> None:
    session = build(club, "howell", "pairs", 8, 7, 2)
    for action in plan(session):
        act(action)
    sessions.session_set_status(session=session, status=Session.Status.CLOSED)
    trays = sorted(session.trays.values_list("number", flat=True))
    for viewer in viewers_of(session):
        if viewer.kind == "public":
            continue
        found = answers(viewer, session, [], trays)
        assert all(found[f"api traveller {t}"].startswith("404") for t in trays), viewer.name
        state = json.loads(found["api state"].split(" ", 1)[1])
        assert state["now"] is None and state["just_played"] is None and state["running"] is None
    sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)
    sessions.session_publish_switches(session=session, standings=True)
    phone = viewers_of(session)[0]
    assert answers(phone, session, [], trays)["api traveller 1"].startswith("404"), (
        "standings alone: no lines"
    )
    sessions.session_publish_switches(session=session, travellers=True)
    assert answers(phone, session, [], trays)["api traveller 1"].startswith("200")


@pytest.fixture
def club(director: Any) -> Club:
    club = club_services.club_create(name="Privacy Whist Club", slug="privacy")
    club_services.director_add(club=club, user=director)
    return club
