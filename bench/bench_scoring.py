"""Time every registered scoring method on a big session: 1,000 tables x 26 trays.

26,000 slip lines, random but valid (seeded), every tray played at every
table. Pairs: N-S pair t stays at table t, E-W pairs 1001-2000 move a table
a tray (a Mitchell). Individuals: 4,000 players, four to a table. Teams: team
t's N-S pair at table t against the E-W pair of another team. Prints seconds
per method; the aim is under 2 s each.

    python bench/bench_scoring.py
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.scorers import METHODS, ScoringError, Slips, score
from scoring.scorers.types import DealSlip, Seat, SlipResult

TABLES = 1000
TRAYS = 26
AIM = 2.0


def pair_slips(rng: random.Random) -> Slips:
    """A 1,000-table Mitchell: pairs 1-1000 N-S, 1001-2000 E-W."""
    deals = []
    for d in range(1, TRAYS + 1):
        lines = tuple(
            SlipResult(t, t, TABLES + (t + d) % TABLES + 1, rng.randint(0, 13)) for t in range(1, TABLES + 1)
        )
        deals.append(DealSlip(d, lines))
    return Slips(tuple(range(1, 2 * TABLES + 1)), tuple(deals))


def individual_slips(rng: random.Random) -> Slips:
    """4,000 players, seated afresh (at random) for every tray."""
    players = list(range(1, 4 * TABLES + 1))
    deals = []
    for d in range(1, TRAYS + 1):
        rng.shuffle(players)
        lines = []
        for t in range(TABLES):
            n, e, s, w = players[4 * t : 4 * t + 4]
            seats: dict[Seat, int] = {"N": n, "E": e, "S": s, "W": w}
            lines.append(SlipResult(t + 1, n, e, rng.randint(0, 13), seats=seats))
        deals.append(DealSlip(d, tuple(lines)))
    return Slips(tuple(range(1, 4 * TABLES + 1)), tuple(deals))


def team_slips(rng: random.Random) -> Slips:
    """1,000 teams: team t's N-S pair at table t, another team's E-W pair against it."""
    deals = []
    for d in range(1, TRAYS + 1):
        shift = d % (TABLES - 1) + 1
        lines = tuple(
            SlipResult(t, t, (t - 1 + shift) % TABLES + 1, rng.randint(0, 13)) for t in range(1, TABLES + 1)
        )
        deals.append(DealSlip(d, lines))
    return Slips(tuple(range(1, TABLES + 1)), tuple(deals))


def club_team_slips(rng: random.Random) -> Slips:
    """The pair Mitchell with teams of two pairs (k and 1000 + k)."""
    pairs = pair_slips(rng)
    teams = {k: (k, TABLES + k) for k in range(1, TABLES + 1)}
    return Slips(tuple(teams), pairs.deals, teams)


def timed(method: str, slips: Slips) -> tuple[float, str]:
    """Seconds to score, or the reason it could not."""
    start = time.perf_counter()
    try:
        score(method, slips)
    except ScoringError as exc:
        return -1.0, str(exc)[:60]
    return time.perf_counter() - start, ""


def main() -> int:
    builders: dict[str, Callable[[random.Random], Slips]] = {
        "pairs": pair_slips,
        "individuals": individual_slips,
        "teams": team_slips,
    }
    cache: dict[str, Slips] = {}
    print(f"{TABLES} tables x {TRAYS} trays = {TABLES * TRAYS} slip lines")
    slow = 0
    for name, method in METHODS.items():
        kind = "club-teams" if name == "team-club" else method.kind
        if kind == "single-table":  # four players at one table (mnemonic duplicate): no 1,000 tables of it
            print(f"{name:14} n/a   (one table by its nature)")
            continue
        if kind not in cache:
            build = club_team_slips if kind == "club-teams" else builders[kind]
            cache[kind] = build(random.Random(1900))
        seconds, why = timed(name, cache[kind])
        if seconds < 0:
            print(f"{name:14} n/a   ({why})")
            continue
        slow += seconds > AIM
        print(f"{name:14} {seconds:6.2f} s{'  SLOW' if seconds > AIM else ''}")
    return 1 if slow else 0


if __name__ == "__main__":
    raise SystemExit(main())
