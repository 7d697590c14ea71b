"""The whist drive as a player's phone and the director see it (p. 24).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 24): a
**change** is one deal at every table; the **move** is where each player
goes for the next one, decided from the results (``services.drive``); the
**score card** is one player's deals: where he sat, with whom, against
whom, who won and what it scored, by points or counters.

What a player's phone shows follows the visibility rule
(``scoring.visibility``): his own table's result of the change in play
(to send and check it), the results of the deals he has played, and the
running score only over changes every table has finished (a tray of a
drive is complete only with its whole change, ``selectors.slips``), when
the director allows it. Nothing on the page says how another table's deal
went before the change is complete: not even which tables have finished.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import Count, Max

from entry.selectors.phone import Phone, holds_a_phone, line_sides
from entry.selectors.table_parts import status_label
from entry.send.rules import OTHER_SIDE, CheckAsked, CheckBy, decide_check
from scoring import display
from scoring.models import SlipLine
from scoring.scorers import ScoringError, score
from scoring.scorers.progressive import START, hands
from scoring.selectors.prizes import PrizeLine, prizes_or_problem
from scoring.selectors.slips import session_slips, slips_of
from scoring.selectors.standings import entrant_names, running_score
from scoring.visibility import Sight, running_shown, sight
from tournaments.errors import NotFound
from tournaments.link_reads import SessionRead, TableRead
from tournaments.models import (
    MOVEMENT_FIELDS,
    Drive,
    DriveChange,
    Round,
    ScoringMethod,
    Seat,
    Seating,
    SeatingTray,
    Session,
    Table,
)
from whist.cards import PARTNER, SEATS

SEAT_WORD = display.SEAT_NAME
SIDE_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
SIDE_WORD = {"NS": "N-S", "EW": "E-W"}
METHOD_TITLE = {
    "first": "First Method: winners move up, losers stay and change partners",
    "second": "Second Method: the winning lady moves up, the winning gentleman down",
    "second-alt": "Second Method: the winning lady moves up, the losing gentleman down",
}
RUNNING_SHOWN = 10


def drive_of(session: Session | SessionRead) -> Drive:
    """The session's drive, or NotFound: the page and the API are for whist drives only."""
    drive = Drive.objects.filter(session_id=session.pk).first()
    if drive is None:
        raise NotFound("This link is not a whist drive's.")
    return drive


@dataclass(frozen=True)
class Place:
    """Where a player sits in a change: table, seat, deal, partner and adversaries."""

    change: int
    table: int
    seat: str
    seat_word: str
    side: str
    deal: int
    partner: str
    against: str
    seating_id: int


def _names(seating: Seating) -> dict[str, tuple[int, str]]:
    """Seat -> (player number, name) at a table."""
    out = {}
    for seat in Seat.objects.filter(seating=seating).select_related("player", "entrant"):
        number = seat.entrant.number if seat.entrant else 0
        out[seat.direction] = (number, seat.player.name if seat.player else f"Player {number}")
    return out


def place_at(seating: Seating, number: int) -> Place | None:
    """A player's place at a table in a change, from the stored seats."""
    names = _names(seating)
    seat = next((s for s, (n, _) in names.items() if n == number), None)
    if seat is None:
        return None
    partner = PARTNER[seat]
    against = [names[s][1] for s in ("E", "W") if s in names] if seat in "NS" else [names[s][1] for s in "NS"]
    deal = seating.seating_trays.get().tray.number
    return Place(
        change=seating.round.number,
        table=seating.table.number,
        seat=seat,
        seat_word=SEAT_WORD[seat],
        side=SIDE_OF[seat],
        deal=deal,
        partner=names.get(partner, (0, ""))[1],
        against=" & ".join(against),
        seating_id=seating.pk,
    )


def change_in_play(session: Session | SessionRead) -> int:
    """The change being played: the last one seated (every player plays every change); 0 unless running."""
    return (
        Round.objects.filter(session_id=session.pk).count() if session.status == Session.Status.RUNNING else 0
    )


def player_place(*, phone: Phone) -> Place | None:
    """Where the phone's player sits in the change in play, or None."""
    if phone.link is None:
        return None
    seating = phone.seatings.get(change_in_play(phone.session))
    return place_at(seating, phone.link.entrant.number) if seating is not None else None


