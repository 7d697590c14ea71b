"""The team methods of scoring, registered with the package.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **team**: four or more players whose pairs sit both ways of the tables.
  Its N-S score and E-W score are added (p. 48); two teams compare N-S scores
  only, the E-W scores being "complemental" (p. 28).
- **gain**: what one team (or pair) made more than the one compared with it.
- **match score** and **trick score** (pp. 28, 49): the count of little
  matches won (2 a match, 1 a tie, for fours; 1 and 1/2 for four-pair
  matches), with the tricks gained breaking a tie.

Methods, and what their slips name:

======================  ========================  ==================================
name                    book                      slip lines name
======================  ========================  ==================================
``team-trick``          pp. 48-49                 teams in ``ns``/``ew`` (or pairs
                                                  in ``Slips.teams``, or ``seats``)
``team-match``          p. 49                     as ``team-trick``
``two-teams``           pp. 28-30                 teams, or players 1-8 in ``seats``
``four-pair``           pp. 27-28                 players 1-8 in ``seats``
``narragansett``        pp. 52-56                 players 1-16 in ``seats``
``team-club``           pp. 56-57                 pairs in ``ns``/``ew`` with
                                                  ``Slips.teams`` (team -> pairs)
======================  ========================  ==================================

This module imports nothing from Django.
"""

from __future__ import annotations

from .method import Method
from .teams_explain import Sides, sides_with, team_explainer
from .teams_four_pair import default_pairs, score_four_pair
from .teams_fours import score_team_club, score_team_match, score_team_trick
from .teams_lines import team_sides, uses_seats
from .teams_two import NARRAGANSETT_TEAMS, TEAMS_OF_FOUR, score_narragansett, score_two_teams


def _four_pair_sides() -> Sides:
    """Pairs by seat (pair k is players 2k - 1 and 2k, p. 27), or as named."""
    return lambda s: team_sides(s, default_pairs(s)) if uses_seats(s) else (lambda r: (r.ns, r.ew))


_BASIS = {
    "team-trick": "Each of your pairs' scores is compared with the average of the scores made "
    "the same way; the two are added (pp. 48-49).",
    "team-match": "Here is the tricks your team gained on the deal; the match score counts the "
    "little matches won, 2 a match and 1 a tie, when the fours are brought together (p. 49).",
    "two-teams": "The N-S scores of the two teams are compared; the E-W scores are complemental "
    "and are not counted twice (p. 28).",
    "four-pair": "Your pair is compared with the pairs that sat the same way on the deal (pp. 27-28).",
    "narragansett": "The N-S scores of the first team at tables 2 and 4 are compared with those of "
    "the second team at tables 1 and 3 (pp. 53-56).",
    "team-club": "Team totals are compared; a team with an odd pair adds the average score of the "
    "pairs seated opposite to it (p. 57).",
}
_SIDES: dict[str, Sides] = {
    "two-teams": sides_with(TEAMS_OF_FOUR),
    "narragansett": sides_with(NARRAGANSETT_TEAMS),
    "four-pair": _four_pair_sides(),
}

TEAM_METHODS: tuple[Method, ...] = (
    Method(
        name="team-trick",
        title="Trick score for teams",
        pages="pp. 48-49",
        kind="teams",
        higher_is_better=True,
        has_plus_minus=True,
        scorer=score_team_trick,
        explainer=team_explainer(
            "team-trick", score_team_trick, _BASIS["team-trick"], _SIDES.get("team-trick", sides_with())
        ),
        summary=(
            "Each team's N-S and E-W scores added, each against the average of"
            " the scores made the same way on the deal."
        ),
    ),
    Method(
        name="team-match",
        title="Match score for teams",
        pages="p. 49",
        kind="teams",
        higher_is_better=True,
        has_plus_minus=False,
        scorer=score_team_match,
        explainer=team_explainer(
            "team-match", score_team_match, _BASIS["team-match"], _SIDES.get("team-match", sides_with())
        ),
        summary=(
            "A little match between every two teams whose pairs met both ways:"
            " 2 for a match won, 1 tied; ties broken by the trick score."
        ),
    ),
    Method(
        name="two-teams",
        title="Match between two teams of four",
        pages="pp. 28-30",
        kind="teams",
        higher_is_better=True,
        has_plus_minus=True,
        scorer=score_two_teams,
        explainer=team_explainer(
            "two-teams", score_two_teams, _BASIS["two-teams"], _SIDES.get("two-teams", sides_with())
        ),
        summary="N-S scores compared deal by deal; the gains of each team.",
    ),
    Method(
        name="four-pair",
        title="Four-pair match",
        pages="pp. 27-28",
        kind="pairs",
        higher_is_better=True,
        has_plus_minus=False,
        scorer=score_four_pair,
        explainer=team_explainer(
            "four-pair", score_four_pair, _BASIS["four-pair"], _SIDES.get("four-pair", sides_with())
        ),
        summary=(
            "Pairs sitting the same way compared for each eight deals: matches"
            " won (1/2 a tie), then tricks gained."
        ),
    ),
    Method(
        name="narragansett",
        title="Narragansett System for teams of eight",
        pages="pp. 52-56",
        kind="teams",
        higher_is_better=True,
        has_plus_minus=True,
        scorer=score_narragansett,
        explainer=team_explainer(
            "narragansett",
            score_narragansett,
            _BASIS["narragansett"],
            _SIDES.get("narragansett", sides_with()),
        ),
        summary=(
            "N-S scores of the first team at tables 2 and 4 against those of the"
            " second team at tables 1 and 3, tray by tray."
        ),
    ),
    Method(
        name="team-club",
        title="Club system for teams of more than eight",
        pages="pp. 56-57",
        kind="teams",
        higher_is_better=True,
        has_plus_minus=True,
        scorer=score_team_club,
        explainer=team_explainer(
            "team-club", score_team_club, _BASIS["team-club"], _SIDES.get("team-club", sides_with())
        ),
        summary=(
            "Team totals compared; a team with an odd pair adds the average score"
            " of the pairs seated opposite to it."
        ),
    ),
)
