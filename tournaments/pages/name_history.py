"""A session's names as they changed: its players renamed or merged on the roster, its entrants' labels.

Reads only. The names every page shows are read from the roster as it is now
(``Entrant.name``); this history is where the former names stay, for the
director: from the club's action log (``player.rename``, ``player.merge``,
``entrant.label``), since the session was created.

What was sent before a change keeps the name it was sent with: a score card
e-mailed, and a simultaneous event's heat (the organiser's copy; the next
send of the heat carries the new name). The history says so where the heat
was sent before the change.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Q

from ..models import ActionLog, EntrantMember, Seat, Session

#: The most changes the session's page lists, newest first (a session's names seldom change at all).
HISTORY_MOST = 50


@dataclass(frozen=True)
class NameChange:
    """One change of a name the session shows: when, what it says, and what kept the former name."""

    at: dt.datetime
    said: str
    kept: str = ""


def _players(session: Session) -> list[int]:
    """The roster entries the session names: its entrants' players and any substitute seated."""
    entered = EntrantMember.objects.filter(session=session).values_list("player_id", flat=True)
    seated = Seat.objects.filter(round__session=session, player__isnull=False).values_list(
        "player_id", flat=True
    )
    return sorted(set(entered) | set(seated))


def _said(entry: ActionLog) -> str:
    """The change in words."""
    data = entry.data
    if entry.action == "player.rename":
        return f"{data.get('was', '?')} was renamed {data.get('name', '?')} on the roster."
    if entry.action == "player.merge":
        return f"{data.get('was', '?')} was merged into {data.get('name', '?')} on the roster."
    unit = {"pair": "Pair", "team": "Team", "player": "Player"}.get(data.get("kind", ""), "Entrant")
    was, now = data.get("was") or "", data.get("label") or ""
    if not was:
        return f"{unit} {data.get('entrant', '?')} was named “{now}”."
    if not now:
        return f"{unit} {data.get('entrant', '?')} is no longer named “{was}”."
    return f"{unit} {data.get('entrant', '?')} was renamed from “{was}” to “{now}”."


def session_name_history(session: Session) -> list[NameChange]:
    """The changes of the names this session shows, newest first (at most ``HISTORY_MOST``)."""
    players = _players(session)
    entries = (
        ActionLog.objects.filter(club_id=session.club_id, at__gte=session.created_at)
        .filter(
            Q(action="entrant.label", session=session)
            | Q(action="player.rename", data__player__in=players)
            | Q(action="player.merge", data__keep__in=players)
        )
        .order_by("-at", "-id")[:HISTORY_MOST]
    )
    sent = session.sim_sent_at
    kept = "The heat sent to the simultaneous event before then keeps the former name until it is sent again."
    return [NameChange(e.at, _said(e), kept if sent is not None and sent <= e.at else "") for e in entries]
