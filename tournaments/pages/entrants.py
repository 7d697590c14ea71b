"""The set-up page's entrants: how to pick them, the list to paste, last week's entrants.

Reads only; the writes are ``services.entrant_names`` and ``services.setup``.
"""

from __future__ import annotations

from typing import Any

from ..display import plural
from ..forms import NamesForm
from ..models import Entrant, EntrantKind, Session
from ..services import entrant_names
from ..services.sessions import KIND_SHAPE
from ..services.teams import is_teams_session


def unit_words(session: Session) -> tuple[str, str]:
    """What to call one of this session's entrants and many: pair(s), team(s), player(s)."""
    kind, _ = KIND_SHAPE[session.entrant_kind]
    return str(kind), f"{kind}s"


def entrants_hint(session: Session) -> str:
    """How to fill the rows, in the words of this kind of session."""
    if is_teams_session(session):
        return (
            "Pick each pair's team and its two players: the captains seat half of each team N-S and half "
            "E-W (p. 57); every team needs the same number of pairs."
        )
    _, size = KIND_SHAPE[session.entrant_kind]
    pick = {
        EntrantKind.PAIRS: "Pick the two players of each pair",
        EntrantKind.INDIVIDUALS: "Pick each player",
        EntrantKind.FOURS: "Pick the four players of each team by seat (its N-S and its E-W pair, p. 48)",
    }.get(EntrantKind(session.entrant_kind), f"Pick the {size} players of each team")
    return f"{pick} from the roster; leave the rows you do not need empty."


def names_help(session: Session) -> str:
    """How to write a list of this session's entrants, one a line."""
    if is_teams_session(session):
        return "One pair a line, after its team: “Team 1: Ann Lee & Bob Hart”."
    kind, size = KIND_SHAPE[session.entrant_kind]
    if kind == Entrant.Kind.PLAYER:
        return "One player a line."
    if kind == Entrant.Kind.PAIR:
        return "One pair a line, the two names separated by “&”, “and”, “/” or a comma: “Ann Lee & Bob Hart”."
    order = " in the order North, South, East, West" if size == 4 else ""
    return f"One team a line, its {size} names{order}, separated by commas."


def names_form_for(session: Session, data: Any = None, text: str = "") -> NamesForm:
    """The list of entrants to paste (``text`` fills it in)."""
    label = f"The {unit_words(session)[1]}, one a line"
    return NamesForm(data, initial={"text": text} if text else None, label=label)


def previous_names(session: Session) -> tuple[NamesForm, str]:
    """The list filled in with the entrants of the club's last session of this kind, and what to say of it."""
    found = entrant_names.previous_entrants(session)
    one, many = unit_words(session)
    if found.session is None:
        return names_form_for(session), f"No earlier session of {many} to start from."
    when = found.session.date
    said = f"The list holds the {many} of {found.session.title} ({when.day} {when:%B %Y})"
    said += ": change it as tonight needs, then add them." if found.text else ", all entered already."
    if found.left_out:
        said += f" Left out: {plural(found.left_out, one)} with a player entered here already."
    return names_form_for(session, text=found.text), said
