"""Plain data for movements: who sits where, which trays are played, who sits out.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 24-59):

- **entrant**: whatever a movement seats. A *pair* in the pair systems
  (Mitchell, Howell, ...), a *team* in the matches for fours (where ``ns`` is
  the North-South pair of team n and ``ew`` the East-West pair of team e), or
  an individual *player* (individual matches, teams of six or eight), who is
  then placed by seat in ``seats``.
- **round**: one change of seats, the book's "change" or "arrangement". When
  players move after every tray (Narragansett, p. 53) every tray is a round.
- **tray**: the device carrying one deal; trays are numbered 1..n as the book
  numbers its deals.
- **sit-out** (bye): an entrant that plays nothing in a round (p. 38: the odd
  pair "sits out for the time being").

This module imports nothing from Django; the whole package must not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from whist.cards import SEATS as SEATS
from whist.cards import Seat as Seat

EntrantKind = Literal["pair", "team", "player"]


class MovementError(Exception):
    """Base of the package's errors."""


class MovementUserError(MovementError, ValueError):
    """A request the director can fix: a size or variant the system cannot serve.

    The message states the book's reason, e.g. "the Mitchell System needs an odd
    number of tables (p. 32); choose one of the modifications mod1 ... mod8".
    """


class MovementFatalError(MovementError, RuntimeError):
    """A bug: a generated movement broke its own invariants."""


@dataclass(frozen=True)
class TableAssignment:
    """One table in one round: the entrants (or players by seat) and the trays played."""

    table: int
    trays: tuple[int, ...]
    ns: int | None = None
    ew: int | None = None
    seats: Mapping[Seat, int] | None = None

    def to_json(self) -> dict[str, Any]:
        """The table object of the movement JSON (docs/design.md)."""
        out: dict[str, Any] = {"table": self.table}
        if self.seats is not None:
            out["seats"] = {s: self.seats[s] for s in SEATS if s in self.seats}
        else:
            out["ns"] = self.ns
            out["ew"] = self.ew
        out["trays"] = list(self.trays)
        return out


@dataclass(frozen=True)
class Round:
    """One change of seats: every table's assignment, and who sits out."""

    number: int
    tables: tuple[TableAssignment, ...]
    sitout: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The round object of the movement JSON (docs/design.md)."""
        return {
            "round": self.number,
            "tables": [t.to_json() for t in self.tables],
            "sitout": list(self.sitout),
        }


@dataclass(frozen=True)
class Movement:
    """A whole schedule: every round of a movement, as the book numbers it."""

    family: str
    entrants: int
    tables: int
    trays: int
    rounds: tuple[Round, ...]
    entrant_kind: EntrantKind = "pair"
    variant: str | None = None
    #: Book page(s) and a one-line description, shown to the director.
    source: str = ""
    notes: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The movement JSON of docs/design.md."""
        out: dict[str, Any] = {"family": self.family}
        if self.variant:
            out["variant"] = self.variant
        out.update(
            {
                "entrants": self.entrants,
                "entrant_kind": self.entrant_kind,
                "tables": self.tables,
                "trays": self.trays,
                "rounds": [r.to_json() for r in self.rounds],
            }
        )
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Movement:
        """Read the movement JSON (a director's own movement, or a saved one)."""
        try:
            rounds = tuple(
                Round(
                    number=int(r["round"]),
                    tables=tuple(
                        TableAssignment(
                            table=int(t["table"]),
                            trays=tuple(int(x) for x in t.get("trays", ())),
                            ns=None if t.get("ns") is None else int(t["ns"]),
                            ew=None if t.get("ew") is None else int(t["ew"]),
                            seats=(
                                {s: int(v) for s, v in t["seats"].items()}
                                if t.get("seats") is not None
                                else None
                            ),
                        )
                        for t in r["tables"]
                    ),
                    sitout=tuple(int(x) for x in r.get("sitout", ())),
                )
                for r in data["rounds"]
            )
            return cls(
                family=str(data.get("family", "custom")),
                variant=data.get("variant"),
                entrants=int(data["entrants"]),
                tables=int(data["tables"]),
                trays=int(data["trays"]),
                rounds=rounds,
                entrant_kind=data.get("entrant_kind", "pair"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise MovementUserError(f"not a movement: {exc}") from exc
