"""The live board: start, every table and round, entered/confirmed/disputed, late tables, its JSON."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from entry.selectors.attention import NeedsYou
from entry.selectors.board import session_board
from entry.services.results import result_dispute, table_round
from scoring.models import SlipLine
from tests.sends import result_submit
from tournaments.models import Session
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def _tray(session: Session, table: int, rnd: int) -> int:
    return session.rounds.get(number=rnd).seatings.get(table__number=table).trays.get().number


def test_the_start_button_fixes_the_seating_and_opens_round_1(
    director_client: Client, seated_session: Session
) -> None:
    response = director_client.post(reverse("run:start", args=[seated_session.pk]), follow=True)
    seated_session.refresh_from_db()
    assert seated_session.status == "running" and seated_session.current_round == 1
    assert "link is live" in response.content.decode()


def test_the_board_shows_every_table_and_round(director_client: Client, running_session: Session) -> None:
    page = director_client.get(reverse("run:board", args=[running_session.pk])).content.decode()
    for table in (1, 2, 3):
        for rnd in (1, 2, 3):
            assert f'id="c-{table}-{rnd}"' in page
    assert "js/board.js" in page


def test_the_board_json_counts_entered_confirmed_and_disputed_with_both_counts(
    director_client: Client, running_session: Session
) -> None:
    t1, t2, t3 = (running_session.tables.get(number=n) for n in (1, 2, 3))
    result_submit(table=t1, tray_number=_tray(running_session, 1, 1), ns_tricks=8)
    line = result_submit(table=t2, tray_number=_tray(running_session, 2, 1), ns_tricks=9).line
    result_dispute(line=line, claimed=7, by="E-W")
    done = result_submit(table=t3, tray_number=_tray(running_session, 3, 1), ns_tricks=6).line
    SlipLine.objects.filter(pk=done.pk).update(status="confirmed")
    data = director_client.get(reverse("run:board_json", args=[running_session.pk])).json()
    states = {row["table"]: row["cells"][0]["state"] for row in data["tables"]}
    assert states == {1: "entered", 2: "disputed", 3: "done"}
    assert data["totals"] == {"entered": 1, "confirmed": 1, "disputed": 1, "missing": 6, "expected": 9}
    dispute = data["disputes"][0]
    assert (dispute["ns_tricks"], dispute["claimed"], dispute["table"]) == (9, 7, 2)
    assert "N-S entered 9, E-W say 7" in dispute["text"]
    assert dispute["url"] == reverse("run:line", args=[running_session.pk, line.pk])


def test_a_table_that_still_owes_an_earlier_round_is_late(running_session: Session) -> None:
    running_session.tables_advance = False
    running_session.save()
    for n in (2, 3):
        result_submit(
            table=running_session.tables.get(number=n), tray_number=_tray(running_session, n, 1), ns_tricks=7
        )
    sessions.session_advance(session=running_session)
    running_session.refresh_from_db()
    board = session_board(session=running_session)
    late = {row.table: row.late for row in board.tables}
    assert late[1] == f"tray {_tray(running_session, 1, 1)} (round 1)" and not late[2] and not late[3]
    assert board.tables[0].cells[0].state == "late"
    assert board.tables[1].cells[1].state == "playing"


def test_when_tables_advance_each_table_shows_its_own_round(running_session: Session) -> None:
    table = running_session.tables.get(number=1)
    result_submit(table=table, tray_number=_tray(running_session, 1, 1), ns_tricks=7)
    board = session_board(session=running_session)
    own = {row.table: row.round for row in board.tables}
    assert own == {n: table_round(table=running_session.tables.get(number=n)) for n in (1, 2, 3)}
    assert own[1] == 2 and own[2] == 1


def test_the_director_moves_the_room_to_the_next_round(
    director_client: Client, running_session: Session
) -> None:
    director_client.post(reverse("run:tables_advance", args=[running_session.pk]), {"on": "0"})
    director_client.post(reverse("run:advance", args=[running_session.pk]))
    running_session.refresh_from_db()
    assert not running_session.tables_advance and running_session.current_round == 2


def test_another_clubs_director_gets_404(stranger_client: Client, running_session: Session) -> None:
    line = result_submit(
        table=running_session.tables.get(number=1), tray_number=_tray(running_session, 1, 1), ns_tricks=7
    ).line
    pk = running_session.pk
    for url in (
        reverse("run:board", args=[pk]),
        reverse("run:board_json", args=[pk]),
        reverse("run:enter", args=[pk, 1]),
        reverse("run:tables", args=[pk]),
        reverse("run:tray", args=[pk, 1]),
        reverse("run:line", args=[pk, line.pk]),
        reverse("run:award", args=[pk, 1, 1]),
        reverse("run:close", args=[pk]),
    ):
        assert stranger_client.get(url).status_code == 404, url
    for name in ("start", "advance", "close", "publish", "reopen"):
        assert stranger_client.post(reverse(f"run:{name}", args=[pk])).status_code == 404, name
    assert (
        stranger_client.post(
            reverse("run:line", args=[pk, line.pk]), {"ns_tricks": "1", "reason": "x"}
        ).status_code
        == 404
    )
    line.refresh_from_db()
    assert line.ns_tricks == 7


def test_the_pages_ask_for_a_login(client: Client, running_session: Session) -> None:
    response = client.get(reverse("run:board_json", args=[running_session.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_table_that_plays_a_round_before_its_opponents_finished_the_last_is_flagged(
    director_client: Client, running_session: Session
) -> None:
    """Issue: table 1 played round 2 against a pair still finishing round 1 elsewhere, and nothing said so."""
    table = running_session.tables.get(number=1)
    for rnd in (1, 2):
        result_submit(table=table, tray_number=_tray(running_session, 1, rnd), ns_tricks=7)
    ew = running_session.rounds.get(number=2).seatings.get(table__number=1).ew
    assert ew is not None and ew.number == 4  # E-W pair 4 plays round 1 at table 2, which has sent nothing
    (ahead,) = session_board(session=running_session).ahead
    assert (ahead.table, ahead.round, ahead.side, ahead.owes_round, ahead.owes_table) == (1, 2, "E-W", 1, 2)
    page = director_client.get(reverse("run:board", args=[running_session.pk])).content.decode()
    said = f"Table 1 sent round 2, but its E-W, {ew} ({ew.name}), still owe round 1 at table 2"
    assert escape(said) in page
    data = director_client.get(reverse("run:board_json", args=[running_session.pk])).json()
    assert data["needs"]["ahead"] == [
        {"table": 1, "round": 2, "side": "E-W", "entrant": 4, "owes_round": 1, "owes_table": 2}
    ]
    result_submit(
        table=running_session.tables.get(number=2), tray_number=_tray(running_session, 2, 1), ns_tricks=6
    )
    assert not session_board(session=running_session).ahead, "once pair 4 has finished round 1, all is well"


def test_the_room_clock_follows_tables_that_move_on_early_and_stops_when_every_tray_is_in(
    director_client: Client, running_session: Session
) -> None:
    """Issue: with every result in, the board said "Round 7 begins in 88:25"."""
    running_session.minutes_per_tray, running_session.change_minutes = 7, 2
    running_session.save()
    for n in (1, 2):
        table = running_session.tables.get(number=n)
        result_submit(table=table, tray_number=_tray(running_session, n, 1), ns_tricks=7)
    data = director_client.get(reverse("run:board_json", args=[running_session.pk])).json()
    assert data["room_round"] == 2
    assert data["clock"]["round"] == 2 and data["clock"]["phase"] == "playing", "round 2 began when reached"
    for rnd in (1, 2, 3):
        for n in (1, 2, 3):
            if not SlipLine.objects.filter(
                table__number=n, round__number=rnd, session=running_session
            ).exists():
                table = running_session.tables.get(number=n)
                result_submit(table=table, tray_number=_tray(running_session, n, rnd), ns_tricks=7)
    data = director_client.get(reverse("run:board_json", args=[running_session.pk])).json()
    assert data["totals"]["missing"] == 0 and data["clock"] is None
    page = director_client.get(reverse("run:board", args=[running_session.pk])).content.decode()
    assert "Every tray is in" in page and "begins" not in page


def _every_tray_in(session: Session) -> list[SlipLine]:
    """N-S of every table send every tray of every round (nobody checks them yet)."""
    lines = []
    for rnd in (1, 2, 3):
        for n in (1, 2, 3):
            table = session.tables.get(number=n)
            lines.append(result_submit(table=table, tray_number=_tray(session, n, rnd), ns_tricks=7).line)
    return lines


def _all_in(client: Client, session: Session) -> tuple[str, bool]:
    """The board's sentence once every tray is in, and whether "Needs you" is shown."""
    page = client.get(reverse("run:board", args=[session.pk])).content.decode()
    said = page.split('id="all-in"', 1)[1].split("</p>", 1)[0]
    return said, '<section class="attention" id="attention" hidden>' not in page


