"""The prize list as a viewer may see it: the best scores first, with the book's ties (p. 24).

The places come from the standings' ranks (``scorers.prizes``): tied
players share the higher place and cut for the prize; the booby prize
(modern practice) goes to the last place when the drive offers one. A
whist drive names its number of prizes and the booby (``Drive``); any
other session is given three places. Who may see it is the visibility
rule's: the standings.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring import display
from scoring.scorers import ScoringError
from scoring.scorers.prizes import prize_list
from scoring.selectors.standings import entrant_names, standings_seen
from scoring.visibility import Sight
from tournaments.models import Drive, Session

DEFAULT_PRIZES = 3


@dataclass(frozen=True)
class PrizeLine:
    """One place of the prize list: the place, who holds it, the score, and a note on ties or the booby."""

    place: int
    entrants: list[int]
    names: str
    total: str
    exact: str
    note: str


def prizes_seen(*, session: Session, sight: Sight) -> list[PrizeLine] | None:
    """The prize list, or None when this viewer may not see the standings (or none are scored yet)."""
    if not sight.standings:
        return None
    seen = standings_seen(session=session, sight=sight)
    if seen is None or not seen.scores.get("entrants"):
        return None
    drive = Drive.objects.filter(session=session).first()
    count, booby = (drive.prizes, drive.booby) if drive else (DEFAULT_PRIZES, False)
    names = entrant_names(session=session)
    return [
        PrizeLine(
            place=p.place,
            entrants=list(p.entrants),
            names=", ".join(names.get(e, str(e)) for e in p.entrants),
            total=display.number(p.total),
            exact=str(p.total),
            note=p.note,
        )
        for p in prize_list(seen.typed, count, booby=booby)
    ]


def prizes_or_problem(*, session: Session, sight: Sight) -> tuple[list[PrizeLine] | None, str]:
    """The prize list, or why the slips cannot be scored now (a line the director must correct)."""
    try:
        return prizes_seen(session=session, sight=sight), ""
    except ScoringError as exc:
        return None, f"The slips cannot be scored yet: {exc}. Correct the line at fault."
