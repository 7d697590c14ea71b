"""What the movement designer finds in under a minute, beside the book's movements that fit.

Run: ``python bench/bench_designer.py [--seconds S]`` (default 55). Each case
prints the time taken and the figures of the movement found (Qf, 100 perfect;
s.d. of the amounts of competition) and its fair play (the least and most
sit-outs of a pair, the pairs of pairs meeting more than once, the meetings in
consecutive rounds); a case with a target says whether it was met. For sizes
no printed movement serves, the best of the book's movements for that many
pairs in as many rounds or fewer, within an evening's 30 deals (by Qf), is
printed beside it. Exit 1 if a target is missed.

Targets (the designer's issue): a Howell for 14 pairs in 13 rounds with Qf at
least 91 (a published 7-table Howell's), one for 10 pairs in 9 rounds with Qf
at least 83, and an individual movement for 16 players in which each partners
each exactly once; and every movement of pairs fair (``FairPlay.fair``: sit-outs
and meetings shared out evenly, no two pairs meeting in consecutive rounds)
with no pair playing a deal twice.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements import generate
from tournaments.movements.balance import balance
from tournaments.movements.balance_table import duplicated
from tournaments.movements.design import design_pairs, design_players
from tournaments.movements.design_book import replays
from tournaments.movements.fair_play import fair_play
from tournaments.movements.recommend import recommend
from tournaments.movements.types import Movement, MovementUserError

#: The deals of a club's evening, within which the book's movements are compared with the designed ones.
EVENING = 30
PAIRS = [(14, 13, 1, 91.0), (10, 9, 1, 83.0), (13, 10, 2, None), (20, 8, 1, None)]


def book_best(pairs: int, deals: int, rounds: int) -> str:
    """The book's movements for this many pairs within these deals and rounds, the best by Qf, as one line."""
    found: list[tuple[float, str]] = []
    for r in recommend(session_kind="pairs", entrants=pairs, deals_available=deals):
        try:
            m = generate(r.family, pairs=pairs, deals=r.trays, variant=r.variant)
            b = balance(m)
        except MovementUserError:
            continue
        if not duplicated(m) or len(m.rounds) > rounds:
            continue
        name = f"{r.title}{' ' + r.variant if r.variant else ''} ({len(m.rounds)} rounds, {m.trays} deals)"
        found.append((float(b.summary.qf), f"{name}: Qf {float(b.summary.qf):.2f}, s.d. {b.summary.sd:.3f}"))
    return max(found)[1] if found else "none of the book's movements fits"


def line(m: Movement, took: float) -> str:
    b, f = balance(m), fair_play(m)
    sits = [f.sitouts[e] for e in f.entrants]
    fair = f"sit-outs {min(sits)}-{max(sits)}, {len(f.twice)} meet twice, {len(f.consecutive)} in a row"
    return f"{took:5.1f} s  Qf {float(b.summary.qf):6.2f}  s.d. {b.summary.sd:.3f}  ({fair})"


def fair(m: Movement) -> bool:
    """Fair by every measure a director reads, and no pair playing a deal twice."""
    return fair_play(m).fair and not replays(m)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=55)
    seconds = parser.parse_args().seconds
    missed = False
    for pairs, rounds, deals, target in PAIRS:
        start = time.monotonic()
        m = design_pairs(pairs, rounds, deals, seconds=seconds)
        took = time.monotonic() - start
        qf = float(balance(m).summary.qf)
        verdict = (
            "" if target is None else f"  target Qf >= {target:g}: {'met' if qf >= target else 'MISSED'}"
        )
        verdict += f"  fair: {'met' if fair(m) else 'MISSED'}"
        missed |= (target is not None and qf < target) or not fair(m)
        print(f"{pairs} pairs, {rounds} rounds of {deals}: {line(m, took)}{verdict}")
        if target is None:
            best = book_best(pairs, EVENING, rounds)
            print(f"    the book's best for {pairs} pairs in {rounds} rounds or fewer: {best}")
    start = time.monotonic()
    m = design_players(16, seconds=seconds)
    b = balance(m)
    took = time.monotonic() - start
    once = (
        b.partners is not None
        and all(v == 1 for v in b.partners.values())
        and len(b.partners) == 16 * 15 // 2
    )
    missed |= not once
    said = "met" if once else "MISSED"
    print(f"16 players: {took:5.1f} s  each partners each once: {said}  ({b.words()[-1]})")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
