"""Every entrant's personal score card as the director sees it, for the printed cards and the e-mails.

A **score card** (the public page ``public/card.html`` shows the same) lists every tray an entrant played:
where it sat, against whom, its score and the engine's account, and the total, which is the standings'.
The director's copy reads through the director's sight (``scoring.visibility.EVERYTHING``), so the cards
can be printed and sent once the session is closed, before or after it is published.
"""

from __future__ import annotations

from scoring.scorers import get_method
from scoring.scorers.render import LABEL
from scoring.selectors.cards import card_standing, score_card, totals_line
from scoring.selectors.layout import standings_layout
from scoring.selectors.members import team_members
from scoring.selectors.public import ScoreCard
from scoring.selectors.slips import session_slips
from scoring.selectors.standings import entrant_names, standings_seen
from scoring.visibility import EVERYTHING
from tournaments.models import Session


def session_score_cards(*, session: Session) -> list[ScoreCard]:
    """Every ranked entrant's card, in the entrants' order; empty while there are no standings."""
    seen = standings_seen(session=session, sight=EVERYTHING)
    if seen is None:
        return []
    scores = seen.typed
    names = entrant_names(session=session)
    layout = standings_layout(session=session, scores=scores, names=names, percents=None)
    slips = session_slips(session=session)
    label = LABEL[get_method(scores.method).kind].lower()
    cards = []
    for entrant in sorted(row.entrant for row in scores.entrants):
        standing = card_standing(layout, scores, entrant)
        if standing is None:
            continue
        rows = score_card(
            method=scores.method, slips=slips, scores=scores, entrant=entrant, names=names, label=label
        )
        exact, text = totals_line(rows)
        members = team_members(session=session, slips=slips, team=entrant)
        cards.append(ScoreCard(entrant, names.get(entrant, ""), standing, rows, exact, text, members))
    return cards
