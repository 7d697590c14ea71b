"""Every rule of a send, held to a table: ``entry.send.rules`` decides on plain values, no database.

A send (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 42: one table's line on a tray's traveling
slip) is accepted, replayed, told as sent already, or refused by name; the order of the rules is the
module's docstring's. The table below is that order, case by case.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from entry.selectors.rounds import Play
from entry.send.rows import LineRow, Ref
from entry.send.rules import (
    KEY_LENGTH,
    Accept,
    Asked,
    ConflictWith,
    Found,
    Refusal,
    Refuse,
    Replay,
    check_send,
    decide,
)
from scoring.models import SlipLine
from tournaments.locks import SessionRow
from tournaments.models import Seating, Tray
from tournaments.services.errors import KeyReused, UserError

RUNNING = SessionRow(1, 1, "running", False, 2, 1, "pairs")
ADVANCING = RUNNING._replace(tables_advance=True)
CLOSED = RUNNING._replace(status="closed")


def play(round_: int, tray: int, *, sent: bool = False, owed: bool = True) -> Play:
    """Table 3's play of a tray in a round, against pairs 3 and 10."""
    return Play(100 + round_, 10 + round_, round_, 20 + tray, tray, "ready", owed, sent, (3, 3), (10, 10))


def asked(**change: Any) -> Asked:
    """A phone's send of tray 4, N-S 7, with key "k" (its fingerprint "same")."""
    base: dict[str, Any] = {
        "tray_number": "4",
        "tray": 4,
        "tricks": 7,
        "ns_revokes": 0,
        "ew_revokes": 0,
        "key": "k",
        "scope": "table:3",
        "fingerprint": "same",
        "round_number": None,
        "phone_round": None,
        "as_director": False,
        "owes_more": False,
    }
    return Asked(**{**base, **change})


def line(fingerprint: str = "same", tricks: int = 8) -> LineRow:
    """A stored line of tray 4 at table 3 (a row, as a send reads it)."""
    at = datetime(1900, 1, 1, tzinfo=UTC)
    return LineRow(
        9, 1, Ref(24, 4), Ref(3, 3), Ref(7, 1), None, None, tricks, 0, 0, "", "", None,
        SlipLine.Status.ENTERED, None, 1, "table", "", None, "", at, "", None, "", "", "", "",
        "key", "entrant-link:1", fingerprint, at,
    )  # fmt: skip


TRAY = Tray(id=24, number=4)
SEATING = Seating(id=102)

#: (case, what was asked, what was read, the decision: a class or a refusal's name).
CASES: list[tuple[str, Asked, Found, Any]] = [
    ("a replay is answered", asked(), Found(RUNNING, 3, keyed=line()), Replay),
    ("a replay is answered after close", asked(), Found(CLOSED, 3, True, keyed=line()), Replay),
    ("a key asking else is refused", asked(), Found(RUNNING, 3, keyed=line("other")), "KEY_REUSED"),
    ("a first look tells a tray sent", asked(), Found(RUNNING, 3, sent=line()), ConflictWith),
    ("a first look after close decides nothing", asked(), Found(CLOSED, 3, sent=line()), None),
    ("a first look finding nothing decides nothing", asked(), Found(RUNNING, 3), None),
    ("a closed session refuses", asked(), Found(CLOSED, 3, True, sent=line()), "NOT_TAKING_RESULTS"),
    ("a tray sent is told", asked(), Found(RUNNING, 3, True, sent=line()), ConflictWith),
    (
        "no such tray",
        asked(tray_number="99", tray=99),
        Found(RUNNING, 3, True, plays=(play(2, 4),)),
        "NO_SUCH_TRAY",
    ),
    (
        "a tray of another table",
        asked(),
        Found(RUNNING, 3, True, plays=(play(2, 5),), tray=TRAY),
        "NOT_PLAYED_HERE",
    ),
    ("a tray of a later round", asked(), Found(RUNNING, 3, True, plays=(play(3, 4),)), "NOT_THIS_ROUND"),
    ("a tray of a round over", asked(), Found(RUNNING, 3, True, plays=(play(1, 4),)), "ROUND_OVER"),
    (
        "a round not the tray's",
        asked(round_number=1),
        Found(RUNNING, 3, True, plays=(play(2, 4),)),
        "WRONG_ROUND",
    ),
    ("the tray of the round", asked(), Found(RUNNING, 3, True, plays=(play(2, 4),)), Accept),
    (
        "advancing: a tray ahead of the table's first unsent",
        asked(),
        Found(ADVANCING, 3, True, plays=(play(1, 2), play(2, 4))),
        "NOT_THIS_ROUND",
    ),
    (
        "advancing: the tray of the table's first round not all sent",
        asked(),
        Found(ADVANCING, 3, True, plays=(play(1, 1, sent=True), play(2, 4), play(3, 6))),
        Accept,
    ),
    (
        "a phone's round decides, not the table's",
        asked(phone_round=3),
        Found(ADVANCING, 3, True, plays=(play(3, 4),)),
        Accept,
    ),
    ("the director: no such tray", asked(as_director=True), Found(RUNNING, 3, True), "NO_SUCH_TRAY"),
    (
        "the director: a tray the table does not play",
        asked(as_director=True),
        Found(RUNNING, 3, True, tray=TRAY),
        "NOT_PLAYED_HERE",
    ),
    (
        "the director: a tray sent",
        asked(as_director=True),
        Found(RUNNING, 3, True, sent=line(), tray=TRAY, seating=SEATING),
        ConflictWith,
    ),
    (
        "the director: any round",
        asked(as_director=True),
        Found(RUNNING, 3, True, tray=TRAY, seating=SEATING),
        Accept,
    ),
]


