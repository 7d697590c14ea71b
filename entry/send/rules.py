"""Every rule of a send, as two pure functions: ``check_send`` (what was asked) and ``decide`` (on what
was read); and who checks a line sent, and who corrects it (``decide_check``, ``decide_amend``). Nothing
here reads or writes; ``tests/table/test_send_rules.py`` holds them to a table.

A **send** is one table's result on one tray's traveling slip (W. H. Barney, *Duplicate Whist*, 1900,
p. 42): the N-S tricks, the revokes charged (Law X). The decision is one of

- ``Accept``: store the line (where the table plays the tray, and whether it owes another tray);
- ``Replay``: the same key asked the same before: answer with the line it stored (as it stands; once the
  session no longer runs, a phone's retry as that send stored it, ``as_sent``);
- ``ConflictWith``: the table has sent this tray already: answer 409 with the stored line;
- ``Refuse``: one named ``Refusal`` (its words say why; ``field``, the input at fault).

An **idempotency key** lets a phone send again safely (a lost answer, a double tap): the same key, in
the same scope (the table's link, the entrant's, the director's account), asking the same thing (the
request's fingerprint) is answered with the stored line; the same key asking something else is refused
(``KEY_REUSED``, 422), never replayed. The order of the rules: a replay is answered even after the
session closed (its answer was lost); then a closed session refuses; then a tray sent already is told
with its line; then where and when the table plays the tray.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple, TypeVar

from entry.selectors.rounds import EntrantPlay, Play, PlayTable
from entry.send.rows import LineRow, Ref
from scoring.models import SlipLine
from tournaments.errors import Conflict, KeyReused, UserError
from tournaments.locks import SessionRow
from tournaments.models import Seating, Session, Tray
from tournaments.overplay import FAMILY as MNEMONIC
from whist.cards import RANKS, SUITS, SYMBOL_SUIT

#: The longest idempotency key kept (the column's length).
KEY_LENGTH = 64
#: The most revokes a side may be charged with on one deal (the table page's limit).
MAX_REVOKES = 3


class Refusal(Enum):
    """Why a send is refused: (its words, with the send's figures, and the input at fault)."""

    KEY_TOO_LONG = (f"A submission key has at most {KEY_LENGTH} characters.", "idempotency_key")
    BAD_TRICKS = ("Tricks must be a whole number from 0 to 13.", "ns_tricks")
    TRICKS_OUT_OF_RANGE = ("Tricks must be from 0 to 13, not {tricks}.", "ns_tricks")
    BAD_REVOKES = (f"Revokes must be a whole number from 0 to {MAX_REVOKES}.", None)
    BAD_TRUMP = ("A trump card is a rank and a suit, like 7H or 7♥ (the ten: 10H); not {card}.", "trump")
    KEY_REUSED = (
        "This submission key was already used for a different result; send a new result with a new key.",
        "idempotency_key",
    )
    NOT_TAKING_RESULTS = ("The session is {status}; results are not taken now.", None)
    NO_SUCH_TRAY = ("There is no tray {tray} in this session.", "tray")
    NOT_PLAYED_HERE = ("Tray {tray} is not played at table {table}{where}.", "tray")
    NOT_THIS_ROUND = ("Tray {tray} is not at table {table} this round.", "tray")
    ROUND_OVER = ("Round {round} is over; ask the director to enter tray {tray}.", None)
    WRONG_ROUND = ("Round {asked} is over or not begun at this table.", "round")
    STORED_MEANWHILE = (
        "Tray {tray} could not be stored: another send with this key, or for an entrant at this table, "
        "was stored at the same moment. Look at the table's page again.",
        None,
    )
    CHECK_ON_OWN_PHONE = (
        "{sender} sent tray {tray}: {checker} check it, or dispute it, on their own phone, not on "
        "{sender}'s. (If their phone is lost, the director releases it.)",
        None,
    )
    NOT_ON_THE_LINE = ("The entrant this phone follows did not play tray {tray} at this table.", None)
    ONLY_THE_SENDER_CORRECTS = (
        "Only {sender}, who sent tray {tray}, may correct their count; {checker} check it, or dispute it.",
        "ns_tricks",
    )
    A_DRIVE = (
        "This is a whist drive: nothing was stored. Each deal's result, who won and the points made, is "
        "sent from the player's own drive page (Barney, 1900, p. 24).",
        None,
    )
    IN_DOUBT = (
        "This phone must first show it is still {entrant}'s: type its code on the phone's page, or open "
        "your own card's QR code on it. Nothing was stored.",
        None,
    )
    NO_TABLE_THIS_ROUND = ("Your entrant has no table this round: nothing to send.", "tray")
    HALF_TRUMP = ("Tap the trump card's suit and its rank, or neither.", "trump")
    DRIVE_WINNER = ("Say which side won the deal: N-S or E-W.", "winner")
    DRIVE_NO_POINTS = ("Give the points made: the winners' tricks over six, 1 to 7.", "points")
    DRIVE_POINTS = ("The points made are 1 to 7 (the winners' tricks over six), not {made}.", "points")
    NOT_A_DRIVE = ("This session is not a whist drive.", None)
    NO_DRIVE_TABLE = ("You have no table in the change being played.", "winner")
    ASK = ("{question}", "ask")

    def error(self, field: str | None = None, **figures: Any) -> UserError:
        """The refusal as the error the page and the API answer with."""
        words, default = self.value
        kind = KINDS.get(self, UserError)
        return kind(words.format(**figures), field=field or default)


#: The refusals answered otherwise than 400: a key reused 422, a whist drive's tray 409.
KINDS: dict[Refusal, type[UserError]] = {Refusal.KEY_REUSED: KeyReused, Refusal.A_DRIVE: Conflict}


@dataclass(frozen=True)
class Asked:
    """A send as asked, checked and typed. ``tray``: the tray's number (None: not a number);
    ``scope``: whose keys; ``phone_round``: the round of the entrant a phone follows (None: the table's);
    ``owes_more``: the sender owes another tray besides (its table's or its entrant's); ``entrant``: the
    entrant (id, side) a phone follows, whose own line on the tray is its answer wherever it was sent;
    ``trump``: the card turned at the table ("7H"), blank when none was sent; ``device``: the phone's id;
    ``unplayed``: a phone's tray its entrant has not played by its round now and whose line of its own
    nobody has sent (refused unless its key stored a line)."""

    tray_number: Any
    tray: int | None
    tricks: int
    ns_revokes: int
    ew_revokes: int
    key: str | None
    scope: str
    fingerprint: str
    round_number: int | None
    phone_round: int | None
    as_director: bool
    owes_more: bool
    entrant: tuple[int, str] | None = None
    trump: str = ""
    device: str = ""
    unplayed: bool = False


def tray_number(value: Any) -> int | None:
    """A tray's number as sent, or None when it is not one the database can compare."""
    try:
        number = int(str(value).strip())
    except ValueError:
        return None
    return number if 0 < number < 2**15 else None


def check_tricks(value: Any, *, field: str = "ns_tricks") -> int:
    """N-S tricks must be a whole number from 0 to 13."""
    try:
        tricks = int(value)
        if str(value).strip() != str(tricks):
            raise ValueError
    except (TypeError, ValueError):
        raise Refusal.BAD_TRICKS.error(field) from None
    if not 0 <= tricks <= 13:
        raise Refusal.TRICKS_OUT_OF_RANGE.error(field, tricks=tricks)
    return tricks


def check_revokes(**counts: Any) -> None:
    """Revokes charged to each side: a whole number from 0 to 3 (Law X; the table page's limit)."""
    for label, value in counts.items():
        whole = isinstance(value, int) and not isinstance(value, bool)
        if value is not None and not (whole and 0 <= value <= MAX_REVOKES):
            raise Refusal.BAD_REVOKES.error(label)


def trump_card(value: Any) -> str:
    """The trump card turned at the table, as sent ("7H", "7♥", "10h", "T ♥"), in rank and suit letters
    ("7H"; Law III, Sec. 1); blank when none was sent. A picker's card comes as ``(rank, suit)``: both or
    neither."""
    if isinstance(value, tuple):
        rank, suit = value
        if bool(rank) != bool(suit):
            raise Refusal.HALF_TRUMP.error()
        value = f"{rank}{suit}"
    text = "".join(str(value or "").split()).upper().replace("\ufe0f", "")
    for glyph, letter in SYMBOL_SUIT.items():
        text = text.replace(glyph, letter)
    code = text.replace("10", "T")
    if code and (len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS):
        raise Refusal.BAD_TRUMP.error(card=repr(str(value))[:24])
    return code


def submission_key(value: str | None) -> str | None:
    """A submission key as it is kept: stripped, and None when blank."""
    return (value or "").strip() or None


def fingerprint(**asked: Any) -> str:
    """A digest of what a send asks (tray, tricks, revokes, round...): a reused key must ask the same."""
    return hashlib.sha256(json.dumps(asked, sort_keys=True, default=str).encode()).hexdigest()


def check_send(
    *,
    tray: Any,
    ns_tricks: Any,
    revokes: tuple[Any, Any],
    key: str | None,
    scope: str,
    round_number: int | None,
    director_table: int | None,
    trump: Any = None,
    **standing: Any,
) -> Asked:
    """What a send asks, checked: its key, its tricks, revokes and trump card (``director_table``: the
    table the director enters for, None for a table's own send); ``standing``: the rest of ``Asked`` as
    its sender stands (``phone_round``, ``owes_more``, ``entrant``, ``device``, ``unplayed``)."""
    kept = submission_key(key)
    if kept is not None and len(kept) > KEY_LENGTH:
        raise Refusal.KEY_TOO_LONG.error()
    tricks = check_tricks(ns_tricks)
    check_revokes(ns_revokes=revokes[0], ew_revokes=revokes[1])
    card = trump_card(trump)
    asked = {"tray": tray, "ns_tricks": ns_tricks, "revokes": list(revokes), "round": round_number}
    digest = fingerprint(**asked, table=director_table, **({"trump": card} if card else {}))  # none: as ever
    return Asked(
        tray_number=tray,
        tray=tray_number(tray),
        tricks=tricks,
        ns_revokes=revokes[0],
        ew_revokes=revokes[1],
        key=kept,
        scope=scope,
        fingerprint=digest,
        round_number=round_number,
        as_director=director_table is not None,
        trump=card,
        **standing,
    )


@dataclass(frozen=True)
class Found:
    """What a send read before deciding. ``locked``: read under the locks (else a first look, which may
    only find a replay or a tray sent already); ``keyed``: the line its key stored in its scope; ``sent``:
    its table's line on the tray (a phone's: its entrant's own line on it, at whatever table); ``plays``:
    the table's plays read (a table's own send); ``tray`` and ``seating``: the tray by number and where the
    table plays it (the director's entry, or to word a refusal); ``table``: the table's number."""

    session: SessionRow | Session
    table: int
    locked: bool = False
    keyed: LineRow | None = None
    sent: LineRow | None = None
    plays: tuple[Play, ...] = ()
    tray: Tray | None = None
    seating: Seating | None = None


@dataclass(frozen=True)
class Accept:
    """Store the line: the tray and where the table plays it; ``owes_more``, another tray is owed."""

    tray: Tray | Ref
    seating: Seating | Play
    owes_more: bool


@dataclass(frozen=True)
class Replay:
    """Answer with the line this key stored."""

    line: LineRow


@dataclass(frozen=True)
class ConflictWith:
    """The table has sent this tray: answer with the line stored and the count sent."""

    line: LineRow
    attempted: Any


@dataclass(frozen=True)
class Refuse:
    """A named refusal, with the figures its words take."""

    refusal: Refusal
    figures: tuple[tuple[str, Any], ...] = ()

    def error(self) -> UserError:
        """The refusal's error."""
        return self.refusal.error(**dict(self.figures))


#: What a first look decides when it decides nothing yet: take the locks and read again.
LOOK_UNDER_LOCK = None
Decision = Accept | Replay | ConflictWith | Refuse


def conflict(stored: SlipLine | LineRow, attempted: Any) -> Conflict:
    """The refusal of a second line for a tray at a table, carrying the stored one and the value sent."""
    said = "" if stored.ns_tricks == attempted or attempted is None else f" You sent {attempted}."
    return Conflict(
        f"Tray {stored.tray.number} was already sent from table {stored.table.number}: "
        f"N-S {stored.ns_tricks}." + said,
        field="ns_tricks",
    ).with_line(stored, attempted)


def as_sent(line: LineRow, asked: Asked) -> LineRow:
    """The line as this send stored it: its count and revokes, unchecked, its first version (a copy; nothing
    is written). A phone's retry is answered with it once the session no longer runs, when a phone sees
    no more than the public: the line may since have been checked, disputed or corrected, which the
    public does not see."""
    return line._replace(
        ns_tricks=asked.tricks,
        ns_revokes=asked.ns_revokes or 0,
        ew_revokes=asked.ew_revokes or 0,
        ns_award="",
        ew_award="",
        law=None,
        claimed=None,
        confirmed_at=None,
        status=SlipLine.Status.ENTERED,
        version=1,
        confirmed_by="",
        checked_side="",
        checked_how="",
        confirmed_device="",
        updated_at=line.entered_at,
    )


def decide(asked: Asked, found: Found) -> Decision | None:
    """The send's outcome from what was asked and read (None: a first look that decides nothing yet)."""
    if found.keyed is not None:
        if found.keyed.idempotency_fingerprint != asked.fingerprint:
            return Refuse(Refusal.KEY_REUSED)
        return Replay(
            found.keyed if asked.as_director or found.session.accepts_results else as_sent(found.keyed, asked)
        )
    if asked.unplayed:  # another pair's line at the table where the entrant sits now: neither told nor sent
        return Refuse(Refusal.NOT_THIS_ROUND, (("tray", asked.tray), ("table", found.table)))
    accepts = found.session.accepts_results
    if not found.locked:
        if found.sent is not None and accepts:
            return ConflictWith(found.sent, asked.tricks)
        return LOOK_UNDER_LOCK
    if not accepts:
        return Refuse(Refusal.NOT_TAKING_RESULTS, (("status", _status(found.session)),))
    if asked.as_director:
        return _director(asked, found)
    if found.sent is not None:
        return ConflictWith(found.sent, asked.tricks)
    return _table(asked, found)


def _status(session: SessionRow | Session) -> str:
    """The session's status in words ("closed")."""
    return str(Session.Status(session.status).label).lower()


def _director(asked: Asked, found: Found) -> Decision:
    """The director enters any tray of any round where the table plays it, once."""
    if found.tray is None:
        return Refuse(Refusal.NO_SUCH_TRAY, (("tray", asked.tray_number),))
    if found.seating is None:
        where = f" in round {asked.round_number}" if asked.round_number else ""
        figures = (("tray", found.tray.number), ("table", found.table), ("where", where))
        return Refuse(Refusal.NOT_PLAYED_HERE, figures)
    if found.sent is not None:
        return ConflictWith(found.sent, asked.tricks)
    return Accept(found.tray, found.seating, owes_more=False)


def _table(asked: Asked, found: Found) -> Decision:
    """A table sends only a tray of its round (a phone's: of its entrant's round), once."""
    play = next((p for p in found.plays if p.tray == asked.tray), None)
    if play is None:
        if found.tray is None:
            return Refuse(Refusal.NO_SUCH_TRAY, (("tray", asked.tray_number),))
        return Refuse(
            Refusal.NOT_PLAYED_HERE, (("tray", found.tray.number), ("table", found.table), ("where", ""))
        )
    session = found.session
    whole = asked.phone_round is None and session.tables_advance
    current = asked.phone_round if asked.phone_round is not None else session.current_round
    if whole:
        current = next((p.round for p in found.plays if p.owed and not p.sent), play.round + 1)
    figures = (
        ("tray", play.tray),
        ("table", found.table),
        ("round", play.round),
        ("asked", asked.round_number),
    )
    if play.round > current:
        return Refuse(Refusal.NOT_THIS_ROUND, figures)
    if play.round < current and not session.tables_advance:
        return Refuse(Refusal.ROUND_OVER, figures)
    if asked.round_number is not None and asked.round_number != play.round:
        return Refuse(Refusal.WRONG_ROUND, figures)
    tray = Ref(play.tray_id, play.tray)
    owes_more = asked.owes_more or (
        whole and any(p.owed and not p.sent and p is not play for p in found.plays)
    )
    return Accept(tray, play, owes_more)


Decided = TypeVar("Decided")


def must(decided: Decided | Refuse) -> Decided:
    """A decision that goes on (None: nothing to say), or its refusal raised: the one place a send's
    refusal is raised."""
    if isinstance(decided, Refuse):
        raise decided.error()
    return decided


def answer(decided: Decision | None) -> Replay:
    """A decision that stores nothing: a replay is the send's answer; a tray sent already is its 409
    with the stored line; anything else its refusal."""
    if isinstance(decided, ConflictWith):
        raise conflict(decided.line, decided.attempted)
    if isinstance(decided, Replay):
        return decided
    assert isinstance(decided, Refuse), decided
    raise decided.error()


def phone_may_send(*, drive: bool, in_doubt: bool, entrant: str) -> Refuse | None:
    """A phone sends no tray at a whist drive (its player's drive page does, p. 24), nor while its pass
    is in doubt (it may be in another pair's hands) until its entrant shows it holds it."""
    if drive:
        return Refuse(Refusal.A_DRIVE)
    if in_doubt:
        return Refuse(Refusal.IN_DOUBT, (("entrant", entrant),))
    return None


def plays_each_tray_once(family: str) -> bool:
    """Whether an entrant of a session of this movement family plays each tray once, so that its own line
    on a tray, wherever it was sent, is a phone's answer before anything is read of where it plays: every
    movement but mnemonic duplicate, whose players play each deal twice (Barney, 1900, p. 66)."""
    return family != MNEMONIC


#: Where a drive's phone sends from (``entry.selectors.drive.Place``), as the rules hand it on.
Place = TypeVar("Place")


def drive_tricks(*, winner: Any = None, points: Any = None, ns_tricks: Any = None) -> int:
    """The N-S tricks of a whist drive table's result (p. 24): given as such, or from the side that won
    and the **points made**, the winners' tricks over six (seven tricks win one point, thirteen seven):
    N-S winning by p points took 6 + p; losing by p, 7 - p."""
    if ns_tricks not in (None, ""):
        return check_tricks(ns_tricks)
    if winner not in SIDE_WORDS:
        raise Refusal.DRIVE_WINNER.error()
    try:
        made = int(str(points).strip())
    except (TypeError, ValueError):
        raise Refusal.DRIVE_NO_POINTS.error() from None
    if not 1 <= made <= 7:
        raise Refusal.DRIVE_POINTS.error(made=made)
    return 6 + made if winner == "NS" else 7 - made


def drive_place(place: Place | None, *, a_drive: bool) -> Place:
    """Where a drive's phone sends, checks or disputes from: its player's place in the change in play
    (None: it has none), in a session that is a whist drive (``a_drive``)."""
    if not a_drive:
        raise Refusal.NOT_A_DRIVE.error()
    if place is None:
        raise Refusal.NO_DRIVE_TABLE.error()
    return place


class PhonePlace(NamedTuple):
    """Where a phone's send goes: the table (as the entrant's plays name it), the entrant's round now,
    whether it owes another tray besides, whether it plays the tray at that table now (``here``: the
    table's line is the answer), its side there, and ``unplayed`` (``Asked.unplayed``)."""

    table: PlayTable
    round: int
    owes_more: bool
    here: bool
    side: str
    unplayed: bool


def phone_place(tray: int | None, plays: Sequence[EntrantPlay], current: int) -> PhonePlace | Refuse:
    """The table where the entrant plays the tray (``tray``: its number, None when not a number): in its
    round now (``current``) if it plays it then, else in the last round before (a tray sent there is
    answered as sent; a key sent there, as its replay), else where it sits now; and what the send needs
    of its plays. Playing the tray at that table now, the table's line is the answer (mnemonic duplicate
    plays each tray twice, p. 25: the first play's line is not this one); else the entrant's own."""
    at = {p.round: p.table for p in plays}
    before = [p.round for p in plays if p.tray == tray and p.round < current]
    now = current in {p.round for p in plays if p.tray == tray}
    table = at.get(current if now or not before else max(before))
    if table is None:
        return Refuse(Refusal.NO_TABLE_THIS_ROUND)
    played = [p for p in plays if p.table.id == table.id and p.tray == tray]
    unplayed = tray is not None and not any(p.tray == tray and (p.round <= current or p.sent) for p in plays)
    return PhonePlace(
        table,
        current,
        owes_more=any(p.owed and not p.sent and p.tray != tray for p in plays),
        here=any(p.round == current for p in played),
        side=next((p.side for p in played), ""),
        unplayed=unplayed,
    )


#: The two sides of a table, and how a sentence names them.
SIDE_WORDS = {"NS": "N-S", "EW": "E-W"}
OTHER_SIDE = {"NS": "EW", "EW": "NS"}


@dataclass(frozen=True)
class CheckAsked:
    """A phone asks to check (or dispute) a line: ``sent_by``, the side whose phone sent it (blank: N-S,
    the director's entry or a line sent before sides were kept); ``checker``, the side the entrant this
    phone follows sat on the line (blank: not on it); ``other_has_phone``, whether the side that must
    check holds a phone of its own (a pass not released)."""

    tray: int
    sent_by: str
    checker: str
    other_has_phone: bool


@dataclass(frozen=True)
class CheckBy:
    """Who checks: the side, and whether on the sending side's phone handed across (``across``)."""

    side: str
    across: bool

    @property
    def words(self) -> str:
        """The side as a sentence names it ("E-W")."""
        return SIDE_WORDS[self.side]


def decide_check(asked: CheckAsked) -> CheckBy | Refuse:
    """Two sides to every line (Barney, *Whist and Duplicate Whist*, 1900, p. 42: one side sends its
    count, the other checks it). Whoever sent, the other side checks: on its own phone when it holds one
    (the sending side's phone is refused), else on the sender's phone handed across."""
    sender = asked.sent_by or "NS"
    other = OTHER_SIDE[sender]
    if asked.checker not in OTHER_SIDE:
        return Refuse(Refusal.NOT_ON_THE_LINE, (("tray", asked.tray),))
    if asked.checker == other:
        return CheckBy(other, across=False)
    if asked.other_has_phone:
        figures = (("tray", asked.tray), ("sender", SIDE_WORDS[sender]), ("checker", SIDE_WORDS[other]))
        return Refuse(Refusal.CHECK_ON_OWN_PHONE, figures)
    return CheckBy(other, across=True)


def decide_amend(*, tray: int, sent_by: str, amender: str) -> Refuse | None:
    """The side that sent a line corrects its own count until the other side checks it (None: it may)."""
    sender = sent_by or "NS"
    if amender == sender:
        return None
    if amender not in OTHER_SIDE:
        return Refuse(Refusal.NOT_ON_THE_LINE, (("tray", tray),))
    figures = (("tray", tray), ("sender", SIDE_WORDS[sender]), ("checker", SIDE_WORDS[OTHER_SIDE[sender]]))
    return Refuse(Refusal.ONLY_THE_SENDER_CORRECTS, figures)
