"""What needs the director now ("Needs you" on the live board): calls, disputes, unconfirmed lines, lateness.

Terms (docs/design.md and ``board``): a line is **unconfirmed** when one side sent it
and nobody of the other side checked it; it needs the director once its table has
moved on past that round (or finished), for nobody at the table will check
it any more. A **late** table still owes a tray of a round before the room's. A table is
**ahead** when it sent a tray of a round while one of its pairs still owes a
round before it at another table (so someone else sat in that pair's place).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from entry.selectors.board import Ahead, Board, Dispute
from entry.selectors.calls import CallView, open_calls
from entry.selectors.checks import CheckView, open_checks, session_checks
from scoring.selectors.standings import entrant_names as players_named
from tournaments.models import Entrant, Session
from tournaments.selectors import seated_kind


@dataclass(frozen=True)
class Unconfirmed:
    """A line nobody at its table will check now: the director confirms it or corrects it."""

    table: int
    tray: int
    round: int
    ns_tricks: int | None
    line_id: int
    ew: str = ""
    #: The side that sent it ("EW"; else N-S) and the other side, which has not checked it.
    sent_side: str = ""
    ns: str = ""

    def __str__(self) -> str:
        sent, checker, name = ("E-W", "N-S", self.ns) if self.sent_side == "EW" else ("N-S", "E-W", self.ew)
        who = f"{checker}, {name}," if name else checker
        return (
            f"Table {self.table}, tray {self.tray} (round {self.round}): {sent} entered "
            f"{'N-S ' if sent == 'E-W' else ''}{self.ns_tricks}; {who} have not confirmed it."
        )


@dataclass(frozen=True)
class DisputeView:
    """A dispute with who played it."""

    dispute: Dispute
    ns: str
    ew: str

    def __str__(self) -> str:
        d = self.dispute
        names = {"NS": self.ns, "EW": self.ew}
        said = d.figures.words(names[d.figures.sender], names[d.figures.disputer], sep="; ")
        return f"Table {d.table}, tray {d.tray} (round {d.round}): {said}."


@dataclass
class NeedsYou:
    """Everything on the board's "Needs you" list."""

    calls: list[CallView] = field(default_factory=list)
    disputes: list[DisputeView] = field(default_factory=list)
    unconfirmed: list[Unconfirmed] = field(default_factory=list)
    late: list[tuple[int, str]] = field(default_factory=list)
    ahead: list[Ahead] = field(default_factory=list)
    #: The scorer's eye: lines that cannot be right, not yet answered (a missing line is ``late``).
    checks: list[CheckView] = field(default_factory=list)

    @property
    def count(self) -> int:
        """How many things wait for the director."""
        waiting = len(self.calls) + len(self.disputes) + len(self.unconfirmed) + len(self.late)
        return waiting + len(self.ahead) + len(self.checks)

    def to_json(self) -> dict[str, Any]:
        """The list as JSON (board.json and the API)."""
        return {
            "calls": [c.to_json() for c in self.calls],
            "unconfirmed": [
                {
                    "table": u.table,
                    "tray": u.tray,
                    "round": u.round,
                    "ns_tricks": u.ns_tricks,
                    "line": u.line_id,
                }
                for u in self.unconfirmed
            ],
            "late": [{"table": table, "owes": owes} for table, owes in self.late],
            "ahead": [
                {
                    "table": a.table,
                    "round": a.round,
                    "side": a.side,
                    "entrant": a.entrant,
                    "owes_round": a.owes_round,
                    "owes_table": a.owes_table,
                }
                for a in self.ahead
            ],
            "checks": [c.to_json() for c in self.checks],
        }


def entrant_names(session: Session) -> dict[int, str]:
    """Entrant number -> "Pair 3 (Ada Byron & Ben Hale)", for the entrants the movement seats: their players
    as the roster names them now (``scoring``'s names, kept briefly)."""
    players = players_named(session=session)
    return {
        e.number: f"{e} ({players[e.number]})" if players.get(e.number) else str(e)
        for e in Entrant.objects.filter(session_id=session.pk, kind=seated_kind(session))
    }


def needs_you(*, session: Session, board: Board) -> NeedsYou:
    """Calls, disputes (with names), unconfirmed lines whose table moved on, and late tables."""
    running = session.status == Session.Status.RUNNING
    if not running:
        return NeedsYou()
    names = entrant_names(session)
    cells = {(c.table, c.round): c for row in board.tables for c in row.cells if c is not None}
    disputes = []
    for d in board.disputes:
        cell = cells.get((d.table, d.round))
        ns = names.get(cell.ns or 0, "—") if cell else "—"
        ew = names.get(cell.ew or 0, "—") if cell else "—"
        disputes.append(DisputeView(d, ns, ew))
    unconfirmed = [
        Unconfirmed(
            row.table,
            m.tray,
            c.round,
            m.ns_tricks,
            m.line_id or 0,
            names.get(c.ew or 0, ""),
            m.sent_side,
            names.get(c.ns or 0, ""),
        )
        for row in board.tables
        for c in row.cells
        if c is not None and c.round < row.round and not c.phantom
        for m in c.trays
        if m.state == "entered"
    ]
    late = [(row.table, row.late) for row in board.tables if row.late]
    ahead = [replace(a, who=names.get(a.entrant, "")) for a in board.ahead]
    return NeedsYou(
        open_calls(session=session),
        disputes,
        sorted(unconfirmed, key=lambda u: (u.round, u.table)),
        late,
        ahead,
        open_checks(session_checks(session=session, board=board)),
    )
