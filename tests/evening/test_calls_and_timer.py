"""A call to the director from the table, shown on the live board until answered; the round timer."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from entry.services.calls import call_answer
from tests.api.helpers import token_client
from tests.phones import follower_api, seated_pass
from tests.sends import result_submit
from tournaments.clock import clock_words, round_clock, session_clock
from tournaments.models import DirectorCall, EntrantLink, Session
from tournaments.services import running, sessions
from tournaments.services.errors import UserError

pytestmark = pytest.mark.django_db
T0 = dt.datetime(2026, 12, 1, 19, 30, tzinfo=dt.UTC)


# --- The clock, from plain values --------------------------------------------------------------


def test_a_round_lasts_its_trays_times_the_minutes_a_tray_and_the_change_follows() -> None:
    clock = round_clock(round_number=1, trays=3, minutes_per_tray=7, change_minutes=2, begun={1: T0})
    assert clock is not None
    assert (clock.ends_at - T0, clock.change_ends_at - T0) == (
        dt.timedelta(minutes=21),
        dt.timedelta(minutes=23),
    )
    assert [clock.phase(T0 + dt.timedelta(minutes=m)) for m in (-1, 5, 22, 30)] == [
        "playing", "playing", "change", "over"
    ]  # fmt: skip  # a table that reached the round before it began plays it, with more time left


def test_a_round_the_director_did_not_begin_follows_the_last_one_begun() -> None:
    clock = round_clock(round_number=3, trays=2, minutes_per_tray=7, change_minutes=1, begun={1: T0})
    assert clock is not None and clock.starts_at == T0 + 2 * dt.timedelta(minutes=15)
    later = round_clock(round_number=3, trays=2, minutes_per_tray=7, change_minutes=1, begun={1: T0, 3: T0})
    assert later is not None and later.starts_at == T0


def test_each_round_has_one_deadline_that_the_results_never_move() -> None:
    """Issue: the board and the hall's screen said "Round 4, 13:34 left" and flagged a table late while its
    phone said "12:13 left in round 3": each place ran a clock of its own, moved by the results."""
    minute = dt.timedelta(minutes=1)
    clock = session_clock(rounds=3, trays=2, minutes_per_tray=7, change_minutes=1, begun={1: T0})
    assert [clock.deadlines[n] - T0 for n in (1, 2, 3)] == [14 * minute, 29 * minute, 44 * minute]
    assert not clock.late(2, T0 + 28 * minute) and clock.late(2, T0 + 29 * minute)
    assert clock.words(2, T0 + 16 * minute) == "13 min left in round 2"
    assert clock.words(1, T0 + 16 * minute, playing=True) == "Round 1 is 2 min over time"


def test_the_directors_start_of_a_round_ends_the_one_before() -> None:
    minute = dt.timedelta(minutes=1)
    clock = session_clock(
        rounds=3, trays=2, minutes_per_tray=7, change_minutes=1, begun={1: T0, 2: T0 + 10 * minute}
    )
    assert clock.deadlines[1] == T0 + 10 * minute and clock.late(1, T0 + 11 * minute)
    assert clock.deadlines[3] == T0 + 39 * minute, "round 3 follows round 2 as begun"
    untimed = session_clock(rounds=3, trays=2, minutes_per_tray=0, change_minutes=0, begun={1: T0, 2: T0})
    assert untimed.rounds == {} and dict(untimed.deadlines) == {}, "begun at the same moment: nothing ends"
    untimed = session_clock(
        rounds=3, trays=2, minutes_per_tray=0, change_minutes=0, begun={1: T0, 2: T0 + minute}
    )
    assert dict(untimed.deadlines) == {1: T0 + minute}, "without a timer a round ends when the next begins"


def test_no_minutes_a_tray_means_no_timer_and_the_words_say_the_time_left() -> None:
    assert round_clock(round_number=1, trays=2, minutes_per_tray=0, change_minutes=2, begun={1: T0}) is None
    clock = round_clock(round_number=2, trays=2, minutes_per_tray=7, change_minutes=2, begun={2: T0})
    assert clock_words(clock, T0 + dt.timedelta(minutes=4)) == "10 min left in round 2"
    assert clock_words(clock, T0 + dt.timedelta(minutes=15)) == "Change: 1 min to move on"


# --- The timer set by the director -------------------------------------------------------------


def test_the_director_sets_the_timer_and_bad_minutes_are_refused_by_their_field(
    running_session: Session,
) -> None:
    session = running.session_timer_set(session=running_session, minutes_per_tray="7", change_minutes="2")
    assert (session.minutes_per_tray, session.change_minutes) == (7, 2)
    for per_tray, change, field in (("61", "2", "minutes_per_tray"), ("7", "x", "change_minutes")):
        with pytest.raises(UserError) as refused:
            running.session_timer_set(
                session=running_session, minutes_per_tray=per_tray, change_minutes=change
            )
        assert refused.value.field == field


def test_starting_and_advancing_begin_the_rounds_clock(seated_session: Session) -> None:
    started = sessions.session_start(session=seated_session)
    first = started.rounds.get(number=1).started_at
    assert first is not None and abs((timezone.now() - first).total_seconds()) < 5
    running.session_tables_advance(session=started, on=False)
    sessions.session_advance(session=started)
    assert started.rounds.get(number=2).started_at is not None


def test_the_board_shows_the_rooms_clock_and_the_timer_form(
    director_client: Client, running_session: Session
) -> None:
    running.session_timer_set(session=running_session, minutes_per_tray=7, change_minutes=2)
    page = director_client.get(reverse("run:board", args=[running_session.pk])).content.decode()
    assert 'id="room-clock" data-clock=' in page and "min left in round 1" in page
    data = director_client.get(reverse("run:board_json", args=[running_session.pk])).json()
    assert data["clock"]["round"] == 1 and data["clock"]["minutes_per_tray"] == 7
    refused = director_client.post(
        reverse("run:timer", args=[running_session.pk]), {"minutes_per_tray": "99"}, follow=True
    )
    assert "Minutes a tray: from 0 to 60 minutes, not 99." in refused.content.decode()


# --- The call -----------------------------------------------------------------------------------


def test_a_table_calls_the_director_once_however_often_it_presses(running_session: Session) -> None:
    table = running_session.tables.get(number=2)
    phone = Client()
    first = phone.post(f"/api/v1/tables/{table.token}/call/")
    again = phone.post(f"/api/v1/tables/{table.token}/call/")
    assert first.status_code == 201 and again.status_code == 200
    assert DirectorCall.objects.filter(session=running_session, answered_at=None).count() == 1
    call = DirectorCall.objects.get(session=running_session)
    assert (call.table.number, call.round_number, call.called_by) == (2, 1, "table 2")


def test_a_phone_that_follows_its_pair_calls_from_the_table_where_the_pair_sits(
    running_session: Session,
) -> None:
    link = EntrantLink.objects.get(session=running_session, entrant__number=4, side="")
    response = Client().post(f"/p/{link.token}/call")
    assert response.status_code == 302
    call = DirectorCall.objects.get(session=running_session)
    assert call.table == running_session.rounds.get(number=1).seatings.get(ew__number=4).table
    assert call.called_by == "pair 4's phone"


def test_the_call_shows_on_the_board_until_it_is_answered(
    director_client: Client, running_session: Session
) -> None:
    table = running_session.tables.get(number=3)
    Client().post(f"/t/{table.token}/call")
    board = director_client.get(reverse("run:board", args=[running_session.pk])).content.decode()
    assert "Table 3 calls the director" in board
    data = director_client.get(reverse("run:board_json", args=[running_session.pk])).json()
    assert (
        data["needs"]["calls"][0]["where"] == "Table 3" and "Table 3 calls the director" in data["needs_html"]
    )
    call = DirectorCall.objects.get(session=running_session)
    director_client.post(reverse("run:call_answer", args=[running_session.pk, call.pk]))
    call.refresh_from_db()
    assert call.answered_at is not None and call.answered_by == "dir"
    assert (
        "calls the director"
        not in director_client.get(reverse("run:board", args=[running_session.pk])).content.decode()
    )
    Client().post(f"/t/{table.token}/call")
    assert DirectorCall.objects.filter(session=running_session).count() == 2, "a new call after the answer"


def test_a_call_outside_a_running_session_is_refused_with_the_reason(seated_session: Session) -> None:
    table = seated_session.tables.get(number=1)
    response = Client().post(f"/api/v1/tables/{table.token}/call/")
    assert response.status_code == 400 and "not running" in str(response.json())
    assert Client().post("/t/no-such-link/call").status_code == 404


def test_the_phones_clock_gives_the_rounds_times_and_the_open_call(running_session: Session) -> None:
    """A pair's phone (its pass) counts down its round; the table's link (a place) shows no clock, only the
    table's open call, which the pair's phone shows too."""
    running.session_timer_set(session=running_session, minutes_per_tray=8, change_minutes=1)
    table = running_session.tables.get(number=1)
    follower = follower_api(table)
    body = Client().get(follower + "clock/").json()
    assert body["clock"]["round"] == 1 and body["clock"]["phase"] == "playing" and body["call"] is None
    place = Client().get(f"/api/v1/tables/{table.token}/clock/").json()
    assert place["clock"] is None and place["call"] is None
    header = Client().get("/api/v1/table/clock/", headers={"Authorization": f"Table {table.token}"}).json()
    assert header["clock"] is None
    Client().post(f"/t/{table.token}/call")
    assert Client().get(f"/api/v1/tables/{table.token}/clock/").json()["call"] is not None
    assert Client().get(follower + "clock/").json()["call"] is not None


def test_a_pairs_clock_begins_its_next_round_when_its_pair_moved_on_early(running_session: Session) -> None:
    """Issue: the clock ran behind the play. A pair that finished round 1 early is playing round 2, not
    waiting for it; what moves its clock is its own results only (the trays it played)."""
    running.session_timer_set(session=running_session, minutes_per_tray=8, change_minutes=1)
    table = running_session.tables.get(number=1)
    follower = follower_api(table)
    tray = running_session.rounds.get(number=1).seatings.get(table=table).trays.get().number
    result_submit(table=table, tray_number=tray, ns_tricks=7)
    body = Client().get(follower + "clock/").json()
    assert body["clock"]["round"] == 2 and body["clock"]["phase"] == "playing"


def test_the_call_include_renders_a_button_and_the_clock_for_the_phone_page(running_session: Session) -> None:
    """On a pair's page (its pass) the include calls and counts down; on the table's page it only calls."""
    running.session_timer_set(session=running_session, minutes_per_tray=8, change_minutes=1)
    table = running_session.tables.get(number=1)
    token = seated_pass(table)
    html = Template('{% include "table/_call.html" %}').render(
        Context({"token": token, "urls": {"home": f"/p/{token}/"}, "csrf_token": "x"})
    )
    assert f'action="/p/{token}/call"' in html and "Call the director" in html
    assert f'data-clock-url="/api/v1/entrant-links/{token}/clock/"' in html and "min left in round 1" in html
    place = Template('{% include "table/_call.html" %}').render(
        Context({"token": table.token, "urls": {"home": f"/t/{table.token}/"}, "csrf_token": "x"})
    )
    assert f'action="/t/{table.token}/call"' in place and "Call the director" in place
    assert f'data-clock-url="/api/v1/tables/{table.token}/clock/"' in place
    assert "min left" not in place and "data-clock=" not in place


def test_the_phones_api_calls_and_reads_the_clock_and_the_director_answers(
    running_session: Session, director: object
) -> None:
    table = running_session.tables.get(number=1)
    phone = APIClient()
    first = phone.post(f"/api/v1/tables/{table.token}/call/")
    again = phone.post(f"/api/v1/tables/{table.token}/call/")
    assert (first.status_code, again.status_code) == (201, 200) and first.json()["id"] == again.json()["id"]
    assert phone.get(f"/api/v1/tables/{table.token}/clock/").json()["call"]["id"] == first.json()["id"]
    api = token_client(director)
    assert [c["table"] for c in api.get(f"/api/v1/sessions/{running_session.pk}/calls/").json()] == [1]
    answered = api.post(f"/api/v1/sessions/{running_session.pk}/calls/{first.json()['id']}/answer/")
    assert answered.status_code == 200 and answered.json()["answered_at"]
    timer = api.put(
        f"/api/v1/sessions/{running_session.pk}/timer/", {"minutes_per_tray": 7, "change_minutes": 2}
    )
    assert timer.status_code == 200 and timer.json()["clock"]["minutes_per_tray"] == 7
    bad = api.put(
        f"/api/v1/sessions/{running_session.pk}/timer/", {"minutes_per_tray": -1, "change_minutes": "x"}
    )
    assert bad.status_code == 400 and set(bad.json()) == {"minutes_per_tray", "change_minutes"}


def test_another_clubs_director_gets_404_for_calls_and_the_timer(
    stranger_client: Client, running_session: Session, django_user_model: object
) -> None:
    table = running_session.tables.get(number=1)
    Client().post(f"/t/{table.token}/call")
    call = DirectorCall.objects.get(session=running_session)
    for url in (
        reverse("run:call_answer", args=[running_session.pk, call.pk]),
        reverse("run:timer", args=[running_session.pk]),
        reverse("run:clock_restart", args=[running_session.pk]),
    ):
        assert stranger_client.post(url, {"minutes_per_tray": "5"}).status_code == 404
    call.refresh_from_db()
    assert call.answered_at is None
    with pytest.raises(UserError):
        call_answer(session=running_session, call_id="not-a-number")


def test_the_call_json_is_valid_for_the_countdown(running_session: Session) -> None:
    running.session_timer_set(session=running_session, minutes_per_tray=8, change_minutes=1)
    body = Client().get(follower_api(running_session.tables.get(number=1)) + "clock/").json()
    clock = body["clock"]
    starts, ends = dt.datetime.fromisoformat(clock["starts_at"]), dt.datetime.fromisoformat(clock["ends_at"])
    assert ends - starts == dt.timedelta(minutes=8) and json.dumps(body)
