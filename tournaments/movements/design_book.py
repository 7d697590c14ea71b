"""The book's movements beside a designed one: those that fit the size and rounds asked, as fair or fairer.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900; ``balance`` for Qf
and ``fair_play`` for the measures a director reads beside it):

- **the designer's order**: of two movements the better has, in turn, fewer
  trays played twice by one entrant (none is playable, p. 42), sit-outs
  spread more evenly, fewer meetings in consecutive rounds,
  meetings spread more evenly (``FairPlay.unfairness``), and last the higher
  Qf (over every pair: two fields ranked apart compare nobody across them).
- **fits**: a movement of the book, sound and duplicate (some deal played
  more than once: progressive whist compares nobody, p. 24), seats as many
  pairs (or players) in as many rounds of as many deals as the designer was
  asked for (the same plan under two names is named once).
- **the book's rounds** for a size: the rounds of the first movement of one
  field that ``recommend`` proposes for an evening's deals (``EVENING``).

Nothing here imports Django.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .analysis import analyse
from .balance import balance
from .fair_play import FairPlay, fair_play
from .family import variant_words
from .recommend import recommend
from .registry import FAMILIES, generate
from .types import Movement, MovementUserError

#: The deals of a club's evening, within which the book's rounds for a size are read.
EVENING = 30

Order = tuple[int, int, int, int, Fraction]


def replays(m: Movement) -> int:
    """The plays of a tray by an entrant who has played it before (a traveling slip cannot hold them)."""
    seen: set[tuple[int, int]] = set()
    count = 0
    for rnd in m.rounds:
        for t in rnd.tables:
            who = list(t.seats.values()) if t.seats is not None else [e for e in (t.ns, t.ew) if e]
            for play in ((e, tray) for e in who for tray in t.trays):
                count += play in seen
                seen.add(play)
    return count


def designer_order(m: Movement) -> Order:
    """A movement's place in the designer's order (lower is better): a tray played twice by an entrant,
    its unfairness, then its Qf."""
    return (replays(m), *fair_play(m).unfairness(), -balance(m).summary.qf)


@dataclass(frozen=True)
class BookFit:
    """A movement of the book that fits the size and rounds asked, with its figures."""

    family: str
    variant: str | None
    title: str
    pages: str
    movement: Movement
    qf: float
    fair: FairPlay

    @property
    def said(self) -> str:
        """ "The book's Howell Pair System, plan 2 (pp. 38-41) seats 11 pairs in 11 rounds of 2 deals, ...":
        the variant named as the movement page names it (``variant_words``), never by its identifier."""
        name = f"{self.title}{f', {variant_words(self.variant)}' if self.variant else ''} ({self.pages})"
        unit = "players" if self.movement.entrant_kind == "player" else "pairs"
        m = self.movement
        deals = len(m.rounds[0].tables[0].trays)
        return (
            f"The book's {name} seats {m.entrants} {unit} in {len(m.rounds)} rounds of {deals} "
            f"deal{'s' if deals > 1 else ''}, as fairly as the designer's or more (Qf {self.qf:.2f}): "
            "choose it on the session's movement page, among the book's systems."
        )

    def to_json(self) -> dict[str, Any]:
        """The fit as the API answers it: its name, pages, figures and words."""
        return {
            "family": self.family,
            "variant": self.variant,
            "title": self.title,
            "pages": self.pages,
            "rounds": len(self.movement.rounds),
            "trays": self.movement.trays,
            "qf": round(self.qf, 2),
            "fairness": self.fair.to_json(),
            "said": self.said,
        }


def book_rounds(pairs: int) -> int:
    """The rounds the book's movement of one field for this many pairs plays in an evening."""
    recs = recommend(session_kind="pairs", entrants=pairs, deals_available=EVENING)
    return next(r.rounds for r in recs if r.fields == 1 and r.duplicate)


def book_fits(designed: Movement) -> list[BookFit]:
    """The book's movements that seat the designed movement's entrants in as many rounds of as many deals,
    sound and duplicate (some deal played twice: progressive whist compares nobody, p. 24), as fair as it
    or fairer by the designer's order, the best first."""
    rounds, deals = len(designed.rounds), max(len(t.trays) for r in designed.rounds for t in r.tables)
    kind = "individuals" if designed.entrant_kind == "player" else "pairs"
    unit = "players" if kind == "individuals" else "pairs"
    mark = designer_order(designed)
    found: list[tuple[Order, BookFit]] = []
    for fam in FAMILIES.values():
        if kind not in fam.session_kinds or fam.entrant_kind != designed.entrant_kind or fam.plays_twice:
            continue
        for variant in (None, *(v for v in fam.variants if fam.kind_of(v) == fam.entrant_kind)):
            m = _fitting(fam.name, variant, unit, designed.entrants, rounds, deals)
            order = designer_order(m) if m is not None else None
            if m is not None and order is not None and order <= mark:
                fit = BookFit(fam.name, m.variant, fam.title, fam.pages, m, float(-order[4]), fair_play(m))
                found.append((order, fit))
    unique: dict[str, tuple[Order, BookFit]] = {}
    for order, fit in found:  # the same plan under another name: the first named (the book's own) kept
        unique.setdefault(json.dumps(fit.movement.to_json()["rounds"]), (order, fit))
    ranked = sorted(unique.values(), key=lambda f: (f[0], f[1].family, f[1].variant or ""))
    return [fit for _, fit in ranked]


def _fitting(
    family: str, variant: str | None, unit: str, entrants: int, rounds: int, deals: int
) -> Movement | None:
    """The family's movement of ``rounds`` rounds of ``deals`` deals for the entrants, if it has one, sound
    and duplicate."""
    try:
        m = generate(family, deals=rounds * deals, variant=variant, **{unit: entrants})
    except MovementUserError:
        return None
    per_round = {len(t.trays) for r in m.rounds for t in r.tables}
    if len(m.rounds) != rounds or per_round != {deals} or m.entrants != entrants:
        return None
    played = Counter(tray for r in m.rounds for t in r.tables for tray in t.trays)
    return m if max(played.values(), default=0) > 1 and analyse(m).sound else None
