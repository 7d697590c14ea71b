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
from dataclasses import asdict, dataclass, replace
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
    #: Who meets whom and who is compared with whom, in the director's words.
    meets: str = ""
    compared: str = ""
    #: The trays Table 1 plays in round 1 (tells apart plans of equal figures).
    first_trays: tuple[int, ...] = ()
    #: The variants that give exactly this movement (the book's default plan, named).
    aliases: tuple[str, ...] = ()

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


def times(count: int) -> str:
    """ "once", "twice", "3 times" (never "time(s)")."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def trays_words(count: int) -> str:
    """ "1 tray", "9 trays"."""
    return f"{count} tray" if count == 1 else f"{count} trays"


def _fixed_ways(a: Analysis) -> tuple[set[int], set[int]]:
    """The entrants that always sit N-S, and those that always sit E-W."""
    ways = {e: {p.direction for p in ea.plays} for e, ea in a.entrants.items()}
    return {e for e, w in ways.items() if w == {"NS"}}, {e for e, w in ways.items() if w == {"EW"}}


def meeting_words(a: Analysis, unit: str) -> str:
    """Who meets whom (plays against whom at a table, p. 36), in a director's words."""
    met = {e: {o for o, n in ea.meetings.items() if n} for e, ea in a.entrants.items()}
    if len(met) < 2:
        return ""
    if a.meetings.least and a.meetings.spread == 0:
        return f"every {unit} meets every other {unit} {times(a.meetings.least)}"
    ns, ew = _fixed_ways(a)
    if ns and ew and ns | ew == set(met) and all(met[e] <= ew for e in ns) and all(met[e] <= ns for e in ew):
        if all(met[e] == ew for e in ns):
            return f"N-S {unit}s stay N-S and meet every E-W {unit}; two N-S {unit}s never meet"
        least, most = min(len(met[e]) for e in ns), max(len(met[e]) for e in ns)
        span = str(least) if least == most else f"{least} to {most}"
        return f"each N-S {unit} meets {span} of the {len(ew)} E-W {unit}s; two N-S {unit}s never meet"
    least, most = min(map(len, met.values())), max(map(len, met.values()))
    span = str(least) if least == most else f"{least} to {most}"
    return f"each {unit} meets {span} of the other {len(met) - 1} {unit}s"


def comparison_words(a: Analysis, unit: str) -> str:
    """Who is compared with whom (plays the same tray the same way, p. 36), in a director's words."""
    c = a.comparisons
    if c.most == 0:
        return "nobody is compared with anybody: this is not duplicate whist (p. 24)"
    if c.spread == 0 and c.least:
        return f"every {unit} is compared with every other on {trays_words(c.least)}"
    if c.least == 0:
        ns, ew = _fixed_ways(a)
        if ns and ew and ns | ew == set(a.entrants):
            return f"N-S {unit}s are compared only with N-S {unit}s, E-W only with E-W (p. 36)"
        return f"some {unit}s are never compared with each other"
    return f"two {unit}s are compared on {c.least} to {c.most} trays"


def _reason(fam: Family, a: Analysis) -> str:
    """One line: what the system is, and how fairly it compares the entrants."""
    unit = _UNIT[fam.entrant_kind][:-1]
    return f"{fam.summary.rstrip('.')} ({fam.pages}); {comparison_words(a, unit)}; {meeting_words(a, unit)}."


def _first_trays(m: Movement) -> tuple[int, ...]:
    """The trays Table 1 plays in round 1."""
    first = m.rounds[0].tables if m.rounds else ()
    return next((t.trays for t in first if t.table == 1), ())


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
    seen: dict[str, int] = {}
    out: list[Recommendation] = []
    for fam in FAMILIES.values():
        size = family_size(fam, session_kind, entrants)
        if session_kind not in fam.session_kinds or size is None:
            continue
        for variant in (None, *(v for v in fam.variants if fam.kind_of(v) == fam.entrant_kind)):
            m = _largest(fam, variant, size, deals_available)
            if m is None:
                continue
            key = json.dumps([fam.name, m.to_json()["rounds"]])
            if key in seen:  # the same movement under another name: say so on the one listed
                if variant is not None:
                    first = out[seen[key]]
                    out[seen[key]] = replace(first, aliases=(*first.aliases, variant))
                continue
            a = analyse(m)
            if not a.sound:
                continue
            seen[key] = len(out)
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
                    meets=meeting_words(a, _UNIT[fam.entrant_kind][:-1]),
                    compared=comparison_words(a, _UNIT[fam.entrant_kind][:-1]),
                    first_trays=_first_trays(m),
                )
            )
    return sorted(out, key=sort_key)
