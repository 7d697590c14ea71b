"""Team scores for progressive matches: trick score, match score, club system.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **team total** (p. 48): "Add the north and south score to the east and
  west score of each team, and compare totals." Here each score is compared
  with the mean of the scores made the same way on the deal, so that a team
  that misses a deal (p. 49: each team plays four of five) is not behind.
- **trick score** (p. 49): a team's tricks less the average, over the deals;
  ``team-trick``. Slips name teams: ``ns``/``ew`` are team numbers (the N-S
  pair of team ``ns`` against the E-W pair of team ``ew``), or pairs listed in
  ``Slips.teams``, or players in ``seats``.
- **match** between two teams X and Y (p. 49): the deals played by the N-S
  pair of X against the E-W pair of Y and "overplayed between the East and
  West players of the former club and the North and South players of the
  latter". X's tricks on those lines are compared with Y's; the gain on a deal
  is X's N-S score less Y's N-S score. A team scores 2 for a match won, 1 tied,
  0 lost; ``team-match`` ranks by this "match score", then by the "trick
  score" (the tricks gained in all matches). Teams whose pairs never meet both
  ways on a deal have no match; a pair meeting its own team (p. 49, the first
  arrangement) does not count, nor does an average given to a team (an
  adjusted table counts with its award).
- **club system** (pp. 56-57): teams of more than eight, pairs keeping their
  seats; "if there is an odd pair on each side, the average score of all the
  pairs seated opposite to the odd pair should be added to the total score of
  its team" (p. 57). ``team-club`` adds to a team, on each deal, the average
  of the other way of the tables once for every line by which its N-S lines
  outnumber its E-W lines (or the reverse), and compares totals with the mean.
  Slips name pairs in ``ns``/``ew`` with ``Slips.teams`` (team -> pairs);
  ``averages`` are not used, the odd-pair average standing in for them.

Scores per deal are each team's gain on the deal (plus or minus). For
``team-match`` the total is the match score, not the sum of those gains,
which is reported as ``extra["tricks"]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from .teams_lines import (
    ResolvedDeal,
    SideLine,
    average_awards,
    deviations,
    resolve_deal,
    standings,
    team_entrants,
    team_sides,
)
from .types import DealScores, DealSlip, Scores, SlipError, Slips

ZERO = Fraction(0)


def _add(into: dict[int, Fraction], entrant: int, value: Fraction) -> None:
    into[entrant] = into.get(entrant, ZERO) + value


def _played(slips: Slips) -> Iterable[tuple[DealSlip, ResolvedDeal | None]]:
    side_of = team_sides(slips)
    for deal in slips.deals:
        yield deal, resolve_deal(deal, side_of)


def _entrants_on(resolved: Iterable[ResolvedDeal | None]) -> set[int]:
    return {t for r in resolved if r for ln in r.lines for t in (ln.ns, ln.ew)}


def score_team_trick(slips: Slips) -> Scores:
    """Trick score for teams (pp. 48-49): each team's tricks against the average."""
    played = list(_played(slips))
    entrants = team_entrants(slips, None, _entrants_on(r for _, r in played))
    totals = {e: ZERO for e in entrants}
    tricks = {e: ZERO for e in entrants}
    deals: list[DealScores] = []
    for deal, resolved in played:
        if resolved is None:
            deals.append(DealScores(deal.deal, {}))
            continue
        gain, made = deviations(resolved)
        for team, (t, g) in average_awards(deal, resolved, slips).items():
            _add(made, team, t)
            _add(gain, team, g)
        for team in gain:
            _add(totals, team, gain[team])
            _add(tricks, team, made[team])
        deals.append(DealScores(deal.deal, dict(sorted(gain.items()))))
    return Scores(
        method="team-trick",
        deals=tuple(deals),
        entrants=standings(
            entrants,
            totals,
            plus_minus=totals,
            extra={e: {"tricks": tricks[e]} for e in entrants},
            rank_by={e: (totals[e],) for e in entrants},
        ),
    )


def match_gains(
    resolved: ResolvedDeal,
) -> tuple[dict[tuple[int, int], Fraction], dict[str, bool]]:
    """Gain of X over Y (X < Y) on each pair of lines X v Y and Y v X of a deal (p. 49)."""
    by_sides: dict[tuple[int, int], SideLine] = {}
    for line in resolved.lines:
        if line.ns == line.ew:
            continue  # a team's own pairs (p. 49, first arrangement): no match
        if (line.ns, line.ew) in by_sides:
            raise SlipError(f"deal {resolved.deal}: team {line.ns} N-S met team {line.ew} E-W twice")
        by_sides[(line.ns, line.ew)] = line
    gains: dict[tuple[int, int], Fraction] = {}
    checks: dict[str, bool] = {}
    for (x, y), first in sorted(by_sides.items()):
        if x > y and (y, x) in by_sides:
            continue
        back = by_sides.get((y, x))
        pair = (min(x, y), max(x, y))
        checks[f"deal {resolved.deal}: teams {pair[0]} and {pair[1]} played both ways"] = back is not None
        if back is None:
            continue
        x_tricks = first.ns_score + back.ew_score
        y_tricks = first.ew_score + back.ns_score
        gains[(x, y)] = (x_tricks - y_tricks) / 2
    return gains, checks