@pytest.mark.parametrize(("case", "send", "found", "expected"), CASES, ids=[c[0] for c in CASES])
def test_the_decision(case: str, send: Asked, found: Found, expected: Any) -> None:
    decided = decide(send, found)
    if isinstance(expected, str):
        assert isinstance(decided, Refuse) and decided.refusal is Refusal[expected]
        assert decided.error().message  # its words, with its figures filled in
    elif expected is None:
        assert decided is None
    else:
        assert isinstance(decided, expected)


def test_the_refusals_words_name_the_tray_table_and_round() -> None:
    decided = decide(asked(), Found(RUNNING, 3, True, plays=(play(3, 4),)))
    assert isinstance(decided, Refuse)
    error = decided.error()
    assert (error.message, error.field) == ("Tray 4 is not at table 3 this round.", "tray")
    closed = decide(asked(), Found(CLOSED, 3, True))
    assert isinstance(closed, Refuse)
    assert closed.error().message == "The session is closed; results are not taken now."


def test_a_table_that_owes_another_tray_says_so_when_its_plays_are_all_read() -> None:
    found = Found(ADVANCING, 3, True, plays=(play(2, 4), play(2, 5)))
    decided = decide(asked(), found)
    assert isinstance(decided, Accept) and decided.owes_more and decided.tray.number == 4
    last = decide(asked(), Found(ADVANCING, 3, True, plays=(play(2, 4), play(2, 5, sent=True))))
    assert isinstance(last, Accept) and not last.owes_more
    phone = decide(asked(phone_round=2, owes_more=True), Found(ADVANCING, 3, True, plays=(play(2, 4),)))
    assert isinstance(phone, Accept) and phone.owes_more  # the phone's entrant owes another


def send_args(**change: Any) -> dict[str, Any]:
    """``check_send``'s arguments for a phone's send of tray 4, N-S 7."""
    base: dict[str, Any] = {
        "tray": "4",
        "ns_tricks": "7",
        "revokes": (0, 0),
        "key": " k ",
        "scope": "table:3",
        "round_number": None,
        "phone_round": None,
        "director_table": None,
        "owes_more": False,
    }
    return {**base, **change}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"key": "x" * (KEY_LENGTH + 1)}, "idempotency_key"),
        ({"ns_tricks": "7.0"}, "ns_tricks"),
        ({"ns_tricks": None}, "ns_tricks"),
        ({"ns_tricks": 14}, "ns_tricks"),
        ({"revokes": (True, 0)}, "ns_revokes"),
        ({"revokes": (0, 4)}, "ew_revokes"),
        ({"trump": "7X"}, "trump"),
        ({"trump": "1H"}, "trump"),
    ],
)
def test_what_is_asked_is_checked_first(change: dict[str, Any], field: str) -> None:
    with pytest.raises(UserError) as refused:
        check_send(**send_args(**change))
    assert refused.value.field == field and not isinstance(refused.value, KeyReused)


def test_a_send_is_typed_and_its_fingerprint_is_what_it_asks() -> None:
    sent = check_send(**send_args())
    assert (sent.tray, sent.tricks, sent.key, sent.as_director) == (4, 7, "k", False)
    assert check_send(**send_args(key="other")).fingerprint == sent.fingerprint  # the key is not asked
    assert check_send(**send_args(ns_tricks="8")).fingerprint != sent.fingerprint
    assert check_send(**send_args(director_table=3)).fingerprint != sent.fingerprint
    assert check_send(**send_args(tray="x")).tray is None  # not a number: the rules word it
    assert check_send(**send_args(trump="")).fingerprint == sent.fingerprint  # no card: as it always was
    turned = check_send(**send_args(trump="10♥"))
    assert turned.trump == "TH" and turned.fingerprint != sent.fingerprint
    assert check_send(**send_args(trump="th")).fingerprint == turned.fingerprint  # the card, however written


def test_a_replay_while_running_is_the_line_as_it_stands() -> None:
    stored = line(tricks=8)._replace(version=2, confirmed_by="pair 10 (E-W phone)")
    decided = decide(asked(tricks=8), Found(RUNNING, 3, keyed=stored))
    assert isinstance(decided, Replay) and decided.line is stored


