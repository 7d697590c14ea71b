"""Selectors for the director's running of a session: the live board, what is missing, history.

Terms (docs/design.md): every table plays its trays round by round; a table's
*line* on a tray's traveling slip is *entered* by one side (either may send),
*confirmed* or *disputed* by the other. The **room round** is the round the room is playing: the
director's current round, or, when tables move on by themselves, the
highest round that at least half the tables have reached. A table is
**late** only once the deadline of a round it still owes a tray of has
passed (the session's one clock, ``tournaments.clock``: the same for the
board, the hall's screen and the phones, never moved by the results). A
void tray (Laws III-V) is owed by nobody; a table facing a phantom owes
nothing (its opponents take the average). A pair **sits out** a round it
is not seated in (an odd movement, p. 38).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from entry.disputes import Figures
from entry.selectors.director_figures import director_figures
from entry.selectors.table_move import stored_movement
from scoring import display
from scoring.models import SlipLine, SlipLineVersion
from scoring.scorers import ScoringError
from scoring.selectors.layout import Standings, missing_trays, standings_layout
from scoring.selectors.places import session_placed_json
from scoring.selectors.standings import entrant_names, modern_percentages, session_snapshot, standings_seen
from scoring.visibility import DIRECTOR, sight
from tournaments.clock import SessionClock
from tournaments.models import ActionLog, Drive, Seat, Seating, SeatingTray, Session, Tray
from tournaments.selectors import session_clock


@dataclass(frozen=True)
class Missing:
    """A tray a table has not sent."""

    table: int
    tray: int
    round: int

    def __str__(self) -> str:
        return f"Table {self.table} has not sent tray {self.tray} (round {self.round})."


@dataclass
class TrayMark:
    """One tray in one board cell: its state and what the slip says."""

    tray: int
    state: str  # missing, entered, confirmed, disputed, void
    ns_tricks: int | None = None
    claimed: int | None = None
    award: str = ""
    line_id: int | None = None
    #: The side whose phone sent the line ("NS", "EW"; blank: the director's entry, or N-S before sides
    #: were recorded): the other side checks it.
    sent_side: str = ""

    @property
    def title(self) -> str:
        """What a hover over the chip says."""
        if self.state == "void":
            return f"Tray {self.tray}: void"
        if self.state == "missing":
            return f"Tray {self.tray}: not sent"
        if self.state == "disputed":
            return f"Tray {self.tray}: {Figures.of(self.sent_side, self.ns_tricks, self.claimed).words()}"
        said = f"N-S {self.ns_tricks}" if self.ns_tricks is not None else f"award {self.award}"
        return f"Tray {self.tray}: {said}, {self.state}"


#: What a board cell says of its state.
STATE_LABELS = {
    "waiting": "",
    "playing": "playing",
    "late": "late",
    "entered": "to confirm",
    "done": "done",
    "disputed": "disputed",
    "phantom": "phantom",
    "void": "void",
}


@dataclass
class Cell:
    """One table in one round."""

    round: int
    table: int
    ns: int | None
    ew: int | None
    phantom: bool
    trays: list[TrayMark] = field(default_factory=list)
    state: str = "waiting"  # waiting, playing, late, entered, done, disputed, phantom, void
    #: When the table sent the last tray it owed in this round (None until it has sent them all).
    finished_at: dt.datetime | None = None

    @property
    def pairs(self) -> str:
        """'8 v 1', the N-S and E-W numbers."""
        return f"{self.ns or '–'} v {self.ew or '–'}"

    @property
    def label(self) -> str:
        """The cell's state in a word or two."""
        return STATE_LABELS.get(self.state, "")

    @property
    def owed(self) -> list[TrayMark]:
        """Trays this table still has to send in this round."""
        return [] if self.phantom else [m for m in self.trays if m.state == "missing"]