def _match_points(gain: Fraction) -> tuple[int, int]:
    """Points of the two teams of a match from the first's gain: 2/0, 1/1 or 0/2."""
    return (2, 0) if gain > 0 else (1, 1) if gain == 0 else (0, 2)


def score_team_match(slips: Slips) -> Scores:
    """Match score for teams (p. 49): 2 a match won, 1 tied; ties broken by tricks."""
    played = list(_played(slips))
    entrants = team_entrants(slips, None, _entrants_on(r for _, r in played))
    matches: dict[tuple[int, int], Fraction] = {}
    checks: dict[str, bool] = {}
    deals: list[DealScores] = []
    for deal, resolved in played:
        scores: dict[int, Fraction] = {}
        if resolved is not None:
            gains, deal_checks = match_gains(resolved)
            checks.update(deal_checks)
            for (x, y), gain in gains.items():
                matches[(x, y)] = matches.get((x, y), ZERO) + gain
                _add(scores, x, gain)
                _add(scores, y, -gain)
        deals.append(DealScores(deal.deal, dict(sorted(scores.items()))))
    totals, figures = match_figures(entrants, matches)
    return Scores(
        method="team-match",
        deals=tuple(deals),
        entrants=standings(
            entrants,
            totals,
            plus_minus=None,
            extra=figures,
            rank_by={e: (totals[e], figures[e]["tricks"]) for e in entrants},
        ),
        summary={"matches": Fraction(len(matches))},
        checks=checks,
    )


def match_figures(
    entrants: Iterable[int], matches: dict[tuple[int, int], Fraction]
) -> tuple[dict[int, Fraction], dict[int, dict[str, Fraction]]]:
    """Match score of each team, and its trick score and matches won, tied and lost."""
    names = ("matches_lost", "matches_tied", "matches_won")  # indexed by points
    order = ("tricks", *reversed(names))
    totals = {e: ZERO for e in entrants}
    figures = {e: dict.fromkeys(order, ZERO) for e in totals}
    for (x, y), gain in matches.items():
        for team, points, tricks in zip((x, y), _match_points(gain), (gain, -gain), strict=True):
            totals[team] = totals.get(team, ZERO) + points
            row = figures.setdefault(team, dict.fromkeys(order, ZERO))
            row["tricks"] += tricks
            row[names[points]] += 1
    return totals, figures


def club_totals(
    resolved: ResolvedDeal,
) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Each team's total on a deal with the odd-pair average added (p. 57), and that average."""
    _, made = deviations(resolved)
    lead: dict[int, int] = {}
    for line in resolved.lines:
        lead[line.ns] = lead.get(line.ns, 0) + 1
        lead[line.ew] = lead.get(line.ew, 0) - 1
    added: dict[int, Fraction] = {}
    for team, extra_ns in lead.items():
        # More N-S lines than E-W: the average E-W score makes up each missing
        # E-W line, "the average score of all the pairs seated opposite".
        if extra_ns > 0:
            added[team] = extra_ns * resolved.average_ew
        elif extra_ns < 0:
            added[team] = -extra_ns * resolved.average_ns
        else:
            added[team] = ZERO
    return {t: made[t] + added[t] for t in made}, added


def score_team_club(slips: Slips) -> Scores:
    """Club system for teams of more than eight (pp. 56-57): totals, odd pair averaged."""
    played = list(_played(slips))
    entrants = team_entrants(slips, None, _entrants_on(r for _, r in played))
    totals = {e: ZERO for e in entrants}
    tricks = {e: ZERO for e in entrants}
    added_all = {e: ZERO for e in entrants}
    deals: list[DealScores] = []
    for deal, resolved in played:
        scores: dict[int, Fraction] = {}
        if resolved is not None and resolved.lines:
            made, added = club_totals(resolved)
            mean = sum(made.values(), ZERO) / len(made)
            for team, value in made.items():
                scores[team] = value - mean
                _add(totals, team, value - mean)
                _add(tricks, team, value)
                _add(added_all, team, added[team])
        deals.append(DealScores(deal.deal, dict(sorted(scores.items()))))
    return Scores(
        method="team-club",
        deals=tuple(deals),
        entrants=standings(
            entrants,
            totals,
            plus_minus=totals,
            extra={e: {"tricks": tricks[e], "odd_pair_average": added_all[e]} for e in entrants},
            rank_by={e: (totals[e],) for e in entrants},
        ),
    )
