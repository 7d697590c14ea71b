"""A designed movement of pairs numbers its tables so that no table plays a set twice.

Every pair moves, so a table's number is only a place; but a traveling slip
keeps one line a table (W. H. Barney, *Whist and Duplicate Whist*, 1900,
p. 42), so a table may not be given a set it has played.
"""

from __future__ import annotations

import random
import signal
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tournaments.movements.design import design_pairs
from tournaments.movements.design_tables import tables_numbered
from tournaments.movements.types import Round, TableAssignment


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


def _rounds_of_sets(rows: list[list[int]]) -> list[Round]:
    """Rounds whose tables play these sets (one deal each), the pairs all different."""
    return [
        Round(
            number=r + 1,
            tables=tuple(
                TableAssignment(table=k + 1, trays=(s,), ns=2 * k + 1, ew=2 * k + 2)
                for k, s in enumerate(row)
            ),
        )
        for r, row in enumerate(rows)
    ]


@contextmanager
def at_most(seconds: float) -> Iterator[None]:
    """Fail (not hang) a numbering that does not end: the alarm raises in the loop."""

    def ring(*_: object) -> None:
        raise TimeoutError(f"still numbering after {seconds} s")

    before = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def test_a_set_played_more_often_than_there_are_tables_is_numbered_and_the_numbering_ends() -> None:
    """Sets 1 and 3 are each played three times at two tables: each must be played twice at one table,
    and no more. The alternating paths once overwrote a colour the set had no room for, and then went
    round a broken colouring for ever."""
    rows = [[3, 1], [1, 2], [1, 3], [3, 2]]
    with at_most(2):
        numbered = tables_numbered(_rounds_of_sets(rows), 2)
    assert all(sorted(t.table for t in r.tables) == [1, 2] for r in numbered)
    assert [sorted(t.trays[0] for t in r.tables) for r in numbered] == [sorted(row) for row in rows]
    played = Counter((t.table, t.trays[0]) for r in numbered for t in r.tables)
    assert sum(n - 1 for n in played.values()) == 2


@pytest.mark.parametrize("seed", range(20))
def test_any_rounds_of_sets_are_numbered_one_set_a_table_where_the_plays_allow(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.choice([2, 3, 4])
    rows = [rng.sample(range(1, count + 3), count) for _ in range(rng.randint(3, 9))]
    with at_most(2):
        numbered = tables_numbered(_rounds_of_sets(rows), count)
    plays = Counter(s for row in rows for s in row)
    played = Counter((t.table, t.trays[0]) for r in numbered for t in r.tables)
    # A set played n times at count tables is played twice at some table n − count times, and no more.
    assert sum(n - 1 for n in played.values()) == sum(max(0, n - count) for n in plays.values())
    assert all(sorted(t.table for t in r.tables) == list(range(1, count + 1)) for r in numbered)


@pytest.mark.slow
def test_thirty_pairs_in_thirty_rounds_are_designed_within_their_seconds() -> None:
    """The size that once numbered its tables for ever: the search gives its best in its time."""
    start = time.monotonic()
    m = design_pairs(30, 30, 1, seconds=2)
    assert time.monotonic() - start < 6
    assert len(m.rounds) == 30 and all(len(r.tables) == 15 for r in m.rounds)
    assert all(sorted(t.table for t in r.tables) == list(range(1, 16)) for r in m.rounds)
