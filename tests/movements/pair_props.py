"""Properties of the pair movements (pp. 24-48), counted straight from the movement JSON.

Written apart from ``tournaments.movements.analysis`` so that the pair systems
are not graded only by the engine's own analysis.
"""

from __future__ import annotations

from collections import Counter

from tournaments.movements import Movement


def assert_sound(m: Movement) -> None:
    """Nobody twice in a round, no tray at two tables at once, no pair plays a tray twice."""
    data = m.to_json()
    played: Counter[tuple[int, int]] = Counter()
    for rnd in data["rounds"]:
        seated = [p for t in rnd["tables"] for p in (t["ns"], t["ew"])] + rnd["sitout"]
        assert len(seated) == len(set(seated)), f"round {rnd['round']}: a pair twice"
        assert all(1 <= p <= m.entrants for p in seated)
        for turn in range(max((len(t["trays"]) for t in rnd["tables"]), default=0)):
            now = [t["trays"][turn] for t in rnd["tables"] if len(t["trays"]) > turn]
            assert len(now) == len(set(now)), f"round {rnd['round']}: a tray at two tables at once"
        for t in rnd["tables"]:
            for tray in t["trays"]:
                assert 1 <= tray <= m.trays
                played[(t["ns"], tray)] += 1
                played[(t["ew"], tray)] += 1
    assert not played or max(played.values()) == 1, "a pair plays a tray twice"


def meetings(m: Movement) -> Counter[frozenset[int]]:
    """How many rounds each two pairs sit at one table."""
    return Counter(frozenset((t.ns, t.ew)) for r in m.rounds for t in r.tables)


def trays_of(m: Movement, pair: int) -> list[int]:
    """The trays a pair plays, sorted."""
    return sorted(x for r in m.rounds for t in r.tables if pair in (t.ns, t.ew) for x in t.trays)


def tables_per_tray(m: Movement) -> Counter[int]:
    """At how many tables (table-rounds) each tray is played."""
    return Counter(x for r in m.rounds for t in r.tables for x in t.trays)


def sitouts(m: Movement) -> Counter[int]:
    """How many rounds each pair sits out."""
    return Counter(p for r in m.rounds for p in r.sitout)


def every_pair_plays_every_tray(m: Movement) -> bool:
    """Each pair plays each tray exactly once."""
    everything = list(range(1, m.trays + 1))
    return all(trays_of(m, p) == everything for p in range(1, m.entrants + 1))


def ns_and_ew(m: Movement) -> tuple[set[int], set[int]]:
    """The pairs that ever sit N-S, and those that ever sit E-W."""
    ns = {t.ns for r in m.rounds for t in r.tables if t.ns is not None}
    ew = {t.ew for r in m.rounds for t in r.tables if t.ew is not None}
    return ns, ew
