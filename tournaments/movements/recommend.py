"""Which movement to play: every system that serves the session, best first.

Terms (Barney, 1900):

- **deals available**: the most deals the session can play (time, trays). For
  each system and variant the largest number of deals it can serve within
  that is tried; sizes or counts a system cannot serve (it raises
  ``MovementUserError``) are dropped, and so are unsound results.
- **balance**: the least number of trays on which two entrants are in
  comparison, over the greatest (``analysis``): 1.0 when every entrant is
  compared with every other equally, the Safford ideal (p. 36); 0 when some
  are never compared (N-S with E-W pairs under the Mitchell System).
- **the book's preference**: the systems in which every pair plays every other
  (Safford, Howell, Howell-Snow) come first, since the others make "no proper
  comparison between pairs sitting in opposite directions" (p. 36); of the
  others the Snow System is "preferable to any other system" when applicable
  (p. 35); progressive whist, which is not duplicate (p. 24), comes last.
  Within a rank: better balance, fewer sit-outs, more deals.

Families of every module are considered, through their ``session_kinds``.
Nothing here imports Django.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any, get_args

from .analysis import Analysis, analyse
from .registry import FAMILIES, Family, SessionKind, generate
from .types import Movement, MovementUserError

#: The book's order of preference for pair systems (lower is better).
RANK: dict[str, int] = {
    "safford": 0,
    "howell": 0,
    "howell-snow": 0,
    "snow": 1,
    "mitchell": 2,
    "clay": 2,
    "parallel": 2,
    "progressive": 9,
}
_DEFAULT_RANK = 1
_UNIT = {"pair": "pairs", "team": "teams", "player": "players"}

#: What a kind of session enters, and how many players each entrant has.
SESSION_UNITS: dict[str, tuple[str, int]] = {
    "pairs": ("pair", 2),
    "fours": ("team", 4),
    "sixes": ("team", 6),
    "eights": ("team", 8),
    "individuals": ("player", 1),
    # Teams of more than eight are seated pair by pair (pp. 56-59): count their pairs.
    "teams": ("pair", 0),
}


def family_size(fam: Family, session_kind: str, entrants: int) -> int | None:
    """The session's entrants counted in what the family seats, or None if it cannot.

    A seat-based family (players by seat) counts the players of the pairs or
    teams: eight pairs are sixteen players.
    """
    unit, players_each = SESSION_UNITS[session_kind]
    if fam.entrant_kind == unit:
        return entrants
    if fam.entrant_kind == "player" and players_each:
        return entrants * players_each
    return None


@dataclass(frozen=True)
class Recommendation:
    """One way to run the session, with the figures a director compares."""

    family: str
    variant: str | None
    title: str
    pages: str
    trays: int
    rounds: int
    tables: int
    sitouts_per_round: int
    balance: float
    reason: str

    def to_json(self) -> dict[str, Any]:
        """The recommendation as JSON."""
        return asdict(self)


def _largest(fam: Family, variant: str | None, entrants: int, deals: int) -> Movement | None:
    """The movement with the most deals up to ``deals`` the family serves, if any."""
    size = {_UNIT[fam.entrant_kind]: entrants}
    for d in range(deals, 0, -1):
        try:
            return generate(fam.name, deals=d, variant=variant, **size)
        except MovementUserError:
            continue
    return None


def _balance(a: Analysis) -> float:
    """Least over greatest comparison count (1.0 = perfectly balanced)."""
    return a.comparisons.least / a.comparisons.most if a.comparisons.most else 0.0


def _reason(fam: Family, a: Analysis) -> str:
    """One line: what the system is, and how fairly it compares the entrants."""
    unit = _UNIT[fam.entrant_kind][:-1]
    c, meet = a.comparisons, a.meetings
    if c.most == 0:
        fairness = "nothing is compared: not duplicate"
    elif c.spread == 0 and c.least:
        fairness = f"every {unit} is in comparison with every other on {c.least} trays"
    elif c.least == 0:
        fairness = f"some {unit}s are never in comparison (N-S only with N-S)"
    else:
        fairness = f"two {unit}s are in comparison on {c.least} to {c.most} trays"
    if meet.spread == 0 and meet.least:
        fairness += f"; every {unit} meets every other {meet.least} time(s)"
    return f"{fam.summary.rstrip('.')} ({fam.pages}); {fairness}."


def sort_key(r: Recommendation) -> tuple[int, float, int, int, str, str]:
    """Book's rank, then balance, sit-outs and deals."""
    rank = RANK.get(r.family, _DEFAULT_RANK)
    return (rank, -r.balance, r.sitouts_per_round, -r.trays, r.family, r.variant or "")


def recommend(*, session_kind: str, entrants: int, deals_available: int) -> list[Recommendation]:
    """Every movement that serves the session, best first."""
    if session_kind not in get_args(SessionKind):
        raise MovementUserError(f"unknown kind of session {session_kind!r}")
    if entrants < 1 or deals_available < 1:
        raise MovementUserError("give at least one entrant and one deal")
    seen: set[str] = set()
    out = []
    for fam in FAMILIES.values():
        size = family_size(fam, session_kind, entrants)
        if session_kind not in fam.session_kinds or size is None:
            continue
        for variant in (None, *(v for v in fam.variants if fam.kind_of(v) == fam.entrant_kind)):
            m = _largest(fam, variant, size, deals_available)
            if m is None:
                continue
            key = json.dumps([fam.name, m.to_json()["rounds"]])
            a = analyse(m)
            if key in seen or not a.sound:
                continue
            seen.add(key)
            out.append(
                Recommendation(
                    family=fam.name,
                    variant=m.variant,
                    title=fam.title,
                    pages=fam.pages,
                    trays=m.trays,
                    rounds=len(m.rounds),
                    tables=len({t.table for r in m.rounds for t in r.tables}),
                    sitouts_per_round=max(a.sitouts_per_round, default=0),
                    balance=round(_balance(a), 3),
                    reason=_reason(fam, a),
                )
            )
    return sorted(out, key=sort_key)
