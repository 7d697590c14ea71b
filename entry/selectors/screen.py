"""The hall's screen: the live board and the running score, large, for the projector or TV in the hall.

Everyone in the room reads the screen, so it shows what every entrant may see alike (``scoring.visibility``,
``HALL``): which round the room plays and its clock, each table's round, its time left by the session's one
clock and how many of that round's trays it has sent (never a count, never a line), who sits out, where
each entrant is and goes next (the movement's directions, ``tournaments.movements.directions``), and the
running score over complete trays when the director lets the tables see it and not in the last rounds
hidden. The director opens it from the live board; it refreshes itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from entry.selectors.board import Board, Cell, TableRow, session_board
from entry.selectors.table_move import stored_movement
from scoring import display
from scoring.selectors.standings import entrant_names, running_score
from scoring.visibility import HALL, running_shown, sight
from tournaments.clock import RoundClock
from tournaments.models import Session
from tournaments.movements.directions import Stop, directions, route


@dataclass(frozen=True)
class ScreenTable:
    """One table on the screen: its round, and how many of that round's trays it has sent."""

    table: int
    round: int
    sent: int
    trays: int
    state: str  # playing, late, done, waiting
    #: Its round's time by the one clock: "12 min left in round 3" ("" without a timer).
    time: str = ""

    @property
    def words(self) -> str:
        """The table's round ("Round 3"), or "Finished"."""
        return "Finished" if self.state == "done" else f"Round {self.round}"

    @property
    def sent_words(self) -> str:
        """How much of the round the table has sent ("1 of 2 trays sent"; "" once finished)."""
        if self.state == "done":
            return ""
        return f"{self.sent} of {self.trays} tray{'s' if self.trays != 1 else ''} sent"


@dataclass(frozen=True)
class ScreenLine:
    """One line of the running score on the screen."""

    place: str
    entrant: int
    name: str
    total: str
    field: str = ""


@dataclass(frozen=True)
class HallScreen:
    """What the hall's screen shows now."""

    room_round: int
    rounds: int
    all_in: bool
    tables: list[ScreenTable]
    running: list[ScreenLine] | None  # None: not shown (the director's choice, or a hidden round)
    complete_trays: int
    clock: RoundClock | None  # the room's round clock; None without a timer or once every tray is in
    #: The entrants sitting out the room's round, and where each entrant is and goes next.
    sitting_out: list[int] = field(default_factory=list)
    routes: list[ScreenRoute] = field(default_factory=list)


@dataclass(frozen=True)
class ScreenRoute:
    """An entrant's directions on the screen: "Round 3: Table 4, North-South, trays 7-8. Next: ..."."""

    entrant: int
    name: str
    words: str


def _table(row: TableRow, last: int) -> ScreenTable:
    """A board row as the screen shows it (its own round's cell, its time by the one clock)."""
    if row.round > last:
        return ScreenTable(row.table, last, 0, 0, "done")
    cell = next((c for c in row.cells if c is not None and c.round == row.round), None)
    trays = len(cell.trays) if cell else 0
    sent = trays - len(cell.owed) if cell else 0
    return ScreenTable(row.table, row.round, sent, trays, "late" if row.late else "playing", row.time)


def _tables(board: Board, last: int) -> list[ScreenTable]:
    return [_table(row, last) for row in board.tables]


def _entrant_round(stops: list[Stop], cells: dict[tuple[int, int], Cell], room_round: int) -> int:
    """The round an entrant is in now: the first it is seated in whose table still owes a tray of it, or
    a round it sits out that the room has not yet passed (past the last: finished)."""
    for s in stops:
        if s.table is None:
            if s.round >= room_round:
                return s.round
            continue
        cell = cells.get((s.table, s.round))
        if cell is not None and cell.owed:
            return s.round
    return len(stops) + 1


def screen_routes(*, session: Session, board: Board) -> list[ScreenRoute]:
    """Where each entrant (of a movement of pairs or teams) is and goes next, in entrant order."""
    movement = stored_movement(session=session, from_round=1)
    if not movement.rounds or any(t.seats is not None for r in movement.rounds for t in r.tables):
        return []
    cells = {(c.table, c.round): c for row in board.tables for c in row.cells if c is not None}
    names, out = entrant_names(session=session), []
    sides = (("NS", " · N-S pair"), ("EW", " · E-W pair")) if movement.entrant_kind == "team" else (("", ""),)
    for who in sorted(names):
        for side, label in sides:
            stops = route(movement, who, side)
            if all(s.sits_out for s in stops):
                continue  # not seated by this movement (a withdrawn entrant)
            now = _entrant_round(stops, cells, board.room_round)
            out.append(ScreenRoute(who, names[who] + label, directions(movement, who, now, side)))
    return out


def hall_screen(*, session: Session) -> HallScreen:
    """The screen of a session now (its board, and the running score as the hall may see it)."""
    board = session_board(session=session)
    last = len(board.rounds)
    seen = sight(viewer=HALL, session=session)
    running: list[ScreenLine] | None = None
    complete = 0
    if running_shown(sight=seen, session=session, round_number=board.room_round, rounds=last):
        score = running_score(session=session)
        names = entrant_names(session=session)
        rows = score.rows if score is not None else ()
        complete = len(score.trays) if score is not None else 0
        running = [
            ScreenLine(
                r.place or str(r.rank), r.entrant, names.get(r.entrant, ""), display.number(r.total), r.field
            )
            for r in rows
        ]
    all_in = board.totals["missing"] == 0
    clock = None if all_in else board.clock.of(board.room_round)
    return HallScreen(
        room_round=board.room_round,
        rounds=last,
        all_in=all_in,
        tables=_tables(board, last),
        running=running,
        complete_trays=complete,
        clock=clock,
        sitting_out=board.sitouts.get(board.room_round, []) if not all_in else [],
        routes=[] if all_in else screen_routes(session=session, board=board),
    )
