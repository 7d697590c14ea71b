"""Sending a tray's result from a phone that follows its pair: once, checked by the server, nothing lost
or doubled (a table's own link sends nothing: ``test_place``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from scoring.models import SlipLine
from tournaments.models import EntrantLink, Session
from tournaments.selectors import slips_version
from tournaments.services import seating, sessions

pytestmark = pytest.mark.django_db
LINE = ("tray", "ns_tricks", "ew_tricks", "status", "version", "ns_revokes", "ew_revokes")


def message(body: dict[str, Any]) -> str:
    """A refusal's sentence, as the phones' API writes it: ``detail``, or the field's first message."""
    if "detail" in body:
        return str(body["detail"])
    return str(next(iter(body.values()))[0])


def stored(session: Session) -> list[tuple[int, int, int | None]]:
    """Every slip line as (tray, table, N-S tricks)."""
    return sorted(
        SlipLine.objects.filter(session=session).values_list("tray__number", "table__number", "ns_tricks")
    )


def test_it_stores_a_sent_result_and_unfolds_only_its_own_tables_line(
    phone: Any, running_session: Session
) -> None:
    response = phone.send(1, 8, key="k-1", round=1)
    assert response.status_code == 201
    body = response.json()
    assert {k: body["line"][k] for k in LINE} == {
        "tray": 1,
        "ns_tricks": 8,
        "ew_tricks": 5,
        "status": "entered",
        "version": 1,
        "ns_revokes": 0,
        "ew_revokes": 0,
    }
    assert [line["table"] for line in body["traveller"]] == [1], "no other table has played tray 1"
    assert stored(running_session) == [(1, 1, 8)]


def test_a_phone_that_follows_its_pair_sends_and_unfolds_its_slip(
    make_phone: Any, running_session: Session
) -> None:
    pair = make_phone.following(running_session, 1)
    body = pair.send(1, 8, key="k-1", round=1).json()
    assert body["line"]["ns_tricks"] == 8
    assert [line["table"] for line in body["traveller"]] == [1]
    assert stored(running_session) == [(1, 1, 8)]


def test_a_replayed_request_stores_one_line(phone: Any, running_session: Session) -> None:
    first = phone.send(1, 8, key="same-key")
    again = phone.send(1, 8, key="same-key")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["replayed"] is True
    assert stored(running_session) == [(1, 1, 8)]
    assert slips_version(session_id=running_session.pk) == 1


def test_another_tables_key_is_just_another_key(make_phone: Any, running_session: Session) -> None:
    """Keys are each table's own: table 2 learns nothing of table 1's, and its send is stored."""
    make_phone(running_session.tables.get(number=1)).send(1, 8, key="shared")
    other = make_phone(running_session.tables.get(number=2)).send(2, 6, key="shared")
    assert other.status_code == 201 and other.json()["replayed"] is False
    assert stored(running_session) == [(1, 1, 8), (2, 2, 6)]


def test_two_phones_at_a_table_the_first_wins_and_the_second_sees_both_values(
    make_phone: Any, running_session: Session
) -> None:
    table = running_session.tables.get(number=1)
    first, second = make_phone(table), make_phone(table)
    assert first.send(1, 8, key="a").status_code == 201
    response = second.send(1, 9, key="b")
    assert response.status_code == 409
    body = response.json()
    assert body["stored"]["ns_tricks"] == 8 and body["stored"]["ew_tricks"] == 5
    assert body["attempted"] == {"ns_tricks": 9, "ew_tricks": 4}
    assert stored(running_session) == [(1, 1, 8)]


def test_a_second_phone_sending_the_same_value_is_told_too(make_phone: Any, running_session: Session) -> None:
    table = running_session.tables.get(number=1)
    make_phone(table).send(1, 8, key="a")
    response = make_phone(table).send(1, 8, key="b")
    assert response.status_code == 409
    assert response.json()["stored"]["ns_tricks"] == response.json()["attempted"]["ns_tricks"] == 8


