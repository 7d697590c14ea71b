"""What ``manage.py movement balance`` and ``movement design`` print: figures, matrix, proposal.

The matrix of the amounts of competition (``balance``) is printed as rows
and columns of entrant numbers; the figures are named as a director reads
them. For a movement in which every pair keeps one direction (a Mitchell,
p. 31, and the book's Mitchell-like systems), the arrow switch that
balances it best is proposed.

Nothing here imports Django.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from whist.figures import rounded

from .balance import Balance, balance
from .design import Switch, best_switch, design_pairs, design_players, switch_searched
from .fair_play import fair_play
from .limits import SWITCH_MAX_TABLES
from .types import Movement


def keeps_directions(m: Movement) -> bool:
    """Every pair sits one way all session (two fields, two winners): an arrow switch can join them."""
    ways: dict[int, set[str]] = {}
    for rnd in m.rounds:
        for t in rnd.tables:
            for who, way in ((t.ns, "NS"), (t.ew, "EW")):
                if who is not None:
                    ways.setdefault(who, set()).add(way)
    return m.entrant_kind == "pair" and bool(ways) and all(len(w) == 1 for w in ways.values())


def balance_json(m: Movement) -> dict[str, Any]:
    """The figures and the matrix, with the best arrow switch when the pairs keep their directions."""
    out = balance(m).to_json()
    if keeps_directions(m) and switch_searched(m):
        out["best_switch"] = _switch_json(best_switch(m))
    return out


def _switch_json(s: Switch) -> dict[str, Any]:
    return {"rounds": list(s.rounds), **{k: s.balance.to_json()[k] for k in ("mean", "sd", "qf")}}


def balance_text(m: Movement) -> str:
    """The figures, words, the matrix, and any proposed switch, as text."""
    b = balance(m)
    s = b.summary
    lines = [
        f"{m.family}: {m.entrants} {'players' if m.entrant_kind == 'player' else 'pairs'}, "
        f"{len(m.rounds)} rounds, {m.trays} deals",
        f"mean {rounded(s.mean, 4)} ({s.mean})  s.d. {s.sd:.4f}  Qf {rounded(s.qf, 2)}  "
        f"SS {s.ss}  SS_min {s.ss_min}",
        *b.words(),
        "",
        "Amount of competition of every two:",
        *_matrix_lines(b),
    ]
    if keeps_directions(m) and not switch_searched(m):
        lines += [
            "",
            f"The best arrow switch is searched for up to {SWITCH_MAX_TABLES} tables, not {m.tables}.",
        ]
    elif keeps_directions(m):
        best = best_switch(m)
        if best.rounds:
            f = best.balance.summary
            lines += [
                "",
                f"Arrow-switch round{'s' if len(best.rounds) > 1 else ''} {', '.join(map(str, best.rounds))} "
                f"to make one field: s.d. {f.sd:.4f}, Qf {rounded(f.qf, 2)}.",
            ]
    return "\n".join(lines) + "\n"


def _matrix_lines(b: Balance) -> list[str]:
    width = max(3, *(len(str(v)) + 1 for row in b.matrix() for v in row if v is not None))
    head = " " * 4 + "".join(f"{e:>{width}}" for e in b.entrants)
    rows = [
        f"{a:>3} " + "".join(f"{'·' if v is None else v:>{width}}" for v in row)
        for a, row in zip(b.entrants, b.matrix(), strict=True)
    ]
    return [head, *rows]


def design_json(m: Movement) -> dict[str, Any]:
    """The designed movement's JSON, its figures under ``"balance"`` and ``"fairness"`` (each entrant's
    deals and sit-outs, who meets twice, who meets in consecutive rounds)."""
    return {**m.to_json(), "balance": balance_json(m), "fairness": fair_play(m).to_json()}


def design(options: Mapping[str, Any]) -> Movement:
    """Run the designer for ``--pairs``/``--rounds``/``--deals-per-round`` or ``--players``."""
    seconds = float(options.get("seconds") or 30)
    if options.get("players"):
        return design_players(int(options["players"]), seconds=seconds)
    return design_pairs(
        int(options["pairs"]),
        int(options["rounds"]),
        int(options.get("deals_per_round") or 1),
        seconds=seconds,
    )


def dumps(data: Mapping[str, Any]) -> str:
    """JSON as the CLI prints it."""
    return json.dumps(data, indent=2) + "\n"
