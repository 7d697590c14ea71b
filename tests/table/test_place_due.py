"""A table's own page leads with the pairs due there now and next, by the one clock, not every pair.

Issue ("What the slips say is what happened", 4): a table's page in round 1 listed all nine pairs that
would ever sit there, in number order, not the two due now.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.utils import timezone

from tests.sends import result_submit
from tournaments.models import Club, Round, Seating, Session
from tournaments.services import club as club_services
from tournaments.services import running, seating, sessions

pytestmark = pytest.mark.django_db


@pytest.fixture
def howell_ten(club: Club) -> Session:
    """Ten pairs by the Howell System (p. 34): five tables, nine rounds, a different pair at a table
    nearly every round."""
    players = [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 21)]
    session = sessions.session_create(club=club, date=dt.date(2026, 12, 1), title="Ten pairs")
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="howell", deals=9)
    return sessions.session_start(session=session)


def _pairs_at(session: Session, table: int, rnd: int) -> list[int]:
    seated = Seating.objects.select_related("ns", "ew").get(
        round__session=session, round__number=rnd, table__number=table
    )
    return [seated.ns.number, seated.ew.number]


def _shown(client: Client, session: Session, table: int) -> tuple[list[int], list[int], str]:
    """The pairs the table's page offers first, those folded away, and the "At Table" block's words."""
    html = client.get(f"/t/{session.tables.get(number=table).token}/").content.decode()
    claims = html.split('class="claims"', 1)[1].split("</form>", 1)[0]
    first, _, later = claims.partition('id="other-pairs"')
    numbers = re.compile(r'name="entrant" value="(\d+)"')
    due = re.search(r'<section class="block due-here".*?</section>', html, re.S)
    words = " ".join(re.sub(r"<[^>]+>", " ", due.group(0)).split()) if due else ""
    return [int(n) for n in numbers.findall(first)], [int(n) for n in numbers.findall(later)], words


def test_in_round_1_the_page_offers_the_pairs_due_now_and_next_and_folds_the_rest(
    howell_ten: Session,
) -> None:
    running.session_timer_set(session=howell_ten, minutes_per_tray=7, change_minutes=2)
    table = 2
    now, then = _pairs_at(howell_ten, table, 1), _pairs_at(howell_ten, table, 2)
    first, later, words = _shown(Client(), howell_ten, table)
    assert set(first) == set(now + then) and len(first) == len(set(now + then))
    assert first[:2] == sorted(now), "the pairs due now come first"
    assert later and not set(later) & set(first), "every other pair is a tap away, once"
    assert words.startswith(f"At Table {table} Round 1 · now N-S Pair {now[0]} v E-W Pair {now[1]}")
    assert "Round 2 · next" in words


def test_without_a_timer_no_round_is_called_due_and_the_whole_card_is_offered(howell_ten: Session) -> None:
    """Tables moving on by themselves with no timer go each at its own pace: no clock says which round is
    due, so the page never calls round 1 "now" all evening; it offers every pair of its card alike."""
    send_all_of_round_1(howell_ten)
    first, later, words = _shown(Client(), howell_ten, 2)
    assert words == "" and later == [] and first == sorted(first), "every pair alike, in number order"
    assert set(first) >= set(_pairs_at(howell_ten, 2, 1) + _pairs_at(howell_ten, 2, 2))


def send_all_of_round_1(session: Session) -> None:
    """Every table's round 1, entered by the director (the room has moved on)."""
    for seated in Seating.objects.filter(round__session=session, round__number=1).select_related("table"):
        for tray in seated.trays.all():
            result_submit(table=seated.table, tray_number=tray.number, ns_tricks=7, as_director=True)


def test_the_round_due_follows_the_clock_and_never_the_results(howell_ten: Session) -> None:
    running.session_timer_set(session=howell_ten, minutes_per_tray=7, change_minutes=2)
    Round.objects.filter(session=howell_ten, number=1).update(
        started_at=timezone.now() - dt.timedelta(minutes=2 * 9 + 1)  # two rounds of 9 minutes, then 1
    )
    client = Client()
    first, later, words = _shown(client, howell_ten, 2)
    assert first[:2] == sorted(_pairs_at(howell_ten, 2, 3)) and "Round 3 · now" in words
    seated = Seating.objects.get(round__session=howell_ten, round__number=1, table__number=2)
    result_submit(table=seated.table, tray_number=seated.trays.get().number, ns_tricks=7)
    assert _shown(client, howell_ten, 2) == (first, later, words), "a result sent changes nothing here"


def test_while_the_tables_wait_for_the_director_the_round_due_is_the_directors(howell_ten: Session) -> None:
    running.session_tables_advance(session=howell_ten, on=False)
    for _ in range(3):
        sessions.session_advance(session=howell_ten)
    first, _, words = _shown(Client(), howell_ten, 3)
    assert first[:2] == sorted(_pairs_at(howell_ten, 3, 4)) and "Round 4 · now" in words
