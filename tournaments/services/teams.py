"""Teams of more than eight (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 56-59), seated pair by pair.

Terms:

- a **team** here is two or more pairs of a club; "the captains seat half of
  each team N-S, half E-W" (p. 57). The director enters the pairs, each with
  its team; the team is an entrant of kind ``team`` that the standings rank,
  and its pairs are entrants of kind ``pair`` (``Entrant.team``) that the
  movement seats.
- the movements number the pairs **team by team**: under the club system and
  a progressive match team 1 is pairs 1..p and team 2 pairs p+1..2p (pp. 56-57);
  between three teams team i is the i-th block of 2m pairs (pp. 57-59).
  ``teams_arrange`` numbers the pairs so before the movement seats them.
- every team has the **same number of pairs**: one pair of each at every table
  (p. 57), three equal rows (p. 58).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from ..models import Entrant, EntrantKind, Session
from .errors import UserError

#: How many teams each movement for teams of more than eight brings together.
TEAMS_OF_FAMILY: dict[str, int] = {"club-teams": 2, "team-progressive": 2, "three-teams": 3}
#: A session brings two or three teams together; more play a series of matches (p. 59).
MAX_TEAMS = 3


def is_teams_session(session: Session) -> bool:
    """Whether the session is for teams of more than eight (pairs entered with their team)."""
    return session.entrant_kind == EntrantKind.TEAMS


def check_team_number(value: Any, *, field: str = "team") -> int:
    """A team's number: 1, 2 or 3."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise UserError("Choose the pair's team.", field=field) from None
    if not 1 <= number <= MAX_TEAMS:
        raise UserError(f"Choose team 1 to {MAX_TEAMS}, not {number}.", field=field)
    return number


def team_get_or_create(*, session: Session, number: int) -> Entrant:
    """The session's team of this number (created, as "Team n", the first time a pair joins it)."""
    team, _ = Entrant.objects.get_or_create(
        session=session, kind=Entrant.Kind.TEAM, number=number, defaults={"label": f"Team {number}"}
    )
    return team


def teams_of(session: Session) -> list[tuple[Entrant, list[Entrant]]]:
    """Each team with its pairs, in team order then pair order."""
    teams = session.entrants.filter(kind=Entrant.Kind.TEAM).order_by("number")
    pairs = session.entrants.filter(kind=Entrant.Kind.PAIR).order_by("number")
    by_team: dict[int, list[Entrant]] = {}
    for pair in pairs:
        by_team.setdefault(pair.team_id or 0, []).append(pair)
    return [(team, by_team.get(team.pk, [])) for team in teams]


def teams_drop_empty(*, session: Session) -> None:
    """Forget a team whose last pair was withdrawn."""
    for team, pairs in teams_of(session):
        if not pairs:
            team.delete()


def teams_check(*, session: Session, family: str) -> list[tuple[Entrant, list[Entrant]]]:
    """Refuse teams the movement cannot seat: too few or too many, or of unequal sizes (pp. 57-58)."""
    teams = [(t, p) for t, p in teams_of(session) if p]
    wanted = TEAMS_OF_FAMILY.get(family)
    if wanted is None:
        known = ", ".join(sorted(TEAMS_OF_FAMILY))
        raise UserError(f"Teams of more than eight are seated by {known}, not {family!r}.", field="family")
    if len(teams) != wanted:
        raise UserError(
            f"This movement brings {wanted} teams together; the session has {len(teams)}.", field="family"
        )
    sizes = sorted({len(p) for _, p in teams})
    if len(sizes) > 1:
        listed = ", ".join(f"{t.label or t} {len(p)}" for t, p in teams)
        raise UserError(
            f"Every team needs the same number of pairs, one of each at every table (p. 57): {listed}.",
            field="family",
        )
    return teams


@transaction.atomic
def teams_arrange(*, session: Session, family: str) -> None:
    """Number the pairs team by team (team 1's first), as the movements for teams number them."""
    teams = teams_check(session=session, family=family)
    pairs = [pair for _, team_pairs in teams for pair in team_pairs]
    top = max((p.number for p in pairs), default=0)
    # Two passes: the numbers are unique within the session and kind at every moment.
    for i, pair in enumerate(pairs, start=1):
        Entrant.objects.filter(pk=pair.pk).update(number=top + i)
    for i, pair in enumerate(pairs, start=1):
        Entrant.objects.filter(pk=pair.pk).update(number=i)
