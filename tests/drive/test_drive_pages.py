"""The whist drive's pages (p. 24): each player's phone, and the director's set-up and drive pages."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from entry.services.directing import session_close, session_publish
from entry.services.drive import drive_enter
from scoring.models import SlipLine
from tests.api.helpers import token_client
from tournaments.models import Club, Drive, DriveChange, EntrantLink, Player, Session
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def link_of(session: Session, number: int) -> str:
    return EntrantLink.objects.get(session=session, entrant__number=number).token


def at_table(session: Session, change: int, table: int) -> dict[str, int]:
    return {
        s: int(p)
        for s, p in DriveChange.objects.get(session=session, number=change).seating[str(table)].items()
    }


def api(token: str, what: str = "") -> str:
    """The player's own drive API: ``""`` (the state), ``result/``, ``check/``, ``dispute/``, ``stamp/``."""
    return f"/api/v1/entrant-links/{token}/drive/{what}"


def send(client: Client, token: str, body: dict[str, Any]) -> Any:
    return client.post(api(token, "result/"), json.dumps(body), content_type="application/json")


def state(token: str) -> dict[str, Any]:
    cache.clear()  # the API's rate limit counts these requests too
    answer: dict[str, Any] = Client().get(api(token)).json()
    return answer


def test_a_players_page_says_where_to_sit_with_whom_and_against_whom(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=3)
    seats = at_table(session, 1, 2)
    response = Client().get(reverse("drive:player", args=[link_of(session, seats["E"])]))
    page = response.content.decode()
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    assert "Table <b>2</b>" in page and "East" in page and "Change 1" in page
    assert f"Drive player {seats['W']:02d}" in page  # the partner, West
    assert "Who won deal 2?" in page


def test_a_player_sends_who_won_and_the_points_and_the_other_side_checks_it(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=2)
    seats = at_table(session, 1, 1)
    north, east = Client(), Client()
    answer = send(north, link_of(session, seats["N"]), {"winner": "EW", "points": 3, "key": "k1"})
    assert answer.status_code == 201
    line = SlipLine.objects.get(session=session, table__number=1)
    assert line.ns_tricks == 4 and line.entered_by == f"player {seats['N']} (N-S phone)"
    mine = state(link_of(session, seats["N"]))
    assert mine["result"]["winner"] == "E-W"
    # E-W hold no pass: N's phone may be handed across to them, and says so.
    assert mine["result"]["can_check"] and mine["result"]["hand_across"]
    theirs = state(link_of(session, seats["E"]))
    assert theirs["result"]["can_check"] and not theirs["result"]["hand_across"]
    checked = east.post(
        api(link_of(session, seats["E"]), "check/"),
        json.dumps({"version": theirs["result"]["version"]}),
        content_type="application/json",
    )
    assert checked.status_code == 200 and checked.json()["status"] == "confirmed"
    page = east.get(reverse("drive:player", args=[link_of(session, seats["E"])])).content.decode()
    assert "checked" in page and "check-btn" not in page


def test_a_replayed_send_is_harmless_and_a_second_different_one_is_refused_with_both(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=2)
    seats = at_table(session, 1, 2)
    phone = Client()
    token = link_of(session, seats["S"])
    assert send(phone, token, {"winner": "NS", "points": 2, "key": "same"}).status_code == 201
    assert send(phone, token, {"winner": "NS", "points": 2, "key": "same"}).status_code == 200
    clash = send(Client(), link_of(session, seats["W"]), {"winner": "EW", "points": 1, "key": "other"})
    assert clash.status_code == 409 and clash.json()["stored"]["ns_tricks"] == 8
    assert SlipLine.objects.filter(session=session).count() == 1


def test_bad_input_is_refused_with_its_field_and_loses_nothing(drive_of: Callable[..., Session]) -> None:
    session = drive_of(tables=2)
    token = link_of(session, at_table(session, 1, 1)["N"])
    no_side = send(Client(), token, {"points": 2})
    assert no_side.status_code == 400 and "winner" in no_side.json()
    too_many = send(Client(), token, {"winner": "NS", "points": 9})
    assert too_many.status_code == 400 and "1 to 7" in too_many.json()["points"][0]
    plain = Client().post(reverse("drive:player", args=[token]), {"winner": "NS"}, follow=True)
    assert "Give the points made" in plain.content.decode()
    assert not SlipLine.objects.filter(session=session).exists()


def test_the_plain_form_sends_without_javascript(drive_of: Callable[..., Session]) -> None:
    session = drive_of(tables=2)
    token = link_of(session, at_table(session, 1, 2)["W"])
    page = Client().post(reverse("drive:player", args=[token]), {"winner": "EW", "points": "5"}, follow=True)
    assert "Deal 2 sent: N-S 2, E-W 11." in page.content.decode()


def test_when_the_change_is_complete_each_phone_follows_its_player_to_the_next_table(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=3, changes=2)
    for table in (1, 2, 3):
        drive_enter(session=session, table_number=table, winner="NS", points=table)
    second = DriveChange.objects.get(session=session, number=2)
    for move in second.moves:
        now = state(link_of(session, move["player"]))
        assert now["change"] == 2 and now["place"]["table"] == move["to"]["table"]
        assert now["place"]["seat"] == move["to"]["seat"] and now["move"] == move["why"]
        assert len(now["card"]) == 1  # his own deal of change 1, scored


