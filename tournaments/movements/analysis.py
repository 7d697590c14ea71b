"""What a movement does for each entrant: the checks behind the book's claims.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **direction**: N-S or E-W; a player seated North or South sits N-S.
- **meeting**: two entrants at one table on opposite sides in a round ("plays
  against", p. 36); counted in rounds, and separately in trays.
- **comparison** (p. 36): two entrants who play the same tray the same way of
  the table at different tables. Only entrants in comparison are scored
  against each other, so the Safford System makes every pair in comparison
  with every other on the same number of deals (pp. 36-38), and the pair
  systems of pp. 31-36 compare N-S pairs only with N-S pairs.
- **side**: in a match for fours a team plays N-S at one table and E-W at
  another in the same round; a team is then at two places, one per direction.
- **collision**: an entrant (or side) at two places in one round, or a tray at
  two tables at the same turn of a round (the n-th tray of each table's list).
- **balance**: the least and greatest number of trays in comparison (or of
  meetings) over all pairs of entrants; a spread of 0 is the Safford ideal.

Nothing here imports Django.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Literal

from .types import Movement, Round, TableAssignment

Direction = Literal["NS", "EW"]
_SEAT_DIRECTION: dict[str, Direction] = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


@dataclass(frozen=True)
class Play:
    """One tray played by one entrant: where, when and which way."""

    round: int
    table: int
    tray: int
    direction: Direction


@dataclass(frozen=True)
class EntrantAnalysis:
    """One entrant's session: trays, opponents, comparisons, sit-outs."""

    entrant: int
    plays: tuple[Play, ...]
    meetings: Mapping[int, int]
    opponents: Mapping[int, int]
    comparisons: Mapping[int, int]
    partners: Mapping[int, int]
    sitouts: tuple[int, ...]

    @property
    def trays(self) -> tuple[int, ...]:
        """The trays played, each once, in order."""
        return tuple(sorted({p.tray for p in self.plays}))

    def to_json(self) -> dict[str, Any]:
        """This entrant's part of the analysis JSON."""
        return {
            "entrant": self.entrant,
            "plays": [
                {"round": p.round, "table": p.table, "tray": p.tray, "direction": p.direction}
                for p in self.plays
            ],
            "meetings": _keyed(self.meetings),
            "opponents": _keyed(self.opponents),
            "comparisons": _keyed(self.comparisons),
            "partners": _keyed(self.partners),
            "sitouts": list(self.sitouts),
        }


@dataclass(frozen=True)
class Spread:
    """The least and greatest of a count taken over every pair of entrants."""

    least: int
    most: int

    @property
    def spread(self) -> int:
        """Greatest less least: 0 when perfectly balanced."""
        return self.most - self.least

    def to_json(self) -> dict[str, int]:
        """The spread as JSON."""
        return {"min": self.least, "max": self.most, "spread": self.spread}


@dataclass(frozen=True)
class Analysis:
    """The whole movement checked: faults, and the balance of meetings and comparisons."""

    entrants: Mapping[int, EntrantAnalysis]
    tray_plays: Mapping[int, int]
    collisions: tuple[str, ...]
    trays_never_played: tuple[int, ...]
    replays: tuple[tuple[int, int], ...]
    comparisons: Spread
    meetings: Spread
    sitouts_per_round: tuple[int, ...] = field(default=())

    @property
    def sound(self) -> bool:
        """No collisions, no tray played twice by one entrant, no tray left out."""
        return not (self.collisions or self.replays or self.trays_never_played)

    def to_json(self) -> dict[str, Any]:
        """The analysis JSON (added as ``"analysis"`` to the movement JSON by the CLI)."""
        return {
            "sound": self.sound,
            "collisions": list(self.collisions),
            "trays_never_played": list(self.trays_never_played),
            "replays": [{"entrant": e, "tray": t} for e, t in self.replays],
            "tray_plays": _keyed(self.tray_plays),
            "sitouts_per_round": list(self.sitouts_per_round),
            "balance": {
                "comparisons": self.comparisons.to_json(),
                "meetings": self.meetings.to_json(),
            },
            "entrants": [self.entrants[e].to_json() for e in sorted(self.entrants)],
        }


def _keyed(counts: Mapping[int, int]) -> dict[str, int]:
    """Counts keyed by entrant number as JSON object keys."""
    return {str(k): counts[k] for k in sorted(counts)}


def sides(m: Movement, t: TableAssignment) -> list[tuple[int, Direction]]:
    """Who sits at a table and which way: players by seat, else the N-S and E-W entrants."""
    if t.seats is not None:
        return [(p, _SEAT_DIRECTION[s]) for s, p in t.seats.items()]
    out: list[tuple[int, Direction]] = []
    if t.ns is not None:
        out.append((t.ns, "NS"))
    if t.ew is not None:
        out.append((t.ew, "EW"))
    return out


def _occupant(m: Movement, who: int, direction: Direction) -> tuple[int, str]:
    """What may not be at two places in a round: an entrant, or a team's side."""
    return (who, direction if m.entrant_kind == "team" else "")


def _sitting_out(m: Movement, rnd: Round) -> list[tuple[int, str]]:
    """Who sits out the round, named as ``_occupant`` names them. A match for fours with a dummy table lists
    the team whose N-S pair, then the team whose E-W pair, sits out (p. 50): each of those teams plays
    the other way at a table that round, and is at one place."""
    if m.entrant_kind != "team":
        return [(who, "") for who in rnd.sitout]
    return list(zip(rnd.sitout, ("NS", "EW"), strict=False))


