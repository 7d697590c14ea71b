"""Slip lines seen from the teams: who holds each side, and what each side scored.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **team**: a side of four or more players whose pairs sit both ways of the
  tables; its score on a deal is the N-S score of its N-S pair(s) added to the
  E-W score of its E-W pair(s) (p. 48).
- **side line**: one line of a traveling slip resolved to the team (or pair)
  holding N-S and the one holding E-W, with the *score* each side is credited
  after the laws (``laws.apply_laws``: the revoke, Law X Sec. 4, p. 65; the
  average for a spoiled table, Law IV Secs. 9-10 and Law V, pp. 61-62).
- **average** of a side on a deal: the total of that side's scores divided by
  the tables in play (pp. 44-45), as ``laws.py`` takes it.
- **deviation**: a side's score less the mean of all the scores made that way
  of the tables on the deal; the deviations of one way of a deal add to 0, so
  the gains of two teams always add to 0. When the N-S and E-W scores of every
  table add to 13, a team's deviations are its N-S scores less the other
  team's (p. 28).

Helpers private to the team methods (``teams*.py``). This module imports
nothing from Django.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .common import mean
from .laws import apply_laws, award_score
from .types import DealSlip, EntrantTotal, Seat, SlipError, SlipResult, Slips

#: Maps a slip line to (N-S entrant, E-W entrant) for a method; raises
#: ``SlipError`` (without the deal and line, which the caller adds).
SideOf = Callable[[SlipResult], tuple[int, int]]

#: N and S are partners, then E and W.
PARTNERS_ORDER: tuple[Seat, ...] = ("N", "S", "E", "W")


@dataclass(frozen=True)
class SideLine:
    """One slip line as scored: the entrant each way and each side's score."""

    table: int
    ns: int
    ew: int
    ns_score: Fraction
    ew_score: Fraction


@dataclass(frozen=True)
class ResolvedDeal:
    """A deal's side lines with the side averages and the means of the scores."""

    deal: int
    lines: tuple[SideLine, ...]
    average_ns: Fraction
    average_ew: Fraction

    @property
    def mean_ns(self) -> Fraction:
        """Mean of all N-S scores on the deal (adjusted tables included)."""
        return mean((ln.ns_score for ln in self.lines), self.average_ns)

    @property
    def mean_ew(self) -> Fraction:
        """Mean of all E-W scores on the deal (adjusted tables included)."""
        return mean((ln.ew_score for ln in self.lines), self.average_ew)


def where(deal: int, index: int, result: SlipResult) -> str:
    """The place of a line in error messages: "deal 4, line 2 (table 3)"."""
    return f"deal {deal}, line {index} (table {result.table})"


def resolve_deal(deal: DealSlip, side_of: SideOf) -> ResolvedDeal | None:
    """Each line's sides and scores after the laws; None for a void deal."""
    sides: list[tuple[int, int]] = []
    for index, result in enumerate(deal.results, start=1):
        try:
            sides.append(side_of(result))
        except SlipError as exc:
            raise SlipError(f"{where(deal.deal, index, result)}: {exc}") from None
    law = apply_laws(deal)
    if law.void is not None:
        return None
    lines = tuple(
        SideLine(ln.line.table, ns, ew, ln.ns_score, ln.ew_score)
        for ln, (ns, ew) in zip(law.lines, sides, strict=True)
    )
    return ResolvedDeal(deal.deal, lines, law.average_ns, law.average_ew)


def rank(keys: Mapping[int, Sequence[Fraction]]) -> dict[int, int]:
    """Places by key, highest first; equal keys share the higher place (1, 2, 2, 4).

    Like ``common.rank``, but a key is a sequence: the team methods break a tie
    in match score by the trick score (pp. 28, 49).
    """
    ordered = sorted(keys, key=lambda e: tuple(keys[e]), reverse=True)
    places: dict[int, int] = {}
    previous: tuple[Fraction, ...] | None = None
    place = 0
    for position, entrant in enumerate(ordered, start=1):
        key = tuple(keys[entrant])
        if key != previous:
            place, previous = position, key
        places[entrant] = place
    return places


def standings(
    entrants: Sequence[int],
    totals: Mapping[int, Fraction],
    *,
    plus_minus: Mapping[int, Fraction] | None,
    extra: Mapping[int, Mapping[str, Fraction]],
    rank_by: Mapping[int, Sequence[Fraction]],
) -> tuple[EntrantTotal, ...]:
    """The entrant lines of ``Scores``, best first, ranked by ``rank_by`` (then number)."""
    places = rank({e: rank_by[e] for e in entrants})
    return tuple(
        EntrantTotal(
            entrant=e,
            total=totals[e],
            plus_minus=None if plus_minus is None else plus_minus[e],
            rank=places[e],
            extra=dict(extra.get(e, {})),
        )
        for e in sorted(entrants, key=lambda e: (places[e], e))
    )


def team_of_player(teams: Mapping[int, tuple[int, ...]]) -> dict[int, int]:
    """Invert ``Slips.teams``: member (player or pair) -> team; a member in two teams is an error."""
    owner: dict[int, int] = {}
    for team, members in teams.items():
        for member in members:
            if member in owner:
                raise SlipError(f"{member} is listed in teams {owner[member]} and {team}")
            owner[member] = team
    return owner