@dataclass(frozen=True)
class DriveTable:
    """A drive table as its own code shows it while the drive runs: the change in play, its deal, the seats.

    Every table plays every change, and the next is seated only when the
    last table has sent: the change and the seats say nothing of how any
    table's deal went before every phone is shown the whole change.
    """

    change: int
    changes: int
    deal: int
    #: Player number -> the seat he holds at this table now ("North").
    seats: dict[int, str]


def drive_table_now(*, table: Table | TableRead) -> DriveTable | None:
    """The table's change in play, its deal and who sits where; None unless a drive is running."""
    session = table.session
    drive = Drive.objects.filter(session_id=session.pk).first()
    change = change_in_play(session)
    seating = (
        Seating.objects.filter(table=table, round__session_id=session.pk, round__number=change).first()
        if drive is not None and change
        else None
    )
    if drive is None or seating is None:
        return None
    seats = {number: SEAT_WORD[seat] for seat, (number, _) in _names(seating).items()}
    return DriveTable(change, drive.changes, seating.seating_trays.get().tray.number, seats)


@dataclass(frozen=True)
class ResultView:
    """A drive table's result as the phone shows it: who won, the points made, checked or not, and
    whether this phone may check it (``hand_across``: on the sender's phone, the other side having none)."""

    winner: str
    points: int
    ns_tricks: int
    status: str
    version: int
    sent_by: str
    can_check: bool
    hand_across: bool = False
    check_side: str = ""
    status_label: str = ""


def result_view(line: SlipLine, side: str, *, other_has_phone: bool = False) -> ResultView:
    """The line as won-and-points; who may check it (``rules.decide_check``: the other side of the
    sender, on its own phone when it holds one)."""
    tricks = line.ns_tricks if line.ns_tricks is not None else 0
    winner = "NS" if tricks >= 7 else "EW"
    said = "NS" if "(N-S" in line.entered_by else "EW" if "(E-W" in line.entered_by else ""
    sender = line.entered_side or said  # a line sent before the side was kept: as its history says
    decided = decide_check(CheckAsked(0, sender, side, other_has_phone))
    may = line.status == SlipLine.Status.ENTERED and isinstance(decided, CheckBy)
    return ResultView(
        winner=SIDE_WORD[winner],
        points=abs(2 * tricks - 13) // 2 + 1,
        ns_tricks=tricks,
        status=line.status,
        version=line.version,
        sent_by=SIDE_WORD.get(sender, line.entered_by),
        can_check=may,
        hand_across=may and isinstance(decided, CheckBy) and decided.across,
        check_side=SIDE_WORD[OTHER_SIDE[sender or "NS"]],
        status_label=status_label(line),
    )


@dataclass(frozen=True)
class CardLine:
    """One deal on a player's score card."""

    change: int
    deal: int
    table: int
    partner: str
    against: str
    won: bool
    points: int
    score: str
    total: str


@dataclass(frozen=True)
class RunningLine:
    """A line of the running score (complete changes only): ``place``, the rank as written ("=2")."""

    rank: int
    name: str
    total: str
    me: bool
    place: str = ""


@dataclass
class DrivePlayerPage:
    """Everything a player's phone shows of the drive, for the template and the state JSON."""

    session_title: str
    session_date: str
    status: str
    method: str
    scoring: str
    number: int
    name: str
    change: int
    changes: int
    place: Place | None
    result: ResultView | None
    can_send: bool
    move: str
    moved_from: str
    finished: bool
    card: list[CardLine] = field(default_factory=list)
    total: str = ""
    running: list[RunningLine] | None = None
    running_changes: int = 0
    prizes: list[PrizeLine] | None = None
    stamp: str = ""


def _move(phone: Phone, change: int) -> tuple[str, str]:
    """How the player came to this change's seat, in the book's words, and from where."""
    if change < 2 or phone.link is None:
        return "", ""
    stored = DriveChange.objects.filter(session_id=phone.session.pk, number=change).first()
    number = phone.link.entrant.number
    move = next((m for m in (stored.moves if stored else []) if m["player"] == number), None)
    if move is None:
        return "", ""
    return move["why"], f"table {move['from']['table']}, {SEAT_WORD[move['from']['seat']]}"