@dataclass
class TableRow:
    """A table across the rounds."""

    table: int
    round: int
    late: str
    #: One per round of the session, in order; None where the table is empty that round.
    cells: list[Cell | None] = field(default_factory=list)
    #: The table's own round by the one clock: "12 min left in round 3", "Round 3 is 2 min over time".
    time: str = ""


@dataclass
class Dispute:
    """A disputed line, with both counts: the line's (``ns_tricks``, its sender's) and the claim."""

    table: int
    tray: int
    round: int
    ns_tricks: int | None
    claimed: int | None
    line_id: int
    #: The side whose phone sent the line (``TrayMark.sent_side``).
    sent_side: str = ""

    @property
    def figures(self) -> Figures:
        """Each side's figure, whichever sent (``entry.disputes``)."""
        return Figures.of(self.sent_side, self.ns_tricks, self.claimed)

    def __str__(self) -> str:
        return f"Table {self.table}, tray {self.tray} (round {self.round}): {self.figures.words()}."


@dataclass(frozen=True)
class Ahead:
    """A table that played a round before one of its pairs finished the round before at another table."""

    table: int
    round: int
    side: str
    entrant: int
    owes_round: int
    owes_table: int
    #: The entrant as the director knows it ("Pair 4 (Ada Byron & Ben Hale)"), filled in by "Needs you".
    who: str = ""

    def __str__(self) -> str:
        who = self.who or f"number {self.entrant}"
        return (
            f"Table {self.table} sent round {self.round}, but its {self.side}, {who}, still owe round "
            f"{self.owes_round} at table {self.owes_table}: check who played at table {self.table}."
        )


@dataclass
class Board:
    """The live board: every table and round."""

    rounds: list[int]
    room_round: int
    tables: list[TableRow]
    disputes: list[Dispute]
    totals: dict[str, int]
    #: The session's one clock: each round's times and deadline.
    clock: SessionClock = field(default_factory=SessionClock)
    #: Round -> the entrants that sit out that round (p. 38), one list for every round.
    sitouts: dict[int, list[int]] = field(default_factory=dict)
    #: Tables that sent a round's tray while one of their pairs still owes an earlier round elsewhere.
    ahead: list[Ahead] = field(default_factory=list)


def _cells(session: Session) -> dict[tuple[int, int], Cell]:
    """(table, round) -> a cell with its trays, from the stored seating and slips."""
    lines = {(ln.tray_id, ln.table_id): ln for ln in SlipLine.objects.filter(session=session)}
    cells: dict[tuple[int, int], Cell] = {}
    seatings = Seating.objects.filter(round__session=session).select_related("round", "table", "ns", "ew")
    for s in seatings:
        phantom = bool((s.ns and s.ns.is_phantom) or (s.ew and s.ew.is_phantom))
        cells[(s.table.number, s.round.number)] = Cell(
            s.round.number,
            s.table.number,
            s.ns.number if s.ns else None,
            s.ew.number if s.ew else None,
            phantom,
        )
    rows = SeatingTray.objects.filter(round__session=session).select_related(
        "seating__table", "round", "tray"
    )
    for st in rows.order_by("round__number", "seating__table__number", "order"):
        tray, table = st.tray, st.seating.table
        line = lines.get((tray.pk, table.pk))
        mark = _mark(tray, line, line.claimed if line is not None else None)
        cell = cells[(table.number, st.round.number)]
        cell.trays.append(mark)
        if line is not None and (cell.finished_at is None or line.entered_at > cell.finished_at):
            cell.finished_at = line.entered_at
    for cell in cells.values():
        if cell.owed:
            cell.finished_at = None  # not finished: the time of its last send is not the round's end
    return cells


def _mark(tray: Tray, line: SlipLine | None, claimed: int | None) -> TrayMark:
    if line is None:
        return TrayMark(tray.number, "void" if tray.status == Tray.Status.VOID else "missing")
    state = "void" if tray.status == Tray.Status.VOID else line.status
    award = f"{line.ns_award}/{line.ew_award}" if line.ns_award else ""
    return TrayMark(tray.number, state, line.ns_tricks, claimed, award, line.pk, line.entered_side)


