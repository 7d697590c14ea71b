"""Simultaneous whist: many clubs' heats of one set of deals scored as one field.

Every club plays the same deals in its own session (its **heat**) and scores
it as usual; the organiser scores every heat together as one **field**, so
that each pair learns two placings: in its club, and in the whole field. The
book's clubs compared scores on the same deals in just this way (W. H.
Barney, *Whist and Duplicate Whist*, 1900, p. 32: each score compared with
those made the same way of the tables on the deal); the pooling is that of
today's bridge simultaneous pairs. Terms of a heat: ``field_types.py``.

What "across the field" means for each method:

- **matchpoints** (``field_matchpoints.py``): on each deal, every N-S result
  of every heat is compared with every other (artificial scores left out),
  EBU scale: 2 for each result beaten, 1 for each tie, top 2(n - 1); E-W
  score the top less N-S. Where deals were played different numbers of times
  across the field, **Neuberg's factoring** brings each to the top of the
  most-played deal (N): MP' = (MP + 1) x N / n - 1. A pair's percentage is
  its sum of MP' over the sum of the tops of the deals it played; an
  artificial score counts as its percentage of the top; a deal a pair sat
  out is left blank (in neither sum).
- **trick** and **exponent** (``field_tricks.py``): every table of the
  field that played a deal is on one traveling slip, scored as the club's
  own scorer would score it: the trick method against the field's average
  of each side (p. 32), the exponent system's gains from the field's lowest
  score of each side, equated over the field's tables (pp. 43-45). The
  figures come from the same frequency tables as matchpoints; the plain
  pooled slip (``field_slips.py``) is the reference they are tested against.

**Club rank** and **club score**: each heat is also scored alone, by the
same method over its own lines (for matchpoints, against its own tables
only, with its own top and Neuberg within the heat), each pair's score
there and its rank. That is the club's own result of the night by the
field's method, as the club's sheet ranks its session scored by that method;
the field's scores restricted to the club would not agree with it (a pair
can top its club with 56% and score 48% overall), so the pages show the
club score beside the club place. A heat's club figures are worked out
once and kept until that heat is replaced.

Ranks: 1 for the best; exact ties share the higher place (1, 2, 2, 4).

A ``Field`` is held and fed heat by heat (``add``; a club that sends again
replaces its heat): every method keeps per-deal frequency tables of N-S
tricks, so a new heat is merged into them and the re-score works in whole
numbers. ``POOLS`` is the one place that says which pool scores which method.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .field_matchpoints import PairFigures, PoolMatchpoints
from .field_slips import PoolSlips
from .field_tricks import PoolTricks
from .field_types import (
    FieldDealScores,
    FieldError,
    FieldLine,
    FieldScores,
    Heat,
    PairKey,
    PairStanding,
    check_heat,
    directions,
)
from .types import UnknownMethodError

__all__ = [
    "FIELD_METHODS",
    "POOLS",
    "Field",
    "FieldDealScores",
    "FieldError",
    "FieldLine",
    "FieldScores",
    "Heat",
    "PairKey",
    "PairStanding",
    "Pool",
    "score_field",
]

#: The methods that compare tables on a deal, and so can pool a field.
FIELD_METHODS = ("matchpoints", "trick", "exponent")

Pool = PoolMatchpoints | PoolTricks | PoolSlips

#: The pool that scores a field by each method: all three from the per-deal frequency tables.
POOLS: dict[str, Callable[[str], Pool]] = {
    "matchpoints": lambda _: PoolMatchpoints(),
    "trick": PoolTricks,
    "exponent": PoolTricks,
}


def _pool(method: str) -> Pool:
    """The pool that scores a field by ``method``."""
    if method not in FIELD_METHODS:
        raise UnknownMethodError(f"a field is scored by one of {', '.join(FIELD_METHODS)}, not {method!r}")
    return POOLS[method](method)


class Field:
    """The heats of a simultaneous event so far, scored as one field by one method.

    ``pool`` replaces the method's pool (``POOLS``); the tests pass the plain
    pooled slip (``field_slips.PoolSlips``) to hold the fast pools to it.
    """

    def __init__(
        self, method: str = "matchpoints", heats: Iterable[Heat] = (), pool: Pool | None = None
    ) -> None:
        self.method = method
        self._pool = pool if pool is not None else _pool(method)
        self._heats: dict[str, Heat] = {}
        self._keys: list[PairKey] = []
        self._index: dict[PairKey, int] = {}
        self._ways: dict[str, dict[str, str]] = {}
        self._club: dict[str, dict[str, PairFigures]] = {}
        for heat in heats:
            self.add(heat)

    @property
    def clubs(self) -> tuple[str, ...]:
        """The clubs whose heats are in the field, in the order they came."""
        return tuple(self._heats)

    def add(self, heat: Heat) -> None:
        """Merge a heat into the field; a club's earlier heat is replaced (``FieldError`` if impossible)."""
        check_heat(heat)
        self._pool.check(heat.club, heat.lines)
        if heat.club in self._heats:
            self.remove(heat.club)
        self._add_unchecked(heat)

    def remove(self, club: str) -> None:
        """Take a club's heat out of the field."""
        if club not in self._heats:
            raise FieldError(f"no heat from {club!r} in the field")
        self._pool.remove(club)
        del self._heats[club], self._ways[club]
        self._club.pop(club, None)

    def _pairs(self) -> list[int]:
        """The pairs of the heats now in the field."""
        return [self._index[(club, pair)] for club, ways in self._ways.items() for pair in ways]

    def standings(self) -> FieldScores:
        """Each pair's overall score and rank, and its club rank; best first."""
        figures = self._pool.figures(self._pairs())
        rows = [self._standing(index, fig) for index, fig in figures.items()]
        rows.sort(key=lambda r: (r.rank, r.club, _natural(r.pair)))
        return FieldScores(self.method, tuple(rows), self._pool.summary())

    def _standing(self, index: int, fig: PairFigures) -> PairStanding:
        club, pair = self._keys[index]
        alone = self.club_figures(club)[pair]
        return PairStanding(
            club,
            pair,
            self._ways[club][pair],
            fig.score,
            fig.total,
            fig.plus_minus,
            fig.rank,
            alone.rank,
            fig.extra,
            alone.score,
        )

    def club_figures(self, club: str) -> dict[str, PairFigures]:
        """Each pair's figures in its own heat scored alone by the same method (kept until replaced)."""
        found = self._club.get(club)
        if found is None:
            keys = self._keys
            found = self._club[club] = {keys[i][1]: f for i, f in self._pool.club_figures(club).items()}
        return found

    def _add_unchecked(self, heat: Heat) -> None:
        """``add`` for a heat already checked."""
        self._ways[heat.club] = directions(heat)
        for pair in self._ways[heat.club]:
            key = (heat.club, pair)
            if key not in self._index:  # a club sending again keeps its pairs' numbers
                self._index[key] = len(self._keys)
                self._keys.append(key)
        self._pool.add(heat.club, heat.lines, self._index)
        self._heats[heat.club] = heat

    def deal_scores(self) -> tuple[FieldDealScores, ...]:
        """Each pair's score on each deal, deal by deal."""
        by_deal = self._pool.deal_scores(self._pairs())
        keys = self._keys
        return tuple(
            FieldDealScores(deal, {keys[i]: v for i, v in scores.items()})
            for deal, scores in sorted(by_deal.items())
        )


def score_field(method: str, heats: Iterable[Heat]) -> FieldScores:
    """Score the heats as one field by ``method`` (``FieldError``, ``UnknownMethodError``)."""
    return Field(method, heats).standings()


def _natural(pair: str) -> tuple[int, str]:
    """Pair ids in their natural order: 2 before 10."""
    return (int(pair), "") if pair.isdigit() else (1 << 30, pair)
