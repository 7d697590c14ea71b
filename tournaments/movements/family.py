"""What a movement family is: one system of the book, as the director picks it.

A **family** (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 24-59) is
one of the book's systems (the Mitchell System, the Howell Pair System, the
Narragansett System, ...): its name (the same in the CLI, the API and the
database, docs/design.md), the book's title and pages, what it seats, and its
generator. Each system module defines its ``Family`` as a plain value;
``registry.py`` is the one place that lists them all.

This module imports nothing from Django; the whole package must not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol

from .types import EntrantKind, Movement

#: The kinds of session the app knows (Session.entrant_kind in the database).
SessionKind = Literal["pairs", "fours", "sixes", "eights", "individuals", "teams"]


#: A variant's short name, as a director reads it.
VARIANT_WORDS = (("mod", "modification"), ("form", "form"), ("plan", "plan"))


def variant_words(variant: str) -> str:
    """ "mod3" as "modification 3", "form2" as "form 2", "meet-all" as "meet all"."""
    for short, word in VARIANT_WORDS:
        if variant.startswith(short) and variant[len(short) :].isdigit():
            return f"{word} {variant[len(short) :]}"
    return variant.replace("-", " ")


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
    """One system of the book, as the director picks it.

    A system of one size (the Narragansett System is always two teams of
    eight, p. 52) runs without a size argument. ``unit_players`` lets a
    system that seats players be sized in the units a director thinks in:
    ``{"teams": 8}`` reads "two teams" as sixteen players. ``variant_kinds`` names the variants that
    seat something else than ``entrant_kind`` (progressive whist with partners
    changed seats players, p. 24; with partners kept, pairs). ``plays_twice``
    marks a system in which the same players play every deal twice by design
    (mnemonic duplicate, p. 26): there a tray played twice is no fault.
    """

    name: str
    title: str
    pages: str
    entrant_kind: EntrantKind
    session_kinds: tuple[SessionKind, ...]
    generate: Generator
    variants: tuple[str, ...] = ()
    summary: str = ""
    unit_players: Mapping[str, int] = field(default_factory=dict)
    variant_kinds: Mapping[str, EntrantKind] = field(default_factory=dict)
    plays_twice: bool = False

    def kind_of(self, variant: str | None) -> EntrantKind:
        """What the family seats under a variant (players, pairs or teams)."""
        if variant is None:
            return self.entrant_kind
        return self.variant_kinds.get(variant, self.entrant_kind)
