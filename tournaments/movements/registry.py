"""The register of movement families, and the one factory that serves them all.

Each system of the book lives in its own module and defines its ``Family``
(``family.py``) as a plain value; this module lists them all, once, in
``FAMILIES``: nothing joins the register by being imported. ``generate`` is the
only door in: it turns the director's request (so many pairs, tables, teams
or players; so many deals; a variant) into a ``Movement``, or refuses with a
``MovementUserError`` that gives the book's reason.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import (
    clay,
    fourpair,
    fours,
    harvard,
    howell,
    howell_snow,
    individual,
    mitchell,
    mnemonic,
    more_teams,
    narragansett,
    new_england,
    parallel,
    progressive,
    safford,
    snow,
    team_matches,
    two_teams,
)
from .family import Family, Generator, SessionKind
from .types import Movement, MovementUserError

__all__ = ["FAMILIES", "Family", "Generator", "SessionKind", "generate", "register"]


def register(family: Family, into: dict[str, Family] | None = None) -> Family:
    """Add a family to the register; a name may be registered once."""
    families = FAMILIES if into is None else into
    if family.name in families:
        raise RuntimeError(f"movement family {family.name!r} registered twice")
    families[family.name] = family
    return family


def build_register(families: Iterable[Family]) -> dict[str, Family]:
    """The register of the given families, in the order given (the menu's)."""
    out: dict[str, Family] = {}
    for family in families:
        register(family, out)
    return out


#: Every system of the book, in the book's order (pp. 24-59).
FAMILIES: dict[str, Family] = build_register(
    (
        progressive.FAMILY,
        mitchell.FAMILY,
        clay.FAMILY,
        snow.FAMILY,
        parallel.FAMILY,
        safford.FAMILY,
        howell.FAMILY,
        howell_snow.FAMILY,
        individual.FAMILY,
        fourpair.FAMILY,
        two_teams.FAMILY,
        *fours.FAMILIES,
        new_england.FAMILY,
        harvard.FAMILY,
        narragansett.FAMILY,
        more_teams.CLUB_TEAMS,
        more_teams.THREE_TEAMS,
        team_matches.FAMILY,
        mnemonic.FAMILY,
    )
)


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
    unit = _UNIT_OPTION[fam.kind_of(variant)]
    given = _in_players(fam, given) if unit == "players" else given
    wrong = [k for k, v in given.items() if v is not None and k != unit]
    if wrong:
        raise MovementUserError(f"{fam.title} seats {unit}; give --{unit} or --tables, not --{wrong[0]}")
    entrants = given[unit]
    for label, value in (("entrants", entrants), ("tables", tables), ("deals", deals)):
        if value is not None and value < 1:
            raise MovementUserError(f"the number of {label} must be at least 1, not {value}")
    return fam.generate(entrants=entrants, tables=tables, deals=deals, variant=variant)


def _in_players(fam: Family, given: dict[str, int | None]) -> dict[str, int | None]:
    """Teams or pairs given to a family that seats players, counted in players."""
    out = dict(given)
    for unit, each in fam.unit_players.items():
        count = out.get(unit)
        if count is not None and out.get("players") is None:
            out["players"], out[unit] = count * each, None
    return out
