"""The register of movement families, and the one factory that serves them all.

Each system of the book lives in its own module and defines its ``Family``
(``family.py``) as a plain value; this module lists them all, once, in
``FAMILIES`` (a ``whist.registry.Register``): nothing joins the register by
being imported. ``generate`` is the only door in: it turns the director's
request (so many pairs, tables, teams or players; so many deals; a variant)
into a ``Movement``, or refuses with a ``MovementUserError`` that gives the
book's reason.
"""

from __future__ import annotations

from whist.registry import Register

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


#: Every system of the book, in the book's order (pp. 24-59).
FAMILIES: Register[Family] = Register(
    "movement family",
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
    ),
    unknown=MovementUserError,
)


def register(family: Family) -> Family:
    """Add a family at run time; a name may be registered once (``RuntimeError`` on a twin)."""
    return FAMILIES.add(family)


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
    fam = FAMILIES.named(family)
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
