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
from .teams_four_pair import score_four_pair
from .teams_fours import score_team_club, score_team_match, score_team_trick
from .teams_two import score_narragansett, score_two_teams

TEAM_METHODS: tuple[Method, ...] = (
    Method(
        name="team-trick",
        title="Trick score for teams",
        pages="pp. 48-49",
        kind="teams",
        higher_is_better=True,
        has_plus_minus=True,
        scorer=score_team_trick,
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
        summary=(
            "Team totals compared; a team with an odd pair adds the average score"
            " of the pairs seated opposite to it."
        ),
    ),
)
