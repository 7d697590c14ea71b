"""The whist drive's door for the API and the CLI: a change and its results in, the next change out.

Terms as in ``drive.py`` (W. H. Barney, *Whist and Duplicate Whist*, 1900,
p. 24): a **change** is one deal at every table; its round JSON (movement
JSON, docs/design.md) with the tables' results gives the next change, with each
player's move.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .drive import Sex, TableResult, next_change
from .types import SEATS, MovementUserError


def next_change_json(method: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """The next change as JSON, from a change's round JSON with its ``results`` (the API's and CLI's door).

    ``data``: ``{"round": 1, "tables": [{"table": 1, "seats": {...}}, ...],
    "results": [{"table": 1, "ns_tricks": 8} or {"table": 1, "winner": "NS",
    "points": 2}, ...], "ladies": [1, 2, ...] (the Second Method; default
    1 to 2n), "exchange_at_head": false}``.
    """
    try:
        seating = {int(t["table"]): {s: int(t["seats"][s]) for s in SEATS} for t in data["tables"]}
        results = {int(r["table"]): _result(r) for r in data["results"]}
        ladies = data.get("ladies")
        sexes: dict[int, Sex] | None = None
        if ladies is not None:
            lady_set = {int(p) for p in ladies}
            sexes = {
                p: ("lady" if p in lady_set else "gentleman")
                for row in seating.values()
                for p in row.values()
            }
        number = int(data.get("round", 1)) + 1
        exchange_flag = bool(data.get("exchange_at_head", False))
    except (KeyError, TypeError, ValueError) as exc:
        raise MovementUserError(f"not a change with its results: {exc}") from exc
    change = next_change(method, seating, results, sexes=sexes, exchange_at_head=exchange_flag, number=number)
    return change.to_json()


def _result(r: Mapping[str, Any]) -> TableResult:
    """A table's result from its N-S tricks, or from the winning side and points."""
    if "ns_tricks" in r:
        return TableResult.from_tricks(int(r["table"]), int(r["ns_tricks"]))
    return TableResult(int(r["table"]), r["winner"], int(r["points"]))