def _all_in_json(client: Client, session: Session, said: str) -> str:
    """board.json's sentence, the page's (board.js puts it in the page as the list changes)."""
    data = client.get(reverse("run:board_json", args=[session.pk])).json()
    assert data["all_in"] and " ".join(data["all_in_html"].split()) in " ".join(said.split())
    html: str = data["all_in_html"]
    return html


def test_with_everything_in_the_board_says_what_is_left_and_nothing_of_a_list_not_shown(
    director_client: Client, running_session: Session
) -> None:
    """Issue: "close & publish once the list below is clear" with no list below."""
    lines = _every_tray_in(running_session)
    result_dispute(line=lines[0], claimed=5, by="E-W")
    said, shown = _all_in(director_client, running_session)
    assert "once the list “Needs you” below is clear" in said and shown
    _all_in_json(director_client, running_session, said)
    SlipLine.objects.filter(pk__in=[line.pk for line in lines]).update(status="confirmed")
    said, shown = _all_in(director_client, running_session)
    assert "Every line is in and checked:" in said and "list" not in said and not shown
    assert ">close and publish</a>" in _all_in_json(director_client, running_session, said)
    assert f'href="{reverse("run:close", args=[running_session.pk])}"' in said


def test_a_line_e_w_sent_and_n_s_never_checked_names_n_s_as_the_side_to_confirm(
    director_client: Client, running_session: Session
) -> None:
    """Two sides to every line (p. 42): a line E-W's phone sent waits for N-S, not for E-W, on "Needs you"."""
    t1 = running_session.tables.get(number=1)
    line = result_submit(table=t1, tray_number=_tray(running_session, 1, 1), ns_tricks=8).line
    SlipLine.objects.filter(pk=line.pk).update(entered_side="EW")
    result_submit(table=t1, tray_number=_tray(running_session, 1, 2), ns_tricks=7)  # table 1 moves on
    page = director_client.get(reverse("run:board", args=[running_session.pk])).content.decode()
    seating = running_session.rounds.get(number=1).seatings.get(table__number=1)
    said = (
        f"Table 1, tray {line.tray.number} (round 1): E-W entered N-S 8; "
        f"N-S, {seating.ns} ({seating.ns.name}), "
        "have not confirmed it."
    )
    assert escape(said) in page, page[page.find("Needs you") :][:800]
    assert "waiting for E-W" not in page and "sent, waiting for the other side's check" in page


def test_every_tray_in_with_lines_unchecked_names_no_side_that_did_not_send_them(
    running_session: Session,
) -> None:
    """Whoever sent a line, the other side checks it (p. 42): the all-in sentence names no one side."""
    board = session_board(session=running_session)
    board.totals["entered"] = 2
    said = render_to_string(
        "director/_all_in.html", {"session": running_session, "board": board, "needs": NeedsYou()}
    )
    assert "2 lines wait for the other side's check at the table" in " ".join(said.split()), said
