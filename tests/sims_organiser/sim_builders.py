"""Heat files and events for the organiser's tests: a club's three-table heat of six deals, as PBN bytes."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from scoring.scorers.field import Heat
from scoring.sim_files import heat_from_results
from sims import services
from sims.models import SimEvent
from tournaments.models import Club
from tournaments.pbn.results import ResultLine, read_results, results_bytes

BOARDS = range(1, 7)


def heat_lines(seed: int, boards: range = BOARDS, tables: int = 3) -> list[ResultLine]:
    """A Mitchell's lines: N-S pairs 1..tables stay, E-W pairs tables+1..2*tables move; tricks from the
    seed."""
    rng = random.Random(seed)
    out = []
    for board in boards:
        for table in range(1, tables + 1):
            ew = tables + 1 + (table - 1 + board) % tables
            out.append(
                ResultLine(board, str(table), str(ew), rng.randint(3, 10), table, (board - 1) // 2 + 1)
            )
    return out


def heat_file(site: str, seed: int, boards: range = BOARDS, tables: int = 3) -> bytes:
    """A club's heat as its app writes it: PBN 2.1 with a ScoreTable per board."""
    return results_bytes(
        site=site, event="Autumn sim", date=dt.date(2026, 11, 4), lines=heat_lines(seed, boards, tables)
    )


def engine_heat(name: str, data: bytes) -> Heat:
    """The same file as the engine reads it, under the organiser's name for the club."""
    return Heat(name, heat_from_results(read_results(data)).lines)


def make_event(club: Club, *, release_in: dt.timedelta = dt.timedelta(days=7), **extra: Any) -> SimEvent:
    """An open event of six deals dealt afresh, scored by matchpoints and the trick method."""
    values: dict[str, Any] = {
        "organiser": club,
        "name": "Autumn simultaneous",
        "plays_from": "2026-11-02",
        "plays_to": "2026-11-06",
        "release_at": dt.datetime.now(dt.UTC) + release_in,
        "methods": ["matchpoints", "trick"],
        "deals": 6,
        **extra,
    }
    return services.event_create(**values)