@pytest.mark.parametrize("tricks", [14, -1, "abc", "7.5", "", None, True])
def test_it_rejects_tricks_outside_0_to_13(phone: Any, running_session: Session, tricks: Any) -> None:
    response = phone.send(1, tricks, key=f"k-{tricks}")
    assert response.status_code == 400
    assert "ns_tricks" in response.json()
    assert response.json()["ns_tricks"]
    assert stored(running_session) == []


@pytest.mark.parametrize("revokes", [4, -1, "x"])
def test_it_rejects_an_impossible_revoke_claim(phone: Any, running_session: Session, revokes: Any) -> None:
    response = phone.send(1, 8, ns_revokes=revokes)
    assert response.status_code == 400
    assert "ns_revokes" in response.json()
    assert stored(running_session) == []


def test_it_keeps_a_revoke_claim(phone: Any, running_session: Session) -> None:
    assert phone.send(1, 8, ew_revokes=1).status_code == 201
    line = SlipLine.objects.get(session=running_session)
    assert (line.ns_revokes, line.ew_revokes) == (0, 1)


def test_it_rejects_a_tray_not_at_this_table(phone: Any, running_session: Session) -> None:
    response = phone.send(2, 8)  # tray 2 is never played at table 1 in round 1
    assert response.status_code == 400
    assert "tray" in response.json()
    assert stored(running_session) == []


def test_it_rejects_a_tray_of_a_later_round(phone: Any, running_session: Session) -> None:
    response = phone.send(3, 8)  # table 1 plays tray 3 in round 2
    assert response.status_code == 400
    assert "this round" in message(response.json())
    assert stored(running_session) == []


def test_it_rejects_a_tray_the_session_has_not(phone: Any, running_session: Session) -> None:
    response = phone.send(99, 8)
    assert response.status_code == 400
    assert "tray" in response.json()


def test_it_rejects_a_round_that_is_over(phone: Any, running_session: Session) -> None:
    Session.objects.filter(pk=running_session.pk).update(tables_advance=False)
    sessions.session_advance(session=running_session)
    response = phone.send(1, 8)
    assert response.status_code == 400
    assert "over" in message(response.json())
    assert stored(running_session) == []


def test_when_the_director_moves_the_rounds_a_table_sends_only_the_rounds_trays(
    phone: Any, running_session: Session
) -> None:
    """Rounds moved by the director (not each table on its own): the send reads only the tray's play."""
    Session.objects.filter(pk=running_session.pk).update(tables_advance=False)
    ahead = phone.send(3, 6)  # tray 3 is table 1's in round 2
    assert ahead.status_code == 400
    assert "this round" in message(ahead.json())
    assert phone.send(1, 8).status_code == 201
    sessions.session_advance(session=Session.objects.get(pk=running_session.pk))
    assert phone.send(3, 6).status_code == 201
    assert stored(running_session) == [(1, 1, 8), (3, 1, 6)]


def test_it_rejects_a_send_for_a_round_the_page_no_longer_shows(phone: Any, running_session: Session) -> None:
    phone.send(1, 8)
    response = phone.send(3, 6, round=1)  # the page was still on round 1
    assert response.status_code in (400, 409)
    assert stored(running_session) == [(1, 1, 8)]


def test_it_rejects_a_revoked_link_or_an_ended_pass(
    phone: Any, make_phone: Any, running_session: Session
) -> None:
    EntrantLink.objects.filter(session=running_session, entrant__number=1).update(revoked=True)
    response = phone.send(1, 8)
    assert response.status_code == 404
    assert "not valid" in message(response.json())
    page = phone.page()
    assert page.status_code == 404
    assert b"not valid" in page.content
    other = make_phone(running_session.tables.get(number=2))
    other.client.post(other.base + "leave")
    response = other.send(2, 8)
    assert response.status_code == 404 and "no longer follows" in message(response.json())
    assert stored(running_session) == []