def _table_round(cells: list[Cell], last: int) -> int:
    """A table's own round: the first in which it still owes a tray (results.table_round's rule)."""
    for cell in sorted(cells, key=lambda c: c.round):
        if any(m.state == "missing" for m in cell.trays) and not cell.phantom:
            return cell.round
    return last + 1


def _room_round(session: Session, own: list[int], last: int) -> int:
    """The director's round, or the highest round at least half the tables have reached."""
    if not session.tables_advance or session.status != Session.Status.RUNNING:
        return session.current_round
    ranked = sorted(own, reverse=True)
    return min(ranked[(len(ranked) - 1) // 2], last) if ranked else 1


def _cell_state(cell: Cell, table_round: int, late: bool, running: bool) -> str:
    """Phantom, void, disputed, done or entered; else late (``late``: its round's deadline has passed),
    playing or waiting."""
    marks = cell.trays
    if cell.phantom:
        return "phantom"
    if marks and all(m.state == "void" for m in marks):
        return "void"
    if any(m.state == "disputed" for m in marks):
        return "disputed"
    if not cell.owed:
        return "done" if all(m.state in ("confirmed", "void") for m in marks) else "entered"
    if running and late:
        return "late"
    if running and cell.round == table_round:
        return "playing"
    return "waiting"


def session_board(*, session: Session, now: dt.datetime | None = None) -> Board:
    """Every table and round: which trays are entered, confirmed, disputed; who is late and who sits out."""
    cells = _cells(session)
    last = session.rounds.count()
    clock, now = session_clock(session=session), now or timezone.localtime()
    by_table: dict[int, list[Cell]] = defaultdict(list)
    for (table, _), cell in sorted(cells.items()):
        by_table[table].append(cell)
    own = {t: _table_round(cs, last) for t, cs in by_table.items()}
    room = _room_round(session, list(own.values()), last)
    running = session.status == Session.Status.RUNNING
    rows = []
    for table, table_cells in sorted(by_table.items()):
        here = own[table] if session.tables_advance else session.current_round
        for cell in table_cells:
            cell.state = _cell_state(cell, here, clock.late(cell.round, now), running)
        owed = [(c.round, m.tray) for c in table_cells if c.state == "late" for m in c.owed]
        late = ", ".join(f"tray {t} (round {r})" for r, t in owed) if running else ""
        by_round = {c.round: c for c in table_cells}
        row = TableRow(table, here, late, [by_round.get(r) for r in range(1, last + 1)])
        if running and own[table] <= last:
            row.time = clock.words(own[table], now, playing=True)
        rows.append(row)
    board = Board(list(range(1, last + 1)), room, rows, _disputes(cells), _totals(cells), clock)
    board.sitouts = session_sitouts(session=session)
    board.ahead = _ahead(cells) if running else []
    return board


def session_sitouts(*, session: Session) -> dict[int, list[int]]:
    """Round -> the entrants sitting out that round (p. 38), from the stored seatings."""
    movement = stored_movement(session=session, from_round=1)
    return {r.number: list(r.sitout) for r in movement.rounds}


def _ahead(cells: dict[tuple[int, int], Cell]) -> list[Ahead]:
    """Each table that sent a tray of a round while one of its pairs still owes a round before it at
    another table: someone else sat in that pair's place, or the round was misread."""
    owes: dict[int, Cell] = {}
    for cell in sorted(cells.values(), key=lambda c: c.round):
        for entrant in (cell.ns, cell.ew):
            if entrant is not None and cell.owed and entrant not in owes:
                owes[entrant] = cell
    found = []
    for cell in sorted(cells.values(), key=lambda c: (c.round, c.table)):
        if cell.phantom or not any(m.state not in ("missing", "void") for m in cell.trays):
            continue
        for side, entrant in (("N-S", cell.ns), ("E-W", cell.ew)):
            elsewhere = owes.get(entrant) if entrant is not None else None
            if elsewhere is not None and elsewhere.round < cell.round and elsewhere.table != cell.table:
                found.append(
                    Ahead(cell.table, cell.round, side, entrant or 0, elsewhere.round, elsewhere.table)
                )
    return found


def _disputes(cells: dict[tuple[int, int], Cell]) -> list[Dispute]:
    return [
        Dispute(c.table, m.tray, c.round, m.ns_tricks, m.claimed, m.line_id or 0, m.sent_side)
        for c in cells.values()
        for m in c.trays
        if m.state == "disputed"
    ]


def _totals(cells: dict[tuple[int, int], Cell]) -> dict[str, int]:
    marks = [m for c in cells.values() if not c.phantom for m in c.trays if m.state != "void"]
    totals = {
        k: sum(1 for m in marks if m.state == k) for k in ("entered", "confirmed", "disputed", "missing")
    }
    totals["expected"] = len(marks)
    return totals


def slips_missing(*, session: Session) -> list[Missing]:
    """Every tray a table still owes: not void, not against a phantom, not sent."""
    sent = set(SlipLine.objects.filter(session=session).values_list("table_id", "tray_id"))
    owed = (
        SeatingTray.objects.filter(round__session=session)
        .exclude(tray__status=Tray.Status.VOID)
        .exclude(Q(seating__ns__is_phantom=True) | Q(seating__ew__is_phantom=True))
        .values_list(
            "seating__table_id", "tray_id", "seating__table__number", "tray__number", "round__number"
        )
        .order_by("round__number", "seating__table__number", "tray__number")
    )
    return [
        Missing(table, tray, rnd)
        for table_id, tray_id, table, tray, rnd in owed
        if (table_id, tray_id) not in sent
    ]


def unconfirmed_lines(*, session: Session) -> list[SlipLine]:
    """The lines N-S sent that nobody at the table has checked, in the order of play.

    None in a whist drive (p. 24): each change is seated from the results as
    the tables send them, so the drive has already played on from every one;
    a side that disagrees disputes its table's result from its own phone.
    """
    if Drive.objects.filter(session=session).exists():
        return []
    return list(
        SlipLine.objects.filter(session=session, status=SlipLine.Status.ENTERED)
        .select_related("tray", "table", "round", "ns", "ew")
        .order_by("round__number", "table__number", "tray__number")
    )


def line_sides(lines: list[SlipLine]) -> dict[int, str]:
    """Who played each line, by line: "Pair 1 N-S v Pair 2 E-W", or where players are seated one by one
    (mnemonic duplicate, individual movements) the players: "Ada & Cy N-S v Bea & Di E-W"; "" if nobody."""
    seated: dict[tuple[int, int], dict[str, str]] = {}
    seats = Seat.objects.filter(round_id__in={ln.round_id for ln in lines}, player__isnull=False)
    for seat in seats.select_related("player", "seating"):
        seated.setdefault((seat.round_id, seat.seating.table_id), {})[seat.direction] = seat.player.name
    out = {}
    for ln in lines:
        here = seated.get((ln.round_id, ln.table_id), {})
        ns = str(ln.ns) if ln.ns else " & ".join(here[d] for d in "NS" if d in here)
        ew = str(ln.ew) if ln.ew else " & ".join(here[d] for d in "EW" if d in here)
        out[ln.pk] = " v ".join(f"{who} {side}" for who, side in ((ns, "N-S"), (ew, "E-W")) if who)
    return out


def board_to_json(board: Board, session: Session) -> dict[str, Any]:
    """The board as the small JSON the page polls."""
    return {
        "status": session.status,
        "current_round": session.current_round,
        "room_round": board.room_round,
        "tables_advance": session.tables_advance,
        "totals": board.totals,
        "sitouts": {str(r): entrants for r, entrants in board.sitouts.items()},
        "tables": [
            {
                "table": row.table,
                "round": row.round,
                "late": row.late,
                "time": row.time,
                "cells": [_cell_json(c) for c in row.cells if c is not None],
            }
            for row in board.tables
        ],
        "disputes": [
            {
                "table": d.table,
                "tray": d.tray,
                "round": d.round,
                "ns_tricks": d.ns_tricks,
                "claimed": d.claimed,
                "sent_by": d.figures.sender,
                "ns_figure": d.figures.ns,
                "ew_figure": d.figures.ew,
                "line": d.line_id,
                "text": str(d),
            }
            for d in board.disputes
        ],
    }


def _cell_json(cell: Cell) -> dict[str, Any]:
    return {
        "round": cell.round,
        "state": cell.state,
        "label": cell.label,
        "pairs": cell.pairs,
        "trays": [{"tray": m.tray, "state": m.state, "title": m.title} for m in cell.trays],
    }


def line_versions(*, line: SlipLine) -> QuerySet[SlipLineVersion]:
    """The earlier versions of a line, newest first, unread (the API reads a page of them)."""
    return SlipLineVersion.objects.filter(line=line).select_related("changed_user").order_by("-version")


def line_history(*, line: SlipLine) -> list[SlipLineVersion]:
    """The earlier versions of a line, newest first."""
    return list(line_versions(line=line))


def tray_history(*, session: Session, tray_number: int) -> list[SlipLineVersion]:
    """Every earlier version of every line on a tray's slip, newest first."""
    return list(
        SlipLineVersion.objects.filter(session=session, tray_number=tray_number)
        .select_related("changed_user")
        .order_by("-changed_at", "-id")
    )


def tray_actions(*, session: Session, tray_number: int) -> list[ActionLog]:
    """The director's actions on a tray (status changes, awards), newest first."""
    return list(
        ActionLog.objects.filter(
            session=session, action__in=["tray.status", "result.award"], data__tray=tray_number
        ).select_related("user")
    )


def director_layout(*, session: Session) -> tuple[Standings | None, str]:
    """The standings laid out as the results page lays them out, with the book's tests (the director's alone).

    Returns (standings, problem): a slip the scorer refuses is shown as its message.
    """
    try:
        seen = standings_seen(session=session, sight=sight(viewer=DIRECTOR, session=session))
    except ScoringError as exc:
        return None, str(exc)
    if seen is None or not seen.scores.get("entrants"):
        return None, ""
    layout = standings_layout(
        session=session,
        scores=seen.typed,
        names=entrant_names(session=session),
        percents=modern_percentages(session=session, snapshot=seen.snapshot),
        checks=True,
    )
    layout = director_figures(layout, seen.typed)
    return replace(layout, missing=missing_trays(session=session, label=layout.label)), ""


def director_standings(*, session: Session) -> tuple[list[dict[str, Any]], str]:
    """The standings as they stand now (rescored if a change is not yet scored), with names.

    Returns (rows, problem): a slip the scorer refuses is the director's to
    fix, so its message is shown rather than raised.
    """
    try:
        snapshot = session_snapshot(session=session, fresh=True)
    except ScoringError as exc:
        return [], str(exc)
    if snapshot is None:
        return [], ""
    # Players' and teams' names too, not only a pair's own name (a drive's players, teams of four).
    names = entrant_names(session=session)
    rows = [
        {
            **row,
            "name": names.get(row["entrant"], ""),
            "total_text": display.number(Fraction(row["total"])),
            "pm_text": "" if row.get("plus_minus") is None else display.signed(Fraction(row["plus_minus"])),
        }
        for row in session_placed_json(session=session, scores=snapshot.scores).get("entrants", [])
    ]
    return rows, ""
