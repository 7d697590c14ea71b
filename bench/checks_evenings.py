"""Evenings whose true lines are known, for the scorer's eye (``scoring/scorers/line_checks.py``).

An evening is a movement of the book (``tournaments/movements``) played on
deals of the app's own dealer (``tournaments.services.deals.deal_cards``),
each solved double dummy for its turned trump by the app's solver
(``scoring.hand_records.solve``). Every line's true N-S count is drawn about
what the hands make, at one of two **spreads**:

- **tight**: the double-dummy count plus an error of -2..+2 tricks, weighted
  1:4:10:4:1 (90% of the lines within a trick of the double dummy);
- **loose**: a tray's own lean of -1, 0 or +1 (weighted 1:2:1: the room finds
  a deal easier or harder than double dummy), plus an error of -2..+2
  weighted 1:2:3:2:1: every line within three tricks.

Then errors are made **at known places**, each line touched at most once:
``SWAP_SHARE`` of the lines entered the other way (13 - N), ``WRONG_TRAY_SHARE``
of the tables' rounds with two trays whose counts went on each other's
trays, and ``SKIP_SHARE`` of the lines never entered. Counts are clipped
to 0..13. Imports Django's settings only for the dealer and the solver.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tournaments.movements.registry import generate
from tournaments.movements.types import Movement

SPREADS = {
    "tight": ((0,), (1,), (-2, -1, 0, 1, 2), (1, 4, 10, 4, 1)),
    "loose": ((-1, 0, 1), (1, 2, 1), (-2, -1, 0, 1, 2), (1, 2, 3, 2, 1)),
}
SWAP_SHARE = 0.05
WRONG_TRAY_SHARE = 0.03
SKIP_SHARE = 0.02
#: The pool of solved deals every evening draws its trays from, kept between runs (the solve is the cost).
POOL = 240
CACHE = Path(__file__).resolve().parents[1] / "var" / "bench_checks_dd.json"

#: The sizes measured: (label, family, generate's options).
SIZES = (
    ("Mitchell 5", "mitchell", {"tables": 5, "deals": 15}),
    ("Mitchell 13", "mitchell", {"tables": 13, "deals": 26}),
    ("Howell 4", "howell", {"tables": 4, "deals": 14}),
    ("Mnemonic", "mnemonic", {"players": 4}),
)


def solved_pool(count: int = POOL, seed: int = 1900) -> list[int]:
    """N-S's double-dummy tricks of ``count`` deals of the app's dealer (cached in ``var/``)."""
    if CACHE.exists():
        cached = json.loads(CACHE.read_text())
        if cached.get("seed") == seed and len(cached["ns"]) >= count:
            return list(cached["ns"][:count])
    from scoring.hand_records import solve
    from tournaments.services.deals import deal_cards, hands_to_pbn

    rng = random.Random(seed)
    out = []
    for k in range(count):
        dealer = "NESW"[k % 4]
        hands, trump = deal_cards(dealer=dealer, rng=rng)
        out.append(solve(hands=hands_to_pbn(hands), trump_card=trump, dealer=dealer).ns)
    CACHE.parent.mkdir(exist_ok=True)
    CACHE.write_text(json.dumps({"seed": seed, "ns": out}))
    return out


@dataclass
class Evening:
    """One evening's lines as entered, and what was done to them."""

    #: tray -> its double-dummy N-S tricks
    double_dummy: dict[int, int]
    #: (tray, table) -> the true N-S count
    true: dict[tuple[int, int], int]
    #: (tray, table) -> the count entered (a skipped line is absent)
    entered: dict[tuple[int, int], int] = field(default_factory=dict)
    swapped: set[tuple[int, int]] = field(default_factory=set)
    wrong_tray: set[tuple[int, int]] = field(default_factory=set)
    skipped: set[tuple[int, int]] = field(default_factory=set)


def plays(movement: Movement) -> list[list[tuple[int, int]]]:
    """Each table's round as its (tray, table) plays; a mnemonic's overplay is table 2, as the app has it."""
    out = []
    for number, rnd in enumerate(movement.rounds):
        for assignment in rnd.tables:
            table = assignment.table + (number if movement.family == "mnemonic" else 0)
            out.append([(tray, table) for tray in assignment.trays])
    return out


def _pick(rng: random.Random, values: Sequence[int], weights: Sequence[int]) -> int:
    return rng.choices(values, weights)[0]


def evening(movement: Movement, pool: Sequence[int], spread: str, rng: random.Random) -> Evening:
    """An evening of ``movement`` on deals from ``pool``, its lines drawn at ``spread``, errors made."""
    lean_values, lean_weights, error_values, error_weights = SPREADS[spread]
    dd = {tray: rng.choice(pool) for tray in range(1, movement.trays + 1)}
    lean = {tray: _pick(rng, lean_values, lean_weights) for tray in dd}
    rounds = plays(movement)
    true = {
        (tray, table): min(13, max(0, dd[tray] + lean[tray] + _pick(rng, error_values, error_weights)))
        for group in rounds
        for tray, table in group
    }
    out = Evening(dd, true, dict(true))
    touched: set[tuple[int, int]] = set()
    for group in rounds:
        if len(group) >= 2 and rng.random() < WRONG_TRAY_SHARE:
            a, b = rng.sample(group, 2)
            out.entered[a], out.entered[b] = true[(b[0], a[1])], true[(a[0], b[1])]
            out.wrong_tray |= {a, b}
            touched |= {a, b}
    for key in sorted(true):
        if key in touched:
            continue
        draw = rng.random()
        if draw < SWAP_SHARE:
            out.entered[key] = 13 - true[key]
            out.swapped.add(key)
        elif draw < SWAP_SHARE + SKIP_SHARE:
            del out.entered[key]
            out.skipped.add(key)
    return out


def movement_of(family: str, options: dict[str, int]) -> Movement:
    """The book's movement of a size."""
    return generate(family, **options)
