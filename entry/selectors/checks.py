"""The scorer's eye on a session: each line that cannot be right, for the director (read only).

The decisions are the engine's (``scoring.scorers.line_checks``): each tray's
lines against each other and against the double-dummy tricks of its deal,
where the solver has them (``Deal.double_dummy``, solved in the background
once the hands are known; this never queues it). A **missing** line is the
board's "late" (a table that still owes a tray once its round's deadline has
passed), one flag, not a second one. A whist drive is not duplicate (each
table plays its own hands, p. 24): there only ``missing`` applies.

The checks name the double-dummy tricks, so they are the director's alone.
Their cost is bounded by the session's size (``SESSION_MAX_PLAYERS``): a few
queries, and for each tray a pass over its lines for each of its lines.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from entry.selectors.board import Board, session_board
from entry.selectors.rounds import entrant_plays, round_of_plays
from scoring.models import CheckAnswer, SlipLine
from scoring.scorers.line_checks import Check, Line, missing_check, tray_checks
from tournaments.models import Deal, Drive, EntrantLink, Session


@dataclass(frozen=True)
class CheckView:
    """One check as the director sees it: the engine's, its line, and any answer it has had."""

    check: Check
    line_id: int | None = None
    ns_tricks: int | None = None
    answer: str = ""
    answered_by: str = ""
    answered_at: dt.datetime | None = None

    @property
    def answered(self) -> bool:
        """Whether the director answered it (for the line as it stands)."""
        return bool(self.answer)

    def to_json(self) -> dict[str, Any]:
        """The check as the API writes it."""
        c = self.check
        return {
            "tray": c.tray,
            "table": c.table,
            "kind": c.kind,
            "sentence": c.sentence,
            "answered": self.answered,
            "line": self.line_id,
            "ns_tricks": self.ns_tricks,
            "answer": self.answer or None,
            "answered_by": self.answered_by or None,
            "answered_at": self.answered_at.isoformat() if self.answered_at else None,
        }


def session_checks(*, session: Session, board: Board | None = None) -> list[CheckView]:
    """Every check on the session's lines, by tray and table, then the missing lines (the board's late)."""
    board = board or session_board(session=session)
    missing = [
        CheckView(missing_check(m.tray, row.table, c.round))
        for row in board.tables
        for c in row.cells
        if c is not None and c.state == "late"
        for m in c.owed
    ]
    if Drive.objects.filter(session=session).exists():
        return missing
    return _line_checks(session) + missing


def _line_checks(session: Session) -> list[CheckView]:
    """The engine's checks on every tray of a duplicate session, with their answers."""
    rows = SlipLine.objects.filter(session=session).values_list(
        "id", "tray__number", "table__number", "ns_tricks", "version"
    )
    by_tray: dict[int, list[Line]] = defaultdict(list)
    ids: dict[tuple[int, int], tuple[int, int | None, int]] = {}
    for line_id, tray, table, tricks, version in rows:
        by_tray[tray].append(Line(table, tricks))
        ids[(tray, table)] = (line_id, tricks, version)
    solved = dict(
        Deal.objects.filter(tray__session=session, double_dummy__isnull=False).values_list(
            "tray__number", "double_dummy"
        )
    )
    answers = {
        (a.line_id, a.line_version, a.kind): a
        for a in CheckAnswer.objects.filter(session=session).order_by("answered_at")
    }
    out = []
    for tray in sorted(by_tray):
        dd = solved.get(tray)
        for check in tray_checks(tray, by_tray[tray], dd.get("ns") if isinstance(dd, dict) else None):
            line_id, tricks, version = ids[(tray, check.table)]
            found = answers.get((line_id, version, check.kind))
            if found is None:
                out.append(CheckView(check, line_id, tricks))
            else:
                out.append(
                    CheckView(check, line_id, tricks, found.answer, found.answered_by, found.answered_at)
                )
    return out


def open_checks(checks: list[CheckView]) -> list[CheckView]:
    """The checks still to answer on the board and the close page (missing lines are the board's late)."""
    return [c for c in checks if not c.answered and c.check.kind != "missing"]


def send_question(
    *, session: Session, link: EntrantLink, tray_number: int, ns_tricks: int, amending: bool = False
) -> str:
    """What a phone asks its pair once before sending a count the checks would flag, or "".

    The words name only the pair's own count ("N-S 4, so E-W 9: is that right?"), never another
    table's. Nothing is asked but of a tray the entrant plays in its round now and has not sent (a tray
    it has not played is never judged for it: the question would tell of other tables' results), at a
    whist drive, or of a count outside 0 to 13 (the send refuses it). ``amending``: the side that sent
    corrects its count before the other side checks it (the service decides whether it may); the tray
    is one its table has sent, in any round, and its line, the one corrected, is left out: the new count
    is judged among the other tables' lines.
    """
    if not 0 <= ns_tricks <= 13 or Drive.objects.filter(session=session).exists():
        return ""
    plays = entrant_plays(link=link, session=session)
    now = round_of_plays(plays, session=session, rounds=max((p.round for p in plays), default=0))
    here = [
        p
        for p in plays
        if p.tray == tray_number and p.owed and (p.sent if amending else p.round == now and not p.sent)
    ]
    if not here:
        return ""
    rows = (
        SlipLine.objects.filter(session=session, tray__number=tray_number)
        .exclude(table__number=here[0].table.number)
        .values_list("table__number", "ns_tricks")
    )
    solved = Deal.objects.filter(tray__session=session, tray__number=tray_number).values_list(
        "double_dummy", flat=True
    )
    dd = next((d.get("ns") for d in solved if isinstance(d, dict)), None)
    lines = [Line(table, tricks) for table, tricks in rows] + [Line(0, ns_tricks)]
    if any(c.table == 0 for c in tray_checks(tray_number, lines, dd)):
        return f"N-S {ns_tricks}, so E-W {13 - ns_tricks}: is that right?"
    return ""