def _round_collisions(m: Movement, rnd: Round) -> Iterator[str]:
    """Entrants or trays at two places at once in one round."""
    seen = Counter(_occupant(m, w, d) for t in rnd.tables for w, d in sides(m, t))
    for (who, side), count in sorted(seen.items()):
        if count > 1:
            label = f"{m.entrant_kind} {who}" + (f" ({side})" if side else "")
            yield f"round {rnd.number}: {label} at {count} places"
    for who, side in sorted(set(_sitting_out(m, rnd)) & set(seen)):
        label = f"{m.entrant_kind} {who}" + (f" ({side})" if side else "")
        yield f"round {rnd.number}: {label} both plays and sits out"
    for turn in range(max((len(t.trays) for t in rnd.tables), default=0)):
        trays = Counter(t.trays[turn] for t in rnd.tables if len(t.trays) > turn)
        for tray, count in sorted(trays.items()):
            if count > 1:
                yield f"round {rnd.number}: tray {tray} at {count} tables at once"
    numbers = Counter(t.table for t in rnd.tables)
    for table, count in sorted(numbers.items()):
        if count > 1:
            yield f"round {rnd.number}: table {table} listed {count} times"


@dataclass
class _Tally:
    """Counts gathered in one pass over the rounds."""

    plays: dict[int, list[Play]] = field(default_factory=lambda: defaultdict(list))
    meetings: dict[int, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    opponents: dict[int, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    partners: dict[int, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    sitouts: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    by_tray: dict[int, list[tuple[int, Direction, int, int]]] = field(
        default_factory=lambda: defaultdict(list)
    )


def _tally(m: Movement) -> _Tally:
    """Plays, meetings, partners and sit-outs of every entrant."""
    tally = _Tally()
    for rnd in m.rounds:
        for who in rnd.sitout:
            tally.sitouts[who].append(rnd.number)
        for t in rnd.tables:
            seated = sides(m, t)
            for who, d in seated:
                for tray in t.trays:
                    tally.plays[who].append(Play(rnd.number, t.table, tray, d))
                    tally.by_tray[tray].append((who, d, rnd.number, t.table))
            for (a, da), (b, db) in combinations(seated, 2):
                if a == b:
                    continue
                kind = tally.partners if da == db else tally.meetings
                kind[a][b] += 1
                kind[b][a] += 1
                if da != db:
                    tally.opponents[a][b] += len(t.trays)
                    tally.opponents[b][a] += len(t.trays)
    return tally


def _comparisons(by_tray: Mapping[int, list[tuple[int, Direction, int, int]]]) -> dict[int, Counter[int]]:
    """For each entrant, the trays in comparison with each other entrant."""
    total: Counter[tuple[int, int]] = Counter()
    for plays in by_tray.values():
        for direction in ("NS", "EW"):
            group = sorted((w, (r, t)) for w, d, r, t in plays if d == direction)
            # a set: two entrants count once per tray however often they compare on it
            total.update({(a, b) for (a, pa), (b, pb) in combinations(group, 2) if a != b and pa != pb})
    out: dict[int, Counter[int]] = defaultdict(Counter)
    for (a, b), n in total.items():
        out[a][b] = n
        out[b][a] = n
    return out


def _spread(counts: Mapping[int, Counter[int]], entrants: range) -> Spread:
    """Least and greatest count over all pairs of entrants (zero where they never met)."""
    values = [counts.get(a, Counter())[b] for a, b in combinations(entrants, 2)]
    return Spread(min(values, default=0), max(values, default=0))


def _replays(m: Movement, plays: Mapping[int, list[Play]]) -> list[tuple[int, int]]:
    """(entrant, tray) played more than once (by the same side, for teams)."""
    out: set[tuple[int, int]] = set()
    for who, mine in plays.items():
        keys = Counter((p.tray, p.direction if m.entrant_kind == "team" else "") for p in mine)
        out.update((who, tray) for (tray, _), n in keys.items() if n > 1)
    return sorted(out)


def analyse(m: Movement) -> Analysis:
    """Check a movement and count, for every entrant, its trays, opponents and comparisons."""
    tally = _tally(m)
    comparisons = _comparisons(tally.by_tray)
    entrants = range(1, m.entrants + 1)
    per_entrant = {
        e: EntrantAnalysis(
            entrant=e,
            plays=tuple(tally.plays.get(e, ())),
            meetings=dict(tally.meetings.get(e, Counter())),
            opponents=dict(tally.opponents.get(e, Counter())),
            comparisons=dict(comparisons.get(e, Counter())),
            partners=dict(tally.partners.get(e, Counter())),
            sitouts=tuple(tally.sitouts.get(e, ())),
        )
        for e in entrants
    }
    tray_plays = {tray: len({(r, t) for _, _, r, t in plays}) for tray, plays in tally.by_tray.items()}
    return Analysis(
        entrants=per_entrant,
        tray_plays=tray_plays,
        collisions=tuple(c for rnd in m.rounds for c in _round_collisions(m, rnd)),
        trays_never_played=tuple(x for x in range(1, m.trays + 1) if x not in tray_plays),
        replays=tuple(_replays(m, tally.plays)),
        comparisons=_spread(comparisons, entrants),
        meetings=_spread(tally.meetings, entrants),
        sitouts_per_round=tuple(len(r.sitout) for r in m.rounds),
    )