def test_it_rejects_an_unknown_link(make_phone: Any, running_session: Session) -> None:
    phone = make_phone(running_session.tables.get(number=1))
    phone._follow("made-up")
    response = phone.send(1, 8)
    assert response.status_code == 404
    assert stored(running_session) == []


@pytest.mark.parametrize("tricks", [8, 14, "x"])
def test_an_unknown_or_revoked_link_is_told_so_before_its_form_is_checked(
    make_phone: Any, running_session: Session, tricks: Any
) -> None:
    """A link that is not valid is a 404 whatever the form, and a valid link with a bad form a 400."""
    table = running_session.tables.get(number=1)
    assert make_phone(table).send(1, tricks).status_code == (201 if tricks == 8 else 400)
    revoked, unknown = make_phone(running_session.tables.get(number=2)), make_phone(table)
    EntrantLink.objects.filter(session=running_session, entrant__number=3).update(revoked=True)
    unknown._follow("made-up")
    for phone in (unknown, revoked):
        response = phone.send(1, tricks)
        assert response.status_code == 404 and "not valid" in message(response.json())


def test_it_rejects_a_closed_session(phone: Any, running_session: Session) -> None:
    sessions.session_set_status(session=running_session, status="closed")
    response = phone.send(1, 8)
    assert response.status_code == 400
    assert "closed" in message(response.json())
    assert stored(running_session) == []


def test_a_link_of_another_session_cannot_touch_this_one(
    club: Any, players: Any, make_phone: Any, running_session: Session
) -> None:
    other = sessions.session_create(club=club, date=dt.date(2026, 10, 1), title="Last month")
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=other, players=[a, b])
    seating.movement_fix(session=other, family="mitchell")
    sessions.session_start(session=other)
    old_link = make_phone(other.tables.get(number=1))
    sessions.session_set_status(session=other, status="closed")
    assert old_link.send(1, 8).status_code == 400  # its own session is closed
    make_phone(running_session.tables.get(number=1)).send(1, 8)
    assert old_link.post("confirm", tray=1).status_code == 404  # this session's line is not its to see
    assert old_link.post("dispute", tray=1, claimed=3).status_code == 404
    assert SlipLine.objects.get(session=running_session).status == "entered"
    assert stored(other) == []


def test_the_plain_form_sends_without_javascript(make_phone: Any, running_session: Session) -> None:
    from django.test import Client

    phone = make_phone(running_session.tables.get(number=1))
    phone.client = Client(enforce_csrf_checks=True)
    page = phone.page()
    token = page.cookies["csrftoken"].value
    form = {"csrfmiddlewaretoken": token, "tray": "1", "round": "1", "ns_tricks": "7", "key": "form-key"}
    response = phone.client.post(phone.base, form, follow=True)
    assert b"Tray 1 sent: N-S 7, E-W 6." in response.content
    phone.client.post(phone.base, form)  # the browser's "resubmit the form?"
    assert stored(running_session) == [(1, 1, 7)]


def test_the_plain_form_says_plainly_what_is_wrong(phone: Any, running_session: Session) -> None:
    response = phone.client.post(phone.base, {"tray": "1", "ns_tricks": "14"}, follow=True)
    assert b"Tricks must be from 0 to 13, not 14." in response.content
    assert stored(running_session) == []


