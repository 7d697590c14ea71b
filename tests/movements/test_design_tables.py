"""A designed movement of pairs numbers its tables so that no table plays a set twice.

Every pair moves, so a table's number is only a place; but a traveling slip
keeps one line a table (W. H. Barney, *Whist and Duplicate Whist*, 1900,
p. 42), so a table may not be given a set it has played.
"""

from __future__ import annotations

import pytest

from tournaments.movements.design import design_pairs


@pytest.mark.parametrize(
    ("pairs", "rounds", "deals"), [(6, 5, 1), (7, 7, 1), (10, 6, 2), (12, 11, 1), (13, 13, 2), (16, 15, 1)]
)
def test_no_table_plays_a_set_twice_where_no_pair_does(pairs: int, rounds: int, deals: int) -> None:
    m = design_pairs(pairs, rounds, deals, seconds=0.2)
    by_pair = [(p, t.trays[0]) for r in m.rounds for t in r.tables for p in (t.ns, t.ew)]
    played = [(t.table, tray) for r in m.rounds for t in r.tables for tray in t.trays]
    # Where no pair plays a set twice, no set is played at more tables than there are: König's theorem.
    assert len(played) == len(set(played)) or len(by_pair) != len(set(by_pair))
    assert all(sorted(t.table for t in r.tables) == list(range(1, len(r.tables) + 1)) for r in m.rounds)


def test_a_stop_asked_by_the_progress_ends_the_search_with_the_best_found() -> None:
    told: list[tuple[float, float]] = []

    def progress(used: float, qf: float) -> bool:
        told.append((used, qf))
        return True

    m = design_pairs(10, 6, 1, seconds=30, progress=progress)
    assert len(told) == 1 and 0 < told[0][1] <= 100 and m.entrants == 10