def seated_sides(result: SlipResult, team_of: Mapping[int, int]) -> tuple[int, int]:
    """(N-S team, E-W team) of a line that names its players in ``seats``."""
    if result.seats is None:
        raise SlipError("the line names no players in seats")
    teams: list[int] = []
    for seat in PARTNERS_ORDER:
        player = result.seats.get(seat)
        if player is None:
            raise SlipError(f"no player in seat {seat}")
        if player not in team_of:
            raise SlipError(f"player {player} ({seat}) is in no team")
        teams.append(team_of[player])
    north, south, east, west = teams
    if north != south or east != west:
        raise SlipError("partners at the table belong to different teams")
    return north, east


def team_sides(slips: Slips, default: Mapping[int, tuple[int, ...]] | None = None) -> SideOf:
    """How a method reads a line's teams: by ``seats``, by pairs in ``teams``, or as named.

    A line with ``seats`` is read through ``slips.teams`` (team -> players),
    or ``default`` when the slips give none. Otherwise, when ``slips.teams``
    is given, ``ns``/``ew`` are pair numbers looked up in it; when not, they
    are the team numbers themselves (docs/design.md, teams of four).
    """
    members = slips.teams or default or {}
    owner = team_of_player(members)

    def side_of(result: SlipResult) -> tuple[int, int]:
        if result.seats is not None:
            return seated_sides(result, owner)
        if not slips.teams:
            return result.ns, result.ew
        for pair in (result.ns, result.ew):
            if pair not in owner:
                raise SlipError(f"pair {pair} is in no team")
        return owner[result.ns], owner[result.ew]

    return side_of


def deviations(
    resolved: ResolvedDeal,
) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Each entrant's deviations summed over its lines, and its tricks (scores) summed."""
    gain: dict[int, Fraction] = {}
    tricks: dict[int, Fraction] = {}
    mean_ns, mean_ew = resolved.mean_ns, resolved.mean_ew
    for line in resolved.lines:
        for entrant, score, side_mean in (
            (line.ns, line.ns_score, mean_ns),
            (line.ew, line.ew_score, mean_ew),
        ):
            gain[entrant] = gain.get(entrant, Fraction(0)) + score - side_mean
            tricks[entrant] = tricks.get(entrant, Fraction(0)) + score
    return gain, tricks


def uses_seats(slips: Slips) -> bool:
    """Whether any line of the slips names its players in ``seats``."""
    return any(r.seats is not None for d in slips.deals for r in d.results)


def team_entrants(
    slips: Slips, default: Mapping[int, tuple[int, ...]] | None, on_lines: Iterable[int]
) -> tuple[int, ...]:
    """The teams (or pairs) to rank, read as ``team_sides`` reads the lines.

    When the lines name members (``seats``, or pairs in ``teams``), the teams
    are the keys of ``slips.teams`` (or of ``default``), and ``slips.entrants``
    is used only if it lists some of those keys (it may list the players).
    When the lines name teams, every team on a line must be an entrant.
    """
    members = slips.teams or (default if uses_seats(slips) else None) or {}
    if members:
        if slips.entrants and set(slips.entrants) <= set(members):
            return tuple(slips.entrants)
        return tuple(sorted(members))
    seen = set(on_lines)
    if not slips.entrants:
        return tuple(sorted(seen))
    stray = seen - set(slips.entrants)
    if stray:
        raise SlipError(f"team {min(stray)} is on a slip but not among the entrants")
    return tuple(slips.entrants)


def member_ways(slips: Slips) -> dict[int, bool]:
    """Member (pair, or player in ``seats``) -> True if it sat N-S at least as often as E-W."""
    lean: dict[int, int] = {}
    for deal in slips.deals:
        for r in deal.results:
            if r.seats is not None:
                ns, ew = [r.seats.get("N"), r.seats.get("S")], [r.seats.get("E"), r.seats.get("W")]
            else:
                ns, ew = [r.ns], [r.ew]
            for members, step in ((ns, 1), (ew, -1)):
                for member in members:
                    if member is not None:
                        lean[member] = lean.get(member, 0) + step
    return {m: v >= 0 for m, v in lean.items()}


def average_awards(
    deal: DealSlip, resolved: ResolvedDeal, slips: Slips
) -> dict[int, tuple[Fraction, Fraction]]:
    """Team -> (tricks, gain) given by the deal's ``averages`` (pp. 42, 44, 46).

    Without ``Slips.teams`` an award names a team, which takes the average of
    each way it did not play. With it, an award names a member (a pair, or a
    player in ``seats``, worth half a pair), which takes the average of the
    way it usually sits.
    """
    owner = team_of_player(slips.teams) if slips.teams else {}
    ways = member_ways(slips) if owner else {}
    share = Fraction(1, 2) if owner and uses_seats(slips) else Fraction(1)
    given: dict[int, tuple[Fraction, Fraction]] = {}
    for award in deal.averages:
        if owner:
            team, weight = owner[award.entrant], share
            takes_ns = ways.get(award.entrant, True)
            takes = (takes_ns, not takes_ns)
        else:
            team, weight = award.entrant, Fraction(1)
            takes = (
                not any(ln.ns == team for ln in resolved.lines),
                not any(ln.ew == team for ln in resolved.lines),
            )
            if not any(takes):
                raise SlipError(f"deal {deal.deal}: team {team} played both ways and has an average")
        tricks, gain = given.get(team, (Fraction(0), Fraction(0)))
        for take, average, side_mean in (
            (takes[0], resolved.average_ns, resolved.mean_ns),
            (takes[1], resolved.average_ew, resolved.mean_ew),
        ):
            if take:
                value = award_score(average, award.award)
                tricks, gain = tricks + weight * value, gain + weight * (value - side_mean)
        given[team] = (tricks, gain)
    return given