def test_a_pairs_own_line_is_told_as_sent_wherever_its_phone_now_is(
    make_phone: Any, running_session: Session
) -> None:
    """Pairs 1 and 4 meet at table 1 in round 2 (tray 3) while pair 4's round 1 at table 2 is unsent:
    pair 1's phone sends tray 3, and pair 4's phone, still on round 1, is told it was sent (the same
    count or another, by the API and by the page), as a phone at table 1 would be, not that tray 3 is
    not at table 2 this round."""
    one, four = make_phone.following(running_session, 1), make_phone.following(running_session, 4)
    assert one.send(1, 8, key="one-1").status_code == 201  # round 1 at table 1
    assert one.send(3, 7, key="one-3").status_code == 201  # round 2 at table 1, against pair 4
    for tricks, said in ((7, ""), (8, " You sent 8.")):
        response = four.send(3, tricks, key=f"four-{tricks}")
        assert response.status_code == 409, response.json()
        body = response.json()
        assert message(body) == f"Tray 3 was already sent from table 1: N-S 7.{said}"
        assert (body["stored"]["table"], body["stored"]["ns_tricks"]) == (1, 7)
        assert body["attempted"]["ns_tricks"] == tricks
    form = {"tray": "3", "ns_tricks": "8", "ns_revokes": "0", "ew_revokes": "0", "key": "four-form"}
    page = four.client.post(four.base, form, follow=True)
    assert b"Tray 3 was already sent from table 1: N-S 7. You sent 8." in page.content
    assert stored(running_session) == [(1, 1, 8), (3, 1, 7)]


@pytest.mark.parametrize(
    ("family", "kind", "count", "size"),
    [("fours-howell", "fours", 4, 4), ("individual", "individuals", 8, 1)],
)
def test_a_teams_pair_or_a_player_is_told_of_its_own_line_too(
    club: Any, make_phone: Any, family: str, kind: str, count: int, size: int
) -> None:
    """The same for one pair of a team of four (by its side) and for a player (by his seat): a phone
    whose entrant is still on an earlier round, at another table, is told of its line sent by its
    adversaries' phone."""
    from tournaments.services import club as club_services

    players = [club_services.player_create(club=club, name=f"{kind} {i}") for i in range(count * size)]
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 9), title=kind, entrant_kind=kind)
    for i in range(count):
        group = players[i * size : (i + 1) * size]
        sessions.entrant_create(
            session=session, players=dict(zip("NSEW", group, strict=True)) if size == 4 else group
        )
    seating.movement_fix(session=session, family=family)
    session = sessions.session_start(session=session)
    table, tray, sender, told = lagging(session)
    assert make_phone.following(session, sender.entrant.number, sender.side).send(tray, 8).status_code == 201
    response = make_phone.following(session, told.entrant.number, told.side).send(tray, 9, key="told")
    assert response.status_code == 409, response.json()
    assert message(response.json()) == f"Tray {tray} was already sent from table {table}: N-S 8. You sent 9."


def lagging(session: Session) -> tuple[int, int, EntrantLink, EntrantLink]:
    """A table, a tray and its N-S and E-W entrants (their links) where the E-W one is still on an earlier
    round at another table once the director has entered every earlier tray the N-S one played."""
    from entry.selectors.rounds import entrant_plays, round_of_plays
    from tests.phones import seated_link
    from tests.sends import result_submit as enter
    from tournaments.models import Seating

    seatings = Seating.objects.filter(round__session=session).select_related("table", "round")
    for later in seatings.filter(round__number__gte=2).order_by("round__number", "table__number"):
        sender, told = (seated_link(later.table, side, later.round.number) for side in ("NS", "EW"))
        plays = entrant_plays(link=told, session=session)
        behind = next((p for p in plays if p.owed and p.round < later.round.number), None)
        if behind is None or behind.table.pk == later.table_id:
            continue
        earlier = seatings.filter(round__number__lt=later.round.number, seated__entrant=sender.entrant)
        for early in earlier.filter(seated__side=sender.side).exclude(seated__entrant=told.entrant):
            sent = SlipLine.objects.filter(table=early.table).values_list("tray_id", flat=True)
            for tray in early.trays.exclude(pk__in=sent):  # the N-S entrant's earlier rounds entered
                enter(
                    table=early.table,
                    tray_number=tray.number,
                    ns_tricks=7,
                    as_director=True,
                    round_number=early.round.number,
                )
        now = round_of_plays(entrant_plays(link=told, session=session), session=session)
        mine = round_of_plays(entrant_plays(link=sender, session=session), session=session)
        if now < later.round.number == mine:
            return later.table.number, later.trays.order_by("number").first().number, sender, told
    raise AssertionError("no table where an entrant lags behind its adversaries")
