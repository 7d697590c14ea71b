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
- **Qf** (quality factor, ``balance``): 100 when every two entrants are
  compared as evenly as the deals allow. Where every pair keeps its
  direction (a Mitchell, p. 31) the N-S and the E-W pairs are two **fields**,
  each ranked apart, and Qf is taken within each field.
- **changes**: the times the room moves, one fewer than the rounds; a
  **tray-by-tray** movement moves after every tray.
- **the order** (``sort_key``), as a club chooses: duplicate before a movement
  in which nobody is compared (progressive whist, p. 24); the deals in rounds of several trays
  before a change after every tray; one field before two, since two fields
  make "no proper comparison between pairs sitting in opposite directions"
  (p. 36); a better Qf; fewer changes; fewer sit-outs; more deals; then the
  book's preference (the Snow System "preferable to any other system" when
  applicable, p. 35). ``ranking_reasons`` says why each stands where it does.

Families of every module are considered, through their ``session_kinds``.
Nothing here imports Django.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from itertools import combinations
from typing import Any, get_args

from whist.figures import rounded

from .analysis import Analysis, analyse
from .balance import balance, figures
from .balance_text import keeps_directions
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
    #: The trays the first table in play plays in round 1 (tells apart plans of equal figures), and that
    #: table: Table 1, or the next where Table 1 is the sit-out's (an odd number of pairs, p. 38).
    first_trays: tuple[int, ...] = ()
    first_table: int = 1
    #: The variants that give exactly this movement (the book's default plan, named).
    aliases: tuple[str, ...] = ()
    #: The most trays a table plays in a round (1: the room moves after every tray).
    per_round: int = 0
    #: Whether anybody is compared with anybody (progressive whist is not duplicate, p. 24).
    duplicate: bool = True
    #: 2 when N-S and E-W pairs are ranked apart (every pair keeps its direction), else 1.
    fields: int = 1
    #: The quality factor (100 is perfect) of the one field, or the lesser of the two fields'; None where
    #: it is not measured (teams; no comparison; the same players replaying every deal).
    qf: float | None = None
    #: The balance in a director's words.
    balance_words: str = ""
    #: What the movement seats: "pair", "team" or "player".
    unit: str = "pair"

    @property
    def changes(self) -> int:
        """The times the room moves: one fewer than the rounds."""
        return max(self.rounds - 1, 0)

    @property
    def tray_by_tray(self) -> bool:
        """Every round is one tray: the room moves after every tray."""
        return self.per_round == 1 and self.rounds > 1

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


def _sound(fam: Family, a: Analysis) -> bool:
    """No fault; in mnemonic duplicate the same players replaying every tray is the design (p. 26)."""
    if fam.plays_twice:
        return not (a.collisions or a.trays_never_played)
    return a.sound


def _fields(m: Movement) -> list[list[int]]:
    """The entrants of each field: N-S and E-W apart when every pair keeps its direction, else all."""
    if not keeps_directions(m):
        return [list(range(1, m.entrants + 1))]
    ways: dict[str, set[int]] = {"NS": set(), "EW": set()}
    for rnd in m.rounds:
        for t in rnd.tables:
            for who, way in ((t.ns, "NS"), (t.ew, "EW")):
                if who is not None:
                    ways[way].add(who)
    return [sorted(ways["NS"]), sorted(ways["EW"])]


def quality(fam: Family, m: Movement, a: Analysis) -> tuple[float | None, int]:
    """Qf (``balance``) of the one field, or the lesser of the two fields', and the number of fields.

    None where it is not measured: teams of four, nobody compared (p. 24), every deal replayed by the
    same four players (p. 26).
    """
    if fam.plays_twice or not a.comparisons.most:
        return None, 1
    try:
        b = balance(m)
    except MovementUserError:
        return None, 1
    fields = _fields(m)
    qfs = [figures(b.amount(x, y) for x, y in combinations(f, 2)).qf for f in fields]
    return float(rounded(min(qfs), 1)), len(fields)


def qf_text(qf: float) -> str:
    """ "100", "91.3"."""
    return str(int(qf)) if qf == int(qf) else f"{qf:.1f}"


def balance_words(fam: Family, qf: float | None, fields: int, duplicate: bool) -> str:
    """The balance as a director reads it: Qf, what 100 means, and the fields."""
    units = _UNIT[fam.entrant_kind]
    if not duplicate:
        return "Not measured: nobody is compared with anybody, so it is not duplicate whist (p. 24)."
    if fam.plays_twice:
        return (
            "Not measured: the same four players replay every deal, and each side is compared with the "
            "adversaries who held the same cards (p. 26)."
        )
    if qf is None:
        return ""
    if fields == 2:
        return (
            f"Qf {qf_text(qf)} of 100 within each field (100 is perfect). N-S and E-W {units} are ranked "
            "apart: two fields, a winner each. Once the movement is chosen the page proposes the rounds to "
            "arrow-switch (N-S pairs play E-W there), if any, to make one field with one winner."
        )
    if qf == 100:
        return f"Qf 100 of 100: every two {units} are compared as evenly as the deals allow."
    return f"Qf {qf_text(qf)} of 100 (100 is perfect): some two {units} are compared more than others."


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
        if a.replays:  # mnemonic duplicate: the same four replay every deal (p. 26)
            return (
                "each side is compared with the adversaries who held the same cards on the other play (p. 26)"
            )
        ns, ew = _fixed_ways(a)
        if ns and ew and ns | ew == set(a.entrants):
            return f"N-S {unit}s are compared only with N-S {unit}s, E-W only with E-W (p. 36)"
        return f"some {unit}s are never compared with each other"
    return f"two {unit}s are compared on {c.least} to {c.most} trays"


