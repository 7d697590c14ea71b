"""Properties every movement of the team and individual systems keeps (pp. 27-59).

Plain functions over the movement JSON, written apart from the engine's own
check so that the tests do not grade the engine by its own rule.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tournaments.movements import Movement


def who(movement: Movement, table: dict[str, Any]) -> list[Any]:
    """The players, pairs or team sides at a table of the movement JSON."""
    if "seats" in table:
        return list(table["seats"].values())
    if movement.entrant_kind == "team":
        return [("ns", table["ns"]), ("ew", table["ew"])]
    return [table["ns"], table["ew"]]


def assert_sound(movement: Movement) -> None:
    """Nobody at two tables in a round; no tray at two tables at once; no tray played twice."""
    data = movement.to_json()
    played: Counter[tuple[Any, int]] = Counter()
    for rnd in data["rounds"]:
        seated = [x for t in rnd["tables"] for x in who(movement, t)]
        assert len(seated) == len(set(seated)), f"round {rnd['round']}: someone at two tables"
        if movement.entrant_kind != "team":
            assert not set(seated) & set(rnd["sitout"]), f"round {rnd['round']}: sitting out and seated"
        longest = max(len(t["trays"]) for t in rnd["tables"])
        for turn in range(longest):
            at_once = [t["trays"][turn] for t in rnd["tables"] if len(t["trays"]) > turn]
            assert len(at_once) == len(set(at_once)), f"round {rnd['round']}: a tray at two tables at once"
        for t in rnd["tables"]:
            assert all(1 <= tray <= movement.trays for tray in t["trays"])
            for x in who(movement, t):
                for tray in t["trays"]:
                    played[(x, tray)] += 1
    assert max(played.values()) == 1, "someone plays a tray twice"


def seat_rows(movement: Movement) -> list[list[tuple[int, ...]]]:
    """Each round's tables as (N, E, S, W, first tray...) tuples, for comparing with the book."""
    return [
        [tuple(t["seats"][s] for s in "NESW") + tuple(t["trays"]) for t in rnd["tables"]]
        for rnd in movement.to_json()["rounds"]
    ]


def partnerships(movement: Movement) -> Counter[frozenset[int]]:
    """How often each two players sit as partners (N-S or E-W), counted by round."""
    out: Counter[frozenset[int]] = Counter()
    for rnd in movement.rounds:
        for t in rnd.tables:
            assert t.seats is not None
            out[frozenset((t.seats["N"], t.seats["S"]))] += 1
            out[frozenset((t.seats["E"], t.seats["W"]))] += 1
    return out


def oppositions(movement: Movement, *, per_tray: bool = False) -> Counter[frozenset[int]]:
    """How often each two players sit as opponents (by round, or by tray)."""
    out: Counter[frozenset[int]] = Counter()
    for rnd in movement.rounds:
        for t in rnd.tables:
            assert t.seats is not None
            weight = len(t.trays) if per_tray else 1
            for a in (t.seats["N"], t.seats["S"]):
                for b in (t.seats["E"], t.seats["W"]):
                    out[frozenset((a, b))] += weight
    return out
