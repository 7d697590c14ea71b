"""A session's places: who came where, field by field. Every page and export that shows a place asks here.

- **field**: the entrants ranked against one another. A Mitchell-type
  movement whose pairs keep their direction all evening has two, the N-S
  pairs and the E-W pairs, each with its own winner: its N-S pairs are never
  compared with its E-W pairs (W. H. Barney, *Whist and Duplicate Whist*,
  1900, p. 31; Howell-type movements, where they are, have one field, p. 38).
  A Howell, an individual, a team match, or a Mitchell whose arrows are
  switched in some round (the movement then seats a pair both ways) has one.
- **place**: 1 for the best of its field; entrants tied share the higher
  place, as the book's tabulating sheets rank them (pp. 32, 42, 44), written
  "=2" (1, =2, =2, 4).

The places come from the engine's ranks, which already hold a method's
tie-break (for teams, the match score and then the trick score, p. 49);
nothing here changes a score. The scores JSON of an export or of the API
is given the same places: ``rank`` is the place in the entrant's field,
and ``field`` names the field when there are two.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from scoring.scorers import EntrantTotal, Scores, get_method, scores_from_json
from tournaments.link_reads import SessionRead
from tournaments.models import Session
from tournaments.selectors import session_movement

#: The two fields of a Mitchell-type movement, in the order the pages show them.
DIRECTIONS = ("N-S", "E-W")


@dataclass(frozen=True)
class Place:
    """An entrant's place: its field ("" when there is one), its place there, and whether it is shared."""

    entrant: int
    field: str
    place: int
    tied: bool

    @property
    def text(self) -> str:
        """The place as the pages write it: "1", or "=2" when shared."""
        return f"={self.place}" if self.tied else str(self.place)


@dataclass(frozen=True)
class Places:
    """A session's places, field by field, the best of each first."""

    fields: tuple[str, ...]
    rows: tuple[Place, ...]

    @cached_property
    def by_entrant(self) -> dict[int, Place]:
        """Entrant -> its place."""
        return {p.entrant: p for p in self.rows}

    def of(self, entrant: int) -> Place | None:
        """The entrant's place (None when it is not ranked)."""
        return self.by_entrant.get(entrant)

    def in_field(self, field: str) -> tuple[Place, ...]:
        """One field's places, best first."""
        return tuple(p for p in self.rows if p.field == field)

    def winners(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Each field with its winners (more than one when they tie)."""
        return tuple((f, tuple(p.entrant for p in self.in_field(f) if p.place == 1)) for f in self.fields)


def direction_fields(session: Session | SessionRead) -> dict[int, str] | None:
    """Entrant -> "N-S" or "E-W" when every pair kept one direction (Mitchell-type), else None."""
    ways: dict[int, set[str]] = {}
    for rnd in session_movement(session).get("rounds", []):
        for table in rnd.get("tables", []):
            for key, way in (("ns", "N-S"), ("ew", "E-W")):
                if table.get(key) is not None:
                    ways.setdefault(table[key], set()).add(way)
    sides = {way for seen in ways.values() for way in seen}
    if not ways or sides != set(DIRECTIONS) or any(len(seen) > 1 for seen in ways.values()):
        return None
    return {entrant: next(iter(seen)) for entrant, seen in ways.items()}


def session_fields(*, session: Session | SessionRead, method: str) -> dict[int, str] | None:
    """The direction of each pair when the session has two fields; None when it has one."""
    return direction_fields(session) if get_method(method).kind == "pairs" else None


def places_of(entrants: Sequence[EntrantTotal], fields: Mapping[int, str] | None) -> Places:
    """The places of the engine's standings in the given fields (None, or an entrant without a
    direction: one field)."""
    if fields is None or any(t.entrant not in fields for t in entrants):
        fields = {}
    field = {t.entrant: fields.get(t.entrant, "") for t in entrants}
    ranked = sorted(entrants, key=lambda t: (DIRECTIONS.index(field[t.entrant]) if fields else 0, t.rank))
    rows = tuple(
        Place(
            entrant=t.entrant,
            field=field[t.entrant],
            place=1 + sum(1 for o in entrants if field[o.entrant] == field[t.entrant] and o.rank < t.rank),
            tied=any(
                o is not t and field[o.entrant] == field[t.entrant] and o.rank == t.rank for o in entrants
            ),
        )
        for t in ranked
    )
    return Places(fields=DIRECTIONS if fields else ("",), rows=rows)


def session_places(*, session: Session | SessionRead, scores: Scores) -> Places:
    """The places of a session's standings: per direction for a Mitchell-type movement, else one field."""
    return places_of(scores.entrants, session_fields(session=session, method=scores.method))


def placed_json(scores: Mapping[str, Any], places: Places) -> dict[str, Any]:
    """The scores JSON with the places: ``rank`` in the entrant's field, and ``field`` when there are two."""
    out = dict(scores)
    rows = []
    for row in scores.get("entrants", []):
        place = places.of(int(row["entrant"]))
        if place is not None:
            row = {**row, "rank": place.place, **({"field": place.field} if place.field else {})}
        rows.append(row)
    out["entrants"] = rows
    return out


def session_placed_json(*, session: Session, scores: Mapping[str, Any]) -> dict[str, Any]:
    """A session's scores JSON (as a viewer may see it) with its places."""
    if not scores.get("entrants"):
        return dict(scores)
    return placed_json(scores, session_places(session=session, scores=scores_from_json(scores)))