def _reason(fam: Family, a: Analysis) -> str:
    """One line: what the system is, and how fairly it compares the entrants."""
    unit = _UNIT[fam.entrant_kind][:-1]
    return f"{fam.summary.rstrip('.')} ({fam.pages}); {comparison_words(a, unit)}; {meeting_words(a, unit)}."


def _first_set(m: Movement) -> tuple[int, tuple[int, ...]]:
    """The lowest-numbered table playing in round 1, and the trays it plays there."""
    first = sorted((t for t in (m.rounds[0].tables if m.rounds else ()) if t.trays), key=lambda t: t.table)
    return (first[0].table, first[0].trays) if first else (1, ())


def _quality_key(r: Recommendation) -> int:
    """Qf; for teams the least comparison over the greatest, out of 100; else not measured (0)."""
    if r.qf is not None:
        return round(r.qf)
    return round(100 * r.balance) if r.unit == "team" else 0


@dataclass(frozen=True)
class Criterion:
    """One step of the order: its key (lower first), and why a choice stands below the one before it."""

    key: Callable[[Recommendation], Any]
    words: Callable[[Recommendation, Recommendation], str]


CRITERIA: tuple[Criterion, ...] = (
    Criterion(
        lambda r: not r.duplicate,
        lambda r, p: "Last: nobody is compared with anybody, so it is not duplicate whist (p. 24).",
    ),
    Criterion(
        lambda r: r.tray_by_tray,
        lambda r, p: "After the movements that play the deals in rounds of several trays: this one "
        f"changes tables after every tray, {r.changes} changes in all.",
    ),
    Criterion(
        lambda r: r.fields,
        lambda r, p: "After the movements with one field: here N-S and E-W pairs are ranked apart, two "
        "fields with a winner each; the book finds “no proper comparison between pairs sitting in "
        "opposite directions” (p. 36).",
    ),
    Criterion(
        lambda r: -_quality_key(r),
        lambda r, p: f"Less evenly balanced than the one above: Qf {qf_text(r.qf)} against {qf_text(p.qf)}."
        if r.qf is not None and p.qf is not None
        else "Compares less evenly than the one above.",
    ),
    Criterion(
        lambda r: r.rounds,
        lambda r, p: f"More changes than the one above: {r.changes} against {p.changes}.",
    ),
    Criterion(
        lambda r: r.sitouts_per_round,
        lambda r, p: f"More sit out each round than above: {r.sitouts_per_round} against "
        f"{p.sitouts_per_round}.",
    ),
    Criterion(
        lambda r: -r.trays,
        lambda r, p: f"Fewer deals than the one above: {r.trays} against {p.trays}.",
    ),
    Criterion(
        lambda r: RANK.get(r.family, _DEFAULT_RANK),
        lambda r, p: "The same figures as the one above, whose system the book prefers (pp. 35-36).",
    ),
)


def sort_key(r: Recommendation) -> tuple[Any, ...]:
    """The club's order (``CRITERIA``), then the family and variant for a steady order."""
    return (*(c.key(r) for c in CRITERIA), r.family, r.variant or "")


def first_words(r: Recommendation) -> str:
    """Why the first choice is first: its deals, rounds and changes, fields and sit-outs."""
    rounds = f"{r.trays} deals in {r.rounds} rounds of {trays_words(r.per_round)}"
    parts = [f"{rounds} ({r.changes} change{'' if r.changes == 1 else 's'})"]
    if r.qf is not None:
        parts.append("two fields, N-S and E-W ranked apart" if r.fields == 2 else "one field")
    parts.append(f"{r.sitouts_per_round} sit out each round" if r.sitouts_per_round else "no sit-out")
    return "; ".join(parts) + "."


def ranking_reasons(recs: Sequence[Recommendation]) -> list[str]:
    """For each choice in order, why it stands there: the first, then the step that puts each below."""
    out = []
    for i, r in enumerate(recs):
        if i == 0:
            out.append(first_words(r))
            continue
        p = recs[i - 1]
        step = next((c for c in CRITERIA if c.key(r) != c.key(p)), None)
        out.append(step.words(r, p) if step else _tie_words(r, p))
    return out


def _tie_words(r: Recommendation, p: Recommendation) -> str:
    """Two choices of the same figures: another plan of the system, or another system as good."""
    if r.family == p.family:
        return "The same figures as the one above; only the plan differs."
    return "The same figures as the one above, by another system of the book."


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
            if not _sound(fam, a):
                continue
            seen[key] = len(out)
            out.append(_recommendation(fam, m, a))
    return sorted(out, key=sort_key)


def _recommendation(fam: Family, m: Movement, a: Analysis) -> Recommendation:
    """One choice, with the figures a director compares."""
    unit = _UNIT[fam.entrant_kind][:-1]
    qf, fields = quality(fam, m, a)
    duplicate = bool(a.comparisons.most)
    first_table, first_trays = _first_set(m)
    return Recommendation(
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
        meets=meeting_words(a, unit),
        compared=comparison_words(a, unit),
        first_table=first_table,
        first_trays=first_trays,
        per_round=max((len(t.trays) for r in m.rounds for t in r.tables), default=0),
        duplicate=duplicate,
        fields=fields,
        qf=qf,
        balance_words=balance_words(fam, qf, fields, duplicate),
        unit=unit,
    )
