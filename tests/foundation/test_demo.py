"""The demo club is built through the services and serves the links make run prints."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from entry.demo import DEMO_PASSWORD, DEMO_USER, build_demo, demo_links
from entry.selectors.checks import session_checks
from scoring.models import SlipLine
from scoring.tasks import solve_one
from tests.public.builders import play_session
from tournaments.models import Club, Deal, EntrantLink, Session, Table
from tournaments.services import club as club_services
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo() -> object:
    return build_demo()


def test_the_demo_has_a_published_session_with_every_tray_played(demo: object) -> None:
    published = Session.objects.get(status=Session.Status.PUBLISHED)
    assert published.movement_family == "howell" and published.entrants.count() == 8
    expected = sum(s.trays.count() for r in published.rounds.all() for s in r.seatings.all())
    assert SlipLine.objects.filter(session=published).count() == expected
    assert not SlipLine.objects.filter(session=published).exclude(status="confirmed").exists()


def test_the_demo_has_a_session_in_progress(demo: object) -> None:
    running = Session.objects.get(status=Session.Status.RUNNING)
    assert running.movement_family == "mitchell" and running.tables.count() == 5
    lines = SlipLine.objects.filter(session=running).count()
    assert 0 < lines < running.trays.count() * running.tables.count()


def test_the_demos_lines_are_drawn_about_what_the_hands_make_so_its_session_in_play_flags_nothing(
    demo: object,
) -> None:
    """The scorer's eye on the demo: its pars are the hands' double-dummy tricks (solved on the solver's
    one thread, beside the background solve of the published Howell: the solver's library ends the
    process if two threads call it), so the lines sit near them and the Mitchell in play has no check."""
    running = Session.objects.get(status=Session.Status.RUNNING)
    solved = {d.tray.number: d for d in Deal.objects.filter(tray__session=running).select_related("tray")}
    assert len(solved) == running.trays.count()
    lines = SlipLine.objects.filter(session=running).select_related("tray")
    ns = {n: solve_one(hands=d.hands, trump_card=d.trump, dealer=d.dealer).ns for n, d in solved.items()}
    assert all(abs(line.ns_tricks - ns[line.tray.number]) <= 3 for line in lines)
    assert session_checks(session=running) == []


def test_seed_demo_if_empty_keeps_the_data(demo: object) -> None:
    before = SlipLine.objects.count()
    call_command("seed_demo", "--if-empty")
    assert SlipLine.objects.count() == before


def test_the_printed_links_work(demo: object) -> None:
    lines = demo_links("http://testserver")
    paths = [part.split("testserver", 1)[1].split()[0] for part in lines if "testserver" in part]
    client = Client()
    assert client.login(username=DEMO_USER, password=DEMO_PASSWORD)
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
    anonymous = Client()
    table = next(p for p in paths if p.startswith("/t/"))
    standings = next(p for p in paths if p.startswith("/c/") and "/s/" in p)
    assert anonymous.get(table).status_code == 200
    body = anonymous.get(standings).content.decode()
    assert "Riverside" in body or "Howell" in body


def test_the_printed_links_name_tonights_session_not_the_demos(demo: object, director: Any) -> None:
    """Issue: make club printed the demo session's links at the start of the club's own evening."""
    Session.objects.update(date=timezone.localdate() - dt.timedelta(days=7))  # the demo was last week
    assert "no session dated today yet" in "\n".join(demo_links("http://x"))
    club = Club.objects.get(slug="riverside")
    today = timezone.localdate()
    tonight = sessions.session_create(club=club, date=today, title="Friday pairs", user=director)
    lines = demo_links("http://x")
    assert f"  Tonight:           http://x/director/s/{tonight.pk}/   (Friday pairs, being set up)" in lines
    assert f"  Its QR codes:      http://x/director/s/{tonight.pk}/print/   (print, one per table)" in lines
    assert not any("no session dated today" in line for line in lines)


def test_every_printed_link_is_the_demo_clubs_when_other_clubs_exist(
    demo: object, running_session: Session
) -> None:
    """Issue: after other clubs were made, make run printed their standings, tonight and phones."""
    other = running_session.club
    today = timezone.localdate()
    Session.objects.filter(pk=running_session.pk).update(date=today)  # the latest session in play
    sessions.session_create(club=other, date=today, title="Their draft")
    people = [club_services.player_create(club=other, name=f"Guest {i}") for i in range(16)]
    play_session(club=other, players=people, title="Their published", date=today)
    demo_club = Club.objects.get(slug="riverside")
    own = set(Session.objects.filter(club=demo_club).values_list("pk", flat=True))
    tables = set(Table.objects.filter(session__club=demo_club).values_list("token", flat=True))
    links = set(EntrantLink.objects.filter(session__club=demo_club).values_list("token", flat=True))
    lines = demo_links("http://x")
    printed = [line.split("http://x", 1)[1].split()[0] for line in lines if "http://x" in line]
    assert any(p.startswith("/t/") for p in printed) and any(p.startswith("/p/") for p in printed)
    assert any(re.fullmatch(r"/c/riverside/s/\d+/", p) for p in printed)
    for path in printed:
        if found := re.fullmatch(r"/(?:director|c/[a-z-]+)/s/(\d+)/(?:print/)?", path):
            assert int(found.group(1)) in own, (path, lines)
        assert not path.startswith("/c/") or path.startswith("/c/riverside/"), (path, lines)
        assert not path.startswith("/t/") or path.split("/")[2] in tables, (path, lines)
        assert not path.startswith("/p/") or path.split("/")[2] in links, (path, lines)
    assert not any("Their" in line for line in lines)
