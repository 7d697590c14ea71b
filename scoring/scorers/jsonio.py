"""The JSON contracts: traveling slips in, exact scores out (docs/design.md).

**Slips JSON** (one object per traveling slip, pp. 42, 45, 46)::

    {"entrants": [1, 2, ...],
     "deals": [{"deal": 2, "trump": "KC",
                "results": [{"table": 1, "ns": 1, "ew": 5, "ns_tricks": 8}],
                "averages": [{"entrant": 3, "reason": "sat out"}]}],
     "teams": {"1": [1, 2], "2": [3, 4]}}

A line may also carry ``ns_revokes`` / ``ew_revokes`` (revokes established
against that side, Law X Sec. 4), ``seats`` ({"N": 3, "E": 9, "S": 4, "W":
10}, for individual matches; ``ns``/``ew`` then default to N and E),
``adjusted`` ([award to N-S, award to E-W], each "average", "average-plus"
or "average-minus"; ``ns_tricks`` may then be null), ``law`` (the code of
the law the director applied at the table, ``irregularities.py``: "IV.9",
"V.1", ...; ``ns_tricks`` may be null when the law gives the average or a
new deal). The slips may carry ``declared_trump`` ("S": a suit declared for
the sitting, no card turned, Law IV Sec. 11); a deal's ``trump`` is a card
("KC") or a declared suit ("S"). A deal may carry
``void``: true; an averages entry an ``award``. Anything else is refused:
every malformed or impossible slip raises ``SlipError`` naming the deal and
the line ("deal 4, line 2 (table 3): N-S tricks 14 is outside 0..13").

**Scores JSON**: every number is an exact rational written as a string
("7", "-3", "5/4"); see ``scores_to_json``.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .fmt import rational
from .registry import get_method
from .types import (
    AWARDS,
    SEATS,
    AverageAward,
    Award,
    DealScores,
    DealSlip,
    EntrantTotal,
    Scores,
    Seat,
    SlipError,
    SlipResult,
    Slips,
)
from .validate import check_slips

TOP_KEYS = {"entrants", "deals", "teams", "declared_trump"}
DEAL_KEYS = {"deal", "trump", "results", "averages", "void"}
LINE_KEYS = {"table", "ns", "ew", "ns_tricks", "ns_revokes", "ew_revokes", "seats", "adjusted", "law"}
AVERAGE_KEYS = {"entrant", "reason", "award"}


def slips_from_json(data: Any, *, method: str | None = None) -> Slips:
    """Read and check slips JSON; with ``method``, check them for its kind too."""
    obj = _object(data, "the slips", TOP_KEYS)
    if "entrants" not in obj or "deals" not in obj:
        raise SlipError("the slips need both 'entrants' and 'deals'")
    entrants = tuple(_int(x, "entrants") for x in _list(obj["entrants"], "entrants"))
    teams = _teams(obj.get("teams", {}))
    deals = tuple(_deal(d, i) for i, d in enumerate(_list(obj["deals"], "deals"), start=1))
    declared = obj.get("declared_trump")
    if declared is not None and not isinstance(declared, str):
        raise SlipError(f"declared_trump must be a suit like 'S', got {_kind(declared)}")
    slips = Slips(entrants, deals, teams, declared)
    check_slips(slips, kind=get_method(method).kind if method else None)
    return slips


def slips_to_json(slips: Slips) -> dict[str, Any]:
    """Write slips in the slips JSON form (optional keys only when set)."""
    out: dict[str, Any] = {
        "entrants": list(slips.entrants),
        "deals": [_deal_json(d) for d in slips.deals],
    }
    if slips.teams:
        out["teams"] = {str(t): list(m) for t, m in slips.teams.items()}
    if slips.declared_trump is not None:
        out["declared_trump"] = slips.declared_trump
    return out


def scores_to_json(scores: Scores) -> dict[str, Any]:
    """The scores JSON: exact rationals as strings, ranks as integers."""
    out: dict[str, Any] = {
        "method": scores.method,
        "deals": _deals_json(scores.deals),
        "entrants": [_entrant_json(t) for t in scores.entrants],
    }
    if scores.summary:
        out["summary"] = {k: rational(v) for k, v in scores.summary.items()}
    if scores.checks:
        out["checks"] = dict(scores.checks)
    return out


def _deals_json(deals: tuple[DealScores, ...]) -> list[dict[str, Any]]:
    """Each deal's scores by entrant, as strings; each fraction and entrant number written once
    (the methods share one fraction among many scores)."""
    written: dict[int, str] = {}  # by id
    names: dict[int, str] = {}
    out = []
    for d in deals:
        scores: dict[str, str] = {}
        for entrant, value in d.scores.items():
            text = written.get(id(value))
            if text is None:
                text = written[id(value)] = rational(value)
            name = names.get(entrant)
            if name is None:
                name = names[entrant] = str(entrant)
            scores[name] = text
        out.append({"deal": d.deal, "scores": scores})
    return out


def _entrant_json(t: EntrantTotal) -> dict[str, Any]:
    """One standings line."""
    row: dict[str, Any] = {
        "entrant": t.entrant,
        "total": rational(t.total),
        "plus_minus": None if t.plus_minus is None else rational(t.plus_minus),
        "rank": t.rank,
    }
    if t.extra:
        row["extra"] = {k: rational(v) for k, v in t.extra.items()}
    return row


def scores_from_json(data: Mapping[str, Any]) -> Scores:
    """The scores JSON read back into exact, typed scores (the inverse of ``scores_to_json``)."""
    return Scores(
        method=str(data["method"]),
        deals=tuple(
            DealScores(deal=int(d["deal"]), scores={int(e): Fraction(v) for e, v in d["scores"].items()})
            for d in data.get("deals", [])
        ),
        entrants=tuple(
            EntrantTotal(
                entrant=int(row["entrant"]),
                total=Fraction(row["total"]),
                plus_minus=None if row.get("plus_minus") is None else Fraction(row["plus_minus"]),
                rank=int(row["rank"]),
                extra={k: Fraction(v) for k, v in row.get("extra", {}).items()},
            )
            for row in data.get("entrants", [])
        ),
        summary={k: Fraction(v) for k, v in data.get("summary", {}).items()},
        checks={k: bool(v) for k, v in data.get("checks", {}).items()},
    )


def _object(data: Any, where: str, allowed: set[str]) -> Mapping[str, Any]:
    """A JSON object with only the allowed keys."""
    if not isinstance(data, dict):
        raise SlipError(f"{where}: expected an object, got {_kind(data)}")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise SlipError(f"{where}: unknown key {unknown[0]!r}")
    return data


def _list(data: Any, where: str) -> list[Any]:
    """A JSON array."""
    if not isinstance(data, list):
        raise SlipError(f"{where}: expected a list, got {_kind(data)}")
    return data


def _int(data: Any, where: str) -> int:
    """A JSON integer (not a boolean, not a float)."""
    if isinstance(data, bool) or not isinstance(data, int):
        raise SlipError(f"{where}: expected a whole number, got {_kind(data)} {data!r}")
    return int(data)


def _kind(data: Any) -> str:
    """A JSON type name for messages."""
    names = {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "true/false",
        float: "a decimal",
        int: "a number",
        type(None): "null",
    }
    return names.get(type(data), type(data).__name__)


def _teams(data: Any) -> dict[int, tuple[int, ...]]:
    """The optional teams map: team number -> its pairs or players."""
    if not isinstance(data, dict):
        raise SlipError(f"teams: expected an object, got {_kind(data)}")
    out: dict[int, tuple[int, ...]] = {}
    for key, members in data.items():
        try:
            team = int(key)
        except ValueError:
            raise SlipError(f"teams: {key!r} is not a team number") from None
        where = f"teams, team {team}"
        out[team] = tuple(_int(m, where) for m in _list(members, where))
    return out


def _deal(data: Any, index: int) -> DealSlip:
    """One slip."""
    obj = _object(data, f"deals entry {index}", DEAL_KEYS)
    if "deal" not in obj:
        raise SlipError(f"deals entry {index}: no deal number")
    deal = _int(obj["deal"], f"deals entry {index}")
    where = f"deal {deal}"
    trump = obj.get("trump")
    if trump is not None and not isinstance(trump, str):
        raise SlipError(f"{where}: trump must be a string like 'KC', got {_kind(trump)}")
    void = obj.get("void", False)
    if not isinstance(void, bool):
        raise SlipError(f"{where}: void must be true or false")
    results = tuple(_line(x, deal, i) for i, x in enumerate(_list(obj.get("results", []), where), start=1))
    averages = tuple(
        _average(x, f"{where}, averages entry {i}")
        for i, x in enumerate(_list(obj.get("averages", []), f"{where}, averages"), start=1)
    )
    return DealSlip(deal, results, averages, trump, void)


def _line(data: Any, deal: int, index: int) -> SlipResult:
    """One line of a slip."""
    where = f"deal {deal}, line {index}"
    if isinstance(data, dict) and "table" in data:
        where = f"{where} (table {_int(data['table'], where)})"
    obj = _object(data, where, LINE_KEYS)
    if "table" not in obj:
        raise SlipError(f"{where}: no table number")
    seats = _seats(obj["seats"], where) if "seats" in obj else None
    adjusted = _adjusted(obj["adjusted"], where) if "adjusted" in obj else None
    tricks = obj.get("ns_tricks")
    law = obj.get("law")
    if law is not None and not isinstance(law, str):
        raise SlipError(f"{where}: law must be a code like 'V.1', got {_kind(law)}")
    if tricks is None and adjusted is None and law is None:
        raise SlipError(f"{where}: no N-S tricks")
    return SlipResult(
        table=_int(obj["table"], where),
        ns=_entrant(obj, "ns", seats, where),
        ew=_entrant(obj, "ew", seats, where),
        ns_tricks=None if tricks is None else _int(tricks, f"{where}: ns_tricks"),
        ns_revokes=_int(obj.get("ns_revokes", 0), f"{where}: ns_revokes"),
        ew_revokes=_int(obj.get("ew_revokes", 0), f"{where}: ew_revokes"),
        seats=seats,
        adjusted=adjusted,
        law=law,
    )


def _entrant(obj: Mapping[str, Any], key: str, seats: dict[Seat, int] | None, where: str) -> int:
    """The N-S (E-W) entrant; for an individual line, the player North (East)."""
    if key in obj:
        return _int(obj[key], f"{where}: {key}")
    if seats is None:
        raise SlipError(f"{where}: no {key!r} entrant")
    return seats["N" if key == "ns" else "E"]


def _seats(data: Any, where: str) -> dict[Seat, int]:
    """{"N": 3, "E": 9, "S": 4, "W": 10}."""
    obj = _object(data, f"{where}: seats", set(SEATS))
    if set(obj) != set(SEATS):
        raise SlipError(f"{where}: seats must name N, E, S and W")
    return {s: _int(obj[s], f"{where}: seat {s}") for s in SEATS}


def _adjusted(data: Any, where: str) -> tuple[Award, Award]:
    """[award to N-S, award to E-W]."""
    items = _list(data, f"{where}: adjusted")
    if len(items) != 2 or any(a not in AWARDS for a in items):
        raise SlipError(f"{where}: adjusted must be two of {', '.join(AWARDS)}")
    return items[0], items[1]


def _average(data: Any, where: str) -> AverageAward:
    """An entrant given the average of a deal it did not play."""
    obj = _object(data, where, AVERAGE_KEYS)
    if "entrant" not in obj:
        raise SlipError(f"{where}: no entrant")
    reason = obj.get("reason", "sat out")
    award = obj.get("award", "average")
    if not isinstance(reason, str):
        raise SlipError(f"{where}: reason must be a string")
    if award not in AWARDS:
        raise SlipError(f"{where}: award must be one of {', '.join(AWARDS)}")
    return AverageAward(_int(obj["entrant"], where), reason, award)


def _deal_json(d: DealSlip) -> dict[str, Any]:
    """One slip in JSON form."""
    out: dict[str, Any] = {"deal": d.deal}
    if d.trump is not None:
        out["trump"] = d.trump
    out["results"] = [_line_json(x) for x in d.results]
    if d.averages:
        out["averages"] = [_average_json(a) for a in d.averages]
    if d.void:
        out["void"] = True
    return out


def _average_json(a: AverageAward) -> dict[str, Any]:
    """One averages entry in JSON form."""
    out: dict[str, Any] = {"entrant": a.entrant, "reason": a.reason}
    if a.award != "average":
        out["award"] = a.award
    return out


def _line_json(x: SlipResult) -> dict[str, Any]:
    """One line in JSON form."""
    out: dict[str, Any] = {"table": x.table, "ns": x.ns, "ew": x.ew, "ns_tricks": x.ns_tricks}
    if x.ns_revokes:
        out["ns_revokes"] = x.ns_revokes
    if x.ew_revokes:
        out["ew_revokes"] = x.ew_revokes
    if x.seats is not None:
        out["seats"] = dict(x.seats)
    if x.adjusted is not None:
        out["adjusted"] = list(x.adjusted)
    if x.law is not None:
        out["law"] = x.law
    return out
