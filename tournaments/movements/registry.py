"""The register of movement families, and the one factory that serves them all.

Each system of the book lives in its own module and registers a ``Family``:
its name (the same in the CLI, the API and the database, DESIGN.md), the
book's title and pages, what it seats, and its generator. ``generate`` is the
only door in: it turns the director's request (so many pairs, tables, teams
or players; so many deals; a variant) into a ``Movement``, or refuses with a
``MovementUserError`` that gives the book's reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from .types import EntrantKind, Movement, MovementUserError

#: The kinds of session the app knows (Session.entrant_kind in the database).
SessionKind = Literal["pairs", "fours", "sixes", "eights", "individuals", "teams"]


class Generator(Protocol):
    """A family's generator: sizes in, a movement out (or a user error)."""

    def __call__(
        self,
        *,
        entrants: int | None,
        tables: int | None,
        deals: int | None,
        variant: str | None,
    ) -> Movement: ...


@dataclass(frozen=True)
class Family:
    """One system of the book, as the director picks it."""

    name: str
    title: str
    pages: str
    entrant_kind: EntrantKind
    session_kinds: tuple[SessionKind, ...]
    generate: Generator
    variants: tuple[str, ...] = ()
    summary: str = ""


FAMILIES: dict[str, Family] = {}


def register(family: Family) -> Family:
    """Add a family to the register; a name may be registered once."""
    if family.name in FAMILIES:
        raise RuntimeError(f"movement family {family.name!r} registered twice")
    FAMILIES[family.name] = family
    return family


_UNIT_OPTION = {"pair": "pairs", "team": "teams", "player": "players"}


def generate(
    family: str,
    *,
    pairs: int | None = None,
    tables: int | None = None,
    teams: int | None = None,
    players: int | None = None,
    deals: int | None = None,
    variant: str | None = None,
) -> Movement:
    """Generate a movement of a registered family, or explain why it cannot be."""
    fam = FAMILIES.get(family)
    if fam is None:
        known = ", ".join(sorted(FAMILIES))
        raise MovementUserError(f"unknown movement family {family!r}; known: {known}")
    if variant is not None and variant not in fam.variants:
        if fam.variants:
            raise MovementUserError(
                f"{fam.title} has no variant {variant!r}; its variants are {', '.join(fam.variants)}"
            )
        raise MovementUserError(f"{fam.title} has no variants")
    given = {"pairs": pairs, "teams": teams, "players": players}
    unit = _UNIT_OPTION[fam.entrant_kind]
    wrong = [k for k, v in given.items() if v is not None and k != unit]
    if wrong:
        raise MovementUserError(f"{fam.title} seats {unit}; give --{unit} or --tables, not --{wrong[0]}")
    entrants = given[unit]
    for label, value in (("entrants", entrants), ("tables", tables), ("deals", deals)):
        if value is not None and value < 1:
            raise MovementUserError(f"the number of {label} must be at least 1, not {value}")
    return fam.generate(entrants=entrants, tables=tables, deals=deals, variant=variant)
