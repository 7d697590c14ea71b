"""The hall's screen: the live board and the running score, large, for the projector or TV in the hall.

Everyone in the room reads the screen, so it shows what every entrant may see alike (``scoring.visibility``,
``HALL``): which round the room plays and its clock, how many of its trays each table has sent this round
(never a count, never a line), and the running score over complete trays when the director lets the tables
see it and not in the last rounds hidden. The director opens it from the live board; it refreshes itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from entry.selectors.board import Board, Cell, session_board
from entry.selectors.calls import room_clock
from scoring import display
from scoring.selectors.standings import entrant_names, running_score
from scoring.visibility import HALL, running_shown, sight
from tournaments.clock import RoundClock
from tournaments.models import Session


@dataclass(frozen=True)
class ScreenTable:
    """One table on the screen: its round, and how many of that round's trays it has sent."""

    table: int
    round: int
    sent: int
    trays: int
    state: str  # playing, late, done, waiting

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


def _table(row_table: int, own: int, cells: list[Cell | None], last: int, late: bool) -> ScreenTable:
    """A board row as the screen shows it (its own round's cell)."""
    if own > last:
        return ScreenTable(row_table, last, 0, 0, "done")
    cell = next((c for c in cells if c is not None and c.round == own), None)
    trays = len(cell.trays) if cell else 0
    sent = trays - len(cell.owed) if cell else 0
    return ScreenTable(row_table, own, sent, trays, "late" if late else "playing")


def _tables(board: Board, last: int) -> list[ScreenTable]:
    return [_table(row.table, row.round, row.cells, last, bool(row.late)) for row in board.tables]


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
    clock = (
        None if all_in else room_clock(session=session, room_round=board.room_round, reached=board.reached)
    )
    return HallScreen(
        room_round=board.room_round,
        rounds=last,
        all_in=all_in,
        tables=_tables(board, last),
        running=running,
        complete_trays=complete,
        clock=clock,
    )