@pytest.mark.parametrize("as_director", [False, True])
def test_a_replay_after_close_tells_a_phone_only_what_its_send_stored(as_director: bool) -> None:
    """Once the session no longer runs a phone sees what the public sees: its retry is answered with its own
    send (the count, unchecked, version 1), never the check or the director's correction since; the
    director, who sees every line, is answered with the line as it stands."""
    stored = line(tricks=7)._replace(version=3, status=SlipLine.Status.CONFIRMED, confirmed_by="director")
    decided = decide(asked(tricks=8, as_director=as_director), Found(CLOSED, 3, True, keyed=stored))
    assert isinstance(decided, Replay)
    told = decided.line
    if as_director:
        assert told is stored
        return
    assert (told.pk, told.tray.number, told.ns_tricks, told.ew_tricks, told.version) == (9, 4, 8, 5, 1)
    assert (told.status, told.confirmed_by, told.confirmed_at) == (SlipLine.Status.ENTERED, "", None)
    assert (stored.ns_tricks, stored.version) == (7, 3)  # the stored line itself is untouched


def test_a_phone_sends_where_its_entrant_plays_the_tray_and_is_refused_by_name_elsewhere() -> None:
    """``phone_place``: the table of the tray in the entrant's round now, else of the last round before it
    (a tray sent there is answered as sent), else where it sits now; a sit-out has no table; a tray not
    yet played and never sent is marked ``unplayed`` (refused unless its key stored a line)."""
    from entry.selectors.rounds import EntrantPlay, PlayTable
    from entry.send.rules import PhonePlace, phone_may_send, phone_place

    one, two = PlayTable(11, 1, 0, 1), PlayTable(12, 2, 0, 1)
    plays = [
        EntrantPlay(1, one, 1, True, True, "NS"),
        EntrantPlay(2, two, 2, True, False, "EW"),
        EntrantPlay(3, one, 3, True, False, "NS"),
    ]
    now = phone_place(2, plays, 2)
    assert now == PhonePlace(two, 2, owes_more=True, here=True, side="EW", unplayed=False)
    assert phone_place(1, plays, 2) == PhonePlace(
        one, 2, owes_more=True, here=False, side="NS", unplayed=False
    )
    later = phone_place(3, plays, 2)
    assert isinstance(later, PhonePlace) and later.table == two and later.unplayed
    assert phone_place(9, plays, 4) == Refuse(Refusal.NO_TABLE_THIS_ROUND)  # sits out, and no tray 9 before
    assert phone_may_send(drive=True, in_doubt=True, entrant="pair 3") == Refuse(Refusal.A_DRIVE)
    doubt = phone_may_send(drive=False, in_doubt=True, entrant="pair 3")
    assert doubt == Refuse(Refusal.IN_DOUBT, (("entrant", "pair 3"),))
    assert "still pair 3's" in doubt.error().message
    assert phone_may_send(drive=False, in_doubt=False, entrant="pair 3") is None


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ({"winner": "NS", "points": 1}, 7),
        ({"winner": "NS", "points": "7"}, 13),
        ({"winner": "EW", "points": 2}, 5),
        ({"winner": "EW", "points": 7}, 0),
        ({"ns_tricks": " 9 "}, 9),
        ({"ns_tricks": "nine"}, Refusal.BAD_TRICKS),
        ({"winner": "X", "points": 2}, Refusal.DRIVE_WINNER),
        ({"winner": "NS"}, Refusal.DRIVE_NO_POINTS),
        ({"winner": "EW", "points": "two"}, Refusal.DRIVE_NO_POINTS),
        ({"winner": "NS", "points": 0}, Refusal.DRIVE_POINTS),
        ({"winner": "NS", "points": 8}, Refusal.DRIVE_POINTS),
    ],
)
def test_a_drives_result_is_the_winners_and_points_made_or_tricks_refused_by_name(
    given: dict[str, Any], expected: int | Refusal
) -> None:
    """A whist drive's result (Barney, 1900, p. 24): the side that won and the points made (its tricks
    over six, 1 to 7), or the N-S tricks; anything else refused by name, at the input at fault."""
    from entry.send.rules import drive_tricks

    if isinstance(expected, int):
        assert drive_tricks(**given) == expected
        return
    with pytest.raises(UserError) as refused:
        drive_tricks(**given)
    words, field = expected.value
    assert refused.value.message.startswith(words.split("{")[0]) and refused.value.field == field


def test_a_drives_phone_sends_from_its_place_in_a_drive_only() -> None:
    """Not a drive, or no table in the change in play: refused by name; else its place, as read."""
    from entry.send.rules import drive_place

    with pytest.raises(UserError, match="not a whist drive"):
        drive_place("table 2, N", a_drive=False)
    with pytest.raises(UserError, match="no table in the change") as refused:
        drive_place(None, a_drive=True)
    assert refused.value.field == "winner"
    assert drive_place("table 2, N", a_drive=True) == "table 2, N"