def score_card(*, session: Session, seen: Sight, number: int) -> tuple[list[CardLine], str]:
    """The player's deals with their scores, added up (counters from the 25 he started with)."""
    trays = seen.trays if seen.trays is not None else None
    slips = session_slips(session=session, trays=trays)
    slips = slips_of(slips, trays) if trays is not None else slips
    method = session.scoring_method
    try:
        mine = [h for h in hands(slips) if number in h.winners + h.losers]
        per_deal = {d.deal: d.scores for d in score(method, slips).deals} if mine else {}
    except ScoringError:
        return [], ""
    if not mine:
        return [], ""
    start = START if method == "counters" else Fraction(0)
    changes = _changes_by_deal(session)
    names = entrant_names(session=session)
    total, rows = start, []
    for hand in sorted(mine, key=lambda h: h.deal):
        value = per_deal.get(hand.deal, {}).get(number, Fraction(0))
        total += value
        partner = hand.partner(number)
        rows.append(
            CardLine(
                change=changes.get(hand.deal, 0),
                deal=hand.deal,
                table=hand.line.table,
                partner=names.get(partner, "") if partner is not None else "",
                against=" & ".join(names.get(p, str(p)) for p in hand.opponents(number)),
                won=number in hand.winners,
                points=hand.points,
                score=display.signed(value) if method == "counters" else display.number(value),
                total=display.number(total),
            )
        )
    return rows, display.number(total)


def _changes_by_deal(session: Session) -> dict[int, int]:
    """Deal (tray) number -> the change it was played in."""
    rows = SeatingTray.objects.filter(round__session_id=session.pk).values_list(
        "tray__number", "round__number"
    )
    return dict(rows)


def _running(phone: Phone, seen: Sight, change: int, changes: int) -> tuple[list[RunningLine] | None, int]:
    """The running score over complete changes, the leaders and the player, when the director allows it."""
    if not running_shown(sight=seen, session=phone.session, round_number=change, rounds=changes):
        return None, 0
    board = running_score(session=phone.session)
    if board is None:
        return [], 0
    names = entrant_names(session=phone.session)
    me = phone.link.entrant.number if phone.link else 0
    lines = [
        RunningLine(
            rank=r.rank,
            name=names.get(r.entrant, str(r.entrant)),
            total=display.number(r.total),
            me=r.entrant == me,
            place=r.place,
        )
        for r in board.rows
    ]
    shown = [ln for i, ln in enumerate(lines) if i < RUNNING_SHOWN or ln.me]
    tables = Table.objects.filter(session_id=phone.session.pk).count() or 1
    return shown, len(board.trays) // tables


def _result(line: SlipLine, place: Place) -> ResultView:
    """The table's line as this player's phone shows it: whether the other side of the sender holds a
    phone of its own is read only while the line waits for a check, on the sender's side."""
    sender = line.entered_side or "NS"
    waits = line.status == SlipLine.Status.ENTERED and place.side == sender
    holders = line_sides(line)[OTHER_SIDE[sender]] if waits else frozenset()
    has_phone = holds_a_phone(session_id=line.session_id, holders=holders)
    return result_view(line, place.side, other_has_phone=has_phone)


def drive_player_page(*, phone: Phone, device: str = "") -> DrivePlayerPage:
    """The player's page now: where to sit, the result to send or check, the move, the card, the prizes."""
    session = phone.session
    drive = drive_of(session)
    assert phone.link is not None
    seen = sight(viewer=phone.viewer, session=session)
    change = change_in_play(session)
    seating = phone.seatings.get(change)
    place = place_at(seating, phone.link.entrant.number) if seating is not None else None
    line = (
        SlipLine.objects.filter(table_id=seating.table_id, round_id=seating.round_id).first()
        if seating is not None
        else None
    )
    number = phone.link.entrant.number
    card, total = score_card(session=session, seen=seen, number=number) if seen.per_deal else ([], "")
    running, counted = _running(phone, seen, change, drive.changes) if session.accepts_results else (None, 0)
    why, came = _move(phone, change)
    page = DrivePlayerPage(
        session_title=session.title,
        session_date=f"{session.date:%-d %B %Y}",
        status=session.status,
        method=METHOD_TITLE[drive.method],
        scoring=ScoringMethod(session.scoring_method).label,
        number=number,
        name=entrant_names(session=session).get(number, ""),
        change=change,
        changes=drive.changes,
        place=place,
        result=_result(line, place) if line is not None and place is not None and seen.own_lines else None,
        can_send=place is not None and line is None and session.accepts_results,
        move=why,
        moved_from=came,
        finished=change >= drive.changes and line is not None,
        card=card,
        total=total,
        running=running,
        running_changes=counted,
        prizes=prizes_or_problem(session=session, sight=seen)[0],
    )
    page.stamp = drive_stamp(phone=phone)
    return page


