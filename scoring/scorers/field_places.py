"""A scored field's places as the pages write them: each pair's place overall and its place at its club.

- **overall place**: the pair's rank in the whole field, every club's heat
  scored together ("5th of 18"); pairs tied share the higher place, written
  "=5th" (1, =2, =2, 4), as the book's tabulating sheets rank them (W. H.
  Barney, *Whist and Duplicate Whist*, 1900, pp. 32, 42).
- **club field**: the pairs a club ranks against one another on the night.
  A heat whose pairs all keep one direction (a Mitchell) has two, the N-S
  pairs and the E-W pairs, each with its own winner (p. 31); a heat where
  some pair plays both ways (a Howell, or a Mitchell with its arrows
  switched) has one (p. 38). ``scoring.selectors.places`` ranks the club's
  own session the same way.
- **club place**: the pair's place in its club field, from its heat scored
  alone (``PairStanding.club_rank``): 1 + the pairs of the same club field
  ranked above it; "=2nd of 5 N-S" when shared, "2nd of 6" for one field.

Worked out once per scoring of the field: the standings come sorted by
rank, so the ties overall are found in one pass, and each club field is
sorted once and its ties found in one pass.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .field_types import FieldScores, PairStanding

#: The two club fields of a heat whose pairs keep their direction, as the pages name them.
WAYS = {"NS": "N-S", "EW": "E-W"}


def ordinal(rank: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    tail = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{tail}"


def place_text(place: int, tied: bool, of: int, field: str = "") -> str:
    """ "2nd of 6", "=2nd of 6" when shared, "=2nd of 5 N-S" in one of two club fields."""
    return f"{'=' if tied else ''}{ordinal(place)} of {of}" + (f" {field}" if field else "")


@dataclass(frozen=True)
class FieldPlace:
    """One pair's places: overall (``rank``, shared or not, of how many) and in its club field."""

    standing: PairStanding
    rank: int
    tied: bool
    of: int
    club: ClubPlace

    @property
    def rank_text(self) -> str:
        """ "=5th of 18"."""
        return place_text(self.rank, self.tied, self.of)


@dataclass(frozen=True)
class ClubPlace:
    """A pair's place in its club field: the field ("N-S", "E-W", or "" for one), the place, shared or
    not, of how many."""

    field: str
    place: int
    tied: bool
    of: int

    @property
    def text(self) -> str:
        """ "=2nd of 5 N-S", "2nd of 6"."""
        return place_text(self.place, self.tied, self.of, self.field)


def club_places(pairs: Sequence[tuple[str, int]]) -> list[ClubPlace]:
    """The club places of one club's pairs, each given as (direction, club rank): two club fields when
    every pair kept one direction and both are there, else one; within each, ranks sorted once and the
    ties found in one pass (a run of equal ranks shares the place of its first)."""
    two = {way for way, _ in pairs} == set(WAYS)
    groups: dict[str, list[int]] = {}
    for index, (way, _) in enumerate(pairs):
        groups.setdefault(WAYS[way] if two else "", []).append(index)
    out: list[ClubPlace | None] = [None] * len(pairs)
    for field, members in groups.items():
        members.sort(key=lambda i: pairs[i][1])
        start = 0
        for i in range(1, len(members) + 1):
            if i == len(members) or pairs[members[i]][1] != pairs[members[start]][1]:
                place = ClubPlace(field, start + 1, i - start > 1, len(members))
                for member in members[start:i]:
                    out[member] = place
                start = i
    return [p for p in out if p is not None]


def field_places(scores: FieldScores) -> tuple[FieldPlace, ...]:
    """Every pair's places, in the standings' order (best first)."""
    rows = scores.standings
    counts = Counter(r.rank for r in rows)
    clubs: dict[str, list[int]] = {}
    for index, row in enumerate(rows):
        clubs.setdefault(row.club, []).append(index)
    club: dict[int, ClubPlace] = {}
    for members in clubs.values():
        places = club_places([(rows[i].direction, rows[i].club_rank) for i in members])
        club.update(zip(members, places, strict=True))
    return tuple(
        FieldPlace(row, row.rank, counts[row.rank] > 1, len(rows), club[i]) for i, row in enumerate(rows)
    )