def test_after_the_last_change_the_page_says_so_and_shows_the_prizes_once_published(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=2, changes=1)
    drive_enter(session=session, table_number=1, winner="NS", points=4)
    drive_enter(session=session, table_number=2, winner="EW", points=1)
    token = link_of(session, 1)
    assert state(token)["finished"]
    session_close(session=session)
    assert state(token)["prizes"] is None
    session_publish(session=session, standings=True, travellers=False, hand_records=False)
    page = Client().get(reverse("drive:player", args=[token])).content.decode()
    assert "Prize list" in page and "cut for the prize" in page


def test_an_unknown_link_and_another_sessions_link_are_404(
    drive_of: Callable[..., Session], running_session: Session
) -> None:
    drive_of(tables=2)
    assert Client().get(reverse("drive:player", args=["no-such-link"])).status_code == 404
    pair = EntrantLink.objects.filter(session=running_session).first()
    assert pair is not None
    assert Client().get(reverse("drive:player", args=[pair.token])).status_code == 404
    assert Client().get(api(pair.token)).status_code == 404


def test_the_director_sets_a_drive_up_and_draws_the_first_change(
    director_client: Client, club: Club, roster: list[Player]
) -> None:
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 5), title="Friday drive", entrant_kind="individuals"
    )
    for player in roster[:12]:
        sessions.entrant_create(session=session, players=[player])
    url = reverse("director:drive_setup", args=[session.pk])
    assert "Draw the first change by lot" in director_client.get(url).content.decode()
    refused = director_client.post(
        url, {"method": "first", "changes": "0", "scoring_method": "points", "prizes": "3"}
    )
    assert refused.status_code == 400
    done = director_client.post(
        url, {"method": "second", "changes": "6", "scoring_method": "counters", "prizes": "3", "booby": "on"}
    )
    assert done.status_code == 302
    drive = Drive.objects.get(session=session)
    assert (drive.method, drive.changes, drive.booby) == ("second", 6, True)
    page = director_client.get(url).content.decode()
    assert "The first change" in page and "Draw the first change again" in page


def test_the_director_enters_a_result_and_the_last_seats_the_next_change(
    director_client: Client, drive_of: Callable[..., Session]
) -> None:
    session = drive_of(tables=2, changes=3)
    url = reverse("run:drive", args=[session.pk])
    assert "Change 1" in director_client.get(url).content.decode()
    bad = director_client.post(url, {"table": "1", "winner": "NS", "points": "0"})
    assert bad.status_code == 400 and "1 to 7" in bad.content.decode()
    director_client.post(url, {"table": "1", "winner": "NS", "points": "2"})
    answer = director_client.post(url, {"table": "2", "winner": "EW", "points": "3"}, follow=True)
    assert "change 2 is seated" in answer.content.decode()
    assert "Prize list" in answer.content.decode()


def test_the_players_qr_codes_open_their_drive_pages(
    director_client: Client, drive_of: Callable[..., Session]
) -> None:
    session = drive_of(tables=2)
    page = director_client.get(
        reverse("director:print_page", args=[session.pk, "entrant-qr"])
    ).content.decode()
    assert f"/d/{link_of(session, 1)}/" in page


def test_another_clubs_director_gets_404_on_the_drive_pages(
    stranger_client: Client, drive_of: Callable[..., Session]
) -> None:
    session = drive_of(tables=2)
    for name in ("run:drive", "director:drive_setup"):
        assert stranger_client.get(reverse(name, args=[session.pk])).status_code == 404
    assert stranger_client.post(reverse("run:drive_advance", args=[session.pk])).status_code == 404


def test_the_other_side_disputes_a_result_and_it_goes_to_the_director(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=2)
    seats = at_table(session, 1, 2)
    send(Client(), link_of(session, seats["S"]), {"winner": "NS", "points": 4})
    url = reverse("drive:dispute", args=[link_of(session, seats["W"])])
    bad = Client().post(url, {"winner": "EW"}, follow=True)
    assert "Give the points made" in bad.content.decode()
    answer = Client().post(url, {"winner": "EW", "points": "1"}, follow=True)
    assert "Your count went to the director" in answer.content.decode()
    line = SlipLine.objects.get(session=session, table__number=2)
    assert line.status == SlipLine.Status.DISPUTED and line.ns_tricks == 10
    assert line.history.get().reason.endswith("claim N-S 6")


def test_the_polled_stamp_moves_with_the_players_own_table_and_the_complete_change_only(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=3, changes=2)
    mine = at_table(session, 1, 1)
    url = api(link_of(session, mine["N"]), "stamp/")
    before = Client().get(url).json()["stamp"]
    drive_enter(session=session, table_number=2, winner="NS", points=1)
    assert Client().get(url).json()["stamp"] == before  # another table's result: nothing to show yet
    drive_enter(session=session, table_number=1, winner="EW", points=2)
    sent = Client().get(url).json()["stamp"]
    assert sent != before
    drive_enter(session=session, table_number=3, winner="EW", points=3)
    assert Client().get(url).json()["stamp"] != sent  # the change is complete: the next is seated


def test_a_line_the_scorer_refuses_shows_why_there_is_no_prize_list_and_the_api_says_409(
    director_client: Client, drive_of: Callable[..., Session]
) -> None:
    session = drive_of(tables=2, changes=2)
    drive_enter(session=session, table_number=1, winner="NS", points=1)
    line = SlipLine.objects.get(session=session, table__number=1)
    SlipLine.objects.filter(pk=line.pk).update(ns_award="average", ew_award="average", ns_tricks=None)
    Session.objects.filter(pk=session.pk).update(results_version=99)
    page = director_client.get(reverse("run:drive", args=[session.pk])).content.decode()
    assert "The slips cannot be scored yet" in page and "has no average" in page
    api = token_client(session.club.directors.first())
    assert api.get(f"/api/v1/sessions/{session.pk}/prizes/").status_code == 409
