"""Matches between two teams: teams of four, and teams of eight (Narragansett).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **match between two teams of four** (p. 28): one team sits N-S at table 1
  and E-W at table 2, the other the reverse; each deal is overplayed at the
  other table. "The north and south scores only are compared; the east and
  west scores are ignored, as they must, of necessity, be complemental." The
  **gain** of a team on a deal is its N-S score less the other team's N-S
  score; the two gains add to 0. ``two-teams``: slips name the teams in
  ``ns``/``ew``, or the players in ``seats`` (players 1-4 the challenging
  team 1, 5-8 the challenged team 2, as in the League schedule, p. 29, unless
  ``Slips.teams`` says otherwise).
- **Narragansett System** (pp. 52-56): two teams of eight at four tables,
  "the sum of the north and south scores made by the first team at tables 2
  and 4 is compared with the sum of the north and south scores made by the
  second team at tables 1 and 3, the result showing the gains of the
  respective teams" (p. 55), tray by tray. ``narragansett``: slips name the
  players in ``seats``; team 1 is players 1-8, team 2 players 9-16 (p. 56).

When scores are not complemental (a revoking side held to the average, Law X
Sec. 4, p. 65), a team's gain is the sum of its N-S and E-W scores less the
mean of each way; this is the book's N-S comparison whenever they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from .teams_lines import (
    ResolvedDeal,
    average_awards,
    deviations,
    resolve_deal,
    standings,
    team_entrants,
    team_sides,
)
from .types import DealScores, DealSlip, Scores, SlipError, Slips

ZERO = Fraction(0)
#: Challenging club 1-4, challenged club 5-8 (League schedule, p. 29).
TEAMS_OF_FOUR: Mapping[int, tuple[int, ...]] = {1: (1, 2, 3, 4), 2: (5, 6, 7, 8)}
#: Challenged club 1-8, challenging club 9-16 (p. 56).
NARRAGANSETT_TEAMS: Mapping[int, tuple[int, ...]] = {
    1: tuple(range(1, 9)),
    2: tuple(range(9, 17)),
}


def _counts(resolved: ResolvedDeal) -> dict[int, tuple[int, int]]:
    """Team -> (lines it holds N-S, lines it holds E-W) on a deal."""
    out: dict[int, tuple[int, int]] = {}
    for line in resolved.lines:
        ns, ew = out.get(line.ns, (0, 0))
        out[line.ns] = (ns + 1, ew)
        ns, ew = out.get(line.ew, (0, 0))
        out[line.ew] = (ns, ew + 1)
    return out


def _check_two_teams(resolved: ResolvedDeal, teams: tuple[int, ...]) -> None:
    for line in resolved.lines:
        if line.ns == line.ew or {line.ns, line.ew} != set(teams):
            raise SlipError(
                f"deal {resolved.deal}, table {line.table}: teams {line.ns} v {line.ew}"
                f" is not a line of the match between teams {teams[0]} and {teams[1]}"
            )


def two_team_deal(
    slips: Slips, deal: DealSlip, resolved: ResolvedDeal, teams: tuple[int, ...]
) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Each team's gain on a deal and the tricks it made (averages included)."""
    _check_two_teams(resolved, teams)
    gain, made = deviations(resolved)
    for team, (tricks, plus) in average_awards(deal, resolved, slips).items():
        if team not in teams:
            raise SlipError(f"deal {deal.deal}: {team} under averages is not a team")
        made[team] = made.get(team, ZERO) + tricks
        gain[team] = gain.get(team, ZERO) + plus
    return gain, made


def score_two_team_match(
    slips: Slips,
    *,
    method: str,
    default: Mapping[int, tuple[int, ...]],
    ns_lines: int,
) -> Scores:
    """Gains of two teams deal by deal: N-S scores compared (pp. 28, 55)."""
    side_of = team_sides(slips, default)
    played = [(d, resolve_deal(d, side_of)) for d in slips.deals]
    on_lines = {t for _, r in played if r for ln in r.lines for t in (ln.ns, ln.ew)}
    teams = team_entrants(slips, default, on_lines)
    if len(teams) != 2:
        raise SlipError(f"{method} is a match between two teams; the slips have {len(teams)}")
    totals = dict.fromkeys(teams, ZERO)
    figures = {t: {"tricks": ZERO, "ns_tricks": ZERO} for t in teams}
    checks: dict[str, bool] = {}
    deals: list[DealScores] = []
    label = f"each team N-S at {ns_lines} table" + ("s" if ns_lines > 1 else "")
    for deal, resolved in played:
        gain: dict[int, Fraction] = {}
        if resolved is not None and resolved.lines:
            gain, made = two_team_deal(slips, deal, resolved, teams)
            counts = _counts(resolved)
            checks[f"deal {deal.deal}: {label}"] = all(counts.get(t, (0, 0))[0] == ns_lines for t in teams)
            for line in resolved.lines:
                figures[line.ns]["ns_tricks"] += line.ns_score
            for team in gain:
                totals[team] += gain[team]
                figures[team]["tricks"] += made[team]
        deals.append(DealScores(deal.deal, dict(sorted(gain.items()))))
    return Scores(
        method=method,
        deals=tuple(deals),
        entrants=standings(
            teams, totals, plus_minus=totals, extra=figures, rank_by={t: (totals[t],) for t in teams}
        ),
        checks=checks,
    )


def score_two_teams(slips: Slips) -> Scores:
    """Match between two teams of four (pp. 28-30): gains of N-S over N-S."""
    return score_two_team_match(slips, method="two-teams", default=TEAMS_OF_FOUR, ns_lines=1)


def score_narragansett(slips: Slips) -> Scores:
    """Narragansett System for teams of eight (p. 55): gains per tray and in total."""
    return score_two_team_match(slips, method="narragansett", default=NARRAGANSETT_TEAMS, ns_lines=2)
