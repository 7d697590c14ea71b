"""Which scoring method suits a movement, and the book's reason (W. H. Barney, 1900).

Terms:

- **side average** (p. 32): under the Mitchell System and its kin N-S pairs
  are compared only with N-S pairs, so "each north and south score is
  compared with this average"; the same for E-W: the trick score.
- **equating** (pp. 43-45): where every pair plays both ways, the exponent
  system equates the N-S and E-W scores "so as to obtain the same result as
  if the average of each side was taken", and is "a much more equitable
  method of scoring than the original Howell System" (p. 45).
- the team, individual and progressive methods are those the book describes
  with each of those movements.

``scoring_advice`` names the method by the names of docs/design.md; nothing here
imports Django.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ScoringAdvice:
    """The method to score a movement by, and why, with the book's pages."""

    method: str
    reason: str


_EQUATED = ScoringAdvice(
    "exponent",
    "Every pair plays both ways of the tables, so the N-S and E-W scores must be equated: the exponent "
    "system gives “the same result as if the average of each side was taken” (p. 43) and is “a much "
    "more equitable method of scoring than the original Howell System” (p. 45).",
)
_SIDES = ScoringAdvice(
    "trick",
    "N-S pairs are compared only with N-S pairs: each N-S score is compared with the N-S average, each "
    "E-W score with the E-W average (p. 32).",
)
_FOURS = ScoringAdvice(
    "team-match",
    "The little matches between every team and every other are settled when the fours come together: "
    "2 for a match won, 1 for a tie, 0 for a match lost, the tricks deciding ties (p. 49).",
)
_TWO_TEAMS = ScoringAdvice(
    "two-teams",
    "Two teams: the N-S scores of the teams are compared; the E-W scores are complemental and are not "
    "counted twice (p. 28).",
)
_CLUB = ScoringAdvice(
    "team-club",
    "Team totals are compared; a team with an odd pair adds the average score of the pairs seated "
    "opposite to it (p. 57).",
)

ADVICE: dict[str, ScoringAdvice] = {
    "safford": _EQUATED,
    "howell": _EQUATED,
    "howell-snow": _EQUATED,
    "mitchell": _SIDES,
    "clay": _SIDES,
    "snow": _SIDES,
    "parallel": _SIDES,
    "progressive": ScoringAdvice(
        "points",
        "Progressive whist is not duplicate: the points made on each deal are recorded for the winners "
        "(pp. 24-25).",
    ),
    "individual": ScoringAdvice(
        "individual", "Each player is scored by the tricks lost on every deal played (pp. 27, 31)."
    ),
    "four-pair": ScoringAdvice(
        "four-pair", "Each pair is compared with the pairs that sat the same way on the deal (pp. 27-28)."
    ),
    "two-teams": _TWO_TEAMS,
    "new-england": _TWO_TEAMS,
    "harvard": _TWO_TEAMS,
    "fours-mitchell": _FOURS,
    "fours-howell": _FOURS,
    "fours-clay": _FOURS,
    "fours-parallel": _FOURS,
    "fours-snow": _FOURS,
    "narragansett": ScoringAdvice(
        "narragansett",
        "The N-S scores of the first team at tables 2 and 4 are compared with those of the second team "
        "at tables 1 and 3, tray by tray (pp. 53-56).",
    ),
    "club-teams": _CLUB,
    "three-teams": _CLUB,
    "team-progressive": _CLUB,
    "mnemonic": ScoringAdvice(
        "mnemonic",
        "The same four players replay every deal with the hands their adversaries held, and the two sides' "
        "totals are compared (pp. 25-26).",
    ),
}


def scoring_advice(family: str) -> ScoringAdvice | None:
    """The method the book gives this movement, with its reason; None for a family it does not know."""
    return ADVICE.get(family)