def drive_stamp(*, phone: Phone) -> str:
    """What the player's page depends on, in a few small reads: the phone polls it to know when to refresh.

    The session's status and switches, the changes seated, the player's own
    lines (sent, checked, corrected), and whether the change in play is
    complete (the running score and the prize list follow from those).
    Nothing of another table's progress before its change is complete.
    """
    session = Session.objects.defer(*MOVEMENT_FIELDS).get(pk=phone.session.pk)
    assert phone.link is not None
    own = SlipLine.objects.filter(seats__entrant_id=phone.link.entrant_id).aggregate(
        count=Count("pk"), last=Max("updated_at")
    )
    last = (
        DriveChange.objects.filter(session=session).order_by("-number").values_list("round_id", flat=True)[:1]
    )
    sent = SlipLine.objects.filter(round_id__in=list(last)).count()
    complete = sent == session.tables.count()
    parts = [
        session.status,
        session.seating_version,
        session.show_running_score,
        session.running_score_hidden_rounds,
        session.publish_standings,
        session.publish_travellers,
        own["count"],
        own["last"],
        complete,
    ]
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()[:16]


def page_json(page: DrivePlayerPage) -> dict[str, Any]:
    """The page as plain JSON, for its script and the API."""
    return asdict(page)


# --- The director's view of the drive -------------------------------------------------------------


@dataclass(frozen=True)
class BoardTable:
    """One table of a change on the director's drive page."""

    table: int
    deal: int
    seats: list[tuple[str, str]]
    result: str
    status: str
    line_id: int | None


@dataclass(frozen=True)
class BoardChange:
    """One change: how many tables have sent, and each table."""

    number: int
    sent: int
    tables: list[BoardTable]

    @property
    def complete(self) -> bool:
        """Every table has sent its result."""
        return self.sent == len(self.tables)


@dataclass(frozen=True)
class DriveBoard:
    """The director's page of a drive: its options, the changes seated, the change in play, the prizes."""

    drive: Drive
    method: str
    tables: int
    players: int
    changes: list[BoardChange]
    prizes: list[PrizeLine] | None
    can_seat_next: bool
    #: Why there is no prize list now: a line the scorer refuses (the director corrects it).
    prize_problem: str = ""


def _board_change(change: DriveChange) -> BoardChange:
    lines = {ln.table_id: ln for ln in SlipLine.objects.filter(round=change.round)}
    rows = []
    seatings = change.round.seatings.select_related("table").prefetch_related("seating_trays__tray")
    for seating in seatings.order_by("table__number"):
        names = _names(seating)
        line = lines.get(seating.table_id)
        result = ""
        if line is not None and line.ns_tricks is not None:
            shown = result_view(line, "")
            result = f"{shown.winner} won, {shown.points} point{'s' if shown.points != 1 else ''}"
        rows.append(
            BoardTable(
                table=seating.table.number,
                deal=seating.seating_trays.all()[0].tray.number,
                seats=[(SEAT_WORD[s], names.get(s, (0, "—"))[1]) for s in SEATS],
                result=result,
                status=line.status if line is not None else "",
                line_id=line.pk if line is not None else None,
            )
        )
    return BoardChange(number=change.number, sent=len(lines), tables=rows)


def drive_board(*, session: Session, seen: Sight) -> DriveBoard:
    """Everything the director's drive page shows (the director sees every result)."""
    drive = drive_of(session)
    changes = [
        _board_change(c)
        for c in DriveChange.objects.filter(session=session).select_related("round").order_by("-number")
    ]
    last = changes[0] if changes else None
    prizes, problem = prizes_or_problem(session=session, sight=seen)
    return DriveBoard(
        drive=drive,
        method=METHOD_TITLE[drive.method],
        tables=session.tables.count(),
        players=4 * session.tables.count(),
        changes=changes,
        prizes=prizes,
        prize_problem=problem,
        can_seat_next=(
            session.status == Session.Status.RUNNING
            and last is not None
            and last.complete
            and last.number < drive.changes
        ),
    )
