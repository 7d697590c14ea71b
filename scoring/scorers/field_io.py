"""A scored field written out: the organiser's CSV, and the scores JSON of docs/design.md.

- **CSV**: ``rank,club,pair,direction,percentage,club_rank``, one line per
  pair, best first; the percentage to two places (the rank is decided on
  the exact figure). For trick and exponent, which have no percentage, the
  fifth column is headed ``score`` and holds the pair's total.
  ``club_rank`` is the pair's place at its club, in its club field
  (``field_places``: the N-S or the E-W pairs of a heat whose pairs kept
  their direction, the whole heat otherwise), as the club's own results
  page places it.
- **JSON**: the scores JSON, with entrants keyed ``"<club>/<pair>"``; each
  entrant row also carries its ``club``, ``pair``, ``direction``,
  ``club_rank`` (as in the CSV) and ``club_field`` ("N-S", "E-W", or ""
  for a heat of one field). Every number is an exact rational as a string.

This module imports nothing from Django.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from .field_places import FieldPlace, field_places
from .field_types import FieldDealScores, FieldScores, PairKey
from .fmt import decimal, rational


def entrant_key(key: PairKey) -> str:
    """ "<club>/<pair>"."""
    return f"{key[0]}/{key[1]}"


def field_csv(scores: FieldScores) -> str:
    """The overall ranking as CSV, one line per pair."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    figure = "percentage" if scores.method == "matchpoints" else "score"
    writer.writerow(["rank", "club", "pair", "direction", figure, "club_rank"])
    for place in field_places(scores):
        row = place.standing
        writer.writerow([row.rank, row.club, row.pair, row.direction, decimal(row.score), place.club.place])
    return out.getvalue()


def field_json(scores: FieldScores, deals: tuple[FieldDealScores, ...]) -> dict[str, Any]:
    """The scores JSON of the field."""
    written: dict[int, str] = {}  # each shared fraction written once, by id
    deal_rows = []
    for d in deals:
        row: dict[str, str] = {}
        for key, value in sorted(d.scores.items()):
            text = written.get(id(value))
            if text is None:
                text = written[id(value)] = rational(value)
            row[entrant_key(key)] = text
        deal_rows.append({"deal": d.deal, "scores": row})
    out: dict[str, Any] = {
        "method": scores.method,
        "deals": deal_rows,
        "entrants": [_entrant(place) for place in field_places(scores)],
    }
    if scores.summary:
        out["summary"] = {k: rational(v) for k, v in scores.summary.items()}
    return out


def _entrant(place: FieldPlace) -> dict[str, Any]:
    row = place.standing
    return {
        "entrant": entrant_key(row.key),
        "club": row.club,
        "pair": row.pair,
        "direction": row.direction,
        "total": rational(row.total),
        "plus_minus": rational(row.plus_minus),
        "rank": row.rank,
        "club_rank": place.club.place,
        "club_field": place.club.field,
        "extra": {k: rational(v) for k, v in row.extra.items()},
    }
