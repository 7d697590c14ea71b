"""Why is my team's score this? The account of a team's score on one deal, for every team method.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 27-30, 48-57):
a team's score on a deal is read from where its pairs sat (N-S at one
table, E-W at another, p. 48), the scores made the same way of the tables,
and the comparison the method makes (``basis``, in the method's own words).
Which tables a line's players belong to is read as the method reads them
(``teams_lines.team_sides``): teams named on the lines, pairs listed in the
slips' ``teams``, or players by seat with the method's own numbering.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from .explain import find_deal, not_scored
from .fmt import mixed, signed
from .method import Explainer, Scorer
from .teams_lines import ResolvedDeal, SideOf, resolve_deal, team_sides
from .types import Explanation, Slips

Sides = Callable[[Slips], SideOf]


def sides_with(default: Mapping[int, tuple[int, ...]] | None = None) -> Sides:
    """Read the lines' teams as ``team_sides`` does, with the method's default numbering."""
    return lambda slips: team_sides(slips, default)


def team_explainer(name: str, scorer: Scorer, basis: str, sides: Sides | None = None) -> Explainer:
    """An explainer for a team method: where the team sat, the averages, the comparison."""

    def explain(slips: Slips, entrant: int, deal: int) -> Explanation:
        slip = find_deal(slips, deal)
        scored = next(d for d in scorer(slips).deals if d.deal == deal)
        value = scored.scores.get(entrant)
        resolved = resolve_deal(slip, (sides or sides_with())(slips))
        if value is None or resolved is None:
            why = "the deal is void" if resolved is None else "your team has no score on it"
            return not_scored(name, entrant, deal, why)
        sentences = [*_seat_sentences(resolved, entrant), _average_sentence(resolved), basis]
        sentences.append(f"Your team's score on deal {deal} is {signed(value)}.")
        figures = {"score": value, "average N-S": resolved.mean_ns, "average E-W": resolved.mean_ew}
        return Explanation(
            name, entrant, deal, value, tuple(sentences), figures, _compared(resolved, entrant)
        )

    return explain


def _seat_sentences(resolved: ResolvedDeal, team: int) -> list[str]:
    """Where the team's pairs sat on the deal and what they made."""
    out = []
    for ln in resolved.lines:
        if ln.ns == team:
            out.append(f"At table {ln.table} your N-S pair met team {ln.ew} and made {mixed(ln.ns_score)}.")
        if ln.ew == team:
            out.append(f"At table {ln.table} your E-W pair met team {ln.ns} and made {mixed(ln.ew_score)}.")
    return out or [f"Your team did not sit at a table on deal {resolved.deal} (p. 50: a dummy table)."]


def _average_sentence(resolved: ResolvedDeal) -> str:
    """The scores made each way, as the team's are compared with them (p. 48)."""
    ns = ", ".join(mixed(ln.ns_score) for ln in resolved.lines)
    ew = ", ".join(mixed(ln.ew_score) for ln in resolved.lines)
    return (
        f"The N-S scores were {ns} (average {mixed(resolved.mean_ns)}); "
        f"the E-W scores {ew} (average {mixed(resolved.mean_ew)})."
    )


def _compared(resolved: ResolvedDeal, team: int) -> dict[int, Fraction]:
    """The other teams' scores on the lines the team was compared with."""
    out: dict[int, Fraction] = {}
    for ln in resolved.lines:
        if team not in (ln.ns, ln.ew):
            out[ln.ns] = out.get(ln.ns, Fraction(0)) + ln.ns_score
            out[ln.ew] = out.get(ln.ew, Fraction(0)) + ln.ew_score
    return out
