"""Individual scores within a team of four (p. 49): each member's pair, by the trick score.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 49): "if a trick
score has been kept as above, it is possible to give an individual score
for each member of each team": the scores made by each pair against the
other pairs seated the same way of the tables (the trick method, p. 32).
In one session a team's N and S play as its North-South pair and its E
and W as its East-West pair (p. 48); a member's score is his pair's
(``scorers.teams_members``, over the rounds of changed partners when a
series has them). The slips name teams (the N-S pair of team n against
the E-W pair of team e); here each pair is given its own number, 2n - 1
for N-S and 2n for E-W, for the pair slips the scorer compares.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from scoring import display
from scoring.scorers import ScoringError, Slips
from scoring.scorers.teams_members import MemberRound, member_scores
from tournaments.models import Entrant, EntrantKind, Session


@dataclass(frozen=True)
class MemberLine:
    """One member of a team: name, the pair he sat in, his individual score."""

    name: str
    pair: str
    score: str
    exact: str


def pair_number(team: int, side: str) -> int:
    """A team's N-S pair as 2n - 1, its E-W pair as 2n."""
    return 2 * team - 1 if side == "NS" else 2 * team


def pair_slips(slips: Slips) -> Slips:
    """The team slips as pair slips: the N-S pair of team ns against the E-W pair of team ew."""
    deals = tuple(
        replace(
            deal,
            results=tuple(
                replace(ln, ns=pair_number(ln.ns, "NS"), ew=pair_number(ln.ew, "EW")) for ln in deal.results
            ),
            averages=(),
        )
        for deal in slips.deals
    )
    pairs = tuple(pair_number(t, side) for t in slips.entrants for side in ("NS", "EW"))
    return replace(slips, entrants=pairs, deals=deals, teams={})


def team_members(*, session: Session, slips: Slips, team: int) -> list[MemberLine]:
    """The members of a team of four with their individual scores; none for other kinds of session."""
    if session.entrant_kind != EntrantKind.FOURS:
        return []
    entrant = (
        session.entrants.filter(kind=Entrant.Kind.TEAM, number=team)
        .prefetch_related("members__player")
        .first()
    )
    if entrant is None:
        return []
    players: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for t in session.entrants.filter(kind=Entrant.Kind.TEAM).prefetch_related("members__player"):
        for m in t.members.all():
            side = "NS" if m.role in ("N", "S") else "EW"
            players.setdefault(pair_number(t.number, side), []).append(m.player_id)
            names[m.player_id] = m.player.name
    try:
        scores = {
            t.entrant: t.total
            for t in member_scores(
                [MemberRound(pair_slips(slips), {p: (a[0], a[1]) for p, a in players.items() if len(a) == 2})]
            )
        }
    except (ScoringError, IndexError):
        return []
    return [
        MemberLine(
            name=m.player.name,
            pair="N-S" if m.role in ("N", "S") else "E-W",
            score=display.signed(scores.get(m.player_id, 0)),
            exact=str(scores.get(m.player_id, 0)),
        )
        for m in sorted(entrant.members.all(), key=lambda m: "NSEW".index(m.role) if m.role in "NSEW" else 9)
    ]
